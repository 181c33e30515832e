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


def test_podium_points_are_split_into_places_exactly():
    """Two wins (3 each), a second (2), a third (1) and a last (0): 9 points in 5 games."""
    ladder = load_ladder()
    mean, lo, hi = ladder.podium_points({"games": 5, "wins": 2, "losses": 1, "points": 9}, 4)
    values = [3, 3, 2, 1, 0]
    var = sum((v - 1.8) ** 2 for v in values) / 4
    assert mean == 1.8 and abs((hi - lo) / 2 - 1.96 * (var / 5) ** 0.5) < 1e-9


def test_combine_adds_up_saved_runs(tmp_path, capsys):
    """Two saved runs with other seeds add up to one row, the games and wins of both."""
    ladder = load_ladder()
    reports = []
    for seed in (1, 3):
        cmd = ["--preset", "palace", "--players", "4", "--games", "2", "--ai", "hard,normal,normal,normal"]
        cmd += ["--seed", str(seed), "--iterations", "2", "--workers", "1", "--json"]
        out = subprocess.run(
            [sys.executable, "-m", "palace_tui.cli", "simulate", *cmd],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        (tmp_path / f"run-{seed}.json").write_text(out)
        reports.append(json.loads(out)["by_ai"]["hard"])
    assert ladder.main(["--combine", str(tmp_path / "*.json")]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("| palace | 4 |"))
    games = sum(r["games"] for r in reports)
    assert f"| 2 (seeds 1–3) | {games} |" in row
    assert f"{sum(r['wins'] for r in reports) / games:.1%}" in row
