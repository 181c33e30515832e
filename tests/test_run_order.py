"""The order of a parallel run (conftest.py, tests/helpers/run_order.py): each of pytest-xdist's
workers begins with a like share of the long tests, not the first worker with all of them."""

from __future__ import annotations

import json

from tests.helpers.run_order import TIMINGS, dealt


def first_hand_out(order: list[float], workers: int) -> list[list[float]]:
    """What worksteal gives each worker to begin with: the rest of the list split evenly over the
    workers left (pytest-xdist's WorkStealingScheduling.check_schedule)."""
    runs, pending = [], list(order)
    for remaining in range(workers, 0, -1):
        count = len(pending) // remaining
        runs.append(pending[:count])
        del pending[:count]
    return runs


def test_each_worker_begins_with_a_like_share_of_the_long_tests():
    seconds = sorted(json.loads(TIMINGS.read_text(encoding="utf-8")).values(), reverse=True)
    tests = seconds + [0.0] * 2500  # the short tests the file does not list
    for workers in (2, 4):
        runs = first_hand_out(dealt(tests, workers, float), workers)
        totals = [sum(run) for run in runs]
        assert max(totals) < 1.05 * min(totals), totals
        assert all(run == sorted(run, reverse=True) for run in runs)  # each still longest first
        assert sorted((s for run in runs for s in run), reverse=True) == tests  # every test, once
    plain = [sum(run) for run in first_hand_out(tests, 4)]
    assert plain[0] > 0.9 * sum(tests)  # sorted only, the first worker would hold nearly all of it
