"""One way to wait (issue 32): no test waits "a while" for the app.

A bare ``pilot.pause()`` (or ``pilot.pause(0.05)``) stands for a condition it does not name:
on a busy machine the app has not got there yet and the test reads a screen half drawn. Every
app test waits with ``tests.helpers.settle`` for what it means (``settle(pilot)``: the app
idle; ``settle(pilot, until)``: a screen, words on screen, a condition). This check reads every
test file and names, by file and line, any call that creeps back:

- ``<...>pilot.pause(...)`` anywhere under tests/;
- ``asyncio.sleep(...)`` (or a ``sleep`` imported from asyncio) in the app's tests
  (tests/tui, tests/lessons, tests/robustness), where a sleep can only stand for a condition.

A call that is truly justified goes in :data:`ALLOWED` with its reason (there is none today).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"

#: The folders whose tests run the app: no ``asyncio.sleep`` there.
APP_TESTS = ("tests/tui", "tests/lessons", "tests/robustness")

#: Justified exceptions: (file, the function the call is in) -> why a wait for a condition will not do.
ALLOWED: dict[tuple[str, str], str] = {}


def _name(node: ast.expr) -> str:
    """``a.b.c`` for an attribute chain (empty when it is not one)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _name(node.value)
        return f"{inner}.{node.attr}" if inner else ""
    return ""


def timed_waits(path: Path, source: str) -> list[tuple[int, str, str]]:
    """Every pilot pause (and, in an app test, asyncio sleep) in ``source``: (line, function, call)."""
    rel = path.relative_to(ROOT).as_posix()
    app_test = rel.startswith(APP_TESTS)
    tree = ast.parse(source, filename=rel)
    sleeps = {"asyncio.sleep"}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "asyncio":
            sleeps |= {alias.asname or alias.name for alias in node.names if alias.name == "sleep"}
    found: list[tuple[int, str, str]] = []

    def visit(node: ast.AST, function: str) -> None:
        for child in ast.iter_child_nodes(node):
            inside = child.name if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else function
            if isinstance(child, ast.Call):
                called = _name(child.func)
                paused = called.endswith(".pause") and called.split(".")[-2].lower().endswith("pilot")
                if paused or (app_test and called in sleeps):
                    found.append((child.lineno, inside, called))
            visit(child, inside)

    visit(tree, "<module>")
    return [(line, fn, call) for line, fn, call in found if (rel, fn) not in ALLOWED]


def test_no_test_waits_a_while_instead_of_for_a_condition():
    offences = []
    for path in sorted(TESTS.rglob("*.py")):
        for line, function, call in timed_waits(path, path.read_text(encoding="utf-8")):
            offences.append(f"{path.relative_to(ROOT).as_posix()}:{line} {call}() in {function}")
    assert not offences, (
        "wait for what the test means with tests.helpers.settle (settle(pilot) for idle, "
        "settle(pilot, until) for a screen, words or a condition), not a while:\n" + "\n".join(offences)
    )


def test_the_check_finds_a_pause_and_an_app_tests_sleep():
    """The check itself: it names what it is there to find, and leaves the helpers' own waits alone."""
    source = (
        "import asyncio\nfrom asyncio import sleep as nap\n"
        "async def test_a(pilot, app):\n"
        "    await pilot.pause()\n    await self.pilot.pause(0.05)\n"
        "    await asyncio.sleep(0.1)\n    await nap(1)\n    await app.pause()\n"
    )
    found = timed_waits(ROOT / "tests/tui/test_x.py", source)
    assert [(line, call) for line, _, call in found] == [
        (4, "pilot.pause"),
        (5, "self.pilot.pause"),
        (6, "asyncio.sleep"),
        (7, "nap"),
    ]
    assert {fn for _, fn, _ in found} == {"test_a"}
    # Outside the app's tests a sleep may wait for a process or a socket; a pause is never allowed.
    assert [call for _, _, call in timed_waits(ROOT / "tests/net/test_x.py", source)] == [
        "pilot.pause",
        "self.pilot.pause",
    ]
    for allowed in ALLOWED.values():
        assert allowed.strip(), "every exception says why"
