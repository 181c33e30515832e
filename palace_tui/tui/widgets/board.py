"""The public part of the table: the seats, the pile and the log, above the seat's own cards.

With too few lines for all of it (a narrow screen, a short one, a long note below), it is
the part that scrolls (the seat's own cards and the keys below it never do): PgDn scrolls
it down to the log, PgUp back through the log and then up again (:meth:`Board.page`).
"""

from __future__ import annotations

from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import RichLog

#: The fewest lines of log that PgUp/PgDn page through: a log squeezed to one line (by a
#: long note) is no place to read back in, and paging it would keep the board from its top.
LOG_LINES = 2


class Board(Vertical):
    """Seats and pile over the log; scrolls when it has fewer lines than they need."""

    def page(self, step: int) -> bool:
        """A page back (-1) or on (1): the board while it is cut, the log once its end is in
        view; False when neither can move that way."""
        log = self.query_one(RichLog)
        at_log = self.scroll_y >= self.max_scroll_y and log.scrollable_content_region.height >= LOG_LINES
        if step > 0:
            target = log if at_log else self
            moves = target.scroll_y < target.max_scroll_y
        else:
            target = log if at_log and log.scroll_y > 0 else self
            moves = target.scroll_y > 0
        (target.scroll_page_up if step < 0 else target.scroll_page_down)(animate=False)
        return moves

    def bring_up(self, widget: Widget) -> None:
        """Scroll ``widget``'s top to the board's top (as far as the board scrolls): in view
        however few lines a note below leaves the board."""
        self.scroll_to(y=widget.region.y - self.content_region.y + self.scroll_y, animate=False)
