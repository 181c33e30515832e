"""A sentence that still knows which of its words are cards.

A :class:`Sentence` is a ``str`` (callers that only want text use it as one) that
also keeps its parts: plain text and :class:`Cards`. A widget colours the
``Cards`` parts by suit from the ``Card`` objects themselves, never by reading
the text back.

>>> from palace_tui.rules import Card
>>> s = Sentence(["Ann played ", Cards([Card.parse("7H"), Card.parse("JK")])])
>>> s, s.parts[1][1]
('Ann played 7♥ a joker', Card.parse('JK'))
"""

from __future__ import annotations

from collections.abc import Iterable

from palace_tui.rules.cards import Card, cards_words


class Cards(tuple[Card, ...]):
    """Cards named in a sentence (written as :func:`~palace_tui.rules.cards.cards_words` writes them)."""

    def __str__(self) -> str:
        return cards_words(self)


Part = str | Cards


class Sentence(str):
    """Text with its parts: ``str`` for words, :class:`Cards` for cards."""

    parts: tuple[Part, ...]

    def __new__(cls, parts: Iterable[Part | Card]) -> Sentence:
        kept = tuple(Cards([p]) if isinstance(p, Card) else p for p in parts if p)
        self = super().__new__(cls, "".join(str(p) for p in kept))
        self.parts = kept
        return self

    def __add__(self, other: str) -> Sentence:
        return Sentence(self.parts + (other.parts if isinstance(other, Sentence) else (other,)))


def sentence(*parts: Part | Card) -> Sentence:
    """``sentence("Ann played ", Cards(cards))``."""
    return Sentence(parts)


def joined(sentences: Iterable[Sentence], sep: str) -> Sentence:
    """Sentences (or clauses) one after another with ``sep`` between them."""
    parts: list[Part] = []
    for k, s in enumerate(sentences):
        if k:
            parts.append(sep)
        parts += s.parts if isinstance(s, Sentence) else (s,)
    return Sentence(parts)
