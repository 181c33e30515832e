"""The messages between the host and its devices: versioned JSON, every field checked.

Each message is one JSON object in one websocket text frame: ``{"v": 1, "type": "move",
"move": "play 7D 7S"}``. ``v`` is :data:`VERSION`; ``type`` names the message; the other
keys are exactly the message's fields (a missing or unknown key is refused, as is a wrong
type, a card that is not a card code or a move that is not a move code). Never pickle:
only JSON crosses the wire, and :func:`decode_request` / :func:`decode_update` refuse
anything else with :class:`BadMessage` and a reason. A device sends requests
(:data:`REQUESTS`); the host sends updates (:data:`UPDATES`). ``docs/own_device.md`` has the
table of them all.

>>> text = encode(MoveRequest("play 7D 7S"))
>>> text
'{"v":1,"type":"move","move":"play 7D 7S"}'
>>> decode_request(text)
MoveRequest(move='play 7D 7S')
>>> decode_request('{"v":1,"type":"move","move":"play 7D 7S","seat":2}')
Traceback (most recent call last):
...
palace_tui.net.fields.BadMessage: move: unknown field seat
>>> decode_request('{"v":2,"type":"leave"}')
Traceback (most recent call last):
...
palace_tui.net.fields.BadMessage: this host speaks version 1 of the protocol, not 2: use the same palace on both
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from palace_tui.net.fields import (
    BadMessage,
    exact_keys,
    move_code,
    read_bool,
    read_int,
    read_list,
    read_object,
    read_opt_int,
    read_opt_text,
    read_text,
    read_texts,
)
from palace_tui.net.wire_view import MAX_SEATS, WireEvent, WireView

__all__ = ["REQUESTS", "UPDATES", "VERSION", "BadMessage", "decode_request", "decode_update", "encode"]

#: The protocol's version: a device and a host of different versions refuse each other with a reason.
VERSION = 1
#: The largest request a device may send, in bytes of UTF-8 (a real one is under 200).
MAX_REQUEST_BYTES = 4096
#: The largest update the host sends (a view of a two-pack table with its events is a few kilobytes).
MAX_UPDATE_BYTES = 262_144
#: A room code's letters: no 0/O, 1/I/L, so a code read aloud or off a screen is typed right.
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
#: How long a room code is, and the longest seat token accepted.
CODE_LENGTH, MAX_TOKEN = 6, 64


class Message:
    """A message of the protocol: its ``TYPE`` on the wire, and its fields as plain data."""

    TYPE: ClassVar[str] = ""

    def to_data(self) -> dict[str, Any]:
        """The fields as JSON-able data (without ``v`` and ``type``)."""
        return {}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Message:
        """Read the fields (``v`` and ``type`` taken off); BadMessage says what is wrong."""
        exact_keys(data, ())
        return cls()


def room_code(value: object) -> str:
    """``value`` as a room code (upper case, the code's letters), or BadMessage."""
    if isinstance(value, str):
        code = value.strip().upper()
        if len(code) == CODE_LENGTH and all(c in CODE_LETTERS for c in code):
            return code
    raise BadMessage(f"a room code is {CODE_LENGTH} letters and digits, like KX4P2M")


# ------------------------------------------------------------------ device to host


@dataclass(frozen=True)
class JoinRequest(Message):
    """Sit at the table in room ``room``: by ``token`` (rejoin), by seat ``name``, any free seat
    (neither), or as a watcher of the public table (``watch``)."""

    TYPE: ClassVar[str] = "join"
    room: str
    name: str | None = None
    token: str | None = None
    watch: bool = False

    def to_data(self) -> dict[str, Any]:
        return {"room": self.room, "name": self.name, "token": self.token, "watch": self.watch}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> JoinRequest:
        exact_keys(data, ("room", "name", "token", "watch"))
        return cls(
            room_code(data["room"]),
            read_opt_text(data, "name", 100),
            read_opt_text(data, "token", MAX_TOKEN),
            read_bool(data, "watch"),
        )


@dataclass(frozen=True)
class MoveRequest(Message):
    """Make ``move`` (its code: ``play 7D 7S``, ``take``, ``flip 0``, ``swap 3C KD``) for this device's seat."""

    TYPE: ClassVar[str] = "move"
    move: str

    def to_data(self) -> dict[str, Any]:
        return {"move": self.move}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> MoveRequest:
        exact_keys(data, ("move",))
        return cls(move_code(data["move"], "move"))


@dataclass(frozen=True)
class TakeBackRequest(Message):
    """Take back this seat's latest move (while nothing new was revealed and nobody else moved)."""

    TYPE: ClassVar[str] = "take_back"


@dataclass(frozen=True)
class BurnInRequest(Message):
    """Complete the burn on the pile out of turn, for this device's seat (house rule burn_in)."""

    TYPE: ClassVar[str] = "burn_in"


@dataclass(frozen=True)
class CoachRequest(Message):
    """Ask the coach what this seat should do now (answered with :class:`AdviceUpdate`)."""

    TYPE: ClassVar[str] = "coach"


@dataclass(frozen=True)
class AgainRequest(Message):
    """The game is over: deal the next one at the same table."""

    TYPE: ClassVar[str] = "again"


@dataclass(frozen=True)
class ReviewRequest(Message):
    """The game is over: send its game file to review on this device (answered with :class:`GameFileUpdate`)."""

    TYPE: ClassVar[str] = "review"


@dataclass(frozen=True)
class LeaveRequest(Message):
    """This device leaves; its seat waits for it (its token still rejoins)."""

    TYPE: ClassVar[str] = "leave"


# ------------------------------------------------------------------ host to device


@dataclass(frozen=True)
class WelcomeUpdate(Message):
    """You sit at ``seat`` (None: you watch) of room ``room``; ``token`` takes the seat back after a drop."""

    TYPE: ClassVar[str] = "welcome"
    room: str
    seat: int | None
    token: str | None
    names: tuple[str, ...]
    humans: tuple[int, ...]
    rules: str
    game: int

    def to_data(self) -> dict[str, Any]:
        return {
            "room": self.room,
            "seat": self.seat,
            "token": self.token,
            "names": list(self.names),
            "humans": list(self.humans),
            "rules": self.rules,
            "game": self.game,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> WelcomeUpdate:
        exact_keys(data, ("room", "seat", "token", "names", "humans", "rules", "game"))
        names = read_texts(data, "names", 100)
        if not 2 <= len(names) <= MAX_SEATS:
            raise BadMessage(f"names must list 2 to {MAX_SEATS} seats")
        return cls(
            room_code(data["room"]),
            read_opt_int(data, "seat", 0, len(names) - 1),
            read_opt_text(data, "token", MAX_TOKEN),
            names,
            tuple(read_int({"humans": h}, "humans", 0, len(names) - 1) for h in read_list(data, "humans", MAX_SEATS)),
            read_text(data, "rules"),
            read_int(data, "game", 1, 10**9),
        )


@dataclass(frozen=True)
class StateUpdate(Message):
    """The table now, as this device may see it: its seat's view (a watcher's: the public view),
    the public events since the last update, whose turn it is, and what this seat may ask for."""

    TYPE: ClassVar[str] = "state"
    #: Which game of the table this is (1 for the first; a new number starts a new log).
    game: int
    view: WireView
    #: The log's header lines ("Game 2: Ann deals").
    header: tuple[str, ...]
    #: The public events since this device's last update, each with its index in the game.
    events: tuple[WireEvent, ...]
    #: The index the game's next event will get: a device drops any event it holds from there on
    #: (a take-back went back past them).
    events_end: int
    to_act: int | None
    #: Whether this seat may take its latest move back now.
    take_back: bool
    #: Whether this seat may claim the burn now (the window is open and it is a claimant).
    burn_in: bool

    def to_data(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "view": self.view.to_data(),
            "header": list(self.header),
            "events": [e.to_data() for e in self.events],
            "events_end": self.events_end,
            "to_act": self.to_act,
            "take_back": self.take_back,
            "burn_in": self.burn_in,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> StateUpdate:
        exact_keys(data, ("game", "view", "header", "events", "events_end", "to_act", "take_back", "burn_in"))
        view = WireView.from_data(read_object(data, "view"))
        events = tuple(WireEvent.from_data(read_object({"events": e}, "events")) for e in read_list(data, "events"))
        return cls(
            read_int(data, "game", 1, 10**9),
            view,
            read_texts(data, "header"),
            events,
            read_int(data, "events_end", 0, 10**9),
            read_opt_int(data, "to_act", 0, len(view.seats) - 1),
            read_bool(data, "take_back"),
            read_bool(data, "burn_in"),
        )


@dataclass(frozen=True)
class SeatsUpdate(Message):
    """Who is at the table: for each seat, whether a device holds it now (computers always do), and
    whether a computer plays it while its person is away (``stand_in``: after the host's grace time)."""

    TYPE: ClassVar[str] = "seats"
    present: tuple[bool, ...]
    watchers: int
    stand_in: tuple[bool, ...] = ()

    def __post_init__(self) -> None:
        if not self.stand_in:
            object.__setattr__(self, "stand_in", (False,) * len(self.present))

    def to_data(self) -> dict[str, Any]:
        return {"present": list(self.present), "watchers": self.watchers, "stand_in": list(self.stand_in)}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> SeatsUpdate:
        exact_keys(data, ("present", "watchers", "stand_in"))
        present = tuple(read_bool({"present": p}, "present") for p in read_list(data, "present", MAX_SEATS))
        stand_in = tuple(read_bool({"stand_in": p}, "stand_in") for p in read_list(data, "stand_in", MAX_SEATS))
        if len(stand_in) != len(present):
            raise BadMessage("stand_in must have one entry a seat, as present has")
        return cls(present, read_int(data, "watchers", 0, 10**6), stand_in)


@dataclass(frozen=True)
class NoteUpdate(Message):
    """A sentence for every device about the table, not a move: someone left and a computer
    plays for them, or they are back."""

    TYPE: ClassVar[str] = "note"
    text: str

    def to_data(self) -> dict[str, Any]:
        return {"text": self.text}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> NoteUpdate:
        exact_keys(data, ("text",))
        return cls(read_text(data, "text"))


@dataclass(frozen=True)
class ResultsUpdate(Message):
    """The game is over: seats in the order they went out, the loser, the points by seat."""

    TYPE: ClassVar[str] = "results"
    order: tuple[int, ...]
    winner: int | None
    loser: int | None
    points: tuple[int, ...]
    abandoned: bool

    def to_data(self) -> dict[str, Any]:
        return {
            "order": list(self.order),
            "winner": self.winner,
            "loser": self.loser,
            "points": list(self.points),
            "abandoned": self.abandoned,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> ResultsUpdate:
        exact_keys(data, ("order", "winner", "loser", "points", "abandoned"))
        top = MAX_SEATS - 1
        return cls(
            tuple(read_int({"order": s}, "order", 0, top) for s in read_list(data, "order", MAX_SEATS)),
            read_opt_int(data, "winner", 0, top),
            read_opt_int(data, "loser", 0, top),
            tuple(read_int({"points": p}, "points", -(10**6), 10**6) for p in read_list(data, "points", MAX_SEATS)),
            read_bool(data, "abandoned"),
        )


@dataclass(frozen=True)
class RefusedUpdate(Message):
    """A request was refused (an illegal move, a take-back too late): the engine's own sentence.
    The connection stays open."""

    TYPE: ClassVar[str] = "refused"
    request: str
    reason: str

    def to_data(self) -> dict[str, Any]:
        return {"request": self.request, "reason": self.reason}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> RefusedUpdate:
        exact_keys(data, ("request", "reason"))
        return cls(read_text(data, "request", 20), read_text(data, "reason"))


@dataclass(frozen=True)
class AdviceUpdate(Message):
    """The coach's move for this seat and its sentence (built from this seat's view only)."""

    TYPE: ClassVar[str] = "advice"
    move: str
    reason: str

    def to_data(self) -> dict[str, Any]:
        return {"move": self.move, "reason": self.reason}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> AdviceUpdate:
        exact_keys(data, ("move", "reason"))
        return cls(move_code(data["move"], "move"), read_text(data, "reason"))


@dataclass(frozen=True)
class GameFileUpdate(Message):
    """The game just over as a game file (:mod:`palace_tui.rules.gamefile`: the deal and every
    move, every card face up now that it is over), for the review on the device that asked."""

    TYPE: ClassVar[str] = "game_file"
    text: str

    def to_data(self) -> dict[str, Any]:
        return {"text": self.text}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> GameFileUpdate:
        exact_keys(data, ("text",))
        return cls(read_text(data, "text", MAX_UPDATE_BYTES))


@dataclass(frozen=True)
class ErrorUpdate(Message):
    """The last thing sent on this connection: why the host closes it (a bad message, a wrong
    room code, the room closed, the seat opened on another device)."""

    TYPE: ClassVar[str] = "error"
    reason: str

    def to_data(self) -> dict[str, Any]:
        return {"reason": self.reason}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> ErrorUpdate:
        exact_keys(data, ("reason",))
        return cls(read_text(data, "reason"))


#: What a device may send, by type.
REQUESTS: dict[str, type[Message]] = {
    m.TYPE: m
    for m in (
        JoinRequest,
        MoveRequest,
        TakeBackRequest,
        BurnInRequest,
        CoachRequest,
        AgainRequest,
        ReviewRequest,
        LeaveRequest,
    )
}
#: What the host sends, by type.
UPDATES: dict[str, type[Message]] = {
    m.TYPE: m
    for m in (
        WelcomeUpdate,
        StateUpdate,
        SeatsUpdate,
        NoteUpdate,
        ResultsUpdate,
        RefusedUpdate,
        AdviceUpdate,
        GameFileUpdate,
        ErrorUpdate,
    )
}


def dumps(data: object) -> str:
    """``data`` as compact JSON, as every update is written (a part written alone reads as it
    would inside the whole: :mod:`~palace_tui.net.state_texts` joins parts written once)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def encode(message: Message) -> str:
    """``message`` as its one line of JSON (compact; cards and names as they are)."""
    return dumps({"v": VERSION, "type": message.TYPE, **message.to_data()})


def _decode(text: str | bytes, kinds: dict[str, type[Message]], limit: int, what: str) -> Message:
    if not isinstance(text, str):
        raise BadMessage(f"{what} are JSON text, not binary")
    if len(text) > limit or len(text.encode("utf-8", "surrogatepass")) > limit:
        raise BadMessage(f"{what} are at most {limit} bytes")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise BadMessage(f"{what} are JSON objects, and this was not JSON") from None
    if not isinstance(data, dict):
        raise BadMessage(f"{what} are JSON objects, not {type(data).__name__}")
    version = data.pop("v", None)
    if version != VERSION or isinstance(version, bool):
        raise BadMessage(
            f"this host speaks version {VERSION} of the protocol, not {str(version)[:10]}: use the same palace on both"
        )
    kind = data.pop("type", None)
    if not isinstance(kind, str) or kind not in kinds:
        shown = repr(kind)[:30] if isinstance(kind, str) else type(kind).__name__
        raise BadMessage(f"{shown} is not one of the {what}: {', '.join(kinds)}")
    try:
        return kinds[kind].from_data(data)
    except BadMessage as exc:
        raise BadMessage(f"{kind}: {exc}") from None


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not JSON")


def decode_request(text: str | bytes) -> Message:
    """A device's request read from its frame; BadMessage (with the reason) for anything else."""
    return _decode(text, REQUESTS, MAX_REQUEST_BYTES, "requests")


def decode_update(text: str | bytes) -> Message:
    """A host's update read from its frame; BadMessage (with the reason) for anything else."""
    return _decode(text, UPDATES, MAX_UPDATE_BYTES, "updates")
