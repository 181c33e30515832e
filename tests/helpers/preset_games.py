"""Seeded games of the random, easy and normal players on the three presets (issue 22's yardstick).

scripts/record_preset_games.py wrote tests/rules/data/preset_games.json with these from the engine
before the house rules; tests/rules/test_preset_games.py plays them again and compares.
"""

from __future__ import annotations

import hashlib
import random

from palace_tui.ai import make_player
from palace_tui.rules import PRESETS, Game, Move, Rules
from palace_tui.rules.random_policy import play_random

LEVELS = ("random", "easy", "normal")
SEEDS = (1, 2, 3)
PLAYERS = 3


def play(preset: str, level: str, seed: int) -> list[str]:
    """The move codes of one seeded game, every seat played by ``level``."""
    game = Game.deal(Rules.preset(preset), [f"P{i}" for i in range(PLAYERS)], seed=seed)
    players = [make_player(level, seed * 10 + i) for i in range(PLAYERS)]
    moves: list[str] = []
    while game.phase != "over" and len(moves) < 5000:
        player = players[game.turn]
        move = player.choose(game)
        events = game.play(move)
        moves.append(move.code())
        for p in players:
            observe = getattr(p, "observe", None)
            if observe is not None:
                observe(events)
    return moves


def play_fast(preset: str, level: str, seed: int) -> str:
    """The quiet path of the same players (``act``: :meth:`Game.fast_turn` and the random
    fast path): a digest of the positions' codes after every move (the quiet path names no moves)."""
    game = Game.deal(Rules.preset(preset), [f"P{i}" for i in range(PLAYERS + 1)], seed=seed)
    players = [make_player(level, seed * 10 + i) for i in range(PLAYERS + 1)]
    codes: list[str] = []
    while game.phase != "over" and len(codes) < 5000:
        players[game.turn].act(game)
        codes.append(game.code())
    return f"{len(codes)} moves, sha256 " + hashlib.sha256("\n".join(codes).encode()).hexdigest()


def play_whole(preset: str, seed: int) -> str:
    """A whole game in the random fast path's one loop (what random tables in ``palace simulate`` run)."""
    game = Game.deal(Rules.preset(preset), [f"P{i}" for i in range(4)], seed=seed)
    while game.phase == "setup":
        game.play(Move.ready() if game.rules.swap_deal else game.legal_moves()[0])
    play_random(game, [random.Random(seed * 10 + i) for i in range(4)], 10_000)
    return game.code()


def record() -> dict[str, list[str]]:
    """Every game of the yardstick, by name."""
    games: dict[str, list[str]] = {}
    for p in PRESETS:
        for lv in LEVELS:
            for s in SEEDS:
                games[f"{p} {lv} {s}"] = play(p, lv, s)
                games[f"{p} {lv} {s} quiet"] = [play_fast(p, lv, s)]
        games[f"{p} whole"] = [play_whole(p, s) for s in range(1, 21)]
    return games
