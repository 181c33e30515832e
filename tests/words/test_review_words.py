"""The review's sentences: why a longer look prefers another move, in the game's terms, and
what it cost; no engine words (no "rollout", "search", "choice" or move codes)."""

from __future__ import annotations

import pytest

from palace_tui.rules import Game, Move, Rules
from palace_tui.rules.cards import parse_cards
from palace_tui.words.review import cost, preferred, setup_preferred, setup_why, turning_label, why_better

ENGINE_WORDS = ("rollout", "search", "world", "choice", "play TD", "take -1", "iteration", "reward")


def _game(hand: str, pile: str, face_up: str = "AS") -> Game:
    return Game.from_position(
        Rules.preset("palace"),
        seats=[
            {"name": "Ann", "hand": hand, "face_up": face_up, "face_down": "3D"},
            {"name": "Ben", "hand": "5S", "face_up": "QH", "face_down": "8D"},
        ],
        pile=pile,
    )


@pytest.mark.parametrize(
    "hand, pile, made, better, preferred_words, why",
    [
        (
            "10H 4C",
            "5H 6D 9C 9S JD QC AD AC KH",
            "take",
            "play TH",
            "playing your 10♥",
            "you took 9 cards when your 10♥ would have cleared them",
        ),
        (
            "2S 4C",
            "5H 6D 9C",
            "take",
            "play 2S",
            "playing your 2♠",
            "you took 3 cards when your 2♠ would have started the pile again",
        ),
        ("7S 4C", "5H 6D", "take", "play 7S", "playing your 7♠", "you took 2 cards when your 7♠ could go on the 6"),
        (
            "2S 4C",
            "5H 6D",
            "play 2S",
            "take",
            "keeping your 2♠ and taking the pile",
            "you spent your 2♠ on a pile of only 2 cards: taking them keeps it for when nothing else goes",
        ),
        (
            "2S 9C",
            "5H 6D",
            "play 2S",
            "play 9C",
            "playing your 9♣",
            "you spent your 2♠ when your 9♣ could go on the 6",
        ),
        (
            "KS 7C",
            "5H 6D",
            "play KS",
            "play 7C",
            "playing your 7♣",
            "you played your K♠ when your lower 7♣ would do, keeping it for later",
        ),
        (
            "7S 7C 9H",
            "5H 6D",
            "play 7S 7C",
            "play 7C",
            "playing one of your sevens",
            "you played both your sevens when one of your sevens would do, keeping the rest for later",
        ),
    ],
)
def test_why_a_longer_look_prefers_another_move(hand, pile, made, better, preferred_words, why):
    game = _game(hand, pile)
    made_move, better_move = Move.from_code(made), Move.from_code(better)
    assert game.is_legal(made_move) and game.is_legal(better_move)
    assert preferred(game, made_move, better_move) == preferred_words
    said = why_better(game, made_move, better_move)
    assert said == why
    assert not any(word in said for word in ENGINE_WORDS)


def test_the_setup_reason_names_the_cards_the_coach_would_lay_up():
    made = parse_cards("3D JC 9S")
    coach = parse_cards("KS TC TH")
    assert setup_preferred(made, coach) == "laying 10♣, 10♥ and K♠ face up"
    said = setup_why(made, coach)
    assert said.startswith("you kept them in your hand and left 3♦, 9♠ and J♣ face up; ")
    assert "safest face up" in said
    one = setup_why(parse_cards("3D JC 9S"), parse_cards("KS JC 9S"))
    assert one.startswith("you kept it in your hand and left 3♦ face up; ")


def test_what_it_cost_in_the_chance_the_review_ranks_by():
    """Said as games a player can picture, not as percentages."""
    assert cost("not_last", 0.5, 0.59) == (
        "It cost you about 9 games in 100: from here you stay out of last place in about 50, "
        "where the better move kept you out in 59."
    )
    assert (
        cost("win", 0.2, 0.31)
        == "It cost you about 11 games in 100: from here you win about 20, where the better move won 31."
    )
    assert cost("not_last", 0.5, 0.503).endswith("though you stay out of last place about as often.")
    assert not any("%" in cost(m, 0.5, b) for m in ("win", "not_last") for b in (0.5, 0.9))
    assert turning_label("Ann", 2, 3) == "Ann's turning point 2 of 3"
