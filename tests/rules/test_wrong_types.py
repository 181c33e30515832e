"""The engine's documented calls given values of the wrong type: a sentence that is a ValueError
(as every other refusal is), never a bare TypeError, AttributeError or IndexError.

The refusals are also TypeErrors (``WrongType``; ``NotAMove`` is an ``IllegalMove`` too), so code
that catches Python's own error keeps working.
"""

from __future__ import annotations

import pytest

from palace_tui.rules import Card, Game, IllegalMove, Move, Rules

RULES = Rules.preset("palace")
TWO = [{"name": "Ann", "hand": "6H"}, {"name": "Ben", "hand": "7H"}]


def _in_play() -> Game:
    return Game.from_position(RULES, seats=TWO)


def _raise_if_legal(move: Move) -> None:
    """is_legal answers False for a move of the wrong types (it raised AttributeError)."""
    if not _in_play().is_legal(move):
        raise ValueError("refused")


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
    "play: a Move of text cards (issue 31, E1)": lambda: _in_play().play(Move("play", ("7H",))),
    "play: a Move of a number for cards": lambda: _in_play().play(Move("play", 7)),
    "play: a Move of a list of cards": lambda: _in_play().play(Move("play", [Card.parse("6H")])),
    "play: a Move of an unknown kind": lambda: _in_play().play(Move("steal", ())),
    "play: a Move whose kind is a number": lambda: _in_play().play(Move(3)),
    "play: a take adding text": lambda: _in_play().play(Move("take", (), "7H")),
    "play: a take naming cards": lambda: _in_play().play(Move("take", (Card.parse("6H"),))),
    "play: a flip at place '1'": lambda: _in_play().play(Move("flip", (), None, "1")),
    "play: a flip at place 1.0": lambda: _in_play().play(Move("flip", (), None, 1.0)),
    "play: a burn-in for seat True": lambda: _in_play().play(Move("burn-in", (), None, True)),
    "play: a swap of one card": lambda: Game.deal(RULES, ["Ann", "Ben"], seed=1).play(
        Move("swap", (Card.parse("6H"),))
    ),
    "play: a swap of text": lambda: Game.deal(RULES, ["Ann", "Ben"], seed=1).play(Move("swap", ("6H", "7H"))),
    "play: a choose of text": lambda: Game.deal(RULES, ["Ann", "Ben"], seed=1).play(Move("choose", "6H 7H 8H")),
    "play: a ready adding a card": lambda: Game.deal(RULES, ["Ann", "Ben"], seed=1).play(
        Move("ready", (), Card.parse("6H"))
    ),
    "is_legal: a Move of text cards": lambda: _raise_if_legal(Move("play", ("6H",))),
    "Move.from_code: None": lambda: Move.from_code(None),
    "Move.from_code: bytes": lambda: Move.from_code(b"take"),
    "Move.play: a number": lambda: Move.play(7),
    "Move.flip: None": lambda: Move.flip(None),
    "Move.flip: a list": lambda: Move.flip([1]),
    "Move.flip: 1.5": lambda: Move.flip(1.5),
    "Move.flip: True": lambda: Move.flip(True),
    "Move.burn_in: None": lambda: Move.burn_in(None),
    "Move.take: adding a number": lambda: Move.take(7),
    "Move.take: adding a list": lambda: Move.take(["KD"]),
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


def test_a_move_of_the_wrong_types_is_refused_and_changes_nothing() -> None:
    """Issue 31 (E1): Move("play", ("7H",)) raised AttributeError inside the engine."""
    game = _in_play()
    before = game.to_json()
    with pytest.raises(IllegalMove, match=r"a move's cards are Card values .*not str"):
        game.play(Move("play", ("6H",)))
    assert game.to_json() == before
    game.play(Move("play", (Card.parse("6H"),)))  # a plain string kind and Card values: a move
    assert [c.code for c in game.pile] == ["6H"]
