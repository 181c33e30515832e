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

from palace_tui.tui.widgets.card_art import (
    CARD_WIDTH,
    OVERLAP_WIDTH,
    Slot,
    render_flat,
    render_row,
    row_height,
    slot_at,
)


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
        #: Cards on one line, only to be looked at (a short, narrow screen's rows not played from).
        self.flat = False

    @dataclass
    class Picked(Message):
        """A card of the row was clicked: the screen decides what that means."""

        row: CardRow
        index: int

        @property
        def control(self) -> CardRow:
            return self.row

    @property
    def overlap(self) -> int:
        """Cells of each overlapped card: on a touch screen a whole card's, a fingertip's width."""
        return CARD_WIDTH if self.app.has_class("-touch") else OVERLAP_WIDTH

    def on_click(self, event: events.Click) -> None:
        if self.flat:
            return
        width = max(self.size.width, 6)
        index = slot_at(self.slots, width, event.x, event.y, self.cursor_line, self.tall, self.overlap)
        if index is not None:
            event.stop()
            self.post_message(self.Picked(self, index))

    def show(self, slots: list[Slot], tall: bool = False, flat: bool = False) -> None:
        """Replace the cards on show (drawn ``tall``, ``flat`` or as they are)."""
        if slots != self.slots or tall != self.tall or flat != self.flat:
            resize = self._height(slots, tall, flat) != self._height(self.slots, self.tall, self.flat)
            self.slots = list(slots)
            self.tall = tall
            self.flat = flat
            self.refresh(layout=resize or not slots or not self.slots)

    def _height(self, slots: list[Slot], tall: bool, flat: bool, width: int | None = None) -> int:
        if flat:
            return 1
        width = max(self.size.width if width is None else width, 6)
        return row_height(len(slots), width, self.cursor_line, tall, self.overlap)

    def render(self) -> Text:
        if self.flat:
            return render_flat(self.slots, self.empty)
        return render_row(self.slots, max(self.size.width, 6), self.cursor_line, self.empty, self.tall, self.overlap)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        if not self.slots:
            return len(self.empty)
        if self.flat:
            return min(container.width, self.render().cell_len)
        return min(container.width, len(self.slots) * 6 - 1)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._height(self.slots, self.tall, self.flat, width)

    @property
    def text(self) -> str:
        """The row as plain text (for tests)."""
        return self.render().plain
