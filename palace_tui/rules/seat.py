"""A seat's cards, and the outcome of a game: the values :class:`~palace_tui.rules.game.Game` is made of.

A seat's hand is kept by rank (``_hb``, ``_hn``, ``_hm``): the engine's insiders (:mod:`.turn`,
:mod:`.legal`, :mod:`.setup`, :mod:`.fast`, :mod:`.random_policy`) take cards from it through
its private methods; :meth:`Seat._copy` writes the copy's (ruff SLF001 allows this module).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from dataclasses import dataclass

from palace_tui.rules.cards import JOKER, Card, cards_code

#: Display order of ranks in a hand: 3..9, J..A, then 10, 2, joker.
_HAND_ORDER = (3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 10, 2, 15)
#: Starter search order (ruling 1): 3 up to ace, then 10, then 2 (jokers last of all).
_STARTER_ORDER = _HAND_ORDER
#: ``_BIT[r]`` is rank r's bit and ``_ALL_BUT[r]`` every other: a look-up costs less than a shift.
_BIT = tuple(1 << r for r in range(JOKER + 1))
_ALL_BUT = tuple(~b for b in _BIT)
#: Rank lists of rank bit masks, filled as they are met (legal-move generation is hot).
_RANKS_OF_MASK: dict[int, list[int]] = {}


def ranks_of_mask(m: int) -> list[int]:
    """The ranks whose bits are set in ``m``, lowest first (a shared list: do not change it)."""
    ranks = _RANKS_OF_MASK.get(m)
    if ranks is None:
        ranks = _RANKS_OF_MASK[m] = [r for r in range(2, 16) if m >> r & 1]
    return ranks


@dataclass(frozen=True)
class Outcome:
    """How a game ended.

    ``order`` lists seats in the order they went out (with last-loses the loser is
    last); ``points`` is a list by seat under the scoring option.
    """

    order: tuple[int, ...]
    winner: int | None
    loser: int | None
    points: tuple[int, ...]
    abandoned: bool = False

    def place(self, seat: int) -> int | None:
        """1-based finishing place of a seat, or None if it has none."""
        return self.order.index(seat) + 1 if seat in self.order else None


class Seat:
    """One player's cards. ``hand`` is a sorted copy; the engine keeps per-rank piles."""

    __slots__ = ("_hb", "_hm", "_hn", "face_down", "face_up", "name", "place")

    def __init__(self, name: str) -> None:
        self.name = name
        # Hand cards by rank, index 0 to JOKER (written out: seats are made by the thousand).
        self._hb: list[list[Card]] = [[], [], [], [], [], [], [], [], [], [], [], [], [], [], [], []]
        self._hn = 0  # hand size
        self._hm = 0  # bit mask of ranks in hand
        self.face_up: list[Card] = []
        self.face_down: list[Card] = []
        self.place: int | None = None  # 1-based place when out

    @property
    def hand(self) -> list[Card]:
        """The hand in playing order (a fresh list: change it through moves only). Each rank's
        cards are already in suit order (``_add`` keeps them so), so none is sorted here."""
        out: list[Card] = []
        hb = self._hb
        for r in _HAND_ORDER:
            b = hb[r]
            if b:
                out.extend(b)
        return out

    @property
    def hand_count(self) -> int:
        return self._hn

    @property
    def out(self) -> bool:
        return self.place is not None

    def count_in_hand(self, rank: int) -> int:
        return len(self._hb[rank])

    def has_cards(self) -> bool:
        return bool(self._hn or self.face_up or self.face_down)

    def _add(self, cards: Sequence[Card]) -> None:
        hb = self._hb
        m = self._hm
        for c in cards:
            b = hb[c.rank]
            if b:
                # Buckets stay in suit order, so the hand's inner order is a function of its
                # cards: a game read back from JSON lists and plays exactly as the original.
                if c.suit < b[-1].suit:
                    insort(b, c, key=_suit_key)
                else:
                    b.append(c)
            else:
                b.append(c)
                m |= _BIT[c.rank]  # a rank already held has its bit
        self._hn += len(cards)
        self._hm = m

    def _take_rank(self, rank: int, want: Sequence[Card]) -> list[Card]:
        """Remove len(want) cards of ``rank`` from hand, preferring the named ones."""
        b = self._hb[rank]
        chosen = _pick(b, want)
        self._hn -= len(chosen)
        if not b:
            self._hm &= ~(1 << rank)
        return chosen

    def _take_last(self, rank: int, count: int) -> list[Card]:
        """Remove the last ``count`` hand cards of ``rank`` (all of them when 0): the
        quiet play of rollouts, which names a rank and a count, never cards."""
        b = self._hb[rank]
        if 0 < count < len(b):
            laid = b[-count:]
            del b[-count:]
            self._hn -= count
            return laid
        return self._take_all(rank)

    def _take_all(self, rank: int) -> list[Card]:
        """Remove every hand card of ``rank``: the rank's list itself leaves the hand (an
        empty one takes its place), so the commonest play copies nothing."""
        hb = self._hb
        laid = hb[rank]
        hb[rank] = []
        self._hm &= _ALL_BUT[rank]
        self._hn -= len(laid)
        return laid

    def _copy(self) -> Seat:
        s = Seat.__new__(Seat)
        s.name = self.name
        s._hb = [b[:] for b in self._hb]
        s._hn = self._hn
        s._hm = self._hm
        s.face_up = self.face_up[:]
        s.face_down = self.face_down[:]
        s.place = self.place
        return s

    def __repr__(self) -> str:
        return (
            f"Seat({self.name!r}, hand={cards_code(self.hand)!r}, face_up={cards_code(self.face_up)!r}, "
            f"face_down={cards_code(self.face_down)!r}, place={self.place})"
        )


def not_among(cards: Sequence[Card], pool: Sequence[Card]) -> list[Card]:
    """The ``cards`` that ``pool`` does not hold, counting copies (several packs): empty when
    every card named is there, as often as it is named.

    >>> from palace_tui.rules.cards import parse_cards
    >>> not_among(parse_cards("6S 6H"), parse_cards("6H 6D"))
    [Card.parse('6S')]
    """
    left = list(pool)
    missing = []
    for c in cards:
        if c in left:
            left.remove(c)
        else:
            missing.append(c)
    return missing


def _suit_key(c: Card) -> str:
    return c.suit


def _pick(bucket: list[Card], want: Sequence[Card]) -> list[Card]:
    """Take len(want) cards out of ``bucket`` (all one rank), the named ones first."""
    n = len(want)
    if n == len(bucket):
        chosen = bucket[:]
        bucket.clear()
        return chosen
    chosen = []
    for c in want:
        if c in bucket:
            bucket.remove(c)
            chosen.append(c)
    while len(chosen) < n:
        chosen.append(bucket.pop())
    return chosen
