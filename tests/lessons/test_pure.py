"""The lessons, the recap and take-back are pure Python: they never import Textual or rich."""

from __future__ import annotations

import subprocess
import sys


def test_no_ui_imports():
    code = (
        "import sys, palace_tui.lessons, palace_tui.words.events, palace_tui.table.takeback; "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]; "
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_doctests():
    """The examples in the docstrings run (the project's doctest paths cover only the rules)."""
    import doctest

    import palace_tui.lessons
    import palace_tui.lessons.compare
    import palace_tui.lessons.runner
    import palace_tui.table.takeback
    import palace_tui.words.events

    for module in (
        palace_tui.lessons,
        palace_tui.lessons.compare,
        palace_tui.lessons.runner,
        palace_tui.words.events,
        palace_tui.table.takeback,
    ):
        failed, _ = doctest.testmod(module)
        assert failed == 0, module.__name__
