"""The pass screen: an opaque "Pass to Ben" that shows nothing private.

The turn flow (:mod:`palace_tui.table.turn_flow`) puts it up before a person's turn
whenever several people share the keyboard. It is a full ``Screen`` (never a
see-through modal), it clears every notification as it appears, and it holds no
card text and nothing about the previous turn: only the name of who should take the
keyboard. Enter (the named person) and ctrl+q are its only keys; the box itself is a
button too ("Tap here, Ben"), for a tablet with no keyboard.
"""

from __future__ import annotations

from time import monotonic

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Header, Static

from palace_tui.device import TERMINAL, Device
from palace_tui.tui.widgets.keys_footer import KeysFooter
from palace_tui.tui.widgets.pass_box import PassBox
from palace_tui.tui.widgets.too_small import TooSmall

#: Seconds after the screen comes up in which a click or tap does nothing: the last
#: player's second tap on "End turn" must not show the next person's cards to them.
SETTLE = 0.6


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
        #: What the named person reveals their cards with (the words say press, click or tap).
        self.device = TERMINAL
        #: When the screen last came up (see :data:`SETTLE`).
        self._shown_at = 0.0
        #: Warnings that stay on it (not private: a file moved aside, nothing saved).
        self.warnings: list[str] = []

    def for_seat(
        self, seat: int, name: str, device: Device = TERMINAL, warnings: list[str] | None = None
    ) -> PassScreen:
        """Aim the screen at ``seat`` before it is pushed (the app keeps one instance), with the
        ``warnings`` to show on it again."""
        self.seat, self.player, self.device = seat, name, device
        self.warnings = list(warnings or [])
        if self.is_mounted and self.is_current:
            self._show()
        # Otherwise it is shown as the screen comes up (on_screen_resume): a box changed while the
        # screen is away would be painted alone as it is pushed, over the last screen, before the
        # whole screen is.
        return self

    @property
    def settling(self) -> bool:
        """The screen has only just come up: a click or a tap now was meant for the last screen."""
        return monotonic() - self._shown_at < SETTLE

    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
        with Middle(), Center():
            yield PassBox(id="pass-box")
        yield KeysFooter()
        yield TooSmall()

    def _show(self) -> None:
        # Only the name: no card (a played card could match one in a hand of a two-pack
        # game), and nothing of the previous turn, which was meant for its mover alone.
        self.query_one(PassBox).name_player(self.player, self.device)
        self.sub_title = f"pass to {self.player}"
        # The header follows sub_title a message later: bring it up to date now, so that no frame
        # shows this box under the name of the person the screen was passed to last time.
        # (A header whose title is not composed yet will show the new one as it is.)
        header = self.query_one(Header)
        for title in header.query("HeaderTitle").results(Static):
            title.update(header.format_title())

    def on_screen_resume(self) -> None:
        self._show()
        self._shown_at = monotonic()
        # Every toast goes (it may name a card of the last player's), but the store's warnings.
        self.app.clear_notifications()
        for warning in self.warnings:
            self.notify(warning, severity="warning", timeout=10, markup=False)

    def on_pass_box_pressed(self) -> None:
        self.action_reveal()

    def action_reveal(self) -> None:
        """Hand the screen to the named player."""
        self.dismiss(self.seat)
