"""The README's counts, read from the code: how many tests pytest collects, how many of them are
marked slow, and which packages mypy checks strictly.

``python scripts/readme_counts.py`` prints them; ``--check`` exits 1 (saying what differs) when
the README says other numbers; ``--write`` puts these into the README. tests/test_readme_counts.py
runs the check, so a count typed by hand cannot go stale.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"

#: The README's sentences that carry the counts, each with its numbers as groups.
TIERS = re.compile(
    r"marked `@pytest\.mark\.slow` \(([\d,]+) of the ([\d,]+)\);\n"
    r"`scripts/check -m \"not slow\"` runs every check and the other ([\d,]+) tests"
)
STRICT = re.compile(r"`mypy` \(strict on ([^)]*)\)")


@dataclass(frozen=True)
class Counts:
    tests: int
    slow: int
    strict: str  # "the whole package", or "the whole package but `ai/`"

    @property
    def fast(self) -> int:
        return self.tests - self.slow


def collected() -> tuple[int, int]:
    """How many tests ``pytest --collect-only`` finds marked slow, and in all (one collection)."""
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-m", "slow"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    found = re.search(r"(\d+)/(\d+) tests collected", out)
    if found is None:
        raise SystemExit(f"pytest collected nothing it could count:\n{out[-2000:]}")
    return int(found.group(1)), int(found.group(2))


def strictness() -> str:
    """Which of palace_tui's packages mypy checks strictly (pyproject's overrides), in words."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    strict: set[str] = set()
    for override in config["tool"]["mypy"].get("overrides", []):
        if override.get("disallow_untyped_defs"):
            modules = override["module"]
            strict.update([modules] if isinstance(modules, str) else modules)
    packages = sorted(p.name for p in (ROOT / "palace_tui").iterdir() if (p / "__init__.py").exists())
    loose = [p for p in packages if f"palace_tui.{p}.*" not in strict and f"palace_tui.{p}" not in strict]
    if not loose:
        return "the whole package"
    return "the whole package but " + ", ".join(f"`{p}/`" for p in loose)


def count() -> Counts:
    slow, tests = collected()
    return Counts(tests, slow, strictness())


def said(text: str) -> Counts | None:
    """The counts the README says, or None when its sentences are not found."""
    tiers, strict = TIERS.search(text), STRICT.search(text)
    if tiers is None or strict is None:
        return None
    slow, tests, _fast = (int(g.replace(",", "")) for g in tiers.groups())
    return Counts(tests, slow, strict.group(1))


def written(text: str, counts: Counts) -> str:
    """The README with ``counts`` in its sentences."""
    text = TIERS.sub(
        f'marked `@pytest.mark.slow` ({counts.slow:,} of the {counts.tests:,});\n`scripts/check -m "not slow"` '
        f"runs every check and the other {counts.fast:,} tests",
        text,
    )
    return STRICT.sub(f"`mypy` (strict on {counts.strict})", text)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--check", action="store_true", help="exit 1 when the README says other counts")
    group.add_argument("--write", action="store_true", help="put the counts into the README")
    args = parser.parse_args(argv)
    counts = count()
    text = README.read_text()
    if args.write:
        README.write_text(written(text, counts))
    elif args.check and said(text) != counts:
        print(f"README says {said(text)}, the code {counts}: run python scripts/readme_counts.py --write")
        return 1
    print(f"{counts.tests} tests, {counts.slow} slow, {counts.fast} not slow; mypy strict on {counts.strict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
