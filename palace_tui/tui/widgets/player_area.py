"""The cards of the seat at the screen: face-down backs, face-up row, hand, and a hint line.

The screen decides what each row holds and where the cursor is; this widget only
lays the rows out and draws them.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Label, Static

from palace_tui.tui.widgets.card_art import LARGE, SMALL, TALL, CardSize, Slot
from palace_tui.tui.widgets.card_row import CardRow


def card_size(app: App[Any]) -> CardSize:
    """Large cards on a tablet (a touch screen with the full layout and room for them), tall
    ones on a roomy screen, else small (the app's size classes, app.py)."""
    if app.has_class("-roomy") and app.has_class("-touch") and not app.has_class("-narrow"):
        return LARGE
    return TALL if app.has_class("-roomy") else SMALL


class PlayerArea(Vertical):
    """Face-down and face-up rows side by side, the hand below, then one line of hints."""

    DEFAULT_CSS = """
    PlayerArea { height: auto; }
    PlayerArea > Horizontal { height: auto; }
    PlayerArea .row-label { width: 5; padding-top: 1; color: $text-muted; }
    App.-roomy PlayerArea .row-label { padding-top: 2; }
    PlayerArea #down-row { width: auto; margin-right: 3; }
    PlayerArea #up-row { width: 1fr; }
    PlayerArea #hint { height: 2; }
    PlayerArea.-nobody > Horizontal { display: none; }
    """

    def compose(self) -> ComposeResult:
        with Horizontal(id="table-cards"):
            yield Label("Down", classes="row-label")
            yield CardRow(id="down-row", empty="(none)", cursor_line=False)
            yield Label("Up", classes="row-label")
            yield CardRow(id="up-row", empty="(none)", cursor_line=False)
        with Horizontal(id="hand-cards"):
            yield Label("Hand", classes="row-label")
            yield CardRow(id="hand-row", empty="(empty)", cursor_line=False)
        yield Static(id="hint")

    def show(self, down: list[Slot], up: list[Slot], hand: list[Slot], hint: Text, nobody: bool = False) -> None:
        """Draw the three rows and the hint line; ``nobody``: no seat's cards are up, only the hint shows.

        The cards take the room there is (:func:`card_size`). On a short, narrow screen the
        face-down and face-up rows are drawn on one line while the hand is played from:
        still in view, and the lines go to the table above."""
        self.set_class(nobody, "-nobody")
        app = self.app
        size = card_size(app)
        short = app.has_class("-compact") or self.has_class("-short")  # -short: the screen's own say
        flat = self.has_class("-playing-hand") and app.has_class("-narrow") and short
        self.query_one("#down-row", CardRow).show(down, size, flat)
        self.query_one("#up-row", CardRow).show(up, size, flat)
        self.query_one("#hand-row", CardRow).show(hand, size)
        self.query_one("#hint", Static).update(hint, layout=False)
