"""``palace review`` with no file: the recorded games, newest first, to review or deal again."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static

from palace_tui.rules.gamefile import GameFileError, parse_game
from palace_tui.store.protocol import GameStore
from palace_tui.tui.widgets.keys_footer import KeysFooter
from palace_tui.tui.widgets.too_small import TooSmall
from palace_tui.words.results import order_summary, unreadable_sentence


class ReviewListScreen(Screen[tuple[str, int] | None]):
    """Dismisses with ``("review", N)``, ``("again", N)`` (the same deal, seats moved round) or None."""

    DEFAULT_CSS = """
    ReviewListScreen DataTable { height: 1fr; }
    ReviewListScreen #hint { height: auto; padding: 0 1; }
    """

    BINDINGS = [
        Binding("enter", "open", "Review", tooltip="Replay this game with the coach's verdicts", id="open"),
        Binding(
            "d", "again", "Same deal again", tooltip="Deal these cards again, every player one seat on", id="again"
        ),
        Binding("escape", "leave", "Quit", id="leave"),
    ]

    def __init__(self, store: GameStore) -> None:
        super().__init__()
        self.store = store
        self.games = store.game_list(200)
        #: Recorded games left out because their rows could not be read.
        self.unreadable: int = store.unreadable

    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
        yield Static(id="hint")
        yield DataTable(id="games", cursor_type="row", zebra_stripes=True)
        yield KeysFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        self.sub_title = "recorded games"
        table = self.query_one(DataTable)
        table.add_columns("No.", "Ended", "Table", "Game", "Players", "Result")
        for game in self.games:
            names = game["players"]
            if game["abandoned"]:
                result = "abandoned"
            else:
                result = order_summary(names, game["order"])
            if not game["kept"]:
                result += " (moves not kept)"
            elif (problem := self._problem(game["number"])) is not None:
                result += f" (does not replay: {problem})"
            table.add_row(
                str(game["number"]),
                game["ended"][:16].replace("T", " "),
                Text(game["table"]),
                str(game["table_game"]),
                Text(", ".join(names)),
                Text(result),
                key=str(game["number"]),
            )
        hint = (
            "No games recorded yet: play one, then review it here."
            if not self.games
            else "Enter reviews a game; d deals its cards again with every player moved one seat round."
        )
        if self.unreadable:  # rows edited by hand: skipped, never a crash, and said
            hint += " " + unreadable_sentence(self.unreadable)
        self.query_one("#hint", Static).update(hint)
        table.focus()

    def _problem(self, number: int) -> str | None:
        """Why kept game ``number`` does not replay, or None when it does."""
        game = self.store.game_text(number)
        try:
            parse_game(game["text"] if game else "")
        except GameFileError as exc:
            return str(exc)
        return None

    def _chosen(self) -> int | None:
        table = self.query_one(DataTable)
        if not self.games:
            return None
        number: int = self.games[table.cursor_row]["number"]
        return number

    def _readable(self, number: int) -> bool:
        """Whether game ``number`` replays; if not, say why (never a silent skip)."""
        game = self.store.game_text(number)
        if game is None or game["text"] is None:
            self.notify(
                f"Game {number} was recorded before palace-tui kept each game's moves: it cannot be replayed.",
                severity="warning",
            )
            return False
        try:
            parse_game(game["text"])
        except GameFileError as exc:
            self.notify(f"Game {number} does not replay ({exc}).", severity="error")
            return False
        return True

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    def action_open(self) -> None:
        """Review the highlighted game."""
        number = self._chosen()
        if number is not None and self._readable(number):
            self.dismiss(("review", number))

    def action_again(self) -> None:
        """Play the highlighted game's deal again, seats moved round."""
        number = self._chosen()
        if number is not None and self._readable(number):
            self.dismiss(("again", number))

    def action_leave(self) -> None:
        self.dismiss(None)
