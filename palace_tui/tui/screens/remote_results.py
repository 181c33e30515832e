"""The results of a game played from this device at another machine's table (``palace join``)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Header, Static

from palace_tui.tui.widgets.keys_footer import KeysFooter
from palace_tui.tui.widgets.too_small import TooSmall
from palace_tui.words import remote as words


class RemoteResultsScreen(Screen[str]):
    """The host's results, in words; dismisses with ``again`` (a to deal again), ``review`` (r: the
    game on this device) or ``quit`` (q)."""

    DEFAULT_CSS = """
    RemoteResultsScreen { align: center middle; }
    RemoteResultsScreen #results-box { width: 64; max-width: 100%; height: auto; padding: 1 2; border: thick $success; }
    """

    BINDINGS = [
        Binding("a", "done('again')", "Play again", tooltip="Ask the host for the next deal", id="again"),
        Binding("r", "done('review')", words.REVIEW, tooltip=words.REVIEW_TOOLTIP, id="review"),
        Binding("q", "done('quit')", words.LEAVE, tooltip="Leave the table (palace join again comes back)", id="leave"),
    ]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        #: The results' sentences, in order.
        self.lines = lines

    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
        with Vertical(id="results-box"):
            yield Static("\n".join(self.lines), id="results-text", markup=False)
            touch = self.app.has_class("-touch")
            yield Static("\n" + (words.RESULTS_TAPS if touch else words.RESULTS_KEYS), markup=False, id="results-keys")
        yield KeysFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        self.query_one("#results-box").border_title = "Results"

    def action_done(self, what: str) -> None:
        """Close with what was chosen."""
        self.dismiss(what)
