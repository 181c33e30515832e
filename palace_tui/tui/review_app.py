"""The review as an app: a game file's game, or the recorded games to review or deal again
(``palace review [FILE]``: :mod:`palace_tui.cli.review`).

The review opens only for games that are over (a game file, or the records), so
nothing of it is reachable during a game.
"""

from __future__ import annotations

from textual.app import App

from palace_tui.ai.analysis import DEFAULT_ITERATIONS
from palace_tui.rules.gamefile import GameRecord, parse_game
from palace_tui.store.protocol import GameStore
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
        store: GameStore | None = None,
        iterations: int = DEFAULT_ITERATIONS,
        coach_work: int | None = None,
    ) -> None:
        super().__init__()
        #: The coach's search in the review (None: hard's own; tests make it small).
        self.coach_work = coach_work
        self.record = record
        self.title_text = title
        self.store = store if store is not None else open_store(data_dir)
        self.iterations = iterations

    def on_mount(self) -> None:
        if self.record is not None:
            self.push_screen(
                ReviewScreen(
                    self.record, title=self.title_text, iterations=self.iterations, coach_work=self.coach_work
                ),
                lambda _: self.exit(),
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
            ReviewScreen(
                record,
                title=title,
                store=self.store,
                game_key=game["game_id"],
                iterations=self.iterations,
                coach_work=self.coach_work,
            ),
            lambda _: self.show_list(),
        )
