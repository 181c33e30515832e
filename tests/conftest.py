"""Fixtures for every test: no NO_COLOR, a private data folder. Textual is not imported here.

The engine's, the words', the store's, the table's and the computer players' tests run
without Textual (tests/test_tiers.py checks it); the app's fixtures (``make_app``, the kept
notifications) are in tests/helpers/app_fixtures.py, taken in by the conftest of each
folder whose tests run the app in process (tests/tui, tests/lessons, tests/robustness).
"""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _colour_and_data(monkeypatch, tmp_path):
    """Snapshots need colour; saves must never touch the real data folder."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("PALACE_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def data_dir(tmp_path):
    return str(tmp_path / "data")
