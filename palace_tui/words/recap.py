"""“Since your last turn”: the public events a seat missed, in one short line.

Pure Python. The app keeps the game's public events with their running indices
(``[(0, Event), (1, Event), ...]``) and, when a seat's view is revealed, shows
``recap_for(log, names, seat)``. Nothing private is ever named: a draw is not
mentioned at all, and a face-down card is named only once it is turned over.
Seats are always called by name, never "you". The words are the recap voice of
:mod:`palace_tui.words.events`.

>>> from palace_tui.rules import Event, Card
>>> log = list(enumerate([Event("played", 0, (Card.parse("9S"),)), Event("drew", 0, (), 1),
...     Event("took", 1, (), 6), Event("played", 2, (Card.parse("TD"),)),
...     Event("cleared", 2, (Card.parse("TD"),), 1, "ten"), Event("played", 2, (Card.parse("3C"),))]))
>>> recap(log, ["Ann", "Ben", "Cy"], since=0)
'Ann played 9♠; Ben took the pile (6 cards); Cy played 10♦, clearing the pile (1 card), then played 3♣.'
"""

from __future__ import annotations

from collections.abc import Sequence

from palace_tui.rules import Event
from palace_tui.words.events import ACTION_KINDS, last_acted, recap
from palace_tui.words.sentence import Sentence

__all__ = ["ACTION_KINDS", "last_acted", "recap", "recap_for"]


def recap_for(events_with_indices: Sequence[tuple[int, Event]], names: Sequence[str], seat: int,
              limit: int = 6) -> Sentence:
    """What happened since ``seat`` last acted (empty if nothing did)."""
    return recap(events_with_indices, names, last_acted(events_with_indices, seat), limit)
