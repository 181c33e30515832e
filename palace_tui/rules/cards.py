"""Cards and ranks.

Ranks are small ints so that the engine can keep per-rank counts and bit masks:
2..9 are themselves, 10 is the ten, 11 J, 12 Q, 13 K, 14 A and 15 a joker.
Suits never matter to the rules; they are kept only so players see real cards.

>>> Card.parse("10D")
Card.parse('TD')
>>> str(Card.parse("7h")), str(Card.parse("TD")), str(Card.parse("JK"))
('7♥', '10♦', 'JK')
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import cache
from itertools import groupby

TWO, TEN, JACK, QUEEN, KING, ACE, JOKER = 2, 10, 11, 12, 13, 14, 15

#: Ordinary ranks from low to high (two and ten are special, jokers too).
ORDINARY_RANKS = (3, 4, 5, 6, 7, 8, 9, JACK, QUEEN, KING, ACE)
#: Every rank a standard pack holds.
PACK_RANKS = (2, 3, 4, 5, 6, 7, 8, 9, TEN, JACK, QUEEN, KING, ACE)
PICTURES = (JACK, QUEEN, KING, ACE)

SUITS = "CDHS"
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "": ""}
_SYMBOL_TO_SUIT = {v: k for k, v in SUIT_SYMBOLS.items() if k}

_RANK_CODES = {**{r: str(r) for r in range(2, 10)}, TEN: "T", JACK: "J", QUEEN: "Q", KING: "K", ACE: "A"}
_CODE_TO_RANK = {v: k for k, v in _RANK_CODES.items()}
_CODE_TO_RANK["10"] = TEN

#: Short display labels of ranks, as printed on cards.
RANK_LABELS = {**dict(_RANK_CODES.items()), TEN: "10", JOKER: "JK"}
#: Rank names for sentences ("a jack", "an 8").
RANK_NAMES = {
    **{r: str(r) for r in range(2, 10)},
    TEN: "10",
    JACK: "jack",
    QUEEN: "queen",
    KING: "king",
    ACE: "ace",
    JOKER: "joker",
}
#: Plural rank names, spelled as players say them ("four sevens", "two jacks").
RANK_PLURALS = {
    2: "twos",
    3: "threes",
    4: "fours",
    5: "fives",
    6: "sixes",
    7: "sevens",
    8: "eights",
    9: "nines",
    TEN: "tens",
    JACK: "jacks",
    QUEEN: "queens",
    KING: "kings",
    ACE: "aces",
    JOKER: "jokers",
}


def rank_name(rank: int, article: bool = False) -> str:
    """The rank in words: ``rank_name(8, article=True) == 'an 8'``."""
    name = RANK_NAMES[rank]
    if not article:
        return name
    return ("an " if name[0] in "8a" else "a ") + name


def rank_plural(rank: int) -> str:
    """Plural rank name: 'queens', 'sevens'."""
    return RANK_PLURALS[rank]


def order_key(rank: int) -> int:
    """Sort key that puts ranks in playing strength: 3..9, J..A, then 10, 2, joker."""
    return _ORDER[rank]


_ORDER = {r: i for i, r in enumerate((3, 4, 5, 6, 7, 8, 9, JACK, QUEEN, KING, ACE, TEN, TWO, JOKER))}


class WrongType(TypeError, ValueError):
    """A value of the wrong type given to the engine: a sentence, and a ValueError like every
    other refusal (so one ``except ValueError`` catches them all), and a TypeError as Python's own."""


#: Every card made, by (rank, suit): cards are interned.
_INTERNED: dict[tuple[int, str], Card] = {}


