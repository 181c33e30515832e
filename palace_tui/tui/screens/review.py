"""The review of a game that is over: every move replayed with all cards face up, the
coach's verdict on each human decision, the turning points and a graph of the chances.

Opened only from the results screen (``r``) or ``palace review``: never during a game.
The analysis runs in a worker thread with a progress bar, Esc stops it, and a finished
analysis is kept in the records so the next review of the game is instant. The review
opens on what is already judged (a game judged while it was played, on a busy machine,
may not be judged to the end yet) and fills in as the rest is judged: a move not judged
yet says so, and the turning points and the summary wait for the whole game.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import replace
from typing import Protocol

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Header, ProgressBar, Static
from textual.worker import Worker, get_current_worker

from palace_tui.ai.analysis import (
    DEFAULT_ITERATIONS,
    Analysis,
    Cancelled,
    Chances,
    Verdict,
    analyse,
    jobs,
    settings_key,
)
from palace_tui.ai.judge import Judged
from palace_tui.rules import Game, Move
from palace_tui.rules.cards import cards_text
from palace_tui.rules.gamefile import GameRecord, Replay, replay
from palace_tui.store.protocol import GameStore
from palace_tui.tui.layout_classes import device_of
from palace_tui.tui.screens.review_summary import ReviewSummaryScreen
from palace_tui.tui.screens.verdict_words import decision_words, verdict_reason
from palace_tui.tui.widgets.chance_graph import any_shaded, chance_graph, graph_legend, move_at
from palace_tui.tui.widgets.keys_footer import KeysFooter
from palace_tui.tui.widgets.too_small import TooSmall
from palace_tui.words import capitalized, log_sentence
from palace_tui.words.review import chances_words, turning_label

#: A move the review has not judged yet, while it judges the rest.
STILL_JUDGING = "Still judging this move… (the moves judged so far can be read meanwhile; Esc stops it)"


class JudgedAhead(Protocol):
    """The decisions of a game judged while it was played (:class:`palace_tui.table.judging.TableJudge`)."""

    def take(self, game_id: str) -> Mapping[str, Judged | None]:
        """What is judged of ``game_id`` by its keys; no more is judged of it after this."""
        ...


def move_words(game: Game, seat: int, code: str) -> str:
    """A move in players' words: ``Ann plays 7♦ 7♠``."""
    move = Move.from_code(code)
    return f"{game.seats[seat].name}: {move}"


def board_text(game: Game, to_act: int | None) -> Text:
    """Every zone face up (the game is over): each seat's rows, the pile, stock and cleared cards."""
    text = Text(no_wrap=True, overflow="ellipsis")
    width = max(len(s.name) for s in game.seats) + 2
    for i, seat in enumerate(game.seats):
        mark = "▶ " if i == to_act else "  "
        text.append(f"{mark}{seat.name:<{width}}", "bold" if i == to_act else "")
        if seat.place is not None:
            text.append(f"out ({seat.place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(seat.place, 'th') })\n", "dim")
            continue
        text.append("hand ", "dim")
        text.append(cards_text(seat.hand) or "-", "bold")
        text.append("  ")
        text.append("face up ", "dim")
        text.append(cards_text(seat.face_up) or "-")
        text.append("  ")
        text.append("face down ", "dim")
        text.append(cards_text(seat.face_down) or "-")
        text.append("\n")
    pile = game.pile
    shown = pile[-8:]
    text.append("Pile ")
    text.append(f"({len(pile)}) " if pile else "empty", "dim")
    if len(pile) > len(shown):
        text.append("… ", "dim")
    text.append(cards_text(shown), "bold")
    text.append("   ")
    text.append(f"Stock {len(game.stock)}", "dim")
    if game.stock:
        # The stock is drawn from its end: show the next cards first.
        upcoming = list(reversed(game.stock[-6:]))
        text.append(" next ", "dim")
        text.append(cards_text(upcoming) + (" …" if len(game.stock) > 6 else ""))
    text.append("   ")
    text.append(f"Cleared {len(game.cleared)}", "dim")
    return text


