"""The rules engine is pure Python: importing it loads no UI library."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import sys
import palace_tui.rules
from palace_tui.rules import Card, Game, Move, Rules
g = Game.deal(Rules.preset("palace"), ["A", "B"], seed=1)
g.view(0).observation_string()
palace_tui.rules.rules_card(g.rules)
bad = sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich"))
print("LOADED:" + ",".join(bad))
"""


def test_rules_import_loads_neither_textual_nor_rich():
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": str(ROOT), "PATH": ""},
    )
    assert result.returncode == 0, result.stderr
    assert "LOADED:" in result.stdout
    assert result.stdout.strip().endswith("LOADED:"), result.stdout


def test_the_check_would_see_a_ui_import():
    # the same probe notices a UI module when one is loaded (so the test above can fail)
    script = SCRIPT.replace("import palace_tui.rules\n", "import palace_tui.rules\nimport rich.text\n")
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": str(ROOT), "PATH": ""},
    )
    if result.returncode != 0 and "No module named 'rich'" in result.stderr:
        return  # rich is not installed here: nothing to show
    assert "rich" in result.stdout.split("LOADED:")[1]
