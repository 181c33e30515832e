"""What a device knows of its table, kept from the host's updates alone.

A remote table (the client side of the table's door) reads everything from here: the seat's
view as a :class:`~palace_tui.rules.SeatView`, the public log (header lines and events with
their indices, as the host's :class:`~palace_tui.table.history.History` holds them), whose turn
it is, what this seat may ask for, who is connected, and the last results and refusal. It is
fed every update in order by :meth:`RemoteState.apply` and never sees a ``Game``.

>>> from palace_tui.net.protocol import SeatsUpdate
>>> state = RemoteState()
>>> state.apply(SeatsUpdate((True, False), 0))
'seats'
>>> state.present
(True, False)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from palace_tui.net.protocol import (
    AdviceUpdate,
    ErrorUpdate,
    Message,
    NoteUpdate,
    RefusedUpdate,
    ResultsUpdate,
    SeatsUpdate,
    StateUpdate,
    WelcomeUpdate,
)
from palace_tui.rules import Event, SeatView
from palace_tui.table.history import EVENT_LIMIT, LOG_LIMIT

#: The event kind the log leaves out (the results say it), as the host's history does.
UNLOGGED = "over"


@dataclass
class RemoteState:
    """The table as one device knows it."""

    welcome: WelcomeUpdate | None = None
    game: int = 0
    #: The seat's view (a watcher's: the public view, with seat 0 and nothing private).
    view: SeatView | None = None
    header: tuple[str, ...] = ()
    #: This game's public events so far, with their indices, oldest first.
    events: list[tuple[int, Event]] = field(default_factory=list)
    #: The events of the latest update (what the latest change did).
    last: tuple[Event, ...] = ()
    to_act: int | None = None
    take_back: bool = False
    burn_in: bool = False
    present: tuple[bool, ...] = ()
    #: For each seat: a computer plays it while its person is away.
    stand_in: tuple[bool, ...] = ()
    watchers: int = 0
    #: The latest note about the table (someone left, someone is back).
    note: str | None = None
    results: ResultsUpdate | None = None
    refused: RefusedUpdate | None = None
    advice: AdviceUpdate | None = None
    closed: str | None = None

    @property
    def seat(self) -> int | None:
        """This device's seat (None: it watches, or has not joined yet)."""
        return None if self.welcome is None else self.welcome.seat

    def apply(self, update: Message) -> str:
        """Take one update in; returns its type (what changed)."""
        if isinstance(update, WelcomeUpdate):
            self.welcome = update
        elif isinstance(update, StateUpdate):
            self._state(update)
        elif isinstance(update, SeatsUpdate):
            self.present, self.watchers, self.stand_in = update.present, update.watchers, update.stand_in
        elif isinstance(update, NoteUpdate):
            self.note = update.text
        elif isinstance(update, ResultsUpdate):
            self.results = update
        elif isinstance(update, RefusedUpdate):
            self.refused = update
        elif isinstance(update, AdviceUpdate):
            self.advice = update
        elif isinstance(update, ErrorUpdate):
            self.closed = update.reason
        return update.TYPE

    def _state(self, update: StateUpdate) -> None:
        if update.game != self.game:
            self.game, self.events, self.results = update.game, [], None
        new = [(e.index, e.to_event()) for e in update.events]
        start = new[0][0] if new else update.events_end
        kept = [(i, e) for i, e in self.events if i < min(start, update.events_end)] + new
        self.events = kept  # the whole game's, as the host's history keeps them
        self.last = tuple(e for _, e in new)
        wire = update.view
        if wire.seat is None:
            self.view = dataclasses.replace(wire, seat=0).to_seat_view()
        else:
            self.view = wire.to_seat_view()
        self.header = update.header
        self.to_act, self.take_back, self.burn_in = update.to_act, update.take_back, update.burn_in

    def log_entries(self) -> list[str | Event]:
        """The log as data, as the host's history gives it: header lines, then the events it words
        (the latest ``LOG_LIMIT``)."""
        entries: list[str | Event] = [*self.header, *(e for _, e in self.events if e.kind != UNLOGGED)]
        return entries[-LOG_LIMIT:]

    @property
    def log_total(self) -> int:
        """How many log lines the game has had in all."""
        return len(self.header) + sum(1 for _, e in self.events if e.kind != UNLOGGED)

    def recent_events(self) -> list[tuple[int, Event]]:
        """The latest ``EVENT_LIMIT`` events with their indices (what the recap reads)."""
        return self.events[-EVENT_LIMIT:]
