"""A room's ``state`` updates after one change, the part they share written once for all its devices.

After a change every device of a room is sent a ``state`` that differs from the others' only
in a few fields: its seat's own view fields (:data:`~palace_tui.net.wire_view.PRIVATE_FIELDS`:
the seat, its hand, its stage, its legal moves, its playable ranks), the events it has not
been sent yet, and what it may ask for (``take_back``, ``burn_in``). :class:`StateTexts`
writes everything else once: the public view (each seat's counts and face-up cards, the
pile, the stock's count, whose turn), the log's header, ``events_end`` and ``to_act``. It
writes a watcher's ``state`` (the public view) with a marker in each device's own field and
cuts the text at the markers; a device's text is those pieces with its own fields written in
between. The events since one index are written once for all the devices that were sent the
same ones before. A device's text is byte for byte what
:func:`~palace_tui.net.protocol.encode` writes for its :class:`~palace_tui.net.protocol.StateUpdate`
(``tests/net/test_state_texts.py`` proves it through whole games).

The privacy does not change: the shared pieces hold only a watcher's view (no hand, no moves),
and a device's own fields come from its own seat's :meth:`~palace_tui.rules.Game.view`.

>>> from palace_tui.rules import Rules
>>> from palace_tui.table.session import SeatConfig, Session
>>> session = Session.new([SeatConfig("Ann"), SeatConfig("Ben")], Rules.preset("palace"), seed=1)
>>> texts = StateTexts(session, seats=(0, 1))
>>> ann, ben = (texts.device(seat, 0, False, False) for seat in (0, 1))
>>> ann == ben, '"hand":[]' in texts.watcher(0)
(False, True)
"""

from __future__ import annotations

import bisect
import re
import secrets
from collections.abc import Iterable
from operator import itemgetter

from palace_tui.net.protocol import VERSION, StateUpdate, dumps
from palace_tui.net.wire_view import PRIVATE_FIELDS, WireEvent, WireView, public_view
from palace_tui.rules import SeatView
from palace_tui.table.session import Session

#: A device's own fields of a ``state`` beside its view's: its events, what it may ask for.
DEVICE_FIELDS = ("events", "take_back", "burn_in")
#: Stands in for a device's field in the shared text: a NUL and a secret, which no name or card holds.
_MARK = f"\x00{secrets.token_hex(8)}:"
_MARKED = re.compile(re.escape(dumps(_MARK)[:-1]) + r'(\w+)"')


class StateTexts:
    """The ``state`` texts of one room at one moment: build it after a change, then write each
    device's text with :meth:`device` (a seat) or :meth:`watcher`."""

    def __init__(self, session: Session, seats: Iterable[int] = ()) -> None:
        history = session.public_history
        self._entries = history.entries
        self.end = history.next_index
        self._game = session.game
        wanted = sorted(set(seats)) or [0]
        #: Each seat's own view, from the engine (which works out their public part once).
        self.views: dict[int, SeatView] = dict(zip(wanted, self._game.views(wanted), strict=True))
        # Any seat's view will do: its public fields are every seat's (seat 0's, as a watcher's always was).
        public = public_view(WireView.of(self.views[wanted[0]]))
        update = StateUpdate(
            game=session.game_number + 1,
            view=public,
            header=tuple(history.header),
            events=(),
            events_end=self.end,
            to_act=session.to_act,
            take_back=False,
            burn_in=False,
        )
        data = {"v": VERSION, "type": update.TYPE, **update.to_data()}
        public_data = data["view"]
        self._public = {key: public_data[key] for key in PRIVATE_FIELDS}
        for key in PRIVATE_FIELDS:
            public_data[key] = _MARK + key
        for key in DEVICE_FIELDS:
            data[key] = _MARK + key
        cut = _MARKED.split(dumps(data))
        #: The shared text between the markers, and the field each marker stands for.
        self._pieces: list[tuple[str, str]] = list(zip(cut[0:-1:2], cut[1::2], strict=True))
        self._last = cut[-1]
        if sorted(key for _, key in self._pieces) != sorted(PRIVATE_FIELDS + DEVICE_FIELDS):
            raise AssertionError("a state's shared text lost one of its markers")
        self._events: dict[int, str] = {}

    def events_since(self, start: int) -> str:
        """The public events from index ``start`` on, as the ``events`` field's text (written once)."""
        text = self._events.get(start)
        if text is None:
            entries = self._entries
            first = bisect.bisect_left(entries, start, key=itemgetter(0))
            text = dumps([WireEvent.of(i, e).to_data() for i, e in entries[first:]])
            self._events[start] = text
        return text

    def _write(self, own: dict[str, str], start: int, take_back: bool, burn_in: bool) -> str:
        parts: list[str] = []
        for shared, key in self._pieces:
            parts.append(shared)
            if key == "events":
                parts.append(self.events_since(start))
            elif key == "take_back":
                parts.append("true" if take_back else "false")
            elif key == "burn_in":
                parts.append("true" if burn_in else "false")
            else:
                parts.append(own[key])
        parts.append(self._last)
        return "".join(parts)

    def device(self, seat: int, start: int, take_back: bool, burn_in: bool) -> str:
        """The ``state`` text for ``seat``'s device: its own view fields from its own view (the
        engine's view of that seat, :meth:`~palace_tui.rules.Game.views`), the events from index ``start``."""
        view = self.views.get(seat)
        if view is None:
            view = self.views[seat] = self._game.view(seat)
        own = {
            "seat": str(view.seat),
            "hand": _strings([c.code for c in view.hand]),
            "stage": _strings([str(view.stage)])[1:-1],
            "legal": _strings([m.code() for m in view.legal]),
            "playable_ranks": "[" + ",".join(str(r) for r in sorted(view.playable_ranks)) + "]",
        }
        return self._write(own, start, take_back, burn_in)

    def watcher(self, start: int) -> str:
        """The ``state`` text for a watcher: the public view, the events from index ``start``."""
        return self._write({key: dumps(value) for key, value in self._public.items()}, start, False, False)


#: Text that JSON writes as it is between quotes: card codes, move codes, stages.
_PLAIN = re.compile(r"[A-Za-z0-9 +,_-]*")


def _strings(items: list[str]) -> str:
    """``items`` as a JSON list of strings, as :func:`~palace_tui.net.protocol.dumps` writes it."""
    if not items:
        return "[]"
    if _PLAIN.fullmatch(",".join(items)):
        return '["' + '","'.join(items) + '"]'
    return dumps(items)
