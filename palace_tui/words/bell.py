"""The bell in words: what ``b`` at the table says when it switches the bell.

>>> print(bell_switched(True))
Bell on: it rings when the keyboard must pass, and when your turn comes round again (b switches it off).
"""

from __future__ import annotations


def bell_switched(on: bool) -> str:
    """The bell was switched ``on`` (or off): what it does now, and how to switch it back."""
    if on:
        return (
            "Bell on: it rings when the keyboard must pass, and when your turn comes round again (b switches it off)."
        )
    return "Bell off: the game makes no sound (b switches it on again)."
