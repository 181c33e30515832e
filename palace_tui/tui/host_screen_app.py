"""The app ``palace host --screen`` runs: the public table for a TV while every seat plays on its own device.

The host's terminal watches its own room as any watcher does: its table's door is a watcher's
(``palace_tui.net.remote_table.RemoteTable`` joined with ``watch``, which this module never
imports), so what it holds is the public view and the public events, never a hand, and
nobody's cards are ever up here: no pass screen, no keys of a turn. The table screen is the hot
seat's own :class:`~palace_tui.tui.table.screen.TableScreen` (:class:`PublicTableScreen` only
hides what a watcher cannot ask for). Above it, :class:`RoomScreen` shows how to join (the room
code, the address, the ``palace join`` line and a QR code of the address) and who is at the
table; it is up until every person's seat has a device, and ``i`` brings it back. The host's
notes (a computer plays for someone who left) come up as toasts. Ctrl+Q closes the room (the
game stays saved); the results of a game stay up until a player deals again on their device.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Header, Static

from palace_tui.tui.join_app import JoinedTable
from palace_tui.tui.layout_classes import DeviceLayout
from palace_tui.tui.messages import GameEnded
from palace_tui.tui.table.screen import TableScreen
from palace_tui.tui.widgets.keys_footer import KeysFooter
from palace_tui.tui.widgets.too_small import TooSmall
from palace_tui.words import remote as words

#: Black modules on white whatever the terminal's colours (a camera needs dark on light).
_QR_STYLE = Style(color="black", bgcolor="white")
#: Two rows of modules to a line of text: (top dark, bottom dark) to its block.
_HALVES = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}


def qr_text(matrix: Sequence[Sequence[bool]]) -> Text:
    """A QR code's modules (True: dark, its quiet zone included) drawn two rows to a line.

    >>> qr_text([[True, False], [True, True], [False, True]]).plain
    '█▄\\n ▀'
    """
    rows = [list(row) for row in matrix]
    lines = []
    for top in range(0, len(rows), 2):
        upper = rows[top]
        lower = rows[top + 1] if top + 1 < len(rows) else [False] * len(upper)
        lines.append("".join(_HALVES[(a, b)] for a, b in zip(upper, lower)))
    return Text("\n".join(lines), style=_QR_STYLE)


@dataclass(frozen=True)
class RoomCard:
    """How to join the room, as the host's screen shows it."""

    code: str
    url: str
    #: The host's lines on how to join (the code, the address, the join line, who can reach it).
    lines: tuple[str, ...]
    #: The QR code of the address (its modules, True: dark), empty without one.
    qr: tuple[tuple[bool, ...], ...] = ()


class RoomScreen(Screen[None]):
    """How to join this room and who is at the table; Enter (or i) goes to the table."""

    DEFAULT_CSS = """
    RoomScreen #room-body { height: 1fr; align: center middle; }
    RoomScreen #room-qr { width: auto; height: auto; margin: 0 2 0 0; }
    RoomScreen #room-words { width: 1fr; max-width: 60; height: auto; }
    RoomScreen #room-status { margin: 1 0 0 0; text-style: bold; }
    """

    BINDINGS = [
        Binding("enter", "app.pop_screen", "The table", tooltip="Show the table", id="to-table"),
        Binding("i", "app.pop_screen", "The table", show=False, id="to-table-i"),
        Binding("ctrl+q", "app.save_quit", words.CLOSE_ROOM, key_display="^q", priority=True, id="close"),
    ]

    def __init__(self, card: RoomCard, status: str) -> None:
        super().__init__()
        self.card = card
        self.status = status

    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
        with Horizontal(id="room-body"):
            if self.card.qr:
                yield Static(qr_text(self.card.qr), id="room-qr")
            with Vertical(id="room-words"):
                yield Static("\n".join(self.card.lines), id="room-lines", markup=False)
                yield Static(self.status, id="room-status", markup=False)
                yield Static(words.SCREEN_ROOM_KEYS, markup=False)
        yield KeysFooter()
        yield TooSmall()

    def show_status(self, status: str) -> None:
        """Who is at the table now."""
        self.status = status
        for line in self.query("#room-status").results(Static):  # none before it is first shown
            line.update(status)


class PublicTableScreen(TableScreen):
    """The table screen as a watcher has it: nothing to abandon (only the room closes, ctrl+q)."""

    QUIT_WORDS = (words.CLOSE_ROOM, words.CLOSE_ROOM_TOOLTIP)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "abandon":
            return False
        return super().check_action(action, parameters)


