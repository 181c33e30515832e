"""Moves a seat can make, and the error an illegal one raises.

>>> str(Move.play("7D 7S"))
'play 7♦ 7♠'
>>> str(Move.take(adding="KS"))
'take the pile, adding K♠'
>>> Move.from_code(Move.flip(2).code()) == Move.flip(2)
True
>>> [Move.from_code(m.code()) == m for m in (Move.done(), Move.chance(), Move.burn_in(1))]
[True, True, True]
"""

from __future__ import annotations

import operator
from collections.abc import Iterable

from palace_tui.rules.cards import Card, cards_code, cards_text, parse_cards
from palace_tui.rules.kinds import MoveKind

KINDS = tuple(MoveKind)
_KIND_NAMES = frozenset(str(k) for k in KINDS)
_CARD_KINDS = frozenset((MoveKind.PLAY, MoveKind.SWAP, MoveKind.CHOOSE))


def _whole(value: object, what: str) -> int:
    """``value`` as a whole number (an int, or anything that is one exactly), else :class:`NotAMove`."""
    if not isinstance(value, bool):
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise NotAMove(f"{what} is a whole number, not {_shown(value)}")


def _shown(value: object) -> str:
    """A value of the wrong type in a refusal: text quoted, anything else by its type's name."""
    return repr(value) if isinstance(value, str) else type(value).__name__


class IllegalMove(ValueError):
    """A move the rules refuse. The message says why and what would be legal."""


class NotAMove(IllegalMove, TypeError):
    """Something that is not a :class:`Move` given to ``Game.play``, or a Move built by hand of
    values of the wrong type (cards that are text, an index that is not a number): refused like
    an illegal move, with a sentence."""


