"""A short note for the seat at the screen: the coach's advice, the pile explained, a recap.

It is part of the table screen (never a toast), so it disappears with the screen
when the privacy screen goes up, and the screen clears it whenever the turn passes.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widgets import Static

LABEL = Style(bold=True, color="yellow")


class NoteLine(Static):
    """One to three lines with a bold label ("Coach", "Pile", "Since your last turn"); hidden when empty."""

    DEFAULT_CSS = """
    NoteLine {
        height: auto;
        max-height: 6;
        overflow-y: auto;
        padding: 0 1;
        background: $boost;
        display: none;
    }
    NoteLine.-shown { display: block; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)
        #: The label of the note on show ("" when none).
        self.label = ""
        #: The note's text without the label (for tests and the screen's checks).
        self.body = ""

    def say(self, label: str, body: Text | str) -> None:
        """Show ``body`` under ``label`` (rich Text or plain text; never markup)."""
        text = Text()
        text.append(f"{label}: ", LABEL)
        text.append_text(body if isinstance(body, Text) else Text(body))
        self.label = label
        self.body = text.plain[len(label) + 2 :]
        self.update(text)
        # A class, not ``display``: an inline style would beat the too-small screen's CSS.
        self.add_class("-shown")

    def clear(self) -> None:
        """Hide the note."""
        if self.label or self.has_class("-shown"):
            self.label = ""
            self.body = ""
            self.update("")
            self.remove_class("-shown")
