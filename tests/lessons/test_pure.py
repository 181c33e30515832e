"""The lessons, the recap and take-back are pure Python: they never import Textual or rich."""

from __future__ import annotations

import subprocess
import sys


def test_no_ui_imports():
    code = ("import sys, palace_tui.lessons, palace_tui.recap, palace_tui.takeback; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]; "
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
