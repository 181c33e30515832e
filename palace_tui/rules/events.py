"""Public events: what everybody at the table saw a move do.

An event never holds a private card: a draw records how many cards, not which.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from .cards import Card, cards_text, rank_plural

#: Event kinds, in the order a move can cause them.
EVENT_KINDS = ("swapped", "ready", "chose", "starts", "played", "flipped", "failed", "reversed",
               "cleared", "drew", "took", "out", "over", "abandoned")


class Event(NamedTuple):
    """One public happening. ``seat`` is who did it; ``cards`` are public cards only."""

    kind: str
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    count: int = 0
    reason: str = ""

    def text(self, names: Sequence[str]) -> str:
        """A sentence for the log, with seat names (never "you")."""
        who = names[self.seat] if self.seat is not None else ""
        k = self.kind
        if k == "played":
            return f"{who} played {cards_text(self.cards)}"
        if k == "flipped":
            return f"{who} turned over {cards_text(self.cards)}"
        if k == "failed":
            return f"{who}'s {cards_text(self.cards)} can't go there: {who} takes it with the pile ({_cards(self.count)})"
        if k == "reversed":
            return "Play changes direction"
        if k == "cleared":
            if self.reason == "ten":
                return f"{who} cleared the pile with a 10 ({_cards(self.count)})"
            rank = self.cards[0].rank if self.cards else None
            what = f"four {rank_plural(rank)}" if rank else "four of a kind"
            return f"{who} cleared the pile with {what} ({_cards(self.count)})"
        if k == "drew":
            return f"{who} drew {_cards(self.count)}"
        if k == "took":
            extra = f", adding {cards_text(self.cards)}" if self.cards else ""
            return f"{who} took the pile ({_cards(self.count)}{extra})"
        if k == "out":
            return f"{who} is out ({_ordinal(self.count)})"
        if k == "swapped":
            return f"{who} swapped {cards_text(self.cards[1:])} into the face-up row"
        if k == "ready":
            return f"{who} is ready"
        if k == "chose":
            return f"{who} laid {cards_text(self.cards)} face up"
        if k == "starts":
            return f"{who} leads" + (f" ({self.reason})" if self.reason else "")
        if k == "over":
            return "Game over" + (f": {self.reason}" if self.reason else "")
        if k == "abandoned":
            return "The game was abandoned: no result"
        return k


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")
