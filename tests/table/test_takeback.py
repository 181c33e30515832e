"""Take-back: allowed only while the move revealed no new card, until the device passes."""

from __future__ import annotations

import pytest

from palace_tui.rules import Game, Move, Rules
from palace_tui.rules.saving import to_dict
from palace_tui.table.takeback import TakeBackBuffer, can_take_back


def game(stock: str = "", **seat0) -> Game:
    spec = {"name": "Ann", "hand": "9S 4C TD"}
    spec.update(seat0)
    return Game.from_position(
        Rules.preset("palace"), seats=[spec, {"name": "Ben", "hand": "5D 6D"}], pile="6H", stock=stock
    )


def played(g: Game, code: str):
    buf = TakeBackBuffer()
    buf.before(g, seat=g.turn)
    buf.after(g.play(Move.from_code(code)))
    return buf


def test_a_plain_play_can_be_taken_back():
    g = game()
    before = to_dict(g)
    buf = played(g, "play 9S")
    assert buf.status() == (True, "Take back 9♠.")
    assert to_dict(buf.take_back()) == before
    assert buf.status()[0] is False


def test_a_draw_forbids_it():
    buf = played(game(stock="2D 3D"), "play 9S")
    ok, why = buf.status()
    assert not ok and "drawn from the stock" in why
    with pytest.raises(ValueError, match="drawn"):
        buf.take_back()


def test_taking_the_pile_forbids_it():
    ok, why = played(game(), "take").status()
    assert not ok and "pile was taken" in why


def test_a_face_down_card_forbids_it_whether_it_stays_or_fails():
    for pile_top, code in (("QH", "flip 0"), ("3H", "flip 0")):
        g = Game.from_position(
            Rules.preset("palace"),
            seats=[{"name": "Ann", "face_down": "4C 9C"}, {"name": "Ben", "hand": "5D"}],
            pile=pile_top,
        )
        ok, why = played(g, code).status()
        assert not ok and "face-down card was turned" in why


def test_the_game_over_forbids_it():
    g = Game.from_position(
        Rules.preset("palace"), seats=[{"name": "Ann", "hand": "9S"}, {"name": "Ben", "hand": "5D"}], pile="6H"
    )
    ok, why = played(g, "play 9S").status()
    assert not ok and "over" in why


def test_a_ten_clear_can_be_taken_back_then_two_moves_stack():
    g = game()
    start = to_dict(g)
    buf = TakeBackBuffer()
    buf.before(g, 0)
    buf.after(g.play(Move.play("TD")))
    after_ten = to_dict(g)
    buf.before(g, 0)  # the extra turn
    buf.after(g.play(Move.play("4C")))
    g = buf.take_back()
    assert to_dict(g) == after_ten
    g = buf.take_back()
    assert to_dict(g) == start


def test_passing_the_device_or_another_seat_moving_clears_it():
    g = game()
    buf = played(g, "play 9S")
    buf.clear()
    ok, why = buf.status()
    assert not ok and "passed" in why
    buf = played(game(), "play 9S")
    buf.before(g, 1)  # Ben moves next
    assert buf.status()[0] is False


def test_an_illegal_attempt_changes_nothing():
    g = game()
    buf = played(g, "play 9S")
    buf.before(g, 1)
    buf.refused()
    assert buf.status()[0] is False


def test_can_take_back_on_events():
    assert can_take_back([]) == (False, "There is no move to take back.")
    assert can_take_back(game().play(Move.play("9S"))) == (True, "Take back 9♠.")
