"""Take-back: allowed only while the move revealed no new card, until the device passes."""

from __future__ import annotations

import pytest

from palace_tui.rules import Card, Event, Game, IllegalMove, Move, Rules
from palace_tui.rules.saving import to_dict
from palace_tui.table.history import History
from palace_tui.table.session import SeatConfig, Session
from palace_tui.table.takeback import Snapshot, TakeBack, can_take_back


def game(stock: str = "", **seat0) -> Game:
    spec = {"name": "Ann", "hand": "9S 4C TD"}
    spec.update(seat0)
    return Game.from_position(
        Rules.preset("palace"), seats=[spec, {"name": "Ben", "hand": "5D 6D"}], pile="6H", stock=stock
    )


def played(g: Game, code: str) -> TakeBack:
    takeback = TakeBack()
    seat, before = g.turn, Snapshot(g.copy(), History(), moves=0)
    takeback.record(seat, before, g.play(Move.from_code(code)))
    return takeback


def test_a_plain_play_can_be_taken_back():
    g = game()
    before = to_dict(g)
    buf = played(g, "play 9S")
    assert buf.status() == (True, "Undo playing 9♠.")
    assert to_dict(buf.pop().game) == before
    assert buf.status()[0] is False


def test_a_draw_forbids_it():
    buf = played(game(stock="2D 3D"), "play 9S")
    ok, why = buf.status()
    assert not ok and "drawn from the stock" in why
    with pytest.raises(ValueError, match="drawn"):
        buf.pop()


def test_taking_the_pile_can_be_taken_back_its_cards_were_public():
    g = game()
    before = to_dict(g)
    takeback = played(g, "take")
    assert takeback.status() == (True, "Undo taking the pile.")
    assert to_dict(takeback.pop().game) == before


def test_taking_the_pile_with_a_face_up_card_added_can_be_taken_back():
    """Stuck at the face-up stage (add-one): the card added was face up, so nothing new was seen."""
    g = Game.from_position(
        Rules.preset("palace"),
        seats=[{"name": "Ann", "face_up": "4C 5C", "face_down": "9C"}, {"name": "Ben", "hand": "5D"}],
        pile="QH",
    )
    before = to_dict(g)
    takeback = TakeBack()
    takeback.record(0, Snapshot(g.copy(), History(), 0), g.play(Move.take(Card.parse("4C"))))
    assert takeback.status() == (True, "Undo taking the pile, adding 4♣.")
    assert to_dict(takeback.pop().game) == before


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
    takeback = TakeBack()
    takeback.record(0, Snapshot(g.copy(), History(), 0), g.play(Move.play("TD")))
    after_ten = to_dict(g)
    takeback.record(0, Snapshot(g.copy(), History(), 1), g.play(Move.play("4C")))  # the extra turn
    assert to_dict(takeback.pop().game) == after_ten
    assert to_dict(takeback.pop().game) == start


def test_another_seat_moving_clears_it():
    takeback = played(game(), "play 9S")
    takeback.forget("Ben has moved since, so that move can't be undone.")
    ok, why = takeback.status()
    assert not ok and "Ben has moved" in why
    g = game()
    takeback = played(g, "play 9S")
    takeback.record(1, Snapshot(g.copy(), History(), 1), [Event("played", 1, (Card.parse("5D"),))])
    assert takeback.seat == 1 and takeback.status() == (True, "Undo playing 5♦.")
    takeback.pop()
    assert takeback.status()[0] is False  # Ann's move went with the seat


def at_table() -> Session:
    g = game()
    return Session("t1", [SeatConfig("Ann"), SeatConfig("Ben")], g.rules, "palace", 1, g, game_id="t1-1", shown=0)


def test_an_illegal_attempt_changes_nothing():
    session = at_table()
    session.play_human(Move.play("TD"))  # a clear: Ann plays again
    with pytest.raises(IllegalMove):
        session.play_human(Move.play("5D"))
    assert session.take_back_status() == (True, "Undo playing 10♦.")


def test_taking_back_puts_the_game_its_log_and_its_moves_back_together():
    """One snapshot per move: each take-back restores the game, the public history and the moves kept."""
    session = at_table()
    session.deck, session.history = [], []  # the game's moves are kept (as for a dealt game)
    start_log, start_game = session.log, session.game.copy()
    session.play_human(Move.play("TD"))
    after_ten_log, after_ten_game = session.log, session.game.copy()
    session.play_human(Move.play("4C"))
    assert session.history == [Move.play("TD"), Move.play("4C")]
    assert session.take_back() == 0
    assert session.game == after_ten_game and session.log == after_ten_log and session.history == [Move.play("TD")]
    session.take_back()
    assert session.game == start_game and session.log == start_log and session.history == []
    assert session.take_back_status() == (False, "There is no move to undo.")


def test_can_take_back_on_events():
    assert can_take_back([]) == (False, "There is no move to undo.")
    assert can_take_back(game().play(Move.play("9S"))) == (True, "Undo playing 9♠.")
