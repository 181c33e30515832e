"""``palace review [FILE]``: review a game file, or choose a recorded game to review or deal again.

The review opens only for games that are over (a game file, or the records), so
nothing of it is reachable during a game.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from textual.app import App

from palace_tui.ai.analysis import DEFAULT_ITERATIONS
from palace_tui.rules.gamefile import GameFileError, GameRecord, parse_game
from palace_tui.table.session import Session, open_store
from palace_tui.tui.screens.review import ReviewScreen


class ReviewApp(App[Session | None]):
    """Reviews one game (``record``) or lists the recorded games; exits with a Session when the
    players chose to deal a recorded game again (the caller then starts the table with it)."""

    TITLE = "Palace review"
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        record: GameRecord | None = None,
        *,
        title: str = "",
        data_dir: str | None = None,
        store=None,
        iterations: int = DEFAULT_ITERATIONS,
    ) -> None:
        super().__init__()
        self.record = record
        self.title_text = title
        self.store = store if store is not None else open_store(data_dir)
        self.iterations = iterations

    def on_mount(self) -> None:
        if self.record is not None:
            self.push_screen(
                ReviewScreen(self.record, title=self.title_text, iterations=self.iterations), lambda _: self.exit()
            )
        else:
            self.show_list()

    def show_list(self) -> None:
        from palace_tui.tui.screens.review_list import ReviewListScreen

        self.push_screen(ReviewListScreen(self.store), self._listed)

    def _listed(self, chosen: tuple[str, int] | None) -> None:
        if chosen is None:
            self.exit()
            return
        what, number = chosen
        game = self.store.game_text(number)
        if game is None:  # the list offers only games that replay: gone meanwhile
            self.show_list()
            return
        record = parse_game(game["text"])
        if what == "again":
            session = Session.from_record(
                record, game["game_id"], shift=1, table_id=game["table_id"], games_so_far=int(game["table_games"] or 0)
            )
            self.exit(session)
            return
        title = f"{game['table']}, game {game['table_game']}"
        self.push_screen(
            ReviewScreen(record, title=title, store=self.store, game_key=game["game_id"], iterations=self.iterations),
            lambda _: self.show_list(),
        )


def main(argv: list[str] | None = None) -> int:
    """``palace review [FILE] [--data-dir PATH]``; 0, or 2 with one sentence for a bad file."""
    parser = argparse.ArgumentParser(
        prog="palace review",
        description="Review a finished game: every move, the coach's verdicts, "
        "the turning points. With no FILE, choose a recorded game.",
    )
    parser.add_argument("file", nargs="?", help="a game file (palace records --export N FILE writes one)")
    parser.add_argument("--data-dir", default=None, help="where the records live")
    parser.add_argument(
        "--iterations",
        type=int,
        default=DEFAULT_ITERATIONS,
        help=f"deals the analysis samples per decision (default {DEFAULT_ITERATIONS})",
    )
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if args.iterations < 1:
        print("palace review: --iterations must be at least 1.", file=sys.stderr)
        return 2
    record = None
    title = ""
    if args.file:
        try:
            record = parse_game(Path(args.file).expanduser().read_text(encoding="utf-8"))
        except OSError as err:
            print(f"palace review: {args.file} cannot be read ({err.strerror or err}).", file=sys.stderr)
            return 2
        except UnicodeDecodeError:
            print(f"palace review: {args.file} is not a text file.", file=sys.stderr)
            return 2
        except GameFileError as err:
            print(f"palace review: {args.file} is not a game file palace can replay: {err}.", file=sys.stderr)
            return 2
        title = Path(args.file).name
    session = ReviewApp(record, title=title, data_dir=args.data_dir, iterations=args.iterations).run()
    if isinstance(session, Session):
        from palace_tui.tui.app import PalaceApp

        PalaceApp(session, data_dir=args.data_dir).run()
    return 0
