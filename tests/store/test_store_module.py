"""The store package as a library: its doctests pass and it never loads the UI stack."""

from __future__ import annotations

import doctest
import subprocess
import sys
from pathlib import Path

import pytest

from palace_tui.store import files, ranking, store


@pytest.mark.parametrize("module", [files, ranking, store], ids=lambda m: m.__name__)
def test_doctests(module) -> None:
    """The examples in the docstrings run."""
    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 0


def test_records_command_never_loads_textual() -> None:
    """``palace records`` is quick to start: the store and its command import neither Textual nor the app
    nor the players. (They do load the engine's options and the words that say them, about 10 ms of a
    45 ms start by ``python -X importtime``: the rules of each table are said in a player's words.)"""
    code = (
        "import sys, palace_tui.store, palace_tui.cli.records; "
        "print(sorted(m for m in sys.modules if m.startswith(('textual', 'palace_tui.tui', 'palace_tui.ai'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    ).stdout
    assert out.strip() == "[]"
