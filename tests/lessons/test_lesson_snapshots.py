"""Snapshots of lessons, drawn with the table's widgets (pytest-textual-snapshot).

Update them after a deliberate change with ``pytest tests/lessons --snapshot-update``.
"""

from __future__ import annotations

import pytest

from palace_tui.tui.learn_app import LearnApp


@pytest.fixture(autouse=True)
def _colour(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_the_swap_lesson(snap_compare, tmp_path, size):
    """Lesson 2, the deal and the swap: the 10♦ under the hand cursor, ↑↓ and Enter in the footer."""
    assert snap_compare(LearnApp(data_dir=tmp_path), terminal_size=size, press=["down", "enter", "right", "right"])


def test_the_pass_screen_page(snap_compare, tmp_path):
    """Lesson 4, a page to read: what the pass screen looks like; Enter continues."""
    assert snap_compare(LearnApp(data_dir=tmp_path), terminal_size=(80, 24), press=["down", "down", "down", "enter"])
