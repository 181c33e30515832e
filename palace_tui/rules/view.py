"""One seat's view of the game: everything it may see and nothing else.

The app renders a seat from a ``SeatView``, never from the whole game, so no
other hand and no unturned face-down card can reach the screen. A view holds
facts (cards, counts, ranks), never sentences: ``palace_tui.words`` words them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from palace_tui.rules.cards import RANK_LABELS, Card, cards_text
from palace_tui.rules.kinds import Phase, Stage
from palace_tui.rules.moves import Move
from palace_tui.rules.options import Rules
from palace_tui.rules.text import top_run

if TYPE_CHECKING:
    from palace_tui.rules.game import Game


class Requirement(NamedTuple):
    """What the next play must answer: ``rank`` (0, or a reset card such as the 2: anything
    goes) and whether that rank is low (``low``: that rank or lower)."""

    rank: int
    low: bool = False

    @classmethod
    def of(cls, rules: Rules, rank: int) -> Requirement:
        if rank and rules.power(rank).resets:
            return cls(0)  # a reset card (the 2's power) on top: anything goes
        return cls(rank, bool(rank) and rules.power(rank).low)


class PileRun(NamedTuple):
    """The same-rank run on top of the pile: its rank and how many cards (0, 0 when empty)."""

    rank: int
    count: int  # type: ignore[assignment]  # a public field that shadows tuple.count, kept for callers


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
    phase: Phase
    turn: int
    direction: int
    dealer: int | None
    hand: tuple[Card, ...]
    seats: tuple[OtherSeat, ...]
    stock_count: int
    pile: tuple[Card, ...]
    cleared_count: int
    need: Requirement
    run: PileRun
    stage: Stage | Phase  # the seat's stage in the play phase, else the phase
    legal: tuple[Move, ...]
    playable_ranks: frozenset[int]
    #: burn_in: the open window (the rank on top and how many cards complete the burn), public.
    burn_in: tuple[int, int] | None = None
    #: The top of the pile is see-through (its rank is not the one answered): public.
    see_through: bool = False

    @classmethod
    def of(cls, game: Game, seat: int) -> SeatView:
        return cls.every(game, (seat,))[0]

    @classmethod
    def every(cls, game: Game, seats: Iterable[int]) -> list[SeatView]:
        """The views of ``seats``, the public part worked out once and shared: each is
        ``SeatView.of(game, seat)`` (a host sends every device of a table its own after each move)."""
        others = tuple(
            OtherSeat(i, s.name, s.hand_count, tuple(s.face_up), len(s.face_down), s.place, game.setup_done(i))
            for i, s in enumerate(game.seats)
        )
        phase, turn = game.phase, game.turn
        need = Requirement.of(game.rules, game.requirement())
        run = PileRun(*top_run(game.pile))
        burn_in = game.burn_in_open()
        see_through = bool(game.pile) and game.rules.power(game.pile[-1].rank).see_through
        pile, stock_count, cleared_count = tuple(game.pile), len(game.stock), len(game.cleared)
        views = []
        for seat in seats:
            my_turn = turn == seat and phase != "over"
            views.append(
                cls(
                    seat=seat,
                    phase=phase,
                    turn=turn,
                    direction=game.direction,
                    dealer=game.dealer,
                    hand=tuple(game.seats[seat].hand),
                    seats=others,
                    stock_count=stock_count,
                    pile=pile,
                    cleared_count=cleared_count,
                    need=need,
                    run=run,
                    stage=game.stage(seat) if phase == "play" else phase,
                    legal=tuple(game.legal_moves()) if my_turn else (),
                    playable_ranks=frozenset(game.playable_ranks()) if my_turn else frozenset(),
                    burn_in=burn_in,
                    see_through=see_through,
                )
            )
        return views

    @property
    def me(self) -> OtherSeat:
        return self.seats[self.seat]

    @property
    def face_up(self) -> tuple[Card, ...]:
        return self.me.face_up

    @property
    def face_down_count(self) -> int:
        return self.me.face_down_count

    def observation_string(self) -> str:
        """A compact text of this view, facts only (for logs of what a seat knew, and for tests).

        The pile's requirement is its rank (``need 9``, ``need 7 low``, ``need -`` when anything
        goes); :func:`palace_tui.words.requirement_text` words it for a player.
        """
        need = RANK_LABELS.get(self.need.rank, "-") + (" low" if self.need.low else "")
        lines = [
            f"seat {self.seat} phase {self.phase} turn {self.turn} dir {self.direction}",
            f"hand: {cards_text(self.hand)}",
            f"pile: {cards_text(self.pile)} (need {need})",
            f"stock {self.stock_count} cleared {self.cleared_count}",
        ]
        for s in self.seats:
            lines.append(
                f"{s.name}: {s.hand_count} in hand, up {cards_text(s.face_up)}, "
                f"{s.face_down_count} down" + (f", out {s.place}" if s.place else "")
            )
        return "\n".join(lines)
