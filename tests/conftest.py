"""Fixtures for the app tests: no NO_COLOR, a private data folder, a quick app factory."""

from __future__ import annotations

import pytest

from palace_tui.table.session import Session
from palace_tui.tui.app import PalaceApp
from tests.helpers.told import record_notifications


@pytest.fixture(autouse=True)
def _colour_and_data(monkeypatch, tmp_path):
    """Snapshots need colour; saves must never touch the real data folder."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("PALACE_DATA_DIR", str(tmp_path / "data"))
    record_notifications(monkeypatch)  # read with tests.helpers.told.told(app)


@pytest.fixture
def data_dir(tmp_path):
    return str(tmp_path / "data")


@pytest.fixture
def make_app(data_dir):
    """Build an app with no computer pause that saves into the test's folder."""

    def build(session: Session | None = None, **kwargs) -> PalaceApp:
        kwargs.setdefault("ai_delay", 0)
        kwargs.setdefault("data_dir", data_dir)
        return PalaceApp(session, **kwargs)

    return build
