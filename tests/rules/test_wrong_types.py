"""The engine's documented calls given values of the wrong type: a sentence that is a ValueError
(as every other refusal is), never a bare TypeError, AttributeError or IndexError.

The refusals are also TypeErrors (``WrongType``; ``NotAMove`` is an ``IllegalMove`` too), so code
that catches Python's own error keeps working.
"""

from __future__ import annotations

import pytest

from palace_tui.rules import Game, IllegalMove, Move, Rules

RULES = Rules.preset("palace")
TWO = [{"name": "Ann", "hand": "6H"}, {"name": "Ben", "hand": "7H"}]

CALLS = {
    "deal: names None": lambda: Game.deal(RULES, None),
    "deal: names a text": lambda: Game.deal(RULES, "AnnBen"),
    "deal: a name that is a number": lambda: Game.deal(RULES, ["Ann", 7]),
    "deal: rules None": lambda: Game.deal(None, ["Ann", "Ben"]),
    "deal: dealer None": lambda: Game.deal(RULES, ["Ann", "Ben"], dealer=None),
    "deal: dealer a text": lambda: Game.deal(RULES, ["Ann", "Ben"], dealer="0"),
    "deal: seed a list": lambda: Game.deal(RULES, ["Ann", "Ben"], seed=[1]),
    "deal: deck a number": lambda: Game.deal(RULES, ["Ann", "Ben"], deck=7),
    "deal: deck of bytes": lambda: Game.deal(RULES, ["Ann", "Ben"], deck=b"7H 8H"),
    "play: a text": lambda: Game.deal(RULES, ["Ann", "Ben"], seed=1).play("ready"),
    "play: None": lambda: Game.deal(RULES, ["Ann", "Ben"], seed=1).play(None),
    "view: None": lambda: Game.deal(RULES, ["Ann", "Ben"], seed=1).view(None),
    "view: seat 7": lambda: Game.deal(RULES, ["Ann", "Ben"], seed=1).view(7),
    "Move.from_code: None": lambda: Move.from_code(None),
    "Move.from_code: bytes": lambda: Move.from_code(b"take"),
    "Move.play: a number": lambda: Move.play(7),
    "Rules.preset: a list": lambda: Rules.preset(["palace"]),
    "with_text_options: None": lambda: RULES.with_text_options(None),
    "with_text_options: numbers": lambda: RULES.with_text_options([1, 2]),
    "from_position: hand a number": lambda: Game.from_position(RULES, seats=[{"name": "Ann", "hand": 7}, TWO[1]]),
    "from_position: pile of bytes": lambda: Game.from_position(RULES, seats=TWO, pile=b"9S"),
    "from_position: stock a number": lambda: Game.from_position(RULES, seats=TWO, stock=5),
}


@pytest.mark.parametrize("call", CALLS.values(), ids=CALLS.keys())
def test_a_wrong_type_is_refused_with_a_sentence(call) -> None:
    with pytest.raises(ValueError) as refused:
        call()
    text = str(refused.value)
    assert text and "object has no attribute" not in text and "not iterable" not in text


def test_a_move_that_is_not_a_move_is_an_illegal_move_and_still_a_type_error() -> None:
    game = Game.deal(RULES, ["Ann", "Ben"], seed=1)
    with pytest.raises(IllegalMove, match="play\\(\\) takes a Move, not str"):
        game.play("ready")
    with pytest.raises(TypeError):
        game.play(None)
