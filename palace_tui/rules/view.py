"""One seat's view of the game: everything it may see and nothing else.

The app renders a seat from a ``SeatView``, never from the whole game, so no
other hand and no unturned face-down card can reach the screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import Card
from .moves import Move
from .text import pile_run_text, requirement_short

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class OtherSeat:
    """What everybody may see of a seat: its name, counts and face-up cards."""

    index: int
    name: str
    hand_count: int
    face_up: tuple[Card, ...]
    face_down_count: int
    place: int | None
    done_setup: bool

    @property
    def out(self) -> bool:
        return self.place is not None


@dataclass(frozen=True)
class SeatView:
    """What ``seat`` may see. ``hand`` is its own hand; ``seats`` holds public facts of all."""

    seat: int
    phase: str
    turn: int
    direction: int
    dealer: int | None
    hand: tuple[Card, ...]
    seats: tuple[OtherSeat, ...]
    stock_count: int
    pile: tuple[Card, ...]
    cleared_count: int
    requirement: str
    pile_run: str
    stage: str
    legal: tuple[Move, ...]
    playable_ranks: frozenset[int]

    @classmethod
    def of(cls, game: "Game", seat: int) -> "SeatView":
        me = game.seats[seat]
        others = tuple(
            OtherSeat(i, s.name, s.hand_count, tuple(s.face_up), len(s.face_down), s.place,
                      game._setup_done[i])
            for i, s in enumerate(game.seats))
        my_turn = game.turn == seat and game.phase != "over"
        legal = tuple(game.legal_moves()) if my_turn else ()
        playable = frozenset(game.playable_ranks()) if my_turn else frozenset()
        return cls(seat=seat, phase=game.phase, turn=game.turn, direction=game.direction,
                   dealer=game.dealer, hand=tuple(me.hand), seats=others,
                   stock_count=len(game.stock), pile=tuple(game.pile),
                   cleared_count=len(game.cleared),
                   requirement=requirement_short(game.rules, game.requirement()),
                   pile_run=pile_run_text(game.pile), stage=game.stage(seat) if game.phase == "play" else game.phase,
                   legal=legal, playable_ranks=playable)

    @property
    def me(self) -> OtherSeat:
        return self.seats[self.seat]

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat and self.phase != "over"

    @property
    def face_up(self) -> tuple[Card, ...]:
        return self.me.face_up

    @property
    def face_down_count(self) -> int:
        return self.me.face_down_count

    def observation_string(self) -> str:
        """A compact text of this view (for logs of what a seat knew, and for tests)."""
        from .cards import cards_text
        lines = [f"seat {self.seat} phase {self.phase} turn {self.turn} dir {self.direction}",
                 f"hand: {cards_text(self.hand)}",
                 f"pile: {cards_text(self.pile)} ({self.requirement})",
                 f"stock {self.stock_count} cleared {self.cleared_count}"]
        for s in self.seats:
            lines.append(f"{s.name}: {s.hand_count} in hand, up {cards_text(s.face_up)}, "
                         f"{s.face_down_count} down" + (f", out {s.place}" if s.place else ""))
        return "\n".join(lines)
