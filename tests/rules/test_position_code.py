"""The position code: every position prints on one line and reads back to an equal game."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from palace_tui.rules import Game, Rules
from palace_tui.rules.options import OPTIONS, PRESETS
from palace_tui.rules.saving import to_dict
from palace_tui.rules.validate import InvalidPosition


@st.composite
def games(draw):
    rules = Rules.preset(draw(st.sampled_from(sorted(PRESETS))))
    for name, values in OPTIONS.items():
        if draw(st.booleans()):
            try:
                rules = rules.replace(**{name: draw(st.sampled_from(values))})
            except ValueError:
                pass  # a combination the rules refuse (first-out with losses...)
    n = draw(st.integers(2, min(5, rules.max_players)))
    names = draw(st.lists(st.text(min_size=1, max_size=6), min_size=n, max_size=n))
    game = Game.deal(rules, names, seed=draw(st.integers(0, 10**6)), dealer=draw(st.integers(0, n - 1)))
    rng = random.Random(draw(st.integers(0, 10**6)))
    for _ in range(draw(st.integers(0, 150))):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
    if draw(st.integers(0, 9)) == 0 and game.phase != "over":
        game.abandon()
    return game


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(games())
def test_code_round_trips(game):
    code = game.code()
    assert "\n" not in code
    back = Game.from_code(code)
    assert back == game
    assert to_dict(back) == to_dict(game)
    assert back.code() == code


def test_code_reads_a_hand_written_position():
    g = Game.from_code("first-out play turn=1 dir=-1 seat=Ann:3C:: seat=Ben:9C,9D:KH:2S pile=5H stock= cleared=")
    assert g.rules == Rules.preset("first-out")
    assert [c.code for c in g.seats[1].hand] == ["9C", "9D"] and g.direction == -1
    assert g.legal_moves()


@pytest.mark.parametrize(
    "code, says",
    [
        ("", "must start with the rules"),
        ("chess play turn=0 dir=1 seat=A:3C:: seat=B:4C:: pile= stock= cleared=", "not a preset"),
        ("palace+seven=high play turn=0 dir=1 seat=A:3C:: seat=B:4C:: pile= stock= cleared=", "seven"),
        ("palace play turn=0 dir=1 seat=A:3C:: seat=B:4C:: pile= stock=", "no cleared"),
        ("palace play turn=x dir=1 seat=A:3C:: seat=B:4C:: pile= stock= cleared=", "whole number"),
        ("palace play turn=0 dir=1 seat=A:3C seat=B:4C:: pile= stock= cleared=", "NAME:HAND"),
        ("palace play turn=0 dir=1 seat=A:3X:: seat=B:4C:: pile= stock= cleared=", "not a card"),
        ("palace play turn=0 dir=1 seat=A:3C:: seat=B:JK:: pile= stock= cleared=", "bad position code"),
        ("palace play turn=0 dir=1 seat=A:3C:: seat=B:4C:: pile=TH stock= cleared=", "ten"),
        ("palace play turn=0 dir=1 turn=1 seat=A:3C:: seat=B:4C:: pile= stock= cleared=", "twice"),
        ("palace play turn=0 dir=1 colour=red seat=A:3C:: seat=B:4C:: pile= stock= cleared=", "no field"),
        ("palace play turn=0 dir=1 seat=A:3C:: seat=B:4C:: pile= stock= cleared= maybe", "neither"),
    ],
)
def test_bad_codes_say_what_is_wrong(code, says):
    with pytest.raises(InvalidPosition, match=says):
        Game.from_code(code)
