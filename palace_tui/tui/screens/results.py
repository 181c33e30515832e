"""The end of a game: the last move, who went out in what order, the points, who deals next,
and the table's scoreboard (the words are :mod:`palace_tui.words.results`'s)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.markup import escape
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static

from palace_tui.store.protocol import GameStore
from palace_tui.store.story import TableStory, table_stories
from palace_tui.table.session import Session
from palace_tui.tui.screens.review import JudgedAhead
from palace_tui.tui.widgets.game_log import GameLog, log_line
from palace_tui.tui.widgets.keys_footer import KeysFooter
from palace_tui.tui.widgets.seat_list import place_text
from palace_tui.tui.widgets.too_small import TooSmall
from palace_tui.words.events import ACTION_KINDS, recap
from palace_tui.words.results import (
    GAME_STORY_TITLE,
    loser_sentence,
    next_deal_sentence,
    points_sentence,
    same_deal_columns,
)
from palace_tui.words.story import average_words, places_chart, story_legend, streak_heading, streak_words

#: How many of the last games the results screen's chart shows (palace records shows more).
RESULTS_RECENT = 8

#: What a scoreboard column is called under each scoring option.
SCORE_COLUMN = {"podium": ("points", "Points"), "losses": ("losses", "Losses"), "wins": ("wins", "Wins")}


#: The fewest lines of the game's log worth showing: with less room under the results, none.
GAME_STORY_LINES = 2


class GameStory(Vertical):
    """How the game went (its log, the last move at the bottom), in the rows the results leave
    free: nothing at all where fewer than :data:`GAME_STORY_LINES` lines would show."""

    def __init__(self, session: Session, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.session = session
        self._width = 0

    def compose(self) -> ComposeResult:
        log = GameLog()
        log.min_width = 1  # wrapped to the box however narrow (a phone), never scrolled sideways
        yield log

    def on_resize(self, event: events.Resize) -> None:
        # The box stays (empty and unframed) and keeps its share of the rows: a hidden one would
        # hear of no resize, and never come back when the rows grow. The event's size is the
        # box's, its frame included whether drawn or not.
        width, height = event.size
        self.set_class(height - 2 < GAME_STORY_LINES, "-no-room")
        if width != self._width:  # a log is wrapped as it is written: write it again
            self._width = width
            log = self.query_one(GameLog)
            log.shown = 0
            session = self.session
            log.show(session.log_entries, session.log_total, session.names, session.rules)


class ResultsScreen(Screen[str]):
    """Dismisses with ``again``, ``new`` or ``quit``.

    ``store`` holds the records (an earlier game of the same deal, a review's analysis);
    ``review_iterations`` is how hard a review (r) works (None: the review's default), and
    ``review_coach_work`` the coach's search in it (None: hard's own); ``judged`` holds the
    game's decisions judged while it was played (the review judges only the rest).
    """

    # Every box as tall as what it holds; should they not fit, the body scrolls. The rows left
    # under them go to how the game went (its log), or stay empty when too few to read it.
    DEFAULT_CSS = """
    ResultsScreen #results-body { height: 1fr; overflow-y: auto; }
    ResultsScreen #results-top { height: auto; }
    ResultsScreen #game-story { height: 1fr; border: round $secondary; padding: 0 1; }
    ResultsScreen #game-story.-no-room { border: none; }
    ResultsScreen #game-story.-no-room GameLog { display: none; }
    ResultsScreen #outcome { width: 1fr; padding: 0 1; border: round $accent; height: auto; }
    ResultsScreen #board-box { width: auto; min-width: 30; max-width: 60%; border: round $secondary; height: auto; }
    ResultsScreen.-duplicate #board-box { max-width: 50%; }
    ResultsScreen #board { width: auto; }
    ResultsScreen #story { width: auto; margin-top: 1; }
    ResultsScreen #story-legend { width: 100%; padding: 0 1; color: $text-muted; }
    ResultsScreen DataTable { height: auto; }
    ResultsScreen #left { width: 1fr; height: auto; }
    ResultsScreen #same-deal { height: auto; border: round $accent; }
    """

    AUTO_FOCUS = None

    BINDINGS = [
        Binding("enter", "choose('again')", "Play again", tooltip="Deal the next game at this table", id="again"),
        Binding("n", "choose('new')", "New table", tooltip="Change the seats or the rules", id="new"),
        Binding("r", "review", "Review", tooltip="Replay this game with the coach's verdicts", id="review"),
        Binding("ctrl+q", "choose('quit')", "Quit", key_display="^q", priority=True, id="quit"),
        Binding("pagedown", "page(1)", "Page", show=False, id="pgdn"),
        Binding("pageup", "page(-1)", "Page", show=False, id="pgup"),
    ]

    def __init__(
        self,
        session: Session,
        scoreboard: list[dict[str, Any]],
        store: GameStore | None = None,
        review_iterations: int | None = None,
        review_coach_work: int | None = None,
        judged: JudgedAhead | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self.judged = judged
        self.store = store
        self.review_iterations = review_iterations
        self.review_coach_work = review_coach_work
        #: The table's running scoreboard rows, best first.
        self.scoreboard = scoreboard
        #: The same deal's games side by side (heads, rows), when this game is a duplicate.
        self._same: tuple[list[str], list[list[str]]] = ([], [])

    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
        with Vertical(id="results-body"):
            with Horizontal(id="results-top"):
                same = self._same_deal()
                if same is None:
                    yield Static(self._outcome_text(), id="outcome")
                else:
                    # A duplicate: its results and the same deal's other games side by side below.
                    self._same = same
                    with Vertical(id="left"):
                        yield Static(self._outcome_text(compact=True), id="outcome")
                        deal: DataTable[Text] = DataTable(id="same-deal", cursor_type="none", zebra_stripes=True)
                        deal.can_focus = False  # Enter belongs to Play again
                        yield deal
                with Vertical(id="board-box"):
                    board: DataTable[Text | str] = DataTable(id="board", cursor_type="none", zebra_stripes=True)
                    board.can_focus = False  # Enter belongs to Play again
                    yield board
                    story: DataTable[Text | str] = DataTable(id="story", cursor_type="none", zebra_stripes=True)
                    story.can_focus = False
                    yield story
                    yield Static("", id="story-legend")
            yield GameStory(self.session, id="game-story")
        yield KeysFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        self.sub_title = "results"
        # A saved set is called by its name (a title is markup: the name is the players' text).
        called = f" · {escape(self.session.rules_name)}" if self.session.rules_name else ""
        self.query_one("#outcome").border_title = f"Game {self.session.game_number + 1}{called}"
        self.query_one("#board-box").border_title = "Scoreboard"
        self.query_one("#game-story").border_title = GAME_STORY_TITLE
        if self.query("#same-deal"):
            self.add_class("-duplicate")
            heads, rows = self._same
            same_deal = self.query_one("#same-deal", DataTable)
            same_deal.add_columns(*heads)
            for row in rows:
                same_deal.add_row(*(Text(cell) for cell in row))
            same_deal.border_title = "The same deal, seats moved round"
        table = self.query_one("#board", DataTable)
        scoring = self.session.rules.scoring
        key, label = SCORE_COLUMN[scoring]
        table.add_columns("Place", "Name", label, "Games")
        for board_row in self.scoreboard:
            table.add_row(
                str(board_row.get("place", "")),
                Text(str(board_row["name"])),
                str(board_row.get(key, 0)),
                str(board_row.get("games", 0)),
            )
        self._show_story()

    def _show_story(self) -> None:
        """The table's story under the scoreboard: each player's wins, average place, streak and
        places over the last games, from the records (nothing when they cannot be read)."""
        told = self._story()
        story = self.query_one("#story", DataTable)
        # One game tells no story yet; a deal played again has its own story beside (the same
        # deal's table), and both do not fit a small screen.
        if told is None or told.games < 2 or self.query("#same-deal"):
            story.display = False
            self.query_one("#story-legend").display = False
            return
        # Where the first out ends the game no one else has a place: no average to show.
        placed = told.streak_not_last
        story.add_columns(
            "Name", "Wins", *(["Place"] if placed else []), streak_heading(placed, short=True), "Last games"
        )
        # In the scoreboard's order, so each player's row is at the same height in both tables.
        ranked = [str(row["name"]) for row in self.scoreboard]
        players = sorted(told.players, key=lambda p: ranked.index(p.name) if p.name in ranked else len(ranked))
        for player in players:
            story.add_row(
                Text(player.name),
                str(player.wins),
                *([average_words(player.average_place)] if placed else []),
                streak_words(player.current_streak, player.best_streak),
                places_chart(player.recent[-RESULTS_RECENT:]),
            )
        self.query_one("#story-legend", Static).update(story_legend(told.streak_not_last))

    def _story(self) -> TableStory | None:
        """This table's story under the rules of the game just played."""
        if self.store is None:
            return None
        try:
            games = self.store.table_games(self.session.table_id)
        except Exception:  # a damaged record file must not hide the result
            return None
        rules = self.session.rules.saved_dict()  # as the records hold them
        return next((t for t in table_stories(games) if t.rules == rules), None)

    def _outcome_text(self, compact: bool = False) -> Text:
        """Who won, the last move, the order out, what scored and who deals next; ``compact``
        (a duplicate, whose other games' table comes below): no blank lines between them, and
        what scored is left to that table's points."""
        gap = "" if compact else "\n"
        session = self.session
        out = session.game.outcome()
        names = session.names
        text = Text()
        if out is None or out.abandoned:
            text.append("Abandoned: no result.\n", "bold")
            text.append("This game counts in no score.")
            return text
        if out.winner is not None:
            text.append(f"{names[out.winner]} wins!\n", "bold green")
        if out.loser is not None:
            text.append(loser_sentence(names[out.loser], session.rules) + "\n", "bold red")
        last = self._last_move()
        if last:
            text.append(f"{gap}Last move: ", "bold")
            text.append_text(log_line(last))
            text.append("\n")
        text.append(f"{gap}Order out\n", "bold")
        scoring = session.rules.scoring
        unit = {"podium": "point", "losses": "loss", "wins": "win"}[scoring]
        width = max(len(n) for n in names)
        for place, seat in enumerate(out.order, 1):
            pts = out.points[seat]
            text.append(f"{place_text(place):>4}  {names[seat]:<{width}}  ")
            plural = "es" if unit == "loss" else "s"
            text.append(f"{pts} {unit}{plural if pts > 1 else ''}" if pts else "", "bold")
            text.append("\n")
        for seat in (i for i in range(len(names)) if i not in out.order):
            text.append(f"   -  {names[seat]:<{width}}  still held cards\n", "dim")
        if not compact:
            text.append("\n" + points_sentence(out, session.rules) + "\n")
        text.append(next_deal_sentence(names[session.game.next_dealer()]))
        return text

    def _same_deal(self) -> tuple[list[str], list[list[str]]] | None:
        """This deal's other games side by side, when this game played an earlier deal again
        (or was played again): who held each seat's cards, their places and points."""
        session, store = self.session, self.store
        if store is None or not session.same_deal_as:
            return None
        try:
            groups = store.same_deals() or []
        except Exception:  # a damaged record file must not hide the result
            return None
        group = next((g for g in groups if any(x["game_id"] == session.game_id for x in g)), None)
        if group is None:
            return None
        games = [dict(g, points=self._points(store, g)) for g in group]
        return same_deal_columns(games, session.game_id)

    def _points(self, store: GameStore, game: dict[str, Any]) -> list[int] | None:
        """A recorded game's points by seat, from its replayed moves (None if they were not kept)."""
        from palace_tui.rules.gamefile import GameFileError, ReplayError, parse_game, replay

        if game["game_id"] == self.session.game_id:
            out = self.session.game.outcome()
            return list(out.points) if out is not None else None
        kept = store.game_text(game["number"])
        if not kept or not kept.get("text"):
            return None
        try:
            out = replay(parse_game(kept["text"])).game.outcome()
        except (GameFileError, ReplayError):
            return None
        return list(out.points) if out is not None else None

    def _last_move(self) -> str:
        """The final turn, as the recap words it: "Ann played 9♣, then went out (1st)"."""
        events = [(i, e) for i, e in self.session.events if e.kind not in ("over", "abandoned")]
        acts = [k for k, (_, e) in enumerate(events) if e.seat is not None and e.kind in ACTION_KINDS]
        if not acts:
            return ""
        k = acts[-1]
        seat = events[k][1].seat
        while k > 0 and events[k - 1][1].seat in (seat, None):
            k -= 1
        return recap(events, self.session.names, events[k][0]).rstrip(".")

    def action_choose(self, what: str) -> None:
        """Leave with the chosen next step."""
        self.dismiss(what)

    def action_page(self, step: int) -> None:
        """A page on (1) or back (-1), when the results are taller than the screen (a phone)."""
        body = self.query_one("#results-body")
        (body.scroll_page_down if step > 0 else body.scroll_page_up)(animate=False)

    def action_review(self) -> None:
        """Review the game just over (all cards face up now that it is over)."""
        from palace_tui.ai.analysis import DEFAULT_ITERATIONS
        from palace_tui.tui.screens.review import ReviewScreen

        session = self.session
        if session.game.phase != "over" or session.history is None:
            self.notify(
                "This game's moves were not kept (it was started by an older palace-tui): there is nothing to review.",
                severity="warning",
            )
            return
        self.app.push_screen(
            ReviewScreen(
                session.game_record(),
                title=f"Game {session.game_number + 1}",
                store=self.store,
                game_key=session.game_id,
                humans=session.humans,
                iterations=self.review_iterations or DEFAULT_ITERATIONS,
                coach_work=self.review_coach_work,
                judged=self.judged,
            )
        )
