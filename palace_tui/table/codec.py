"""The session's saved shape: events as plain lists, the shape check, and saves of version 1.

A session is saved as one dict (see :meth:`~palace_tui.table.session.Session.to_dict`)
inside the store's envelope, which carries the session's only version. The dict holds
the game's own dict (``rules.saving.to_dict``, with the engine's own format tag) directly and
one history of public events:

``log`` (header lines), ``log_total``, ``log_from`` and ``events`` (``[index, kind,
seat, "7H 7D", count, reason]``). A save written by palace-tui up to this change
(version 1) held its own ``format`` and ``version``, the game as JSON text, and the
events twice (the log's and the recap's); :func:`migrate_v1` reads it into today's shape.

>>> from palace_tui.rules import Card
>>> event_to_list(3, Event("played", 1, (Card.parse("7H"), Card.parse("7D"))))
[3, 'played', 1, '7H 7D', 0, '']
>>> event_from_list([3, 'played', 1, '7H 7D', 0, ''])[1].cards == (Card.parse("7H"), Card.parse("7D"))
True
"""

from __future__ import annotations

import itertools
import json
from dataclasses import asdict
from typing import TYPE_CHECKING, Any, TypeGuard, TypeVar

from palace_tui.names import clean_name, clean_text
from palace_tui.rules import Card, Event, Move, Rules
from palace_tui.rules.cards import cards_code, parse_cards
from palace_tui.rules.kinds import EventKind
from palace_tui.rules.saving import from_dict, to_dict
from palace_tui.rules.validate import check_no_extra_cards
from palace_tui.table.history import UNLOGGED, History, log_entry_text
from palace_tui.table.seats import SeatConfig

if TYPE_CHECKING:
    from palace_tui.table.session import Session

S = TypeVar("S", bound="Session")

#: The format name and last version of the session's own envelope (saves of version 1 only).
V1_FORMAT = "palace-tui-session"
V1_VERSION = 1
EVENT_KINDS = frozenset(k.value for k in EventKind)


def damaged(what: str) -> ValueError:
    """The error for a saved session that cannot be used, saying what is wrong."""
    return ValueError(f"the saved session is damaged: {what}")


def event_to_list(index: int, event: Event) -> list[Any]:
    """A kept public event as plain JSON data: ``[index, kind, seat, "7H 7D", count, reason]``."""
    return [index, event.kind, event.seat, " ".join(c.code for c in event.cards), event.count, event.reason]


def event_from_list(data: list[Any]) -> tuple[int, Event]:
    """Read :func:`event_to_list` back (ValueError or TypeError when damaged)."""
    index, kind, seat, cards, count, reason = data
    parsed = tuple(Card.parse(c) for c in str(cards).split())
    if str(kind) not in EVENT_KINDS:
        raise damaged(f"it has an event of no known kind ({str(kind)[:20]!r})")
    return int(index), Event(EventKind(kind), None if seat is None else int(seat), parsed, int(count), str(reason))


def history_to_data(history: History) -> dict[str, Any]:
    """The history's part of the session dict."""
    return {
        "log": list(history.header),
        "log_total": history.total,
        "log_from": history.logged_from,
        "events": [event_to_list(i, e) for i, e in history.entries],
    }


def history_from_data(data: dict[str, Any], seats: int) -> History:
    """Read :func:`history_to_data` back from a checked session dict; ValueError when it is damaged."""
    entries = [event_from_list(x) for x in data.get("events", [])]
    check_events(entries, seats)
    return History(
        [str(x) for x in data.get("log", [])],
        entries,
        int(data.get("log_total", len(data.get("log", [])))),
        int(data.get("log_from", 0)),
    )


