"""A short note for the seat at the screen: the coach's advice, the pile explained, a recap.

It is part of the table screen (never a toast), so it disappears with the screen
when the privacy screen goes up, and the screen clears it whenever the turn passes.
It grows to show its words whole, up to half the screen: the public table above gives
way (and scrolls). A note longer still scrolls, by PgDn first (:meth:`NoteLine.page`).
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

LABEL = Style(bold=True, color="yellow")


class NoteLine(VerticalScroll, can_focus=False):
    """A few lines with a bold label ("Coach", "Pile", "Since your last turn"); hidden when empty.

    Never focused: the arrow keys, Home and End stay the cards' keys.
    """

    DEFAULT_CSS = """
    NoteLine {
        height: auto;
        max-height: 50vh;
        scrollbar-size-vertical: 1;
        padding: 0 1;
        background: $boost;
        display: none;
    }
    NoteLine.-shown { display: block; }
    NoteLine > Static { height: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: The label of the note on show ("" when none).
        self.label = ""
        #: The note's text without the label (for tests and the screen's checks).
        self.body = ""

    def compose(self) -> ComposeResult:
        yield Static(markup=False)

    def say(self, label: str, body: Text | str) -> None:
        """Show ``body`` under ``label`` (rich Text or plain text; never markup)."""
        text = Text()
        text.append(f"{label}: ", LABEL)
        text.append_text(body if isinstance(body, Text) else Text(body))
        self.label = label
        self.body = text.plain[len(label) + 2 :]
        self.query_one(Static).update(text)
        self.scroll_home(animate=False)  # a new note is read from its start
        # A class, not ``display``: an inline style would beat the too-small screen's CSS.
        self.add_class("-shown")

    def clear(self) -> None:
        """Hide the note."""
        if self.label or self.has_class("-shown"):
            self.label = ""
            self.body = ""
            self.query_one(Static).update("")
            self.remove_class("-shown")

    def page(self, step: int) -> bool:
        """A page on (1) or back (-1) through a note too long for its lines; False when it
        cannot move that way (the whole note is in view, or that end of it)."""
        if step > 0 and self.scroll_y < self.max_scroll_y:
            self.scroll_page_down(animate=False)
        elif step < 0 and self.scroll_y > 0:
            self.scroll_page_up(animate=False)
        else:
            return False
        return True
