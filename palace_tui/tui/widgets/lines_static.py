"""A Static that redraws only when its lines change, and re-lays out only when their count does."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class LinesStatic(Static):
    """Base of the table's panels: every move redraws them, most of the time unchanged."""

    _last: Text | None = None

    def show_lines(self, lines: list[Text]) -> None:
        """Show ``lines`` unwrapped; skip the work when nothing changed."""
        text = Text("\n").join(lines)
        text.no_wrap = True
        if text != self._last:
            same_height = self._last is not None and len(self._last.split("\n")) == len(lines)
            self._last = text
            self.update(text, layout=not same_height)
