"""A row of cards (a hand, a face-up row, face-down backs) drawn as framed boxes.

The row renders what it is given and decides nothing: the screen passes the
slots (which card, dimmed, marked, under the cursor) after every move.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from palace_tui.tui.widgets.card_art import Slot, render_row, row_height, slot_at


class CardRow(Widget):
    """Cards side by side, overlapping or wrapping when the row is too long."""

    DEFAULT_CSS = """
    CardRow {
        height: auto;
        width: 1fr;
    }
    """

    def __init__(
        self, empty: str = "", cursor_line: bool = True, *, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.slots: list[Slot] = []
        #: Text shown when the row holds no card.
        self.empty = empty
        #: Whether a line under the cards points at the cursor.
        self.cursor_line = cursor_line
        #: Cards drawn five lines tall (the screen sets it on a roomy terminal).
        self.tall = False

    @dataclass
    class Picked(Message):
        """A card of the row was clicked: the screen decides what that means."""

        row: CardRow
        index: int

        @property
        def control(self) -> CardRow:
            return self.row

    def on_click(self, event: events.Click) -> None:
        index = slot_at(self.slots, max(self.size.width, 6), event.x, event.y, self.cursor_line, self.tall)
        if index is not None:
            event.stop()
            self.post_message(self.Picked(self, index))

    def show(self, slots: list[Slot], tall: bool = False) -> None:
        """Replace the cards on show (drawn ``tall`` or not)."""
        if slots != self.slots or tall != self.tall:
            width = max(self.size.width, 6)
            resize = (
                row_height(len(slots), width, self.cursor_line, tall)
                != row_height(len(self.slots), width, self.cursor_line, self.tall)
                or not slots
                or not self.slots
            )
            self.slots = list(slots)
            self.tall = tall
            self.refresh(layout=resize)

    def render(self) -> Text:
        return render_row(self.slots, max(self.size.width, 6), self.cursor_line, self.empty, self.tall)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        if not self.slots:
            return len(self.empty)
        return min(container.width, len(self.slots) * 6 - 1)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return row_height(len(self.slots), max(width, 6), self.cursor_line, self.tall)

    @property
    def text(self) -> str:
        """The row as plain text (for tests)."""
        return self.render().plain
