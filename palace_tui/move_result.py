"""What a person's own move did, told to that person on the result step.

Pure Python. Unlike the recap (public, by name), this speaks to the mover ("You
drew 2♣ 5♦") and may name the cards the mover drew: only the mover's screen shows
it, and the table hides it before the keyboard is handed on. The words are the
mover voice of :mod:`palace_tui.words.events`.

>>> from palace_tui.rules import Event, Card
>>> seven, two = Card.parse("7H"), Card.parse("2C")
>>> move_result([Event("flipped", 0, (seven,)), Event("played", 0, (seven,)), Event("drew", 0, (), 1)],
...             seat=0, drawn=[two])
'You played 7♥ from face down. You drew 2♣.'
>>> move_result([Event("played", 1, (Card.parse("9S"),)), Event("out", 1, (), 2)], seat=1, drawn=[])
'You played 9♠. You went out (2nd).'
"""

from __future__ import annotations

from .words.events import move_result

__all__ = ["move_result"]
