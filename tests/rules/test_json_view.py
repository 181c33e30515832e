"""Saves, copies, views and move text."""

import json

import pytest

from palace_tui.ai import RandomPlayer
from palace_tui.rules import Card, Game, Move, Rules
from palace_tui.words import log_sentence
from tests.helpers.rules import assert_view_hides, codes, finish_setup, pos

PALACE = Rules.preset("palace")
FIRST = Rules.preset("first-out")


# ----------------------------------------------------------------- json


def play_some(game, k, seed=0):
    p = RandomPlayer(seed)
    for _ in range(k):
        if game.phase == "over":
            break
        game.play(p.choose(game))
    return game


def move_shapes(game):
    """Legal moves up to suits: kind, ranks and count, added rank, flip index."""
    return sorted(
        (m.kind, tuple(c.rank for c in m.cards), m.adding.rank if m.adding else 0, m.index or 0)
        for m in game.legal_moves()
    )


@pytest.mark.parametrize("rules", [PALACE, FIRST, PALACE.replace(jokers=True, eight="invisible", packs=2)])
def test_round_trip_in_every_phase(rules):
    g = Game.deal(rules, ["A", "B", "C"], seed=8, dealer=1)
    assert Game.from_json(g.to_json()) == g  # setup, nobody done
    g.play(g.legal_moves()[0])
    back = Game.from_json(g.to_json())
    assert back == g and back.phase == "setup" and back.turn == g.turn
    while g.phase == "setup":
        g.play(g.legal_moves()[-1])
    for _ in range(40):
        back = Game.from_json(g.to_json())
        assert back == g
        assert move_shapes(back) == move_shapes(g)
        play_some(g, 1, seed=3)
    play_some(g, 5000, seed=3)
    assert g.phase == "over"
    back = Game.from_json(g.to_json())
    assert back == g and back.outcome() == g.outcome()


def test_round_trip_keeps_direction_owner_and_requirement():
    r = PALACE.replace(eight="invisible", jokers=True, after_pickup="builder")
    g = pos(r, seats=[("9C 4S", "", "3C"), ("JK KD", "", "3H"), ("5D 6D", "", "3S")], pile="4D")
    g.play(Move.play("9C"))
    g.play(Move.play("JK"))
    back = Game.from_json(g.to_json())
    assert back == g and back.direction == -1 and back.requirement() == 9
    back.play(Move.take())
    g.play(Move.take())
    assert back.turn == g.turn == 1 and back == g


def test_round_trip_of_an_abandoned_game():
    g = Game.deal(PALACE, ["A", "B"], seed=1)
    g.abandon()
    back = Game.from_json(g.to_json())
    assert back == g and back.outcome().abandoned


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{}",
        "[1, 2]",
        "not json",
        '{"format": "palace-tui-game", "version": 99}',
        '{"format": "palace-tui-game", "version": 1}',
    ],
)
def test_damaged_saves_raise_value_error(text):
    with pytest.raises(ValueError):
        Game.from_json(text)


def test_the_save_is_json_text():
    g = Game.deal(PALACE, ["Ann", "Ben"], seed=1)
    data = json.loads(g.to_json())
    assert data["rules"]["seven"] == "normal" and data["seats"][0]["name"] == "Ann"


# ----------------------------------------------------------------- copy


def test_copy_is_independent():
    g = Game.deal(PALACE, ["A", "B", "C"], seed=2)
    finish_setup(g)
    c = g.copy()
    assert c == g
    before = g.to_json()
    play_some(c, 30, seed=1)
    assert g.to_json() == before and c != g
    play_some(g, 30, seed=1)
    assert c == g  # the same moves from the same state: the same game


# ----------------------------------------------------------------- view


def test_view_shows_own_hand_and_public_facts_only():
    g = pos(
        seats=[("9C 4S", "KH", "3C 5C"), ("JD KD", "AH", "3H"), ("5D 6D QS", "", "3S 8S")],
        pile="4D",
        stock="7C 7D",
        cleared="2S",
    )
    for seat in range(3):
        v = g.view(seat)
        assert v.seat == seat and v.turn == 0 and v.phase == "play"
        assert v.stock_count == 2 and v.cleared_count == 1 and codes(v.pile) == ["4D"]
        assert [o.hand_count for o in v.seats] == [2, 2, 3]
        assert [o.face_down_count for o in v.seats] == [2, 1, 2]
        assert [codes(o.face_up) for o in v.seats] == [["KH"], ["AH"], []]
        assert_view_hides(g, seat)
    assert g.view(0).legal and not g.view(1).legal


def test_view_in_setup_hides_other_hands():
    for rules in (PALACE, FIRST):
        g = Game.deal(rules, ["A", "B", "C"], seed=6)
        for seat in range(3):
            assert_view_hides(g, seat)


def test_events_never_name_a_drawn_card():
    g = pos(seats=[("9C 4S", "", "3C"), ("JD KD", "", "3H")], pile="4D", stock="7C 7D")
    ev = g.play(Move.play("9C"))
    drew = [e for e in ev if e.kind == "drew"]
    assert drew and drew[0].cards == () and drew[0].count == 2


def test_event_text_reads_well():
    g = pos(seats=[("TC 4S", "", "3C"), ("JD KD", "", "3H")], pile="4D", stock="7C")
    ev = g.play(Move.play("TC"))
    texts = [log_sentence(e, g.names) for e in ev]
    assert texts[0] == "P0 played 10♣"
    assert "cleared the pile with a 10" in texts[1]
    assert texts[2] == "P0 drew 1 card"


# ----------------------------------------------------------------- moves


def test_move_text_and_fields():
    assert str(Move.play("7D 7S")) == "play 7♦ 7♠"
    assert str(Move.take()) == "take the pile"
    assert str(Move.take(adding="KS")) == "take the pile, adding K♠"
    assert str(Move.flip(0)) == "turn face-down card 1"
    assert Move.swap("4C", "AS").cards == (Card.parse("4C"), Card.parse("AS"))
    assert Move.choose("KS 2H AD").kind == "choose" and len(Move.choose("KS 2H AD").cards) == 3
    m = Move.take(adding="KS")
    assert (m.kind, m.cards, m.adding, m.index) == ("take", (), Card.parse("KS"), None)
    f = Move.flip(2)
    assert (f.kind, f.cards, f.adding, f.index) == ("flip", (), None, 2)
    assert Move.ready().cards == ()
    for mv in (
        Move.play("7D 7S"),
        Move.take(),
        Move.take("KS"),
        Move.flip(3),
        Move.swap("4C", "AS"),
        Move.choose("KS 2H AD"),
        Move.ready(),
    ):
        assert Move.from_code(mv.code()) == mv


@pytest.mark.parametrize("rules", [PALACE, FIRST, PALACE.replace(jokers=True, eight="invisible", packs=2)])
def test_every_seats_view_at_once_is_each_seats_own_view(rules):
    g = Game.deal(rules, ["A", "B", "C", "D"], seed=5)
    for k in range(400):  # setup, play and the end: the views a host builds after every move
        assert g.views([3, 1, 0]) == [g.view(3), g.view(1), g.view(0)]
        if g.phase == "over":
            break
        play_some(g, 1, seed=k)
    with pytest.raises(ValueError, match="a seat is a number"):
        g.views([0, 4])
