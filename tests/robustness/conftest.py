"""Fixtures for the robustness tests: colour on, a private data folder, an app factory with no computer pause."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)


@pytest.fixture(autouse=True)
def _colour_and_data(monkeypatch, tmp_path):
    """Screens must render as in a real terminal, and saves must never touch the real data folder."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("PALACE_DATA_DIR", str(tmp_path / "env-data"))


@pytest.fixture
def data_dir(tmp_path) -> str:
    """The data folder every app of one test shares (so a second app finds the first one's save)."""
    return str(tmp_path / "data")


@pytest.fixture
def make_app(data_dir):
    """Build a PalaceApp with no computer pause that saves into the test's data folder."""
    from palace_tui.tui.app import PalaceApp

    def build(session=None, **kwargs):
        kwargs.setdefault("ai_delay", 0)
        kwargs.setdefault("data_dir", data_dir)
        return PalaceApp(session, **kwargs)
    return build
