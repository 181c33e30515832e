"""The order of a parallel run: the longest tests first, dealt out among pytest-xdist's workers
(the root conftest.py sorts them by tests/timings.json, then deals them here)."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import TypeVar

#: Seconds each long test took in a run (scripts/test_timings.py writes it from a JUnit report).
TIMINGS = Path(__file__).resolve().parents[1] / "timings.json"

T = TypeVar("T")


def dealt(items: list[T], workers: int) -> list[T]:
    """``items`` (longest first) dealt into one run per worker, there and back so that each run's
    time is alike; each run is as long as pytest-xdist's worksteal first hands out (the rest of
    the list split evenly over the workers left), and stays longest first.

    >>> dealt(list(range(10)), 3)
    [0, 5, 6, 1, 4, 7, 2, 3, 8, 9]
    """
    if workers < 2:
        return items
    sizes: list[int] = []
    left = len(items)
    for remaining in range(workers, 0, -1):
        sizes.append(left // remaining)
        left -= sizes[-1]
    hands: list[list[T]] = [[] for _ in range(workers)]
    there_and_back = itertools.cycle([*range(workers), *reversed(range(workers))])
    for item in items:
        hands[next(hand for hand in there_and_back if len(hands[hand]) < sizes[hand])].append(item)
    return [item for hand in hands for item in hand]
