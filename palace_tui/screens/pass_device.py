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
from textual.widgets import Footer, Header, Static

from ..widgets.too_small import TooSmall

#: What the screen dismisses with when the last player takes their move back.
TAKE_BACK = -1


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
    PassScreen #pass-undo { text-align: center; width: 100%; margin-top: 1; color: $text-muted; }
    """

    BINDINGS = [
        Binding("enter", "reveal", "Show my cards", tooltip="Only the named player should look now",
                id="reveal"),
        Binding("u", "take_back", "Take back", tooltip="The last player takes back their move",
                id="pass-take-back"),
        Binding("ctrl+q", "app.save_quit", "Save+quit", key_display="^q", priority=True, id="quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        #: The seat whose cards will be shown.
        self.seat = 0
        #: That seat's name.
        self.player = ""
        self.setup = False
        #: The last player's name, whether their move may be taken back, and why (not); or None.
        self.undo: tuple[str, bool, str] | None = None

    def for_seat(self, seat: int, name: str, setup: bool = False,
                 undo: tuple[str, bool, str] | None = None) -> "PassScreen":
        """Aim the screen at ``seat`` before it is pushed (the app keeps one instance)."""
        self.seat, self.player, self.setup, self.undo = seat, name, setup, undo
        if self.is_mounted:
            self._show()
        return self

    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
        with Middle(), Center():
            with Vertical(id="pass-box"):
                yield Static(id="pass-title", markup=False)
                yield Static(id="pass-body", markup=False)
                yield Static(id="pass-undo", markup=False)
        yield Footer(compact=True)
        yield TooSmall()

    def _show(self) -> None:
        doing = "set up" if self.setup else "play"
        self.query_one("#pass-title", Static).update(f"Pass to {self.player}")
        self.query_one("#pass-body", Static).update(
            f"It is {self.player}'s turn to {doing}.\nEveryone else, look away.\n\n"
            f"{self.player}: press Enter to see your cards.")
        self.sub_title = f"pass to {self.player}"
        # No card is named here: a played card could match one in a hand of a two-pack game.
        undo = self.query_one("#pass-undo", Static)
        if self.undo is None:
            undo.update("")
            undo.display = False
        else:
            who, ok, why = self.undo
            undo.update(f"{who}: press u to take back your move." if ok else f"{who}: {why}")
            undo.display = True
        self.refresh_bindings()

    def on_mount(self) -> None:
        self._show()

    def on_screen_resume(self) -> None:
        self.app.clear_notifications()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """u is shown only when the last player's move is in question, greyed out when it can't go back."""
        if action == "take_back":
            if self.undo is None:
                return False
            return True if self.undo[1] else None
        return True

    def action_reveal(self) -> None:
        """Hand the screen to the named player."""
        self.dismiss(self.seat)

    def action_take_back(self) -> None:
        """The last player still has the device and takes their move back."""
        self.dismiss(TAKE_BACK)
