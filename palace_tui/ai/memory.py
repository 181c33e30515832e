"""What a seat remembers from public events: cards seen going into other hands.

Everybody at the table sees a pile picked up and a face-up card swapped into a
hand, so those cards are known to be in that hand until they are played again.
Feed :meth:`Memory.observe` every list of events :meth:`Game.play` returns.
"""

from __future__ import annotations

from collections import Counter

from ..rules import Game
from ..rules.fast import rule_tables
from ..rules.cards import JOKER, TEN, TWO, order_key

#: For each rank, a mask of the ranks that play lower than it.
_BELOW = tuple(0 if r < 2 else sum(1 << q for q in range(2, JOKER + 1) if order_key(q) < order_key(r))
               for r in range(JOKER + 1))


def _requirement(ranks, transparent: int) -> int:
    """The rank a pile with these ranks on top requires (0: anything)."""
    for r in reversed(ranks):
        if not transparent >> r & 1:
            return r
    return 0


class Memory:
    """Known cards in each seat's hand, rebuilt from public events."""

    def __init__(self) -> None:
        self.pile: list = []
        self.known: dict[int, Counter] = {}
        #: Takes of a pile of 3+ cards from the hand, by seat, since that seat last drew:
        #: the ranks of the pile taken. A player who takes such a pile usually had no
        #: card that went on it (see :meth:`voids`).
        self.takes: dict[int, list[tuple[int, ...]]] = {}
        #: Plays by seat since that seat last drew: (the pile's top ranks before the
        #: play, down to the first that is not a joker or an eight; the rank played).
        #: Players lead with their lowest card that goes, so a play says which lower
        #: ranks that hand lacked (see :meth:`voids`).
        self.plays: dict[int, list[tuple[tuple[int, ...], int]]] = {}
        self.started = False

    def reset(self) -> None:
        self.pile = []
        self.known = {}
        self.takes = {}
        self.plays = {}

    def observe(self, events) -> None:
        for e in events:
            k = e.kind
            if k == "played":
                self.plays.setdefault(e.seat, []).append((self._top_ranks(), e.cards[0].rank))
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
                self.plays.pop(e.seat, None)
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

    def _top_ranks(self) -> tuple[int, ...]:
        out = []
        for c in reversed(self.pile):
            out.append(c.rank)
            if c.rank not in (8, JOKER):
                break
        return tuple(reversed(out))

    def _pick_up(self, seat) -> None:
        self.known.setdefault(seat, Counter()).update(self.pile)
        self.pile = []

    def voids(self, game: Game, seat: int) -> dict[int, int]:
        """For the other seats: a mask of ranks their unseen hand cards probably lack,
        since they last drew. A guess from public events that assumes the usual way to
        play: a pile of 3+ taken from the hand had nothing that went on it; a two, ten
        or joker was played because no ordinary rank went; an ordinary rank was the
        lowest that went, and every copy of it was played (a play that adds to a run
        of its rank, maybe to make four, says nothing). :meth:`known_hands` checks
        the memory first."""
        out = {}
        t = rule_tables(game)
        transparent = t.transparent
        allowed = t.allowed
        special = 1 << TWO | 1 << TEN | 1 << JOKER | (1 << 8 if t.powered_eight else 0)
        for i in sorted(set(self.takes) | set(self.plays)):
            if i == seat or i >= len(game.seats) or not game.seats[i].hand_count:
                continue
            mask = 0
            for ranks in self.takes.get(i, ()):
                eff = _requirement(ranks, transparent)
                if eff:
                    mask |= allowed[eff]
            for top, rank in self.plays.get(i, ()):
                went = allowed[_requirement(top, transparent)] & ~special
                if special >> rank & 1:
                    mask |= went
                elif not top or top[-1] != rank:
                    mask |= went & _BELOW[rank] | 1 << rank
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
