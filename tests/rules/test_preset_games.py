"""The three presets play move for move as before the house rules (issue 22).

tests/rules/data/preset_games.json was written by scripts/record_preset_games.py from the
engine before the per-rank powers and the table options existed: seeded games of the random,
easy and normal players (their moves through ``game.play``, and a digest of every position on
their quiet path), and whole random games in the fast path's one loop.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers.preset_games import record

RECORDED = json.loads((Path(__file__).parent / "data" / "preset_games.json").read_text())


@pytest.mark.slow
def test_the_presets_play_exactly_as_recorded() -> None:
    now = record()
    assert now.keys() == RECORDED.keys()
    for name, moves in RECORDED.items():
        assert now[name] == moves, name