def _chances_line(text: Text, who: str, chances: Chances, measure: str) -> None:
    text.append(capitalized(f"from here {chances_words(who, chances.not_last, chances.win, measure == 'not_last')}"))
    reach = chances.reach()
    text.append(f" (give or take {round(reach * 100)})." if reach > 0.1 else ".", "dim" if reach > 0.1 else "")


def verdict_text(game: Game, verdict: Verdict | None, analysis: Analysis, index: int) -> Text:
    """The coach's advice and the verdict on one decision, said to the player who made it."""
    text = Text()
    if verdict is None:
        return text
    names = game.names
    numbered = analysis.turning_number(index)
    if numbered is not None:
        text.append(turning_label(names[verdict.seat], *numbered) + "\n", "bold red")
    made_words, best_words = decision_words(names, verdict, you=True)
    if verdict.kind == "setup":
        text.append("Setup: ", "bold")
    text.append(f"{names[verdict.seat]}, {made_words}", "bold")
    if verdict.agrees:
        text.append(", as the coach advised.\n", "green")
    else:
        text.append(f"; {best_words}.\n")
    reason = verdict_reason(game, verdict, analysis.measure)
    if reason:
        text.append(reason + "\n", "bold" if numbered else "")
    else:
        if not verdict.agrees:
            text.append("A longer look finds the two about as good.\n", "dim")
        _chances_line(text, "you", verdict.made_chances, analysis.measure)
    return text


