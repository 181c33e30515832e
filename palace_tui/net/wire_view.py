"""A seat's view and the public events as plain JSON data, and back.

The host builds a device's view from :meth:`Game.view` (a :class:`~palace_tui.rules.SeatView`)
and nothing else; a watcher's from the same view with every private field emptied
(:func:`public_view`). Cards travel as their codes (``7H``), moves as theirs (``play 7D 7S``).

>>> from palace_tui.rules import Game, Rules
>>> game = Game.deal(Rules.preset("palace"), ["Ann", "Ben"], seed=3)
>>> wire = WireView.of(game.view(0))
>>> WireView.from_data(wire.to_data()) == wire
True
>>> wire.to_seat_view() == game.view(0)
True
>>> public_view(wire).hand, public_view(wire).legal, public_view(wire).seat
((), (), None)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from palace_tui.net.fields import (
    BadMessage,
    exact_keys,
    read_bool,
    read_cards,
    read_int,
    read_ints,
    read_list,
    read_moves,
    read_opt_int,
    read_text,
)
from palace_tui.rules import Card, Event, EventKind, Move, OtherSeat, Phase, SeatView, Stage
from palace_tui.rules.view import PileRun, Requirement

#: The most seats a table has, and the largest count any field may hold (cards in several packs).
MAX_SEATS, MAX_COUNT = 16, 10_000
_PHASES = frozenset(str(p) for p in Phase)
_STAGES = frozenset(str(s) for s in Stage) | _PHASES
_EVENT_KINDS = frozenset(str(k) for k in EventKind)


def _codes(cards: tuple[Card, ...]) -> tuple[str, ...]:
    return tuple(c.code for c in cards)


def _cards(codes: tuple[str, ...]) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in codes)


@dataclass(frozen=True)
class WireSeat:
    """What everybody may see of one seat (:class:`~palace_tui.rules.OtherSeat`)."""

    index: int
    name: str
    hand_count: int
    face_up: tuple[str, ...]
    face_down_count: int
    place: int | None
    done_setup: bool

    def to_data(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "name": self.name,
            "hand_count": self.hand_count,
            "face_up": list(self.face_up),
            "face_down_count": self.face_down_count,
            "place": self.place,
            "done_setup": self.done_setup,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> WireSeat:
        exact_keys(data, ("index", "name", "hand_count", "face_up", "face_down_count", "place", "done_setup"))
        return cls(
            read_int(data, "index", 0, MAX_SEATS - 1),
            read_text(data, "name", 100),
            read_int(data, "hand_count", 0, MAX_COUNT),
            read_cards(data, "face_up"),
            read_int(data, "face_down_count", 0, MAX_COUNT),
            read_opt_int(data, "place", 1, MAX_SEATS),
            read_bool(data, "done_setup"),
        )


@dataclass(frozen=True)
class WireView:
    """One seat's :class:`~palace_tui.rules.SeatView` as wire data (``seat`` None: a watcher's)."""

    seat: int | None
    phase: str
    turn: int
    direction: int
    dealer: int | None
    hand: tuple[str, ...]
    seats: tuple[WireSeat, ...]
    stock_count: int
    pile: tuple[str, ...]
    cleared_count: int
    need: tuple[int, bool]
    run: tuple[int, int]
    stage: str
    legal: tuple[str, ...]
    playable_ranks: tuple[int, ...]
    burn_in: tuple[int, int] | None
    see_through: bool

    @classmethod
    def of(cls, view: SeatView) -> WireView:
        """The wire form of ``view``: every field of it, nothing more."""
        return cls(
            seat=view.seat,
            phase=str(view.phase),
            turn=view.turn,
            direction=view.direction,
            dealer=view.dealer,
            hand=_codes(view.hand),
            seats=tuple(
                WireSeat(s.index, s.name, s.hand_count, _codes(s.face_up), s.face_down_count, s.place, s.done_setup)
                for s in view.seats
            ),
            stock_count=view.stock_count,
            pile=_codes(view.pile),
            cleared_count=view.cleared_count,
            need=(view.need.rank, view.need.low),
            run=(view.run.rank, view.run.count),
            stage=str(view.stage),
            legal=tuple(m.code() for m in view.legal),
            playable_ranks=tuple(sorted(view.playable_ranks)),
            burn_in=view.burn_in,
            see_through=view.see_through,
        )

    def to_seat_view(self) -> SeatView:
        """The :class:`SeatView` this was made from (a seat's view only: a watcher's has no seat)."""
        if self.seat is None:
            raise ValueError("a watcher's view belongs to no seat")
        return SeatView(
            seat=self.seat,
            phase=Phase(self.phase),
            turn=self.turn,
            direction=self.direction,
            dealer=self.dealer,
            hand=_cards(self.hand),
            seats=tuple(
                OtherSeat(s.index, s.name, s.hand_count, _cards(s.face_up), s.face_down_count, s.place, s.done_setup)
                for s in self.seats
            ),
            stock_count=self.stock_count,
            pile=_cards(self.pile),
            cleared_count=self.cleared_count,
            need=Requirement(*self.need),
            run=PileRun(*self.run),
            stage=Stage(self.stage) if self.stage in {str(s) for s in Stage} else Phase(self.stage),
            legal=tuple(Move.from_code(m) for m in self.legal),
            playable_ranks=frozenset(self.playable_ranks),
            burn_in=self.burn_in,
            see_through=self.see_through,
        )

    def to_data(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "phase": self.phase,
            "turn": self.turn,
            "direction": self.direction,
            "dealer": self.dealer,
            "hand": list(self.hand),
            "seats": [s.to_data() for s in self.seats],
            "stock_count": self.stock_count,
            "pile": list(self.pile),
            "cleared_count": self.cleared_count,
            "need": [self.need[0], self.need[1]],
            "run": list(self.run),
            "stage": self.stage,
            "legal": list(self.legal),
            "playable_ranks": list(self.playable_ranks),
            "burn_in": None if self.burn_in is None else list(self.burn_in),
            "see_through": self.see_through,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> WireView:
        keys = (
            "seat", "phase", "turn", "direction", "dealer", "hand", "seats", "stock_count", "pile",
            "cleared_count", "need", "run", "stage", "legal", "playable_ranks", "burn_in", "see_through",
        )  # fmt: skip
        exact_keys(data, keys)
        seats = tuple(WireSeat.from_data(_object(s, "seats")) for s in read_list(data, "seats", MAX_SEATS))
        if not len(seats) >= 2 or [s.index for s in seats] != list(range(len(seats))):
            raise BadMessage("seats must list every seat in order")
        top = len(seats) - 1
        phase = read_text(data, "phase", 20)
        stage = read_text(data, "stage", 20)
        if phase not in _PHASES:
            raise BadMessage(f"phase must be one of {', '.join(sorted(_PHASES))}")
        if stage not in _STAGES:
            raise BadMessage(f"stage must be one of {', '.join(sorted(_STAGES))}")
        need = read_list(data, "need", 2)
        run = read_ints(data, "run", 0, MAX_COUNT, 2)
        burn = data["burn_in"]
        if len(need) != 2 or len(run) != 2:
            raise BadMessage("need and run are pairs")
        direction = read_int(data, "direction", -1, 1)
        if direction == 0:
            raise BadMessage("direction must be 1 or -1")
        return cls(
            seat=read_opt_int(data, "seat", 0, top),
            phase=phase,
            turn=read_int(data, "turn", 0, top),
            direction=direction,
            dealer=read_opt_int(data, "dealer", 0, top),
            hand=read_cards(data, "hand"),
            seats=seats,
            stock_count=read_int(data, "stock_count", 0, MAX_COUNT),
            pile=read_cards(data, "pile"),
            cleared_count=read_int(data, "cleared_count", 0, MAX_COUNT),
            need=(read_int({"need": need[0]}, "need", 0, 99), read_bool({"need": need[1]}, "need")),
            run=(run[0], run[1]),
            stage=stage,
            legal=read_moves(data, "legal"),
            playable_ranks=read_ints(data, "playable_ranks", 0, 99, 20),
            burn_in=None if burn is None else _pair(read_ints(data, "burn_in", 0, MAX_COUNT, 2)),
            see_through=read_bool(data, "see_through"),
        )


def _pair(values: tuple[int, ...]) -> tuple[int, int]:
    if len(values) != 2:
        raise BadMessage("burn_in is a pair: the rank on top and how many cards complete the burn")
    return (values[0], values[1])


def _object(value: object, key: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise BadMessage(f"{key} must hold objects, not {type(value).__name__}")
    return value


#: The fields of a view that may differ from seat to seat; every other field is public and the
#: same in every seat's view of the table at one moment (a watcher's view holds only those).
PRIVATE_FIELDS = ("seat", "hand", "stage", "legal", "playable_ranks")


def public_view(view: WireView) -> WireView:
    """What a watcher (the public screen, a spectator) may see of ``view``: no hand, no moves, no seat."""
    return replace(view, seat=None, hand=(), legal=(), playable_ranks=(), stage=view.phase)


@dataclass(frozen=True)
class WireEvent:
    """One public event (:class:`~palace_tui.rules.Event`) with its running index in the game."""

    index: int
    kind: str
    seat: int | None
    cards: tuple[str, ...]
    count: int
    reason: str

    @classmethod
    def of(cls, index: int, event: Event) -> WireEvent:
        return cls(index, str(event.kind), event.seat, _codes(event.cards), event.count, event.reason)

    def to_event(self) -> Event:
        return Event(EventKind(self.kind), self.seat, _cards(self.cards), self.count, self.reason)

    def to_data(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "kind": self.kind,
            "seat": self.seat,
            "cards": list(self.cards),
            "count": self.count,
            "reason": self.reason,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> WireEvent:
        exact_keys(data, ("index", "kind", "seat", "cards", "count", "reason"))
        kind = read_text(data, "kind", 20)
        if kind not in _EVENT_KINDS:
            raise BadMessage(f"{kind[:20]!r} is not an event kind")
        return cls(
            read_int(data, "index", 0, 10**9),
            kind,
            read_opt_int(data, "seat", 0, MAX_SEATS - 1),
            read_cards(data, "cards"),
            read_int(data, "count", 0, MAX_COUNT),
            read_text(data, "reason", 100),
        )
