"""The pass screen's box, "Pass to Ben": the table's pass screen and the lesson about it draw
this one widget, so the lesson shows exactly what the table will."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from palace_tui.words.passing import pass_words


class PassBox(Vertical):
    """The name of who should take the keyboard, and what everyone else should do."""

    DEFAULT_CSS = """
    PassBox {
        width: 50; height: auto; padding: 1 2;
        border: double $accent; background: $panel;
    }
    PassBox #pass-title { text-style: bold; text-align: center; width: 100%; color: $accent; }
    PassBox #pass-body { text-align: center; width: 100%; margin-top: 1; }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="pass-title", markup=False)
        yield Static(id="pass-body", markup=False)

    def name_player(self, name: str) -> None:
        """Show the box for ``name``."""
        title, body = pass_words(name)
        self.query_one("#pass-title", Static).update(title)
        self.query_one("#pass-body", Static).update(body)
