"""What a seat remembers from public events: cards seen going into other hands.

Everybody at the table sees a pile picked up and a face-up card swapped into a
hand, so those cards are known to be in that hand until they are played again.
Feed :meth:`Memory.observe` every list of events :meth:`Game.play` returns.
"""

from __future__ import annotations

from collections import Counter

from ..rules import Game


class Memory:
    """Known cards in each seat's hand, rebuilt from public events."""

    def __init__(self) -> None:
        self.pile: list = []
        self.known: dict[int, Counter] = {}
        #: Takes of a pile of 3+ cards from the hand, by seat, since that seat last drew:
        #: the ranks of the pile taken. A player who takes such a pile usually had no
        #: card that went on it (see :meth:`voids`).
        self.takes: dict[int, list[tuple[int, ...]]] = {}
        self.started = False

    def reset(self) -> None:
        self.pile = []
        self.known = {}
        self.takes = {}

    def observe(self, events) -> None:
        for e in events:
            k = e.kind
            if k == "played":
                self.pile.extend(e.cards)
                hand = self.known.get(e.seat)
                if hand:
                    hand.subtract(e.cards)
                    for c in [c for c, n in hand.items() if n <= 0]:
                        del hand[c]
            elif k == "failed":
                self.pile.extend(e.cards)
                self.takes.pop(e.seat, None)
                self._pick_up(e.seat)
            elif k == "took":
                if not e.cards and len(self.pile) > 2:
                    self.takes.setdefault(e.seat, []).append(tuple(c.rank for c in self.pile))
                self.pile.extend(e.cards)
                self._pick_up(e.seat)
            elif k == "drew":
                self.takes.pop(e.seat, None)
            elif k == "cleared":
                self.pile = []
            elif k == "swapped":
                # cards = (face-up card now in hand, hand card now face up)
                self.known.setdefault(e.seat, Counter())[e.cards[0]] += 1
                hand = self.known[e.seat]
                if hand.get(e.cards[1], 0) > 0:
                    hand[e.cards[1]] -= 1
                    if not hand[e.cards[1]]:
                        del hand[e.cards[1]]

    def _pick_up(self, seat) -> None:
        self.known.setdefault(seat, Counter()).update(self.pile)
        self.pile = []

    def voids(self, game: Game, seat: int) -> dict[int, int]:
        """For the other seats: a mask of ranks their unseen hand cards probably lack
        (every rank that would have gone on a pile they took instead, since they last
        drew). A guess from public events; :meth:`known_hands` checks the memory first."""
        out = {}
        transparent = game._t.transparent
        allowed = game._t.allowed
        for i, takes in self.takes.items():
            if i == seat or i >= len(game.seats) or not game.seats[i].hand_count:
                continue
            mask = 0
            for ranks in takes:
                eff = 0
                for r in ranks:
                    if not transparent >> r & 1:
                        eff = r
                if eff:
                    mask |= allowed[eff]
            if mask:
                out[i] = mask
        return out

    def known_hands(self, game: Game, seat: int) -> dict:
        """Known cards of the other seats' hands, checked against public counts and the
        public pile (a memory that lost track of the game is dropped, not trusted)."""
        if not self.known:
            return {}
        if [c.code for c in self.pile] != [c.code for c in game.pile]:
            self.reset()
            return {}
        out = {}
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
