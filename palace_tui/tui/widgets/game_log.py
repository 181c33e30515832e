"""The public log: what everybody at the table saw, newest at the bottom.

The log keeps the events themselves and words them on demand in the log voice of
``palace_tui.words`` (names, never "you"; a draw says how many cards, never
which). Cards are coloured by suit from the ``Card`` objects of the sentence.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.widgets import RichLog

from palace_tui.rules import Event, Rules
from palace_tui.tui.widgets.card_art import suit_style
from palace_tui.words import Cards, Sentence, card_chunks, log_sentence


def log_line(line: str) -> Text:
    """A sentence with its cards in suit colours (a plain ``str`` stays plain)."""
    text = Text()
    for part in line.parts if isinstance(line, Sentence) else (line,):
        if isinstance(part, Cards):
            for k, (words, card) in enumerate(card_chunks(part)):
                text.append(" " if k else "")
                text.append(words, suit_style(card))
        else:
            text.append(part)
    return text


class GameLog(RichLog):
    """Recent public events; replaced whole when a session is shown."""

    DEFAULT_CSS = """
    GameLog { height: 1fr; background: $surface; scrollbar-size-vertical: 1; }
    """

    can_focus = False  # the table's arrow keys move cards, never scroll the log

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, highlight=False, max_lines=400)
        self.shown = 0

    def on_resize(self, event: events.Resize) -> None:
        # A resize re-wraps the lines: keep the newest one in view.
        self.call_after_refresh(self.scroll_end, animate=False)

    def show(
        self, entries: Sequence[str | Event], total: int, names: Sequence[str] = (), rules: Rules | None = None
    ) -> None:
        """Bring the log up to date: ``entries`` (header lines and events, worded with
        ``names`` and ``rules``) are the last of ``total`` entries so far."""
        new = total - self.shown
        if new < 0 or new > len(entries) or self.shown == 0:
            self.clear()
            new = len(entries)
        for entry in entries[len(entries) - new :]:
            self.write(log_line(entry if isinstance(entry, str) else log_sentence(entry, names, rules)))
        self.shown = total
