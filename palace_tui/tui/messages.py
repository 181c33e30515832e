"""What the screens tell the app, as Textual messages.

A screen posts one of these to itself; it bubbles up to the app, which handles it
with ``@on(...)`` (:class:`~palace_tui.tui.app.PalaceApp`). So no screen calls into
the app's own methods: the app decides what follows (the results, the pass
screen, the lessons, remembering a table).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual.message import Message

from palace_tui.table.session import Session

if TYPE_CHECKING:
    from palace_tui.tui.screens.game import GameScreen


@dataclass
class GameEnded(Message):
    """The game at the table ended (the last card, or abandoned): record it, show the results."""

    #: The table whose game ended.
    session: Session


@dataclass
class PassNeeded(Message):
    """The table has gone dark and the keyboard must go to ``seat``: put up the pass screen;
    once that person presses Enter, ``table.reveal(seat)`` shows their cards."""

    #: The table screen that asked.
    table: GameScreen
    #: The seat to hand the keyboard to.
    seat: int

    @property
    def control(self) -> GameScreen:
        return self.table


@dataclass
class LessonsAsked(Message):
    """The player asked for the lessons (they open on top; Escape comes back)."""


@dataclass
class TableChosen(Message):
    """A new table was set up: remember its settings for the next new table."""

    #: The new-table form's settings, as the store keeps them.
    settings: dict[str, Any]
