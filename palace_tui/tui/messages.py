"""What the screens tell the app, as Textual messages.

A screen posts one of these to itself; it bubbles up to the app, which handles it
with ``@on(...)`` (:class:`~palace_tui.tui.app.PalaceApp`). So no screen calls into
the app's own methods: the app decides what follows (the results, the pass
screen, the lessons, remembering a table).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from textual.message import Message
from textual.screen import Screen


@dataclass
class GameEnded(Message):
    """The game at the table ended (the last card, or abandoned): record it, show the results
    (the app's table: the one it handed the table screen)."""


@dataclass
class PassNeeded(Message):
    """The table has gone dark and the keyboard must go to ``seat``: put up the pass screen;
    once that person presses Enter, ``reveal(seat)`` shows their cards."""

    #: The table screen that asked.
    table: Screen[Any]
    #: The seat to hand the keyboard to.
    seat: int
    #: The table screen's answer to the pass screen: shows the seat's cards.
    reveal: Callable[[int], None]

    @property
    def control(self) -> Screen[Any]:
        return self.table


@dataclass
class LessonsAsked(Message):
    """The player asked for the lessons (they open on top; Escape comes back)."""


@dataclass
class TableChosen(Message):
    """A new table was set up: remember its settings for the next new table."""

    #: The new-table form's settings, as the store keeps them.
    settings: dict[str, Any]