def check_events(entries: list[tuple[int, Event]], seats: int) -> None:
    """Raise ValueError unless every event is of a known kind, names a seat, and they are in order."""
    for _, event in entries:
        if event.kind not in EVENT_KINDS:
            raise damaged(f"it has an event of no known kind ({event.kind[:20]!r})")
        if event.seat is not None and not 0 <= event.seat < seats:
            raise damaged(f"an event names seat {event.seat}, which is not a seat")
        if event.kind == "drew" and event.cards:
            raise damaged("a draw names the cards drawn")
    indices = [i for i, _ in entries]
    if any(a >= b for a, b in itertools.pairwise(indices)) or any(i < 0 for i in indices[:1]):
        raise damaged("its events are out of order")


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def check_session_shape(data: dict[str, Any]) -> None:
    """Raise ValueError unless the session's fields have the types :meth:`Session.to_dict` writes."""
    seats = data.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, dict) and isinstance(s.get("name"), str) for s in seats):
        raise damaged("its seats are not a list of named seats")
    for s in seats:
        if any(not isinstance(s.get(k, True), bool) for k in ("human", "coach")) or not isinstance(
            s.get("level", ""), str
        ):
            raise damaged(f"seat {s['name']!r} is neither clearly human nor computer")
    if not isinstance(data.get("rules"), dict) or not isinstance(data.get("game"), dict):
        raise damaged("its rules or its game are missing")
    for key in ("game_number", "log_total", "log_from"):
        value = data.get(key, 0)
        if not _whole(value) or not 0 <= value <= 10**9:
            raise damaged(f"its {key.replace('_', ' ')} {value!r} is impossible")
    for key in ("seed", "viewer"):
        value = data.get(key)
        if value is not None and not _whole(value):
            raise damaged(f"its {key} {value!r} is not a whole number")
    if not isinstance(data.get("recorded", False), bool):
        raise damaged("its recorded flag is not true or false")
    if not isinstance(data.get("log", []), list) or not isinstance(data.get("events", []), list):
        raise damaged("its log or events are not lists")
    if not all(isinstance(e, list) and len(e) == 6 for e in data.get("events", [])):
        raise damaged("an event is not a list of six values")
    if not all(isinstance(x, str) for x in data.get("log", [])):
        raise damaged("a log line is not text")
    for key in ("table_id", "game_id", "started"):
        if not isinstance(data.get(key, ""), str):
            raise damaged(f"its {key.replace('_', ' ')} is not text")
    if data.get("preset") is not None and not isinstance(data.get("preset"), str):
        raise damaged("its preset is not text")


def _no_constant(text: str) -> float:
    raise ValueError(f"{text} is not a number a save can hold")


def migrate_v1(data: dict[str, Any]) -> dict[str, Any]:
    """A version 1 session dict in today's shape; ValueError saying what is wrong when it can't be read.

    Version 1 kept the log (a header, then events without indices, or an older save's
    lines as text) apart from the recap's last events (with indices). The log's events
    are matched to the indexed ones from the end; the older log events take the indices
    before them. A log that does not match is kept as its text, worded as it was.
    """
    if data.get("format") != V1_FORMAT:
        raise ValueError("this is not a palace-tui session")
    version = data.get("version")
    if not _whole(version) or version < 1:
        raise damaged("it has no valid version")
    if version > V1_VERSION:
        raise ValueError("this session was saved by a newer palace-tui")
    log, game = data.get("log", []), data.get("game")
    if not isinstance(log, list) or not all(isinstance(x, str) or (isinstance(x, list) and len(x) == 5) for x in log):
        raise damaged("a log line is neither text nor an event")
    if not isinstance(game, str):
        raise damaged("its rules or its game are missing")
    try:
        game_data = json.loads(game, parse_constant=_no_constant)
    except RecursionError:
        raise damaged("its game is not valid JSON (nested too deeply)") from None
    except (ValueError, TypeError) as exc:
        raise damaged(f"its game is not valid JSON ({exc})") from None
    events = data.get("events", [])
    if not isinstance(events, list) or not all(isinstance(e, list) and len(e) == 6 for e in events):
        raise damaged("an event is not a list of six values")
    seats = data.get("seats")
    names = [str(s.get("name")) if isinstance(s, dict) else "" for s in seats] if isinstance(seats, list) else []
    try:
        indexed = [event_from_list(x) for x in events]
        entries: list[str | Event] = [x if isinstance(x, str) else event_from_list([0, *x])[1] for x in log]
    except (TypeError, ValueError, OverflowError) as exc:
        raise damaged(repr(exc)) from None
    check_events(indexed, len(names))
    check_events([(k, e) for k, e in enumerate(entries) if isinstance(e, Event)], len(names))
    history = _merge(entries, indexed, names)
    out = {k: v for k, v in data.items() if k not in ("format", "version", "dealer", "log", "events")}
    out["game"] = game_data
    return {**out, **history_to_data(history), "log_total": data.get("log_total", len(log))}


