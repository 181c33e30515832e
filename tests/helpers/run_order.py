"""The order of a parallel run: the longest tests first, dealt out among pytest-xdist's workers
(the root conftest.py sorts them by tests/timings.json, then deals them here)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

#: Seconds each long test took in a run (scripts/test_timings.py writes it from a JUnit report).
TIMINGS = Path(__file__).resolve().parents[1] / "timings.json"

T = TypeVar("T")


def dealt(items: list[T], workers: int, seconds: Callable[[T], float]) -> list[T]:
    """``items`` (longest first) dealt into one run per worker, each to the run with the fewest
    seconds so far that still has room, so that each run's time is alike even when one test is
    far longer than the rest; each run is as long as pytest-xdist's worksteal first hands out
    (the rest of the list split evenly over the workers left), and stays longest first.

    >>> dealt([9, 5, 4, 3, 2, 1], 2, float)
    [9, 3, 1, 5, 4, 2]
    """
    if workers < 2:
        return items
    sizes: list[int] = []
    left = len(items)
    for remaining in range(workers, 0, -1):
        sizes.append(left // remaining)
        left -= sizes[-1]
    hands: list[list[T]] = [[] for _ in range(workers)]
    totals = [0.0] * workers
    for item in items:
        hand = min((h for h in range(workers) if len(hands[h]) < sizes[h]), key=lambda h: totals[h])
        hands[hand].append(item)
        totals[hand] += seconds(item)
    return [item for hand in hands for item in hand]
