"""The app's fixtures, for the conftest of each folder whose tests run it (``from ... import *``).

``make_app`` builds an app with no computer pause that saves into the test's folder; every
app keeps what it notified (read with ``tests.helpers.told.told(app)``).
"""

from __future__ import annotations

import pytest

from palace_tui.table.session import Session
from palace_tui.tui.app import PalaceApp
from tests.helpers.settle import patient_pilot
from tests.helpers.told import record_notifications

__all__ = ["_keep_notifications", "make_app"]


@pytest.fixture(autouse=True)
def _keep_notifications(monkeypatch):
    """A toast may be gone before a busy machine reaches the assertion: keep every message.
    And Textual's pilot waits for a screen as long as ``settle`` does (tests.helpers.settle)."""
    record_notifications(monkeypatch)
    patient_pilot(monkeypatch)


@pytest.fixture
def make_app(data_dir):
    """Build an app with no computer pause that saves into the test's folder."""

    def build(session: Session | None = None, **kwargs) -> PalaceApp:
        kwargs.setdefault("ai_delay", 0)
        kwargs.setdefault("data_dir", data_dir)
        return PalaceApp(session, **kwargs)

    return build
