"""Every test runs with its own data folder and with colour on.

A test must never read or write the developer's real saves, records or lesson
progress, and NO_COLOR in a developer's shell would change every snapshot.
"""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _private_data_dir_and_colour(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("PALACE_DATA_DIR", str(tmp_path_factory.mktemp("palace-data")))
    monkeypatch.delenv("NO_COLOR", raising=False)
