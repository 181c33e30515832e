"""normal, easy and random are the yardstick hard is measured against: they must play
exactly the same moves for the same seeds, release after release. The fingerprints
below were recorded before hard's search moved onto the engine's fast contract
(palace_tui.rules.fast); a change here means a level's play changed."""

from __future__ import annotations

import hashlib

import pytest

from palace_tui.ai import make_player
from palace_tui.rules import Game, Rules

RECORDED = {
    "palace:normal,easy": "b01234f292c99337",
    "palace:normal,normal,easy,random": "6da751329a23191b",
    "shithead:random,easy,normal": "7f1d4fba245aa396",
    "first-out:normal,easy,random": "4de9c0c5b74fe801",
}


def fingerprint(preset: str, levels: tuple[str, ...], seed: int, games: int) -> str:
    """A hash of every move of ``games`` seeded games between ``levels``, the players
    fed every public event as the app feeds them."""
    h = hashlib.sha256()
    for g in range(games):
        n = len(levels)
        game = Game.deal(Rules.preset(preset), [f"S{i}" for i in range(n)], seed=seed + g, dealer=g % n)
        players = [make_player(level, seed=(seed + g) * 31 + i) for i, level in enumerate(levels)]
        observers = [p for p in players if hasattr(p, "observe")]
        while game.phase != "over" and game.moves < 3000:
            move = players[game.turn].choose(game)
            h.update(str(move).encode())
            events = game.play(move)
            for p in observers:
                p.observe(events)
        h.update(game.to_json().encode())
    return h.hexdigest()[:16]


@pytest.mark.parametrize("key", sorted(RECORDED))
def test_fixed_levels_play_as_recorded(key):
    preset, levels = key.split(":")
    assert fingerprint(preset, tuple(levels.split(",")), seed=11, games=3) == RECORDED[key]
