"""What the last move changed, lit up for a moment on the table.

The table screen owns one :class:`MoveHighlight`. After each move lands (a person's or a
computer's) it is shown the move's :class:`~palace_tui.table.last_move.Changes`; the
screen's widgets read :attr:`MoveHighlight.changes` as they draw (the seat that moved,
the pile, the cleared count, the stock, the direction), and a timer puts them back
after :data:`SECONDS`. Nothing waits for it: the next move simply lights up instead. With
animations off (``TEXTUAL_ANIMATIONS=none``) it is a static marker: lit until the next move.

It holds places, never cards, so it can light up only what the screen already shows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.screen import Screen
from textual.timer import Timer

from palace_tui.table.last_move import Changes

#: How long the last move stays lit, in seconds: time to see it, gone before it gets in the way.
SECONDS = 1.5


class MoveHighlight:
    """The last move's changes while they are lit (``changes``), for ``screen`` to draw;
    ``redraw`` is called when they go out."""

    def __init__(self, screen: Screen[Any], redraw: Callable[[], None], seconds: float | None = None) -> None:
        self.screen = screen
        self.redraw = redraw
        #: How long a move stays lit (:data:`SECONDS` unless given).
        self.seconds = SECONDS if seconds is None else seconds
        #: What the last move changed, while it is lit (None: nothing is).
        self.changes: Changes | None = None
        self._timer: Timer | None = None

    def show(self, changes: Changes | None) -> None:
        """Light up ``changes`` (the caller redraws) until the timer puts them out."""
        self._stop()
        self.changes = changes
        # With animations off (TEXTUAL_ANIMATIONS=none) nothing on the screen comes and goes by itself:
        # the last move stays marked until the next one (or a take-back) replaces it.
        if changes is not None and self.screen.app.animation_level != "none":
            self._timer = self.screen.set_timer(self.seconds, self._out)

    def clear(self) -> None:
        """Nothing is lit any more (a move taken back; the caller redraws)."""
        self._stop()
        self.changes = None

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _out(self) -> None:
        self._timer = None
        self.changes = None
        if self.screen.is_mounted:
            self.redraw()
