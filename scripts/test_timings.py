"""Write tests/timings.json, the seconds each long test took, from a pytest JUnit report,
and print the seconds per folder.

    python -m pytest -n auto --junitxml=/tmp/report.xml && python scripts/test_timings.py /tmp/report.xml

The collection hook in conftest.py hands pytest-xdist the longest tests first (the file's
seconds, else a guess from the ``slow`` mark), so the last tests of a run are short and both
cores stay busy to the end. Only tests over ``MIN_SECONDS`` are kept; a stale file only
changes the order the tests run in, never what they check.
"""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "timings.json"

#: Shorter tests are left out: their order does not matter to the end of a run.
MIN_SECONDS = 1.0


def node_id(case: ET.Element) -> str | None:
    """The pytest node id of a JUnit test case (tests only; doctests are short)."""
    classname, name = case.get("classname", ""), case.get("name", "")
    parts = classname.split(".")
    for cut in range(len(parts), 0, -1):
        path = ROOT.joinpath(*parts[:cut]).with_suffix(".py")
        if path.is_file():
            return "::".join(["/".join(parts[:cut]) + ".py", *parts[cut:], name])
    return None


def main(report: str) -> None:
    timings: dict[str, float] = {}
    folders: dict[str, list[float]] = {}
    for case in ET.parse(report).getroot().iter("testcase"):
        seconds = float(case.get("time", "0"))
        node = node_id(case)
        folder = "/".join(node.split("/")[:2]) if node and node.count("/") > 1 else (node or "doctests").split("::")[0]
        folders.setdefault(folder if node else "palace_tui (doctests)", []).append(seconds)
        if node is not None and seconds >= MIN_SECONDS:
            timings[node] = round(seconds, 1)
    print(f"{'folder':<28}{'tests':>7}{'seconds':>10}{'longest':>9}")
    for folder, times in sorted(folders.items(), key=lambda kv: -sum(kv[1])):
        print(f"{folder:<28}{len(times):>7}{sum(times):>10.0f}{max(times):>9.1f}")
    ordered = dict(sorted(timings.items(), key=lambda kv: (-kv[1], kv[0])))
    OUT.write_text(json.dumps(ordered, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(ordered)} tests over {MIN_SECONDS} s written to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main(sys.argv[1])
