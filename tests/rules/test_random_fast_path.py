"""The random policy's fast loop (random_policy.play_random) plays exactly the moves of its
decision (random_policy.random_choice) played one at a time, quietly (fast_turn) or as checked
Moves (play): the same draws in the same order, the same game, under every option."""

from __future__ import annotations

import random

import pytest

from palace_tui.ai import RandomPlayer
from palace_tui.rules import Game, Rules
from palace_tui.rules.random_policy import play_random, random_choice, random_turn
from palace_tui.rules.saving import to_dict
from tests.rules.test_properties import rule_sets, setup_randomly

CAP = 3000


def dealt(rules: Rules, n: int, seed: int) -> Game:
    game = Game.deal(rules, [f"S{i}" for i in range(n)], seed=seed, dealer=seed % n)
    setup_randomly(game, random.Random(seed))
    return game


def rngs(n: int, seed: int) -> list[random.Random]:
    return [random.Random(seed * 31 + i) for i in range(n)]


@pytest.mark.slow
@pytest.mark.parametrize("rules", rule_sets())
def test_play_random_is_random_choice_move_by_move(rules):
    for seed in range(3):
        n = min(4, rules.max_players)
        start = dealt(rules, n, seed)
        fast = start.copy()
        play_random(fast, rngs(n, seed), CAP)
        quiet, checked = start.copy(), start.copy()
        quiet_rngs = rngs(n, seed)
        players = [RandomPlayer(seed * 31 + i) for i in range(n)]  # the same seeds as rngs()
        while quiet.phase == "play" and quiet.moves < CAP:
            kind, x = random_choice(quiet, quiet_rngs[quiet.turn])
            quiet.fast_turn(kind, x)
            checked.play(players[checked.turn].choose(checked))  # random_choice as a checked Move
        assert to_dict(fast) == to_dict(quiet) == to_dict(checked)


@pytest.mark.slow
def test_random_turn_and_a_cap_play_one_move_at_a_time():
    rules = Rules.preset("palace").replace(eight="reverse", jokers=True)
    for seed in range(5):
        start = dealt(rules, 4, seed)
        whole, stepped, turns = start.copy(), start.copy(), start.copy()
        play_random(whole, rngs(4, seed), CAP)
        step_rngs, turn_rngs = rngs(4, seed), rngs(4, seed)
        while stepped.phase == "play" and stepped.moves < CAP:
            before = stepped.moves
            play_random(stepped, step_rngs, 1)
            assert stepped.moves == before + 1
            random_turn(turns, turn_rngs[turns.turn])
        assert to_dict(whole) == to_dict(stepped) == to_dict(turns)
        capped = start.copy()
        play_random(capped, rngs(4, seed), 7)
        assert capped.moves == start.moves + 7


def test_play_random_keeps_events_on_and_does_nothing_outside_play():
    game = Game.deal(Rules.preset("palace"), ["A", "B", "C"], seed=2)
    play_random(game, rngs(3, 2), 10)  # still in setup: nothing happens
    assert game.phase == "setup" and game.moves == 0
    setup_randomly(game, random.Random(2))
    play_random(game, rngs(3, 2), 5)
    assert game.moves == 5 and game.play(game.legal_moves()[0]) != []