class PublicResultsScreen(Screen[None]):
    """A game's results on the host's screen, until a player deals again on their device."""

    DEFAULT_CSS = """
    PublicResultsScreen { align: center middle; }
    PublicResultsScreen #results-box { width: 64; max-width: 100%; height: auto; padding: 1 2; border: thick $success; }
    """

    BINDINGS = [
        Binding("ctrl+q", "app.save_quit", words.CLOSE_ROOM, key_display="^q", priority=True, id="close"),
    ]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
        with Vertical(id="results-box"):
            yield Static("\n".join(self.lines), id="results-text", markup=False)
            yield Static("\n" + words.SCREEN_NEXT_DEAL, markup=False)
        yield KeysFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        self.query_one("#results-box").border_title = "Results"


class HostScreenApp(DeviceLayout):
    """The public table of the host's own room, for a TV. ``close_room`` ends the host."""

    TITLE = "Palace"
    ENABLE_COMMAND_PALETTE = False

    BINDINGS = [
        Binding("ctrl+q", "save_quit", words.CLOSE_ROOM, key_display="^q", priority=True, id="quit"),
        Binding("i", "room", "Join", tooltip="How to join this room, and who is at the table", id="room"),
    ]

    def __init__(self, table: JoinedTable, card: RoomCard, *, close_room: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.table = table
        self.card = card
        self.close_room = close_room
        self.status = ""
        #: Every person's seat has had a device: the room screen no longer comes up by itself.
        self.everyone_came = False
        self.room_screen = RoomScreen(card, "")
        self._reader: asyncio.Task[None] | None = None
        self._results: PublicResultsScreen | None = None
        self._deal_timer: Timer | None = None

    def on_mount(self) -> None:
        self.show_device()
        # The title stays on every screen (a screen's subtitle says whose turn it is).
        self.title = "Palace · " + words.screen_title(self.card.code, self.card.url)
        self.table.on_note = self._note
        self._reader = asyncio.get_running_loop().create_task(self.table.run(self._host_gone))
        # Installed, so it keeps its widgets while the table is up, and comes back as it was.
        self.install_screen(self.room_screen, "room")
        self.push_screen(PublicTableScreen(self.table))
        if not self.everyone_came:
            self.push_screen("room")

    def on_unmount(self) -> None:
        if self._reader is not None:
            self._reader.cancel()

    # ------------------------------------------------------------ the host's news

    def show_status(self, status: str, everyone_here: bool) -> None:
        """Who is at the table (the host's line); once everyone is here the table comes up by itself."""
        self.status = status
        self.room_screen.show_status(status)
        if everyone_here and not self.everyone_came:
            self.everyone_came = True
            if self.screen is self.room_screen:
                self.pop_screen()

    def _note(self, text: str) -> None:
        self.notify(text, timeout=10, markup=False)

    def clear_notifications(self) -> None:
        """Kept: the table screen clears toasts when nobody's cards are up (a hot seat's private
        words); here nobody's ever are and a toast is the host's public note, so it stays its time."""

    def _host_gone(self, reason: str) -> None:
        self.exit(message=f"Palace: {reason}" if reason else None)

    # ------------------------------------------------------------ keys

    def action_room(self) -> None:
        """How to join, and who is at the table."""
        if self.screen is not self.room_screen:
            self.push_screen("room")

    async def action_save_quit(self) -> None:
        """Close the room: every device is told, the game stays saved (palace host --resume)."""
        if self.close_room is not None:
            self.close_room()
        self.exit()

    def bell(self) -> None:
        """Never: a TV has no turn of its own."""

    def action_toggle_bell(self) -> None:
        """Nothing to switch: the host's screen never rings."""

    # ------------------------------------------------------------ the end of a game

    @on(GameEnded)
    def game_over(self) -> None:
        """The results, until the next deal comes (a player's a on their device)."""
        if self._results is not None:
            return
        self._results = PublicResultsScreen(self.table.results_lines())
        self.push_screen(self._results)
        # The deal comes from a device, not from a key here: look for it a few times a second.
        self._deal_timer = self.set_interval(0.25, self._next_deal, name="next deal")

    def _next_deal(self) -> None:
        results = self._results
        if results is None or self.table.now().phase == "over" or self.screen is not results:
            return  # still over (or the room screen is up over the results: back to them first)
        # The next deal came: the table screen below already follows it.
        self._results = None
        if self._deal_timer is not None:
            self._deal_timer.stop()
            self._deal_timer = None
        self.pop_screen()
