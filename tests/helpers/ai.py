"""Shared positions for the computer-player tests: games played part way by random players."""

from __future__ import annotations

import random

from palace_tui.ai import make_player
from palace_tui.rules import Game, Rules

#: Rule sets the players must handle: every preset and the options that change play.
RULE_SETS = [
    ("palace", {}),
    ("shithead", {}),
    ("first-out", {}),
    ("palace", {"jokers": "true", "eight": "reverse"}),
    ("palace", {"eight": "invisible", "seven": "low", "ten": "not-on-picture"}),
    ("shithead", {"stuck_face_up": "keep-row", "after_pickup": "builder"}),
    ("first-out", {"face_up": "4", "face_down": "4", "hand_size": "4"}),
    ("palace", {"packs": "2", "hand_size": "5"}),
]


def rules_of(preset: str, options: dict) -> Rules:
    return Rules.preset(preset).with_text_options(options)


def positions(rules: Rules, players: int, count: int, seed: int, setup_share: float = 0.2):
    """``count`` positions reached by random play (some still in setup), each with the
    seat to act."""
    rng = random.Random(seed)
    out = []
    k = 0
    while len(out) < count:
        k += 1
        game = Game.deal(rules, [f"P{i}" for i in range(players)], seed=seed * 1000 + k, dealer=k % players)
        walker = make_player("random", seed=k)
        if rng.random() < setup_share:
            steps = rng.randrange(0, players)
            for _ in range(steps):
                if game.phase != "setup":
                    break
                game.play(make_player("normal").choose(game))
            out.append(game)
            continue
        depth = rng.randrange(0, 200)
        while game.phase != "over" and game.moves < depth:
            walker.act(game)
        if game.phase != "over":
            out.append(game)
    return out
