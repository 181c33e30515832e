"""Fixtures for the store tests: a fresh data folder, no inherited PALACE_DATA_DIR, record builders."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture(autouse=True)
def _no_env_data_dir(monkeypatch: pytest.MonkeyPatch) -> None:
    """A PALACE_DATA_DIR from the developer's shell must never leak into a test."""
    monkeypatch.delenv("PALACE_DATA_DIR", raising=False)


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """A data folder that does not exist yet (the store creates it)."""
    return tmp_path / "data"


@pytest.fixture
def unwritable_dir(tmp_path: Path) -> Path:
    """A folder that cannot be created: its parent is a regular file (chmod does not stop root)."""
    blocker = tmp_path / "blocker"
    blocker.write_text("not a folder")
    return blocker / "data"


@pytest.fixture
def make_record() -> Callable[..., dict[str, Any]]:
    """Build a finished-game record; each call gets a new game_id unless one is given."""
    counter = itertools.count(1)

    def make(
        players: list[str], order: list[int], scoring: str = "podium", *, table_id: str = "t1", **extra: Any
    ) -> dict[str, Any]:
        n = next(counter)
        points = [0] * len(players)
        winner = order[0] if order else None
        loser = order[-1] if scoring != "wins" and len(order) == len(players) else None
        if scoring == "podium":
            for place, seat in enumerate(order[:3]):
                points[seat] = 3 - place
        elif scoring == "losses" and loser is not None:
            points[loser] = 1
        elif scoring == "wins" and winner is not None:
            points[winner] = 1
        record = {
            "table_id": table_id,
            "game_id": f"game-{n}",
            "players": players,
            "preset": "palace",
            "rules": {"scoring": scoring, "jokers": False},
            "seed": 1000 + n,
            "started": f"2026-01-01T10:{n:02d}:00",
            "ended": f"2026-01-01T11:{n:02d}:00",
            "order": order,
            "points": points,
            "scoring": scoring,
            "winner": winner,
            "loser": loser,
        }
        record.update(extra)
        return record

    return make
