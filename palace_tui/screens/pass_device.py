"""The privacy screen: an opaque "Pass to Ben" that shows nothing private.

It goes up before a human's setup and whenever the next seat to act is a human
other than the one who just acted. It is a full ``Screen`` (never a see-through
modal), it clears every notification as it appears, and it holds no card text:
only the name of who should take the keyboard.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..widgets.too_small import TooSmall


class PassScreen(Screen[int]):
    """Asks the table to hand the keyboard to ``name``; Enter reveals their view."""

    DEFAULT_CSS = """
    PassScreen { background: $background; align: center middle; }
    PassScreen #pass-box {
        width: 50; height: auto; padding: 1 2;
        border: double $accent; background: $panel;
    }
    PassScreen #pass-title { text-style: bold; text-align: center; width: 100%; color: $accent; }
    PassScreen #pass-body { text-align: center; width: 100%; margin-top: 1; }
    """

    BINDINGS = [
        Binding("enter", "reveal", "Show my cards", tooltip="Only the named player should look now",
                id="reveal"),
        Binding("ctrl+q", "app.save_quit", "Save+quit", key_display="^q", priority=True, id="quit"),
    ]

    def __init__(self, seat: int, name: str, setup: bool = False) -> None:
        super().__init__()
        #: The seat whose cards will be shown.
        self.seat = seat
        #: That seat's name.
        self.player = name
        self.setup = setup

    def compose(self) -> ComposeResult:
        doing = "set up" if self.setup else "play"
        with Middle(), Center():
            with Vertical(id="pass-box"):
                yield Static(f"Pass to {self.player}", id="pass-title", markup=False)
                yield Static(f"It is {self.player}'s turn to {doing}.\nEveryone else, look away.\n\n"
                             f"{self.player}: press Enter to see your cards.", id="pass-body", markup=False)
        yield Footer(compact=True)
        yield TooSmall()

    def on_mount(self) -> None:
        self.app.clear_notifications()
        self.sub_title = f"pass to {self.player}"

    def action_reveal(self) -> None:
        """Hand the screen to the named player."""
        self.dismiss(self.seat)