def _merge(entries: list[str | Event], indexed: list[tuple[int, Event]], names: list[str]) -> History:
    """One history from version 1's log entries and indexed events (see :func:`migrate_v1`)."""
    header: list[str] = []
    while len(header) < len(entries) and isinstance(entries[len(header)], str):
        header.append(str(entries[len(header)]))
    logged = [e for e in entries[len(header) :] if isinstance(e, Event)]
    shown = [e for _, e in indexed if e.kind != UNLOGGED]
    first = (indexed[0][0] if indexed else 0) - (len(logged) - len(shown))
    if (
        len(logged) == len(entries) - len(header)
        and indexed
        and len(logged) >= len(shown)
        and logged[len(logged) - len(shown) :] == shown
        and first >= 0
    ):
        older = [(first + k, e) for k, e in enumerate(logged[: len(logged) - len(shown)])]
        return History(header, older + indexed, 0, first)
    # Not the shape version 1 wrote (or no indexed events to match): keep the log as the text it showed.
    return History([log_entry_text(x, names) for x in entries], indexed, 0, indexed[-1][0] + 1 if indexed else 0)


def session_to_data(session: Session) -> dict[str, Any]:
    """The session as the plain dict the store saves (see :meth:`Session.to_dict`)."""
    return {
        "table_id": session.table_id,
        "seats": [asdict(s) for s in session.seats],
        "rules": session.rules.saved_dict(),
        "preset": session.preset,
        "seed": session.seed,
        "game": to_dict(session.game),
        "game_number": session.game_number,
        "game_id": session.game_id,
        "started": session.started,
        "viewer": session.viewer,
        "recorded": session.recorded,
        **history_to_data(session.public_history),
        "deck": None if session.deck is None else cards_code(session.deck),
        "history": None if session.history is None else [m.code() for m in session.history],
        "same_deal_as": session.same_deal_as,
        "judged": dict(session.judged),
        **({"rules_name": session.rules_name} if session.rules_name else {}),
    }


def session_from_data(cls: type[S], data: dict[str, Any]) -> S:
    """Read :func:`session_to_data` (or a save of version 1) back as a ``cls``; ValueError saying
    what is wrong when it is damaged."""
    if not isinstance(data, dict):
        raise ValueError("this is not a palace-tui session")
    if "format" in data:
        data = migrate_v1(data)
    check_session_shape(data)
    try:
        seats = [
            SeatConfig(
                str(s["name"]), bool(s.get("human", True)), str(s.get("level", "random")), bool(s.get("coach", True))
            )
            for s in data["seats"]
        ]
        game = from_dict(data["game"])
        viewer = data.get("viewer")
        session = cls(
            table_id=str(data["table_id"]),
            seats=seats,
            rules=Rules(**data["rules"]),
            preset=data.get("preset"),
            seed=data.get("seed"),
            game=game,
            game_number=int(data.get("game_number", 0)),
            game_id=str(data.get("game_id", "")),
            started=str(data.get("started", "")),
            recorded=bool(data.get("recorded", False)),
            public_history=history_from_data(data, len(seats)),
            shown=viewer if isinstance(viewer, int) else None,
        )
        session.public_history.header = [clean_text(x) for x in session.public_history.header]
        if isinstance(data.get("deck"), str) and isinstance(data.get("history"), list):
            try:
                session.deck = parse_cards(data["deck"])
                session.history = [Move.from_code(str(code)) for code in data["history"]]
            except ValueError:  # a damaged history only costs this game's review, not the game
                session.deck = session.history = None
            session.same_deal_as = str(data.get("same_deal_as") or "")
        if isinstance(data.get("rules_name"), str):  # saves from before named sets have none
            session.rules_name = clean_name(data["rules_name"])
        judged = data.get("judged")
        if isinstance(judged, dict):
            # Only a review's head start: what does not look like a judgement is judged again.
            session.judged = {k: v for k, v in judged.items() if isinstance(k, str) and isinstance(v, list | None)}
    except (KeyError, TypeError, IndexError, OverflowError, RecursionError) as exc:
        raise ValueError(f"the saved session is damaged ({exc!r})") from None
    _check_session(session)
    return session


def _check_session(session: Session) -> None:
    """Raise ValueError when a session read from a save disagrees with itself."""
    game, n = session.game, len(session.game.seats)
    if len(session.seats) != n:
        raise damaged("seats and game disagree")
    if not to_dict(game)["full_deck"]:
        # A table set up from a position (tests, lessons) is not a whole deck; a save that turned
        # its deck check off still may not hold a card twice.
        check_no_extra_cards(game)
    if session.viewer is not None and not 0 <= session.viewer < n:
        raise damaged(f"the screen shows seat {session.viewer}, which is not a seat")
    if session.rules != game.rules:
        raise damaged("the table's rules and the game's disagree")
