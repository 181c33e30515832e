"""The public log: what everybody at the table saw, newest at the bottom.

Lines come from the engine's event sentences, which use names (never "you") and
never show a drawn card. Cards in a line are coloured by suit.
"""

from __future__ import annotations

import re

from rich.text import Text
from textual.widgets import RichLog

from ..rules import Card
from .card_art import suit_style

_CARD = re.compile(r"(?<!\S)(10|[2-9JQKA])([♣♦♥♠])|(?<!\S)JK(?: JK)*(?!\w)")


def log_line(line: str) -> Text:
    """A log sentence with its cards in suit colours; the engine's ``JK`` reads "a joker"
    (``JK JK``: "2 jokers")."""
    text = Text()
    at = 0
    for m in _CARD.finditer(line):
        jokers = m.group(0).count("JK")
        try:
            card = Card.parse("JK" if jokers else m.group(0))
        except ValueError:
            continue
        text.append(line[at:m.start()])
        words = m.group(0) if not jokers else ("a joker" if jokers == 1 else f"{jokers} jokers")
        text.append(words, suit_style(card))
        at = m.end()
    text.append(line[at:])
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

    def on_resize(self) -> None:
        # A resize re-wraps the lines: keep the newest one in view.
        self.call_after_refresh(self.scroll_end, animate=False)

    def show(self, lines: list[str], total: int) -> None:
        """Bring the log up to date: ``lines`` are the last of ``total`` lines so far."""
        new = total - self.shown
        if new < 0 or new > len(lines) or self.shown == 0:
            self.clear()
            new = len(lines)
        for line in lines[len(lines) - new:]:
            self.write(log_line(line))
        self.shown = total
