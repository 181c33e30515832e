"""The coach: hard's move for the seat to act and one sentence that names only cards
that seat can see."""

from __future__ import annotations

import random
import re

import pytest

from palace_ai_helpers import positions
from palace_tui.ai.coach import Advice, advise
from palace_tui.rules import Game, Move, Rules
from palace_tui.rules.cards import RANK_NAMES

_RANK_WORD = {name: rank for rank, name in RANK_NAMES.items()}
_TOKEN = re.compile(r"\b(10|[2-9]|jack|queen|king|ace|joker)(?:s)?\b")


def _named_ranks(reason: str) -> set[int]:
    text = re.sub(r"\d+ cards?", "", reason)
    return {_RANK_WORD[m.group(1)] for m in _TOKEN.finditer(text)}


def _visible_ranks(game: Game, seat: int) -> set[int]:
    view = game.view(seat)
    cards = list(view.hand) + list(view.pile)
    for other in view.seats:
        cards += other.face_up
    return {c.rank for c in cards}


def _one_sentence(reason: str) -> bool:
    return reason.endswith(".") and reason[0].isupper() and ". " not in reason and "\n" not in reason


@pytest.mark.parametrize("preset", ["palace", "shithead", "first-out"])
def test_advice_is_legal_and_names_only_visible_cards(preset):
    for game in positions(Rules.preset(preset), 3, 25, seed=23):
        seat = game.turn
        advice = advise(game, seat, iterations=3, seed=1)
        assert isinstance(advice, Advice) and isinstance(advice.move, Move)
        assert game.is_legal(advice.move)
        assert _one_sentence(advice.reason), advice.reason
        named = _named_ranks(advice.reason)
        assert named <= _visible_ranks(game, seat), (advice.reason, game.view(seat).observation_string())


def test_advice_does_not_depend_on_hidden_cards():
    for game in positions(Rules.preset("palace"), 2, 12, seed=29, setup_share=0):
        seat = game.turn
        expected = advise(game, seat, iterations=4, seed=3)
        for k in range(2):
            scrambled = game.determinize(seat, random.Random(k))
            assert advise(scrambled, seat, iterations=4, seed=3) == expected


def test_keep_your_ten_on_a_tiny_pile():
    """Only a 10 goes on a small low pile, early in the game: keep the 10, take the pile."""
    game = Game.from_position(Rules.preset("palace"), seats=[
        {"name": "Ann", "hand": "10H 3C 4D", "face_up": "AS KS QS", "face_down": "5C 6C 7C"},
        {"name": "Ben", "hand": "5S 6S 7S", "face_up": "QH JH 9H", "face_down": "8D 8C 9C"}],
        pile="JD", stock="3S 4H 5H 6H 7H 8H 9D JC QC KC AC 2D 3H 4S")
    advice = advise(game, 0, iterations=30, seed=1)
    if advice.move.kind == "take":
        assert advice.reason == "Keep your 10: the pile has only one card, so take it instead."
    else:
        assert advice.move == Move.play("10H")
        assert "10" in advice.reason


def test_setup_advice_and_wrong_seat():
    game = Game.deal(Rules.preset("palace"), ["Ann", "Ben"], seed=4)
    advice = advise(game, game.turn)
    assert advice.move.kind in ("swap", "ready")
    assert _one_sentence(advice.reason)
    with pytest.raises(ValueError, match="turn"):
        advise(game, 1 - game.turn)


def test_advice_is_safe_on_the_game():
    game = positions(Rules.preset("palace"), 3, 1, seed=31, setup_share=0)[0]
    before = game.to_json()
    advise(game, game.turn, budget_s=0.02)
    assert game.to_json() == before
