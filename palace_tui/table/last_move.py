"""What the last move changed on the table, for the screen to light up for a moment.

Read from the move's public events and holding no card at all, only *where* the table
changed: the seat that moved, the pile, the cleared cards, the stock, the direction of
play. The screen lights up what it already draws at those places, so the highlight can
never show a card the screen would not show anyway.

>>> from palace_tui.rules import Card, Event
>>> ten = Card.parse("TC")
>>> last_move([Event("played", 2, (ten,)), Event("cleared", 2, (ten,), 5, "ten"), Event("out", 2, (), 1)])
Changes(seat=2, pile=True, cleared=True, stock=False, direction=False)
>>> last_move([Event("swapped", 0, (Card.parse("3C"), Card.parse("9H")))])
Changes(seat=0, pile=False, cleared=False, stock=False, direction=False)
>>> last_move([]) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from palace_tui.rules import Event

#: Event kinds that change the pile: a card on it, the pile taken, the pile cleared.
PILE_KINDS = frozenset({"played", "failed", "took", "cleared"})


@dataclass(frozen=True)
class Changes:
    """Where one move changed the table (no cards: only places)."""

    #: The seat that moved (its row in the seat list), None when no seat did (the game abandoned).
    seat: int | None
    #: The pile changed: a new top, taken up, or cleared.
    pile: bool
    #: Cards went out of play (the pile cleared).
    cleared: bool
    #: Cards were drawn from the stock.
    stock: bool
    #: The direction of play turned round.
    direction: bool


def last_move(events: Sequence[Event]) -> Changes | None:
    """Where the move with these events changed the table (None: it changed nothing to show)."""
    if not events:
        return None
    kinds = {e.kind for e in events}
    seat = next((e.seat for e in events if e.kind != "starts" and e.seat is not None), None)
    return Changes(
        seat=seat,
        pile=bool(kinds & PILE_KINDS),
        cleared="cleared" in kinds,
        stock="drew" in kinds,
        direction="reversed" in kinds,
    )
