"""The examples in the table's (and the memory store's) docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize(
    "name",
    [
        "palace_tui.table.seats",
        "palace_tui.table.history",
        "palace_tui.table.codec",
        "palace_tui.table.computers",
        "palace_tui.table.session",
        "palace_tui.table.hot_seat",
        "palace_tui.store.memory",
    ],
)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    failed, tried = doctest.testmod(module)
    assert failed == 0 and tried > 0, name
