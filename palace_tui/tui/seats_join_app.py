"""The app ``palace join CODE --seat Ann --seat Ben`` runs: several seats at one joined terminal.

It is :class:`~palace_tui.tui.join_app.JoinApp` (the hot seat's table screen over a door to the
host's table, the host's results, leaving) with the hot seat's pass screen between the seats
that share this terminal. The door (``palace_tui.net.remote_seats.RemoteSeats``: one connection
a seat) decides whose cards are up with the hot seat's turn flow; the table screen asks for the
pass screen (:class:`~palace_tui.tui.messages.PassNeeded`) exactly as at the hot seat, and this
app puts up the same opaque :class:`~palace_tui.tui.screens.pass_device.PassScreen`, which names
only the person to hand the terminal to.
"""

from __future__ import annotations

from textual import events, on
from textual.binding import Binding

from palace_tui.tui.join_app import JoinApp
from palace_tui.tui.messages import PassNeeded
from palace_tui.tui.screens.pass_device import PassScreen
from palace_tui.words import remote as words


class JoinedPassScreen(PassScreen):
    """The hot seat's pass screen at a shared joined terminal: its ctrl+q leaves the table (the host keeps the game)."""

    BINDINGS = [
        Binding("ctrl+q", "app.save_quit", words.LEAVE, key_display="^q", priority=True, id="quit"),
    ]


class SeatsJoinApp(JoinApp):
    """This terminal's seats at a host's table, passed between the people who share it."""

    @on(PassNeeded)
    def pass_to(self, needed: PassNeeded) -> None:
        """Put up the pass screen for the seat named; its Enter shows that seat's cards."""
        seat = needed.seat
        self.clear_notifications()  # at once: no toast of the last player's outlives this message
        name = self.table.table().names[seat]
        top = self.screen_stack[-1] if self.screen_stack else None
        if isinstance(top, PassScreen):
            # Still up for someone else (the table moved on elsewhere meanwhile): it names the new person.
            top.for_seat(seat, name, self.device)
            return
        screen = JoinedPassScreen().for_seat(seat, name, self.device)
        # The pass screen is dismissed with the seat it names now.
        self.push_screen(screen, lambda passed: needed.reveal(seat if passed is None else passed))
        self.bell()  # the terminal must change hands

    def _pass_screen_settling(self) -> bool:
        screen = self.screen_stack[-1] if self.screen_stack else None
        return isinstance(screen, PassScreen) and screen.settling

    async def on_event(self, event: events.Event) -> None:
        # The pass screen has only just come up: a click was meant for the screen before it (a
        # double click on End turn), not to show the next person's cards to the last one.
        if isinstance(event, (events.MouseDown, events.MouseUp, events.Click)) and self._pass_screen_settling():
            return
        await super().on_event(event)
