"""Public events: what everybody at the table saw a move do.

An event never holds a private card: a draw records how many cards, not which.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import NamedTuple

from palace_tui.rules.cards import Card

#: Event kinds, in the order a move can cause them.
EVENT_KINDS = (
    "swapped",
    "ready",
    "chose",
    "starts",
    "played",
    "flipped",
    "failed",
    "reversed",
    "cleared",
    "drew",
    "took",
    "out",
    "over",
    "abandoned",
)


class Event(NamedTuple):
    """One public happening. ``seat`` is who did it; ``cards`` are public cards only."""

    kind: str
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    count: int = 0  # type: ignore[assignment]  # a public field (Event.count) that shadows tuple.count: read .number
    reason: str = ""

    @property
    def number(self) -> int:
        """Cards drawn, taken or cleared, or the place of a seat that went out (the ``count``
        field, by a name that does not shadow ``tuple.count``)."""
        return self.count

    def text(self, names: Sequence[str]) -> str:
        """A sentence for the log, with seat names (never "you"): ``palace_tui.words.log_sentence``."""
        # Kept for outside callers; resolved on use, since the engine does not depend on words.
        return str(importlib.import_module("palace_tui.words").log_sentence(self, names))
