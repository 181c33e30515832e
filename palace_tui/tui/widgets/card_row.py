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

from palace_tui.tui.widgets.card_art import SMALL, CardSize, Slot, render_flat, render_row, row_height, slot_at


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
        #: How big the cards are drawn (the player's area sets it from the room there is).
        self.card_size = SMALL
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
    def _drawn(self) -> CardSize:
        """The size as drawn: on a touch screen an overlapped card stays a fingertip wide."""
        return self.card_size.for_touch() if self.app.has_class("-touch") else self.card_size

    def on_click(self, event: events.Click) -> None:
        if self.flat:
            return
        index = slot_at(self.slots, max(self.size.width, 6), event.x, event.y, self.cursor_line, self._drawn)
        if index is not None:
            event.stop()
            self.post_message(self.Picked(self, index))

    def show(self, slots: list[Slot], card_size: CardSize = SMALL, flat: bool = False) -> None:
        """Replace the cards on show, drawn at ``card_size`` (or ``flat``: on one line)."""
        if slots != self.slots or card_size != self.card_size or flat != self.flat:
            before, old = self._height(self.slots, self.flat), self.slots
            # A new size or count of cards may change the row's width: lay out again.
            resize = card_size != self.card_size or len(slots) != len(old) or flat != self.flat
            self.slots, self.card_size, self.flat = list(slots), card_size, flat
            self.refresh(layout=resize or self._height(self.slots, flat) != before)

    def _height(self, slots: list[Slot], flat: bool, width: int | None = None) -> int:
        if flat:
            return 1
        width = max(self.size.width if width is None else width, 6)
        return row_height(len(slots), width, self.cursor_line, self._drawn)

    def render(self) -> Text:
        if self.flat:
            return render_flat(self.slots, self.empty)
        return render_row(self.slots, max(self.size.width, 6), self.cursor_line, self.empty, self._drawn)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        if not self.slots:
            return len(self.empty)
        if self.flat:
            return min(container.width, self.render().cell_len)
        return min(container.width, len(self.slots) * (self.card_size.width + 1) - 1)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._height(self.slots, self.flat, width)

    @property
    def text(self) -> str:
        """The row as plain text (for tests)."""
        return self.render().plain
