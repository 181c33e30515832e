"""scripts/ai_ladder.py --match: the deals a time budget buys, counted from hard's own decisions."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from palace_tui.ai import make_player

ROOT = Path(__file__).resolve().parents[2]

#: Ladder runs: the slow tier (scripts/check -m "not slow" skips them).
pytestmark = pytest.mark.slow


def load_ladder():
    spec = importlib.util.spec_from_file_location("ai_ladder", ROOT / "scripts" / "ai_ladder.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_match_counts_the_deals_each_searched_decision_used():
    ladder = load_ladder()
    found = ladder.budget_decisions("palace", 2, 1, lambda seed: make_player("hard", seed, iterations=7))
    assert found[False] and found[True]
    # With an iteration budget every searched decision uses exactly its deals:
    # 7 once the stock is gone, a quarter (2) while it lasts.
    assert {deals for _, deals in found[False]} == {7}
    assert {deals for _, deals in found[True]} == {2}


def test_match_table_names_the_matching_iterations(capsys):
    ladder = load_ladder()
    assert ladder.main(["--match", "2", "--games", "1", "--presets", "palace"]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("| palace | 2 ms | 1 |"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert len(cells) == 7 and int(cells[-1]) >= 1
