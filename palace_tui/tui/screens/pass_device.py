"""The pass screen: an opaque "Pass to Ben" that shows nothing private.

The turn flow (:mod:`palace_tui.table.turn_flow`) puts it up before a person's turn
whenever several people share the keyboard. It is a full ``Screen`` (never a
see-through modal), it clears every notification as it appears, and it holds no
card text and nothing about the previous turn: only the name of who should take the
keyboard. Enter (the named person) and ctrl+q are its only keys.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Header, Static

from palace_tui.tui.widgets.keys_footer import KeysFooter
from palace_tui.tui.widgets.pass_box import PassBox
from palace_tui.tui.widgets.too_small import TooSmall


class PassScreen(Screen[int], inherit_bindings=False):
    """Asks the table to hand the keyboard to ``name``; Enter reveals their view."""

    DEFAULT_CSS = """
    PassScreen { background: $background; align: center middle; }
    """

    BINDINGS = [
        Binding("enter", "reveal", "Show my cards", tooltip="Only the named player should look now", id="reveal"),
        Binding("ctrl+q", "app.save_quit", "Save+quit", key_display="^q", priority=True, id="quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        #: The seat whose cards will be shown.
        self.seat = 0
        #: That seat's name.
        self.player = ""

    def for_seat(self, seat: int, name: str) -> PassScreen:
        """Aim the screen at ``seat`` before it is pushed (the app keeps one instance)."""
        self.seat, self.player = seat, name
        if self.is_mounted:
            self._show()
        return self

    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
        with Middle(), Center():
            yield PassBox(id="pass-box")
        yield KeysFooter()
        yield TooSmall()

    def _show(self) -> None:
        # Only the name: no card (a played card could match one in a hand of a two-pack
        # game), and nothing of the previous turn, which was meant for its mover alone.
        self.query_one(PassBox).name_player(self.player)
        self.sub_title = f"pass to {self.player}"
        # The header follows sub_title a message later: bring it up to date now, so that no frame
        # shows this box under the name of the person the screen was passed to last time.
        header = self.query_one(Header)
        header.query_one("HeaderTitle", Static).update(header.format_title())

    def on_mount(self) -> None:
        self._show()

    def on_screen_resume(self) -> None:
        self.app.clear_notifications()

    def action_reveal(self) -> None:
        """Hand the screen to the named player."""
        self.dismiss(self.seat)
