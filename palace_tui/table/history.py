"""One history of a game's public events: the log and the recap are read from it.

Each event the table saw is kept once, with its running index (0 for the game's
first event). The log's lines are worded from the events on demand by
:func:`palace_tui.words.log_sentence`; the recap ("since your last turn") and the
computer players' memory read the same events. Only public events enter: the
engine's events hold no private card, and a draw is kept as its count only.

Every event of the game is kept, however long it runs (the log shows only its last
LOG_LIMIT lines): the coach and the computer players read the whole public story, as
the review does, so what they know never depends on the length of the game.

>>> from palace_tui.rules import Card
>>> h = History.start("Game 1: Ann deals")
>>> h.add([Event("played", 0, (Card.parse("9S"),)), Event("drew", 0, (), 1)])
>>> h.log(["Ann", "Ben"])
['Game 1: Ann deals', 'Ann played 9♠', 'Ann drew 1 card']
>>> h.recent()[-1]
(1, Event(kind='drew', seat=0, cards=(), count=1, reason=''))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from palace_tui.rules import Event
from palace_tui.words import log_sentence

#: How many lines the log keeps (and saves).
LOG_LIMIT = 200
#: How many of the latest events the recap reads.
EVENT_LIMIT = 120
#: The event kind the log leaves out (the results say it).
UNLOGGED = "over"

LogEntry = str | Event


def log_entry_text(entry: LogEntry, names: Sequence[str]) -> str:
    """A log entry as its line: a header as it is, an event in the log voice."""
    return entry if isinstance(entry, str) else str(log_sentence(entry, names))


def public(event: Event) -> Event:
    """``event`` as everybody saw it: a draw shows how many cards, never which."""
    return event._replace(cards=()) if event.kind == "drew" and event.cards else event


@dataclass
class History:
    """The public story of one game: header lines, then its events with their indices."""

    #: Lines the log shows before the events: "Game 2: Ann deals" (or an old save's log as text).
    header: list[str] = field(default_factory=list)
    #: The game's events as ``(index, event)``, oldest first: all of them, except in a save from
    #: before every event was kept (those kept only the latest).
    entries: list[tuple[int, Event]] = field(default_factory=list)
    #: How many log lines this game has had in all (the log keeps the last LOG_LIMIT).
    total: int = 0
    #: Events before this index are not worded in the log: an old save kept their lines as text
    #: in :attr:`header`.
    logged_from: int = 0

    @classmethod
    def start(cls, header: str) -> History:
        """A new game's history: only its header line."""
        return cls([header], [], 1, 0)

    def copy(self) -> History:
        """An independent copy (for take-back)."""
        return History(list(self.header), list(self.entries), self.total, self.logged_from)

    @property
    def next_index(self) -> int:
        """The index the next event gets."""
        return self.entries[-1][0] + 1 if self.entries else 0

    def add(self, events: Iterable[Event]) -> None:
        """Keep a move's events (only what everybody saw); the log's oldest text lines beyond its limit go."""
        index = self.next_index
        for event in events:
            self.entries.append((index, public(event)))
            index += 1
            if event.kind != UNLOGGED:
                self.total += 1
        if not self.header or len(self.header) + min(len(self.entries), LOG_LIMIT + 1) <= LOG_LIMIT:
            return  # no header line left to drop, or the log holds every line yet (a host adds every move)
        excess = len(self.header) + len(self._logged(LOG_LIMIT + 1)) - LOG_LIMIT
        if excess > 0:
            del self.header[:excess]

    def _logged(self, last: int | None = None) -> list[Event]:
        """The events the log words (the latest ``last`` entries' only, when given)."""
        entries = self.entries if last is None else self.entries[-last:]
        return [e for i, e in entries if i >= self.logged_from and e.kind != UNLOGGED]

    def log_entries(self) -> list[LogEntry]:
        """The log's latest lines as data: header lines and the events they word."""
        # One unlogged event (``over``) at most among the last LOG_LIMIT + 1 entries.
        entries: list[LogEntry] = [*self.header, *self._logged(LOG_LIMIT + 1)]
        return entries[-LOG_LIMIT:]

    def log(self, names: Sequence[str]) -> list[str]:
        """The log's latest lines as text, in the log voice."""
        return [log_entry_text(x, names) for x in self.log_entries()]

    def recent(self) -> list[tuple[int, Event]]:
        """The latest EVENT_LIMIT events with their indices (the recap reads these)."""
        return self.entries[-EVENT_LIMIT:]

    def public_events(self) -> list[Event] | None:
        """Every event of this game, or None when the oldest were not kept (an older save)."""
        if self.entries and self.entries[0][0] != 0:
            return None
        return [e for _, e in self.entries]
