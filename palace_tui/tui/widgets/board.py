"""The public part of the table: the seats, the pile and the log, above the seat's own cards.

On a narrow screen with too few lines for all of it, it is the part that scrolls (the
seat's own cards, the note and the keys below it never do): PgDn scrolls it down to the
log, PgUp back through the log and then up again (:meth:`Board.page`).
"""

from __future__ import annotations

from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import RichLog


class Board(Vertical):
    """Seats and pile over the log; scrolls only where narrow.tcss lets it."""

    def page(self, step: int) -> None:
        """A page back (-1) or on (1): the board while it is cut, the log once its end is in view."""
        log = self.query_one(RichLog)
        at_end = self.scroll_y >= self.max_scroll_y
        if step > 0:
            target = log if at_end else self
        else:
            target = log if at_end and log.scroll_y > 0 else self
        (target.scroll_page_up if step < 0 else target.scroll_page_down)(animate=False)

    def bring_up(self, widget: Widget) -> None:
        """Scroll ``widget``'s top to the board's top (as far as the board scrolls): in view
        however few lines a note below leaves the board."""
        self.scroll_to(y=widget.region.y - self.content_region.y + self.scroll_y, animate=False)
