"""The app ``palace join`` runs: one seat at a table another machine hosts.

The table screen is the hot seat's own :class:`~palace_tui.tui.table.screen.TableScreen`, given
a door to the host's table (:class:`JoinedTable`: ``palace_tui.net.remote_table.RemoteTable``,
which this module never imports: the screens sit below the network in the layers). One person
sits at this device, so there is no pass screen. The app reads the host's updates in a worker
for as long as the connection lives, shows the host's results when a game ends (a: the next
deal), and says why when the connection ends (the host gone, the seat opened elsewhere).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from textual import events, on
from textual.binding import Binding

from palace_tui.device import Device
from palace_tui.table.door import TableDoor
from palace_tui.tui.layout_classes import DeviceLayout
from palace_tui.tui.messages import GameEnded
from palace_tui.tui.screens.remote_results import RemoteResultsScreen
from palace_tui.tui.table.screen import TableScreen
from palace_tui.words import remote as words
from palace_tui.words.bell import bell_switched


class JoinedTable(TableDoor, Protocol):
    """A table's door with what a joined device does besides: read the host, deal again, leave."""

    #: Told each note the host sends (someone left and a computer plays for them, or is back).
    on_note: Callable[[str], None] | None

    def run(self, on_closed: Callable[[str], None] | None = None) -> Coroutine[Any, Any, None]:
        """Read the host's updates until the connection ends (``on_closed`` says why)."""
        ...

    def again(self) -> None:
        """Ask for the next deal (the game is over)."""
        ...

    #: Told the game file the host sends for a review (text, ""), or why not ("", reason).
    on_game_file: Callable[[str, str], None] | None

    def ask_review(self) -> None:
        """Ask for the game just over, as a game file (told to ``on_game_file``)."""
        ...

    def results_lines(self) -> list[str]:
        """The latest results, in sentences."""
        ...

    def close(self, leave: bool = True) -> Coroutine[Any, Any, None]:
        """Leave the table and close the connection."""
        ...


class JoinedTableScreen(TableScreen):
    """The hot seat's table screen at a joined device: its ctrl+q leaves the table (the host keeps
    the game), and says so in the footer, where a phone's player taps it (no keyboard to leave with)."""

    QUIT_WORDS = (words.LEAVE, words.LEAVE_TOOLTIP)


class JoinApp(DeviceLayout):
    """``table``'s seat at this terminal. ``rejoin`` is the line that comes back (said on leaving)."""

    TITLE = "Palace"
    ENABLE_COMMAND_PALETTE = False

    BINDINGS = [
        Binding("ctrl+q", "save_quit", words.LEAVE, key_display="^q", priority=True, id="quit"),
    ]

    def __init__(
        self,
        table: JoinedTable,
        *,
        rejoin: str = "",
        coach_work: int | None = None,
        device: Device | None = None,
        quiet: bool = False,
    ) -> None:
        super().__init__()
        self.table = table
        self.device = device if device is not None else Device.from_environment()
        self.rejoin = rejoin
        self.coach_work = coach_work
        self.bell_on = not quiet
        #: Why the connection ended (None: it is open).
        self.closed: str | None = None
        #: The page has said it has the focus (a browser's tab); till then a blur is the driver's own.
        self._page_focused = False
        self._results_up = False
        self._reader: asyncio.Task[None] | None = None

    def on_mount(self) -> None:
        self.show_device()
        self.table.on_note = self._note
        self.table.on_game_file = self._review
        # A task of the app's loop, not a worker: it lives as long as the connection, and the app
        # is idle (nothing to do) while it waits for the host.
        self._reader = asyncio.get_running_loop().create_task(self.table.run(self._host_closed))
        # One table screen for the whole visit: it follows each new deal as the host sends it.
        self.push_screen(JoinedTableScreen(self.table, coach_work=self.coach_work, device=self.device))

    def on_app_focus(self, event: events.AppFocus) -> None:
        self._page_focused = True

    def on_app_blur(self, event: events.AppBlur) -> None:
        """Textual's web driver says the app is blurred as it starts, until the page is first
        tapped; while blurred no widget has the focus, and the footer leaves out the card keys
        (Ready, Play: the focused hand's). A joined table
        changes its turn before any tap (the other seats play first), so in a browser (the phone
        door of palace host) the page counts as focused until it says otherwise itself."""
        if self.device.web and not self._page_focused:
            self._page_focused = True  # once: a blur after this is the page's own
            self.post_message(events.AppFocus())  # the screen gives the hand its focus back

    def _note(self, text: str) -> None:
        """The host's note about the table (not a move), shown for a while."""
        self.notify(text, timeout=8, markup=False)

    def _host_closed(self, reason: str) -> None:
        if self.closed is not None:
            return  # this device left: the connection's end is its own doing
        self.closed = reason
        self.exit(message=f"Palace: {reason or 'the host has gone.'} {self.rejoin}".strip(), return_code=1)

    @on(GameEnded)
    def game_over(self) -> None:
        """The host's results; a: the next deal, r: review the game here, q: leave."""
        if self._results_up:
            return
        self._show_results()

    def _show_results(self) -> None:
        self._results_up = True

        async def chosen(what: str | None) -> None:
            self._results_up = False
            if what == "again":
                self.table.again()  # the table screen below follows the next deal when it comes
            elif what == "review":
                self._results_up = True  # the results come back when the review closes
                self.notify(words.REVIEW_ASKED, timeout=3, markup=False)
                self.table.ask_review()
            else:
                await self.action_save_quit()

        self.push_screen(RemoteResultsScreen(self.table.results_lines()), chosen)

    def _review(self, text: str, refused: str) -> None:
        """The host's game file: the review of the game just over, on this device; then the results again."""
        from palace_tui.rules.gamefile import GameFileError, parse_game
        from palace_tui.tui.screens.review import ReviewScreen

        try:
            record = parse_game(text) if text else None
        except GameFileError as error:
            record, refused = None, str(error)
        if record is None:
            self.notify(refused, severity="warning", markup=False)
            self._back_from_review()
            return
        review = ReviewScreen(record, title=words.REVIEW_TITLE, coach_work=self.coach_work)
        self.push_screen(review, lambda _: self._back_from_review())

    def _back_from_review(self) -> None:
        """The results again, unless another device has dealt the next game meanwhile (its table is below)."""
        if self.table.now().phase == "over":
            self._show_results()
        else:
            self._results_up = False

    def on_unmount(self) -> None:
        if self._reader is not None:
            self._reader.cancel()

    def bell(self) -> None:
        """Ring the terminal's bell, if it is switched on."""
        if self.bell_on:
            super().bell()

    def action_toggle_bell(self) -> None:
        """Switch the bell on or off for this device."""
        self.bell_on = not self.bell_on
        self.notify(bell_switched(self.bell_on), timeout=3, markup=False)

    async def action_save_quit(self) -> None:
        """Leave the table: the host keeps the game and the seat waits for this device."""
        if self.closed is None:
            self.closed = ""
            await self.table.close()
        self.exit(message=f"Palace: you left the table. {self.rejoin}".strip())