class Card:
    """One playing card: a rank and a suit (a joker has no suit).

    Cards are interned: ``Card.parse("7H") is Card.parse("7♥")``. With several packs
    two equal cards are the same object listed twice, which is all the rules need.
    """

    __slots__ = ("_code", "_text", "rank", "suit")

    rank: int
    suit: str
    _code: str
    _text: str

    def __new__(cls, rank: int, suit: str = "") -> Card:
        key = (rank, suit)
        try:
            card = _INTERNED.get(key)
        except TypeError:  # unhashable: a list or a dict where a rank or a suit belongs
            raise WrongType(f"no such card: rank {rank!r}, suit {suit!r}") from None
        if card is not None:
            return card
        if rank == JOKER:
            if suit:
                raise ValueError("a joker has no suit")
        elif rank not in _RANK_CODES or suit not in SUITS or not suit:
            raise ValueError(f"no such card: rank {rank!r}, suit {suit!r}")
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "_code", "JK" if rank == JOKER else _RANK_CODES[rank] + suit)
        object.__setattr__(card, "_text", "JK" if rank == JOKER else RANK_LABELS[rank] + SUIT_SYMBOLS[suit])
        _INTERNED[key] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:  # cards are values
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, str]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: ``7H``, ``7♥``, ``10D``, ``TD``, ``AS`` or ``JK`` (any case)."""
        if not isinstance(text, str):
            raise WrongType(f"a card is written as text like 7H, not {type(text).__name__}")
        t = text.strip()
        if t.upper() in ("JK", "JOKER", "🃏"):
            return cls(JOKER)
        if len(t) < 2:
            raise ValueError(f"{text!r} is not a card: write a rank and a suit, like 7H or 10♦")
        rank_part, suit_part = t[:-1].upper(), t[-1]
        suit = _SYMBOL_TO_SUIT.get(suit_part, suit_part.upper())
        rank = _CODE_TO_RANK.get(rank_part)
        if rank is None or suit not in SUITS:
            raise ValueError(
                f"{text!r} is not a card: write a rank (2-10, J, Q, K, A) and a suit "
                "(C, D, H, S or ♣ ♦ ♥ ♠), like 7H or 10♦, or JK for a joker"
            )
        return cls(rank, suit)

    @property
    def code(self) -> str:
        """The ASCII form, two characters: ``7H``, ``TD``, ``JK``."""
        return self._code

    @property
    def label(self) -> str:
        """The rank as printed on the card: ``7``, ``10``, ``Q``, ``JK``."""
        return RANK_LABELS[self.rank]

    @property
    def symbol(self) -> str:
        """The suit symbol, or '' for a joker."""
        return SUIT_SYMBOLS[self.suit]

    @property
    def is_red(self) -> bool:
        return self.suit in ("D", "H")

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._code!r})"

    def __lt__(self, other: Card) -> bool:
        return (_ORDER[self.rank], self.suit) < (_ORDER[other.rank], other.suit)


def parse_cards(cards: str | Iterable[Card | str] | None) -> list[Card]:
    """Read several cards from a string ``"7D 7S"`` (spaces or commas) or an iterable."""
    if cards is None:
        return []
    if isinstance(cards, Card):
        return [cards]
    parts: Iterable[Card | str]
    if isinstance(cards, str):
        parts = cards.replace(",", " ").split()
    else:
        try:
            parts = list(cards)
        except TypeError:
            raise WrongType(f"cards are written as text like '7D 7S' or a list of cards, not {cards!r}") from None
    return [c if isinstance(c, Card) else Card.parse(c) for c in parts]


def cards_text(cards: Iterable[Card]) -> str:
    """Cards for display, separated by spaces."""
    return " ".join(str(c) for c in cards)


def card_chunks(cards: Iterable[Card]) -> list[tuple[str, Card]]:
    """Cards as the words of a sentence, each with the card it stands for: a joker is
    named (``a joker``, ``2 jokers`` for jokers side by side), other cards are ``7♥``."""
    chunks: list[tuple[str, Card]] = []
    for joker, group in groupby(cards, key=lambda c: c.rank == JOKER):
        run = list(group)
        if joker:
            chunks.append(("a joker" if len(run) == 1 else f"{len(run)} jokers", run[0]))
        else:
            chunks += [(str(c), c) for c in run]
    return chunks


def cards_words(cards: Iterable[Card]) -> str:
    """Cards for a sentence: ``7♥ 7♣``, ``a joker``, ``2 jokers`` (see :func:`card_chunks`)."""
    return " ".join(text for text, _ in card_chunks(cards))


def cards_code(cards: Iterable[Card]) -> str:
    """Cards in ASCII form, separated by spaces (what saves and positions use)."""
    return " ".join(c.code for c in cards)


def make_deck(packs: int = 1, jokers: bool = False) -> list[Card]:
    """All the cards in play, unshuffled."""
    return list(_deck(packs, jokers))


@cache
def _deck(packs: int, jokers: bool) -> tuple[Card, ...]:
    # Built once per kind of deck: simulations deal thousands of games a second.
    one = [Card(r, s) for s in SUITS for r in PACK_RANKS]
    if jokers:
        one += [Card(JOKER), Card(JOKER)]
    return tuple(one * packs)


def shuffled_deck(packs: int, jokers: bool, seed: int | None) -> list[Card]:
    """The deck shuffled by a private RNG: the same seed always gives the same order."""
    deck = list(_deck(packs, jokers))
    random.Random(seed).shuffle(deck)
    return deck


#: Suits as letters, for terminals whose encoding has no ♠ ♥ ♦ ♣.
LETTER_SUITS = {"C": "C", "D": "D", "H": "H", "S": "S", "": ""}


def use_letter_suits(letters: bool = True) -> None:
    """Show suits as the letters S H D C (``letters``) or as the symbols ♠ ♥ ♦ ♣ again."""
    SUIT_SYMBOLS.update(LETTER_SUITS if letters else _SYMBOLS)
    for card in _INTERNED.values():
        if card.rank != JOKER:
            object.__setattr__(card, "_text", RANK_LABELS[card.rank] + SUIT_SYMBOLS[card.suit])


def use_letter_suits_if_needed(stream: object) -> bool:
    """Switch to letter suits when ``stream`` (the terminal) cannot encode ♠ ♥ ♦ ♣; True if it did."""
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "".join(_SYMBOLS.values()).encode(encoding)
    except (UnicodeEncodeError, LookupError):
        use_letter_suits(True)
        return True
    return False


_SYMBOLS = dict(SUIT_SYMBOLS)
