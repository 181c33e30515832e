"""Collection for the whole repository (the tests' fixtures are in tests/conftest.py), the
order of a parallel run (longest tests first), and the garbage collector's pace in a test process.

The web extra (textual-serve, which brings aiohttp) is optional: without it the served
page's module cannot be imported, so its doctests are left out of the collection instead
of failing it. The web tests themselves skip and say why (tests/web, tests/cli/test_serve.py).
"""

import gc
import importlib.util
import json

from tests.helpers.run_order import TIMINGS, dealt

WEB_EXTRA = all(importlib.util.find_spec(name) for name in ("textual_serve", "aiohttp"))

collect_ignore = (
    []
    if WEB_EXTRA
    else [
        "palace_tui/web/server.py",
        # palace host and palace join (aiohttp): their tests skip too (tests/net/conftest.py).
        "palace_tui/net/server.py",
        "palace_tui/net/client.py",
        "palace_tui/net/bots.py",
        "palace_tui/cli/host.py",
    ]
)


# ----------------------------------------------------------------- the order of a parallel run
#: A slow test the timings do not know yet is guessed to take this long; any other, nothing.
#: Guessed long: a new slow test is usually a whole game, and one started last keeps the
#: other core idle to the end (CI's runs ended on four such tests the file did not know yet).
SLOW_GUESS = 100.0


def pytest_collection_modifyitems(config, items):
    """In a pytest-xdist worker, the longest tests first, dealt out among the workers.

    Work stealing takes tests from the end of a worker's queue, and a worker keeps the test it
    runs and the next one (it never gives those up): with a long test among the last, the
    other core waits for it with nothing to do. Longest first leaves short ones to share at
    the end. A run in one process keeps the files' order (the cheapest failure first).

    The scheduler hands each worker one run of the list to begin with (a quarter of it for
    four): sorted plainly, the first worker would get every long test, one after another. So
    the tests are dealt out, longest first, each to the run with the fewest seconds so far.
    """
    if not hasattr(config, "workerinput"):
        return
    known: dict[str, float] = json.loads(TIMINGS.read_text(encoding="utf-8")) if TIMINGS.is_file() else {}

    def seconds(item) -> float:
        if item.nodeid in known:
            return known[item.nodeid]
        return SLOW_GUESS if item.get_closest_marker("slow") else 0.0

    items.sort(key=seconds, reverse=True)  # stable: equal guesses keep the files' order
    items[:] = dealt(items, int(config.workerinput.get("workercount", 1)), seconds)


# ----------------------------------------------------------------- the garbage collector
#: Allocations between two collections of the youngest objects (Python's default is 700).
#: Textual makes and drops a great many small objects for every frame, and a test process
#: holds the app's and the tests' modules besides: at the default pace the collector took a
#: fifth of an app test's CPU (10.2 s of 46.6 s in tests/tui's flow, table and games files,
#: in 6,231 collections); at 10,000 it took 2.2 s in 250, for 37 MB more at most.
GC_YOUNG = 10_000


def pytest_configure(config):
    gc.set_threshold(GC_YOUNG, 10, 10)


def pytest_collection_finish(session):
    """What is loaded by now (the modules, the collected tests) lives to the end of the process:
    frozen, the collector no longer walks it on every full collection."""
    gc.collect()
    gc.freeze()
