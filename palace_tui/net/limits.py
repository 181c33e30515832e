"""Rate limits at the host: wrong room codes, and a device that sends faster than anyone plays.

A room code is 6 of 31 letters (about 887 million codes). :class:`WrongCodes` lets a few
wrong codes a minute through from one address and a few more from everywhere together, so
guessing the code of a room while it lives would take years; a right code is never limited
(a household behind one address joins as often as it likes).

>>> t = [0.0]
>>> codes = WrongCodes(per_source=2, overall=3, window=60, clock=lambda: t[0])
>>> codes.wrong("a"); codes.wrong("a")
>>> codes.allowed("a"), codes.allowed("b")
(False, True)
>>> codes.wrong("b"); codes.allowed("c")
False
>>> t[0] = 61.0; codes.allowed("a")
True
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

Clock = Callable[[], float]


class WrongCodes:
    """Counts wrong room codes over the last ``window`` seconds, by source address and overall."""

    #: The most sources remembered (the oldest is forgotten first: the overall count still holds).
    MAX_SOURCES = 10_000

    def __init__(
        self, per_source: int = 5, overall: int = 30, window: float = 60.0, clock: Clock = time.monotonic
    ) -> None:
        self.per_source, self.overall, self.window, self.clock = per_source, overall, window, clock
        self._by_source: dict[str, deque[float]] = {}
        self._all: deque[float] = deque()

    def _prune(self, times: deque[float], now: float) -> None:
        while times and times[0] <= now - self.window:
            times.popleft()

    def allowed(self, source: str) -> bool:
        """Whether a join from ``source`` may try a code now."""
        now = self.clock()
        self._prune(self._all, now)
        if len(self._all) >= self.overall:
            return False
        times = self._by_source.get(source)
        if times is None:
            return True
        self._prune(times, now)
        if not times:
            del self._by_source[source]
            return True
        return len(times) < self.per_source

    def wrong(self, source: str) -> None:
        """``source`` tried a code no room has."""
        now = self.clock()
        self._all.append(now)
        if source not in self._by_source and len(self._by_source) >= self.MAX_SOURCES:
            del self._by_source[next(iter(self._by_source))]
        self._by_source.setdefault(source, deque()).append(now)


class Bucket:
    """A token bucket: ``burst`` requests at once, then ``rate`` a second (a device's messages).

    >>> t = [0.0]
    >>> bucket = Bucket(rate=1, burst=2, clock=lambda: t[0])
    >>> [bucket.take() for _ in range(3)]
    [True, True, False]
    >>> t[0] = 1.0; bucket.take()
    True
    """

    def __init__(self, rate: float = 20.0, burst: float = 60.0, clock: Clock = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self._tokens, self._at = burst, clock()

    def take(self) -> bool:
        """Whether one more request may pass now."""
        now = self.clock()
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True
