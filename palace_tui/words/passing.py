"""The pass screen and the table's direction in words, the same at the table and in the lessons.

>>> pass_words("Ben")
('Pass to Ben', 'Everyone else, look away.\\n\\nBen: press Enter to see your cards.')
>>> direction_words(1), direction_words(-1)
('clockwise →', 'anticlockwise ←')
"""

from __future__ import annotations


def pass_words(name: str) -> tuple[str, str]:
    """The pass screen's title and body: only the name of who takes the keyboard (no card, and
    nothing of the last turn, which was for its mover alone)."""
    return f"Pass to {name}", f"Everyone else, look away.\n\n{name}: press Enter to see your cards."


def direction_words(direction: int) -> str:
    """Which way play goes round the table, with its arrow."""
    return "clockwise →" if direction == 1 else "anticlockwise ←"