class ReviewScreen(Screen[None]):
    """Step through a finished game; Esc stops the analysis, then goes back."""

    DEFAULT_CSS = """
    ReviewScreen #review-body { height: 1fr; overflow-y: auto; }
    ReviewScreen #board { border: round $accent; height: auto; padding: 0 1; }
    ReviewScreen #move { height: auto; padding: 0 1; }
    ReviewScreen #verdict { height: auto; min-height: 3; padding: 0 1; }
    ReviewScreen #graph { border: round $secondary; height: auto; padding: 0 1; }
    ReviewScreen ProgressBar { height: 1; padding: 0 1; }
    """

    AUTO_FOCUS = None

    BINDINGS = [
        Binding("left", "step(-1)", "Move", key_display="←→", tooltip="The move before or after", id="prev"),
        Binding("right", "step(1)", "Move", show=False, id="next"),
        Binding("home", "jump(0)", "Start", show=False, id="start"),
        Binding("t", "turning", "Next turning point", tooltip="Jump to the next turning point", id="turning"),
        Binding("s", "summary", "Summary", tooltip="Your turning points on one screen", id="summary"),
        Binding("escape", "back", "Stop/back", tooltip="Stop the analysis, or leave the review", id="back"),
    ]

    def __init__(
        self,
        record: GameRecord,
        *,
        title: str = "",
        store: GameStore | None = None,
        game_key: str = "",
        humans: list[int] | None = None,
        iterations: int = DEFAULT_ITERATIONS,
        played: Replay | None = None,
        coach_work: int | None = None,
        judged: JudgedAhead | None = None,
    ) -> None:
        super().__init__()
        self.record = record
        #: ``played`` reviews a replay made elsewhere (a lesson's position); else the record's.
        self.played = played if played is not None else replay(record)
        self.title_text = title
        self.store = store
        self.game_key = game_key
        self.humans = humans if humans is not None else [i for i, s in enumerate(record.seats) if s.human]
        self.iterations = iterations
        #: The coach's search (None: hard's own, the advice given at the table).
        self.coach_work = coach_work
        #: The game's decisions judged while it was played: only the rest is judged here.
        self.judged = judged
        #: The move the cursor is on (the position shown is just before it).
        self.index = 0
        self.analysis: Analysis | None = None
        #: What is judged so far while the analysis runs (None before the first part, and once
        #: :attr:`analysis` is finished).
        self.partial: Analysis | None = None
        self._worker: Worker[Analysis | None] | None = None

    @functools.cached_property
    def to_judge(self) -> set[int]:
        """The moves the analysis judges (a verdict, or a chance)."""
        return {job.index for job in jobs(self.played, self.humans, self.iterations, self.coach_work)}

    @property
    def settings(self) -> str:
        return settings_key(self.iterations, self.humans, self.coach_work)

    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
        with Vertical(id="review-body"):
            yield Static(id="board")
            yield Static(id="move")
            yield Static(id="verdict")
            yield ProgressBar(id="progress", show_eta=False)
            yield Static(id="graph")
        yield KeysFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        # The header reads "Palace review — game1.txt", from the table's app as from palace review.
        self.title = "Palace review"
        self.sub_title = self.title_text
        self._keys_for_a_finger()
        self.query_one("#board").border_title = "All cards face up"
        self.query_one("#graph").border_title = "Chances over the game"
        kept = self.store.analysis(self.game_key, self.settings) if self.game_key and self.store else None
        if kept:
            try:
                self.analysis = Analysis.from_json(kept)
                self.analysis.check_fits(self.played)
            except ValueError:
                self.analysis = None  # damaged or edited: judged again, and the kept one replaced
        if self.analysis is None and self.played.steps:
            self._worker = self.run_analysis()
        else:  # analysed, or nothing to analyse (a game stopped before its first move)
            self.query_one(ProgressBar).display = False
        self.refresh_view()

    @work(thread=True, exclusive=True, group="analysis")
    def run_analysis(self) -> Analysis | None:
        """Analyse the game in a thread; the progress bar follows; cancelling stops it cleanly."""
        worker = get_current_worker()
        bar = self.query_one(ProgressBar)

        def progress(done: int, total: int) -> None:
            self.app.call_from_thread(bar.update, total=total, progress=done)

        known = self.judged.take(self.game_key) if self.judged is not None and self.game_key else None
        try:
            analysis = analyse(
                self.played,
                self.humans,
                iterations=self.iterations,
                work=self.coach_work,
                progress=progress,
                cancelled=lambda: worker.is_cancelled,
                known=known,
                partial=lambda part: self.app.call_from_thread(self._judged_so_far, part),
            )
        except Cancelled:
            return None
        if self.game_key and self.store is not None:
            self.store.save_analysis(self.game_key, self.settings, analysis.to_json())
        self.app.call_from_thread(self._analysed, analysis)
        return analysis

    def _judged_so_far(self, part: Analysis) -> None:
        """More of the game is judged: show it (the worker goes on with the rest)."""
        if self.analysis is None and self._worker is not None:
            self.partial = part
            self.refresh_view()

    def _analysed(self, analysis: Analysis) -> None:
        self.analysis = analysis
        self.partial = None
        self._worker = None
        self.query_one(ProgressBar).display = False
        self.refresh_bindings()
        self.refresh_view()

    # ------------------------------------------------------------ showing

    def refresh_view(self) -> None:
        steps = self.played.steps
        before = self.played.position(self.index)
        step = steps[self.index] if steps else None
        self.query_one("#board", Static).update(board_text(before, step.seat if step else None))
        if not steps:  # stopped before its first move: the deal is all there is
            self.query_one("#move", Static).update(Text("No move was made: the game was stopped at the deal.", "bold"))
            self.query_one("#verdict", Static).update(Text("Nothing to review: these are the cards as dealt.", "dim"))
            self.query_one("#graph").display = False
            return
        move = Text()
        if step is not None:
            who = self.record.seats[step.seat]
            move.append(f"Move {self.index + 1} of {len(steps)}", "bold")
            move.append(": " if who.human else " (a computer): ")
            said = "; ".join(log_sentence(e, before.names, before.rules) for e in step.events if e.kind != "over")
            move.append(said or str(step.move))
        self.query_one("#move", Static).update(move)
        analysis = self.analysis or self.partial
        verdict = graph = Text()
        if analysis is None:
            verdict = Text(
                "Analysing the game… (Esc stops it; the moves can be stepped through meanwhile)"
                if self._worker is not None
                else "Not analysed (the analysis was stopped).",
                "dim",
            )
        else:
            verdict = verdict_text(before, analysis.verdicts.get(self.index), analysis, self.index)
            chances = analysis.chances[self.index]
            if step is not None and self.index not in analysis.verdicts and chances:
                mine = chances[step.seat]
                said = chances_words(before.names[step.seat], mine.not_last, mine.win, analysis.measure == "not_last")
                verdict = Text(f"After it {said}.")
            elif self.analysis is None and self.index in self.to_judge and self.index not in analysis.verdicts:
                verdict = Text(STILL_JUDGING, "dim")
            width = self._graph_width()
            graph = chance_graph(before.names, analysis.chances, analysis.measure, self.index, analysis.turning, width)
            self.query_one("#graph").border_subtitle = graph_legend(analysis.measure, any_shaded(analysis.chances))
        self.query_one("#verdict", Static).update(verdict)
        self.query_one("#graph", Static).update(graph)

    def on_resize(self) -> None:
        self.refresh_view()

    def _graph_width(self) -> int:
        """The columns the chance graph is drawn across: its box's inside (narrower beside the
        body's scrollbar, where it is docked on a phone), the screen's less four before layout."""
        inside = self.query_one("#graph").size.width
        return max(20, inside or self.size.width - 4)

    def _keys_for_a_finger(self) -> None:
        if device_of(self.app).touch:
            # A finger has no arrow keys, and one "←→" key can only mean one of them: on a
            # touch screen the footer has a key for each way.
            for key, description, shown in (("left", "Back", "←"), ("right", "On", "→")):
                self._bindings.key_to_bindings[key] = [
                    replace(b, description=description, key_display=shown, show=True)
                    for b in self._bindings.key_to_bindings.get(key, [])
                ]

    def on_click(self, event: events.Click) -> None:
        """A click or tap on the chance graph goes to the move under it."""
        graph = self.query_one("#graph", Static)
        analysis = self.analysis or self.partial
        offset = event.get_content_offset(graph)
        if analysis is None or offset is None or not analysis.chances:
            return
        width = self._graph_width()
        move = move_at(self.played.position(self.index).names, len(analysis.chances), width, offset.x)
        if move is not None:
            self.action_jump(min(move, max(0, len(self.played.steps) - 1)))

    # ------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("turning", "summary") and self.analysis is None:
            return None  # greyed out until the analysis is ready
        return True

    def action_step(self, delta: int) -> None:
        """The move before or after."""
        last = max(0, len(self.played.steps) - 1)
        if self.index + delta > last and delta > 0 and self.analysis is not None:
            self.action_summary()
            return
        self.index = min(last, max(0, self.index + delta))
        self.refresh_view()

    def action_jump(self, index: int) -> None:
        self.index = index
        self.refresh_view()

    def action_turning(self) -> None:
        """Jump to the next turning point (round to the first after the last)."""
        if self.analysis is None or not self.analysis.turning:
            self.notify("No turning points: no decision lost much chance against the coach's move.")
            return
        later = [i for i in self.analysis.turning if i > self.index]
        self.action_jump(later[0] if later else self.analysis.turning[0])

    def action_summary(self) -> None:
        """The turning points of each person on one screen."""
        if self.analysis is not None:
            self.app.push_screen(ReviewSummaryScreen(self.played, self.analysis, self.humans), self._jumped)

    def _jumped(self, index: int | None) -> None:
        if index is not None:
            self.action_jump(index)

    def action_back(self) -> None:
        """Stop the analysis if it is running, else leave the review."""
        if self._worker is not None and self.analysis is None:
            self.workers.cancel_group(self, "analysis")
            self._worker = None
            self.partial = None
            self.query_one(ProgressBar).display = False
            self.refresh_view()
            self.notify("Analysis stopped: the moves can still be stepped through.")
            return
        self.dismiss(None)
