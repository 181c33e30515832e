"""Burn-in at one keyboard (the house rule burn_in, rulings 15-16 of docs/house_rules.md).

After a play that leaves one card short of a burn on top of the pile, any player still
in but the one who played it may complete the burn out of turn from their hand. At a
shared keyboard nobody may learn who holds what, so the table asks in public after every
such play, whether or not anyone can (the engine's ``burn_in_open`` stays shut only when
the public cards show the missing ones elsewhere). Who may claim is public (still in,
not the mover); whether a claim is good is the engine's call, tried on a copy so that a
wrong claim changes nothing and says only that the player has no such card.

Computers decide at once, in public: the first in turn order from the seat after the
mover that wants the burn and holds the card takes it. People claim on the public
offer by their seat's number.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from palace_tui.rules import IllegalMove, Move

if TYPE_CHECKING:
    from palace_tui.rules import Event
    from palace_tui.table.session import Session


def open_window(session: Session) -> bool:
    """Whether the table must offer a burn-in now."""
    return session.game.burn_in_open() is not None


def claimants(session: Session) -> list[int]:
    """The seats that may claim, in turn order from the seat after the mover (public facts only)."""
    game = session.game
    mover = game.pile_owner
    n = len(game.seats)
    start = (mover if mover is not None else game.turn) + game.direction
    order = [(start + k * game.direction) % n for k in range(n)]
    return [i for i in order if i != mover and game.seats[i].place is None]


def refusal(session: Session, seat: int) -> str | None:
    """The engine's sentence if ``seat``'s claim is refused (tried on a copy), None if it is good."""
    try:
        session.game.copy().burn_in(seat)
    except IllegalMove as exc:
        return str(exc)
    return None


def computer_claim(session: Session) -> int | None:
    """The computer seat that burns in now, if any: the first in turn order that wants to and can."""
    for seat in claimants(session):
        if session.is_human(seat):
            continue
        if session.computer_wants_burn_in(seat) and refusal(session, seat) is None:
            return seat
    return None


def people_to_ask(session: Session) -> list[int]:
    """The people who may claim (the public offer is for them), in turn order."""
    return [seat for seat in claimants(session) if session.is_human(seat)]


def burn_in(session: Session, seat: int) -> list[Event]:
    """``seat`` completes the burn: the move is played through the session (saved, recorded, seen
    by the computers) and nothing before it can be taken back any more."""
    return session.play_burn_in(Move.burn_in(seat), seat)
