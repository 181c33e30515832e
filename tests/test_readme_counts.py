"""The README's counts are the code's: scripts/readme_counts.py reads them (tests collected,
slow ones, mypy's strictness) and these tests compare them with what the README says."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location(
    "readme_counts", Path(__file__).parents[1] / "scripts" / "readme_counts.py"
)
assert _spec is not None and _spec.loader is not None
counts_script = importlib.util.module_from_spec(_spec)
sys.modules["readme_counts"] = counts_script  # its dataclass looks itself up there
_spec.loader.exec_module(counts_script)
README, count, said, strictness, written = (
    counts_script.README,
    counts_script.count,
    counts_script.said,
    counts_script.strictness,
    counts_script.written,
)


def test_the_readme_says_which_packages_mypy_checks_strictly():
    told = said(README.read_text())
    assert told is not None, "the README's sentences on the test tiers and mypy are where the script looks"
    assert told.strict == strictness(), "run python scripts/readme_counts.py --write"


@pytest.mark.slow
def test_the_readme_counts_the_tests_pytest_collects():
    counts = count()
    assert said(README.read_text()) == counts, "run python scripts/readme_counts.py --write"
    assert written(README.read_text(), counts) == README.read_text()