class Move:
    """One decision: play cards, take the pile, flip a face-down card, or a setup step.

    ``cards`` holds the cards played (or, for a swap, the hand card then the face-up
    card; for choose, the cards laid face up). ``adding`` is the face-up card a stuck
    player adds to a take, ``index`` the face-down position of a flip. Moves are
    values: compare and hash them, never change them.
    """

    __slots__ = ("adding", "cards", "index", "kind")

    # A plain slotted class: computer players create millions of moves, and a frozen
    # dataclass costs five times as much to build.
    def __init__(
        self, kind: MoveKind, cards: tuple[Card, ...] = (), adding: Card | None = None, index: int | None = None
    ) -> None:
        self.kind = kind
        self.cards = cards
        self.adding = adding
        self.index = index

    def _key(self) -> tuple[MoveKind, tuple[Card, ...], Card | None, int | None]:
        return (self.kind, self.cards, self.adding, self.index)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Move.from_code({self.code()!r})"

    @classmethod
    def play(cls, cards: str | Iterable[Card | str]) -> Move:
        """Play one card or several of one rank: ``Move.play("7D 7S")``."""
        return cls(MoveKind.PLAY, tuple(parse_cards(cards)))

    @classmethod
    def take(cls, adding: Card | str | None = None) -> Move:
        """Take the pile; ``adding`` names the face-up card added first (stuck_face_up=add-one)."""
        if isinstance(adding, str):
            adding = Card.parse(adding)
        elif adding is not None and type(adding) is not Card:
            raise NotAMove(f"the card a take adds is a card like 'KD', not {type(adding).__name__}")
        return cls(MoveKind.TAKE, (), adding)

    @classmethod
    def flip(cls, index: int) -> Move:
        """Turn face-down card ``index`` (0 is the first in the seat's current row)."""
        return cls(MoveKind.FLIP, (), None, _whole(index, "a face-down card's place"))

    @classmethod
    def swap(cls, hand_card: Card | str, face_up_card: Card | str) -> Move:
        """Setup with deal=swap: exchange a hand card with a face-up card."""
        h, f = parse_cards([hand_card, face_up_card])
        return cls(MoveKind.SWAP, (h, f))

    @classmethod
    def choose(cls, cards: str | Iterable[Card | str]) -> Move:
        """Setup with deal=choose: the cards to lay face up."""
        return cls(MoveKind.CHOOSE, tuple(parse_cards(cards)))

    @classmethod
    def ready(cls) -> Move:
        """Setup with deal=swap: this seat has finished swapping."""
        return cls(MoveKind.READY)

    @classmethod
    def done(cls) -> Move:
        """play_drawn: end the turn instead of playing the card just drawn."""
        return cls(MoveKind.DONE)

    @classmethod
    def chance(cls) -> Move:
        """chance: turn the stock's top card instead of taking the pile (played if it goes)."""
        return cls(MoveKind.CHANCE)

    @classmethod
    def burn_in(cls, seat: int) -> Move:
        """burn_in: ``seat`` completes the burn on the pile out of turn (:meth:`Game.burn_in`)."""
        return cls(MoveKind.BURN_IN, (), None, _whole(seat, "the seat that burns in"))

    @property
    def rank(self) -> int | None:
        """The rank played, for a play."""
        return self.cards[0].rank if self.kind == MoveKind.PLAY and self.cards else None

    def code(self) -> str:
        """A short ASCII form that :meth:`from_code` reads back: ``play 7D 7S``, ``take +KS``, ``flip 2``."""
        if self.kind in (MoveKind.PLAY, MoveKind.CHOOSE):
            return f"{self.kind} {cards_code(self.cards)}"
        if self.kind == MoveKind.SWAP:
            return f"swap {self.cards[0].code} {self.cards[1].code}"
        if self.kind == MoveKind.TAKE:
            return "take" + (f" +{self.adding.code}" if self.adding else "")
        if self.kind in (MoveKind.FLIP, MoveKind.BURN_IN):
            return f"{self.kind} {self.index}"
        return self.kind

    @classmethod
    def from_code(cls, text: str) -> Move:
        """Read a move written by :meth:`code`; ValueError says, in one sentence, why text is not one.

        >>> Move.from_code("swap 3C")
        Traceback (most recent call last):
        ...
        ValueError: 'swap 3C' is not a move: a swap names a hand card and a face-up card, like swap 3C KD
        """
        if not isinstance(text, str):
            raise NotAMove(f"a move is written as text like 'play 7H', not {type(text).__name__}")
        kind, _, rest = text.strip().partition(" ")
        rest = rest.strip()
        try:
            if kind == MoveKind.PLAY:
                return cls.play(rest)
            if kind == MoveKind.CHOOSE:
                return cls.choose(rest)
            if kind == MoveKind.SWAP:
                if len(rest.split()) != 2:
                    raise ValueError("a swap names a hand card and a face-up card, like swap 3C KD")
                h, f = rest.split()
                return cls.swap(h, f)
            if kind == MoveKind.TAKE:
                return cls.take(rest[1:] if rest.startswith("+") else None)
            if kind == MoveKind.FLIP:
                if not rest.isdigit():
                    raise ValueError("flip names a face-down card by its place, like flip 1")
                return cls.flip(int(rest))
            if kind == MoveKind.READY:
                return cls.ready()
            if kind == MoveKind.DONE:
                return cls.done()
            if kind == MoveKind.CHANCE:
                return cls.chance()
            if kind == MoveKind.BURN_IN:
                if not rest.isdigit():
                    raise ValueError("burn-in names the claiming seat by its number, like burn-in 2")
                return cls.burn_in(int(rest))
        except ValueError as exc:
            raise ValueError(f"{text!r} is not a move: {exc}") from None
        raise ValueError(f"{text!r} is not a move: it should start with one of {', '.join(KINDS)}")

    def check(self) -> None:
        """Raise :class:`NotAMove` unless every field holds a value of its type, as the named
        constructors make them (``Game.play`` asks first: a hand-built move is anyone's values).

        >>> Move("play", ("7H",)).check()
        Traceback (most recent call last):
        ...
        palace_tui.rules.moves.NotAMove: a move's cards are Card values (Card.parse('7H') or Move.play('7H')), not str
        """
        kind, cards, adding, index = self.kind, self.cards, self.adding, self.index
        if not isinstance(kind, str) or kind not in _KIND_NAMES:
            raise NotAMove(f"a move's kind is one of {', '.join(KINDS)}, not {_shown(kind)}")
        if not isinstance(cards, tuple):
            raise NotAMove(f"a move's cards are a tuple of Card values, not {type(cards).__name__}")
        for c in cards:
            if type(c) is not Card:
                raise NotAMove(
                    "a move's cards are Card values (Card.parse('7H') or Move.play('7H')), not " + type(c).__name__
                )
        if adding is not None and type(adding) is not Card:
            raise NotAMove(f"the card a take adds is a Card value or None, not {type(adding).__name__}")
        if index is not None and type(index) is not int:
            raise NotAMove(f"a move's index is a whole number or None, not {type(index).__name__}")
        if kind == MoveKind.SWAP and len(cards) != 2:
            raise NotAMove(f"a swap names a hand card and a face-up card: two cards, not {len(cards)}")
        if cards and kind not in _CARD_KINDS:
            raise NotAMove(f"a move of kind {kind} names no cards, not {cards_code(cards)}")
        if adding is not None and kind != MoveKind.TAKE:
            raise NotAMove(f"only a take adds a face-up card, not a move of kind {kind}")

    def __str__(self) -> str:
        if self.kind == MoveKind.PLAY:
            return f"play {cards_text(self.cards)}"
        if self.kind == MoveKind.TAKE:
            return "take the pile" + (f", adding {self.adding}" if self.adding else "")
        if self.kind == MoveKind.FLIP:
            return f"turn face-down card {'?' if self.index is None else self.index + 1}"
        if self.kind == MoveKind.SWAP:
            return f"swap {self.cards[0]} from hand for {self.cards[1]} face up"
        if self.kind == MoveKind.CHOOSE:
            return f"lay {cards_text(self.cards)} face up"
        if self.kind == MoveKind.DONE:
            return "end the turn"
        if self.kind == MoveKind.CHANCE:
            return "turn the stock's top card"
        if self.kind == MoveKind.BURN_IN:
            return f"burn in (seat {'?' if self.index is None else self.index + 1})"
        return "ready"
