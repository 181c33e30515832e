"""The coach: hard's move for the seat to act and one sentence that names only cards
that seat can see."""

from __future__ import annotations

import random
import re

import pytest

from palace_tui.ai.coach import Advice, advise
from palace_tui.rules import Game, Move, Rules
from palace_tui.rules.cards import RANK_NAMES
from palace_tui.rules.fast import determinize
from tests.helpers.ai import positions

_RANK_WORD = {name: rank for rank, name in RANK_NAMES.items()}
_TOKEN = re.compile(r"\b(10|[2-9]|jack|queen|king|ace|joker)(?:s)?\b")


def _named_ranks(reason: str) -> set[int]:
    # Counts are numbers, not cards: "3 cards".
    text = re.sub(r"\d+ cards?|about \d+( games? of 10)?", "", reason)
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
        advice = advise(game, seat, iterations=3)
        assert isinstance(advice, Advice) and isinstance(advice.move, Move)
        assert game.is_legal(advice.move)
        assert _one_sentence(advice.reason), advice.reason
        named = _named_ranks(advice.reason)
        assert named <= _visible_ranks(game, seat), (advice.reason, game.view(seat).observation_string())


def test_advice_does_not_depend_on_hidden_cards():
    for game in positions(Rules.preset("palace"), 2, 12, seed=29, setup_share=0):
        seat = game.turn
        expected = advise(game, seat, iterations=4)
        for k in range(2):
            scrambled = determinize(game, seat, random.Random(k))
            assert advise(scrambled, seat, iterations=4) == expected


def test_keep_your_ten_on_a_tiny_pile():
    """Only a 10 goes on a small low pile, early in the game: keep the 10, take the pile."""
    game = Game.from_position(
        Rules.preset("palace"),
        seats=[
            {"name": "Ann", "hand": "10H 3C 4D", "face_up": "AS KS QS", "face_down": "5C 6C 7C"},
            {"name": "Ben", "hand": "5S 6S 7S", "face_up": "QH JH 9H", "face_down": "8D 8C 9C"},
        ],
        pile="JD",
        stock="3S 4H 5H 6H 7H 8H 9D JC QC KC AC 2D 3H 4S",
    )
    advice = advise(game, 0, iterations=30)
    if advice.move.kind == "take":
        assert advice.reason.startswith("Keep your 10♥: the pile has only one card, so take it instead")
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


_ENGINE_WORDS = re.compile(r"search|sampl|deal|rollout|world|heuristic|iteration", re.IGNORECASE)


def _advised_plays(preset: str, players: int, count: int, seed: int, iterations: int = 12):
    for game in positions(Rules.preset(preset), players, count, seed=seed, setup_share=0):
        if game.phase == "play":
            yield game, advise(game, game.turn, iterations=iterations)


@pytest.mark.parametrize("preset", ["palace", "shithead", "first-out"])
def test_advice_names_the_exact_cards_and_speaks_like_a_player(preset):
    plays = 0
    for game, advice in _advised_plays(preset, 3, 30, seed=41):
        assert not _ENGINE_WORDS.search(advice.reason), advice.reason
        if advice.move.kind == "play":
            plays += 1
            for card in advice.move.cards:
                assert str(card) in advice.reason, (advice.move, advice.reason)
            s = game.seats[game.turn]
            source = s.hand if s.hand_count else s.face_up
            have = sum(1 for c in source if c.rank == advice.move.cards[0].rank)
            n = len(advice.move.cards)
            if n == 1 and have > 1:
                assert f"one of your {('two', 'three', 'four')[have - 2]}" in advice.reason
            elif n == have == 2:
                assert "both your" in advice.reason
            elif n == have > 2:
                assert f"all {('three', 'four')[n - 3]} of your" in advice.reason
            # A reason never says "a 2" (one card) of a play of several.
            assert n == 1 or not re.search(r"Play an? \w", advice.reason)
    assert plays > 10


def test_one_of_several_twos_is_named_as_one():
    game = Game.from_position(
        Rules.preset("palace"),
        seats=[
            {"name": "Ann", "hand": "2C 2D 2H", "face_up": "KS", "face_down": "3D"},
            {"name": "Ben", "hand": "5S 6S 7S", "face_up": "QH", "face_down": "8D"},
        ],
        pile="AH",
        stock="3S 4H 7C",
    )
    advice = advise(game, 0, iterations=10)
    assert advice.move.kind == "play" and len(advice.move.cards) == 1
    card = advice.move.cards[0]
    assert advice.reason.startswith(f"Play one of your three twos ({card}):"), advice.reason


def test_the_swap_names_both_cards():
    game = Game.deal(Rules.preset("palace"), ["Ann", "Ben"], seed=4)
    for _ in range(12):
        advice = advise(game, game.turn)
        if advice.move.kind == "swap":
            hand_card, up_card = advice.move.cards
            assert advice.reason.startswith(f"Put your {hand_card} face up and take the {up_card} into your hand")
            return
        game.play(advice.move)
    raise AssertionError("no swap advised")


def test_the_chances_quoted_are_the_search_estimate():
    """The chances in a sentence are the advised move's and one other move's estimates from
    the same seeded search the advice came from, in a player's words; the other move is one
    the sentence names, and the advised move is never behind it."""
    from palace_tui.ai.coach import _alternative
    from palace_tui.ai.hard import HardPlayer
    from palace_tui.words.coach import chance_words

    quoted = compared = 0
    for game in positions(Rules.preset("palace"), 4, 30, seed=43, setup_share=0):
        if game.phase != "play":
            continue
        advice = advise(game, game.turn, iterations=16)
        player = HardPlayer(5, iterations=16)
        choice = player.decide(game)
        if "; it " not in advice.reason:
            continue
        chances = player.last_stats["chances"]
        quoted += 1
        clause = advice.reason.split("; it ", 1)[1].rstrip(".")
        k = 1 if "wins" in clause.split(",")[0] else 0
        words = re.sub(r"(10|[2-9])[♠♥♦♣]|\b(10|[2-9])s\b", "", clause)  # the cards and ranks named
        assert not any(ch.isdigit() for ch in words), clause  # chances in words, not numbers
        assert chance_words(chances[choice][k]) in clause.split(",")[0], (clause, chances[choice])
        if ", " in clause:
            compared += 1
            other = clause.split(", ", 1)[1]
            rivals = [
                c for c in chances if c != choice and other == f"{_alternative(game, c)} " + chance_words(chances[c][k])
            ]
            assert rivals, (clause, chances)
            assert all(chances[c][k] < chances[choice][k] for c in rivals)
    assert quoted >= 5 and compared >= 1
