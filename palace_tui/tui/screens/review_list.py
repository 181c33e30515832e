"""``palace review`` with no file: the recorded games, newest first, to review or deal again."""

from __future__ import annotations

from typing import Any

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

_COLUMNS = ("No.", "Ended", "Table", "Game", "Players", "Result")


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
        #: Each game's cells as text, made once (a file that does not replay is parsed to say why).
        self.rows = [self._row(game) for game in self.games]

    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
        yield Static(id="hint")
        yield DataTable(id="games", cursor_type="row", zebra_stripes=True)
        yield KeysFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        self.sub_title = "recorded games"
        self._fill()

    def _row(self, game: dict[str, Any]) -> tuple[str, ...]:
        """One recorded game's cells, as text."""
        names = game["players"]
        result = "abandoned" if game["abandoned"] else order_summary(names, game["order"])
        if not game["kept"]:
            result += " (moves not kept)"
        elif (problem := self._problem(game["number"])) is not None:
            result += f" (does not replay: {problem})"
        ended = game["ended"][:16].replace("T", " ")
        return str(game["number"]), ended, game["table"], str(game["table_game"]), ", ".join(names), result

    def _fill(self) -> None:
        """The rows, their long cells cut to the screen's width with an ellipsis (a six-seat
        table's players and result otherwise run off the right edge, cut mid-name)."""
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear(columns=True)
        widths = self._widths()
        for label, width in zip(_COLUMNS, widths, strict=True):
            table.add_column(label, width=width)
        for cells in self.rows:
            table.add_row(*(Text(c, no_wrap=True, overflow="ellipsis") for c in cells), key=cells[0])
        if self.rows:
            table.move_cursor(row=min(row, len(self.rows) - 1))

    def _widths(self) -> list[int]:
        """Each column's width: the short ones as wide as their longest cell, the table's name at
        most 14, and the players and the result sharing what is left of the screen."""
        need = [max([len(label), *(len(r[i]) for r in self.rows)]) for i, label in enumerate(_COLUMNS)]
        widths = need[:4]
        widths[2] = min(widths[2], 14)
        # Two cells of padding per column and room for the scroll bar.
        left = max(20, self.size.width - sum(widths) - 2 * len(_COLUMNS) - 2)
        players, result = need[4], need[5]
        if players + result > left:
            result = min(result, max(left // 2, left - players))
            players = left - result
        return [*widths, players, result]

    def on_resize(self) -> None:
        if self.is_mounted:
            self._fill()

        hint = (
            "No games recorded yet: play one, then review it here."
            if not self.games
            else "Enter reviews a game; d deals its cards again with every player moved one seat round."
        )
        if self.unreadable:  # rows edited by hand: skipped, never a crash, and said
            hint += " " + unreadable_sentence(self.unreadable)
        self.query_one("#hint", Static).update(hint)
        self.query_one(DataTable).focus()

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
