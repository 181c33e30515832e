"""scripts/ai_ladder.py --field: one hard among three normals, hard's rates from the run's JSON."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: Ladder runs: the slow tier (scripts/check -m "not slow" skips them).
pytestmark = pytest.mark.slow


def load_ladder():
    spec = importlib.util.spec_from_file_location("ai_ladder", ROOT / "scripts" / "ai_ladder.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_field_row_reports_hards_wins_and_last_places(capsys):
    ladder = load_ladder()
    assert ladder.main(["--field", "--games", "4", "--iterations", "2", "--presets", "palace", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("| palace |"))
    cmd = [
        "palace",
        "simulate",
        "--preset",
        "palace",
        "--players",
        "4",
        "--games",
        "4",
        "--ai",
        "hard,normal,normal,normal",
        "--seed",
        "1",
        "--iterations",
        "2",
        "--workers",
        "1",
    ]
    assert " ".join(cmd) in out
    data = json.loads(
        subprocess.run(
            [sys.executable, "-m", "palace_tui.cli", *cmd[1:], "--json"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    )
    hard = data["by_ai"]["hard"]
    rates = re.findall(r"(\d+\.\d)% \(", row)
    assert rates == [f"{100 * hard['wins'] / hard['games']:.1f}", f"{100 * hard['losses'] / hard['games']:.1f}"]
