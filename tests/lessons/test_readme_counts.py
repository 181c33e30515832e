"""N-11, N-12: what the README says of the lessons and of installing is what the code does."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from palace_tui.lessons import CORE, LESSONS, OPTION_LESSONS

ROOT = Path(__file__).parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _section(title: str) -> str:
    return README.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def test_the_readme_counts_the_lessons_the_course_has() -> None:
    learn = _section("Learn")
    assert [int(n) for n in re.findall(r"(\d+) short lessons", learn)] == [len(LESSONS)]
    assert [int(n) for n in re.findall(r"The first (\d+) teach", learn)] == [len(CORE)]
    assert [int(n) for n in re.findall(r"The other (\d+) teach", learn)] == [len(OPTION_LESSONS)]


def test_the_play_section_names_the_python_the_package_needs() -> None:
    play = _section("Play")
    needed = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    assert needed == ">=3.11" and "Python 3.11 or newer" in play
    assert "python3 -m venv" in play and "pipx install ." in play
