"""What a seat remembers from public events: cards seen going into other hands.

Everybody at the table sees a pile picked up and a face-up card swapped into a
hand, so those cards are known to be in that hand until they are played again.
Feed :meth:`Memory.observe` every list of events :meth:`Game.play` returns.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from palace_tui.rules import Card, Event, Game


class Memory:
    """Known cards in each seat's hand, rebuilt from public events."""

    def __init__(self) -> None:
        self.pile: list[Card] = []
        self.known: dict[int, Counter[Card]] = {}
        self.started = False

    def reset(self) -> None:
        self.pile = []
        self.known = {}

    def observe(self, events: Iterable[Event]) -> None:
        for e in events:
            k = e.kind
            seat = -1 if e.seat is None else e.seat  # these kinds always name a seat
            if k == "played":
                self.pile.extend(e.cards)
                hand = self.known.get(seat)
                if hand:
                    hand.subtract(e.cards)
                    for c in [c for c, n in hand.items() if n <= 0]:
                        del hand[c]
            elif k == "failed" or k == "took":
                self.pile.extend(e.cards)
                self._pick_up(seat)
            elif k == "cleared":
                self.pile = []
            elif k == "swapped":
                # cards = (face-up card now in hand, hand card now face up)
                self.known.setdefault(seat, Counter())[e.cards[0]] += 1
                hand = self.known[seat]
                if hand.get(e.cards[1], 0) > 0:
                    hand[e.cards[1]] -= 1
                    if not hand[e.cards[1]]:
                        del hand[e.cards[1]]

    def _pick_up(self, seat: int) -> None:
        self.known.setdefault(seat, Counter()).update(self.pile)
        self.pile = []

    def known_hands(self, game: Game, seat: int) -> dict[int, Sequence[Card]]:
        """Known cards of the other seats' hands, checked against public counts and the
        public pile (a memory that lost track of the game is dropped, not trusted)."""
        if not self.known:
            return {}
        if [c.code for c in self.pile] != [c.code for c in game.pile]:
            self.reset()
            return {}
        out: dict[int, Sequence[Card]] = {}
        for i, hand in self.known.items():
            if i == seat or i >= len(game.seats):
                continue
            cards = list(hand.elements())
            if len(cards) > game.seats[i].hand_count:
                self.reset()
                return {}
            if cards:
                out[i] = cards
        return out
