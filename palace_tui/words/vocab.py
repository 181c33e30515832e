"""The small words every sentence is made of: counts, ordinals, lists, card names.

Rank and card names and the number words are the engine's own vocabulary (its refusals
and burn reasons use them), so they are written once in :mod:`palace_tui.rules.cards` and
:mod:`palace_tui.rules.text` and only named again here.

>>> count(1, "card"), count(3, "card"), count(2, "loss")
('1 card', '3 cards', '2 losses')
>>> ordinal(1), ordinal(2), ordinal(11), ordinal(23), ordinal_word(2), ordinal_word(9)
('1st', '2nd', '11th', '23rd', 'second', '9th')
>>> number_word(4), number_word(12)
('four', '12')
>>> join_or(["a 2", "a 10", "a joker"]), join_and(["a", "b"])
('a 2, a 10 or a joker', 'a and b')
"""

from __future__ import annotations

from collections.abc import Sequence

from palace_tui.rules.cards import card_chunks, cards_words, rank_name, rank_plural
from palace_tui.rules.text import join_or, number_word

__all__ = [
    "capitalized",
    "card_chunks",
    "cards_words",
    "count",
    "join_and",
    "join_or",
    "number_word",
    "ordinal",
    "ordinal_word",
    "plural",
    "rank_name",
    "rank_plural",
]

_ORDINAL_WORDS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth"}


def plural(noun: str) -> str:
    """The plural of the nouns these sentences count: ``card`` -> ``cards``, ``loss`` -> ``losses``."""
    return noun + ("es" if noun.endswith("s") else "s")


def count(n: int, noun: str) -> str:
    """``1 card``, ``3 cards``."""
    return f"{n} {noun if n == 1 else plural(noun)}"


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``21st``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def ordinal_word(n: int) -> str:
    """``first``, ``second``..., and ``9th`` past the places a table can have."""
    return _ORDINAL_WORDS.get(n, ordinal(n))


def join_and(parts: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def capitalized(text: str) -> str:
    """The first letter made upper case, the rest left alone (names keep their case)."""
    return text[:1].upper() + text[1:]
