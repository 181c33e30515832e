"""Public events: what everybody at the table saw a move do.

An event never holds a private card: a draw records how many cards, not which. An
event holds facts only; :func:`palace_tui.words.log_sentence` words it for the log.
"""

from __future__ import annotations

from typing import NamedTuple

from palace_tui.rules.cards import Card
from palace_tui.rules.kinds import EventKind


class Event(NamedTuple):
    """One public happening. ``seat`` is who did it; ``cards`` are public cards only."""

    kind: EventKind
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    #: Cards drawn, taken or cleared, or the place of a seat that went out.
    count: int = 0  # type: ignore[assignment]  # a public field (Event.count) that shadows tuple.count
    reason: str = ""


__all__ = ["Event"]
