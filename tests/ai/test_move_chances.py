"""hard.move_chances: the (not last, win) chances of given moves from one seeded search,
for the game review; decided from the seat's view only."""

from __future__ import annotations

import random

import pytest

from palace_tui.ai.hard import HardPlayer, move_chances
from palace_tui.ai.policy import move_to_choice
from palace_tui.rules import Rules
from palace_tui.rules.fast import determinize
from tests.helpers.ai import positions


def _play_positions(preset="palace", players=3, count=12, seed=51):
    return [
        g
        for g in positions(Rules.preset(preset), players, count, seed=seed, setup_share=0)
        if g.phase == "play" and len(g.legal_moves()) > 1
    ]


def test_chances_for_every_legal_move_are_shares_and_reproducible():
    for game in _play_positions():
        moves = game.legal_moves()
        got = move_chances(game, game.turn, moves, iterations=6, seed=2)
        assert set(got) == set(moves)
        for not_last, win in got.values():
            assert 0 <= win <= 1 and 0 <= not_last <= 1
            # A rollout's winner is never last, so winning is never likelier than not being last.
            assert win <= not_last
        assert move_chances(game, game.turn, moves, iterations=6, seed=2) == got


def test_chances_match_the_search_hard_runs_for_its_own_decision():
    """With no seed the chances come from the worlds hard itself deals for the position."""
    from palace_tui.ai.policy import choice_to_move

    checked = 0
    for game in _play_positions(count=8, seed=53):
        player = HardPlayer(3, iterations=8, early_share=1.0)
        player.decide(game)
        stats = player.last_stats
        if not stats.get("chances"):
            continue
        cands = list(stats["chances"])
        moves = [choice_to_move(game, c) for c in cands]
        got = move_chances(game, game.turn, moves, iterations=8)
        assert [got[m] for m in moves] == [stats["chances"][c] for c in cands]
        for m in moves:
            assert move_to_choice(game, m) in stats["chances"]
        checked += 1
    assert checked


def test_chances_do_not_depend_on_hidden_cards():
    for game in _play_positions("shithead", 2, 10, seed=55):
        moves = game.legal_moves()
        expected = move_chances(game, game.turn, moves, iterations=4, seed=1)
        for k in range(2):
            scrambled = determinize(game, game.turn, random.Random(k))
            again = move_chances(scrambled, game.turn, scrambled.legal_moves(), iterations=4, seed=1)
            assert {str(m): v for m, v in again.items()} == {str(m): v for m, v in expected.items()}


def test_wrong_seat_and_illegal_moves_are_refused():
    game = _play_positions(count=4)[0]
    other = (game.turn + 1) % len(game.seats)
    with pytest.raises(ValueError, match="turn"):
        move_chances(game, other, game.legal_moves(), iterations=2)
    from palace_tui.rules import Move

    with pytest.raises(ValueError, match="legal"):
        move_chances(game, game.turn, [Move.flip(0)] if game.stage() != "face_down" else [Move.take()], iterations=2)
