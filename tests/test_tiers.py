"""The engine's, the words', the store's, the table's and the computer players' tests run
without Textual: collecting them (their modules, conftests and helpers) imports none of it.

Textual's snapshot plugin imports Textual when pytest loads it, so the check leaves it out
(``-p no:textual-snapshot``), as a run of those tiers alone may (README, Testing).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: The folders of the tiers below the app.
NO_TEXTUAL = ["tests/rules", "tests/words", "tests/store", "tests/table", "tests/ai", "tests/lines"]

COLLECT = """
import sys, pytest
code = pytest.main(["--collect-only", "-q", "-p", "no:textual-snapshot", "-p", "no:cacheprovider", *sys.argv[1:]])
loaded = sorted(m for m in sys.modules if m.split(".")[0] == "textual" or m.startswith("palace_tui.tui"))
print("COLLECTED", int(code), "LOADED", " ".join(loaded[:5]) or "-")
"""


def test_the_tiers_below_the_app_never_import_textual():
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]))
    result = subprocess.run(
        [sys.executable, "-c", COLLECT, *NO_TEXTUAL], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    last = result.stdout.strip().splitlines()[-1]
    assert last == "COLLECTED 0 LOADED -", result.stdout[-2000:] + result.stderr[-2000:]
