"""The Learn screens: a list of lessons with done marks, and one lesson at a time.

The lesson itself is pure Python (:mod:`palace_tui.lessons`): this screen shows
the runner's position, turns key presses into :class:`~palace_tui.rules.Move`
values, and shows the feedback the runner returns. It decides no rule.
"""

from __future__ import annotations

from pathlib import Path

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ..lessons import LESSONS, Feedback, Lesson, LessonRunner, Progress
from ..lessons.compare import compare, preset_names
from ..rules import PRESET_HELP, Card, Move, Rules
from ..rules.cards import JOKER

RED = Style(color="bright_red", bold=True)
BLACK = Style(bold=True)
JOKER_STYLE = Style(color="magenta", bold=True)
CURSOR = Style(reverse=True)
MARKED = Style(color="green", bold=True, underline=True)
DIM = Style(dim=True)
BACK = Style(color="blue")
LABEL = Style(bold=True)
CURSOR_MARK = Style(color="yellow", bold=True)


def card_style(card: Card) -> Style:
    """Red suits red, jokers magenta, black suits in the default colour."""
    if card.rank == JOKER:
        return JOKER_STYLE
    return RED if card.is_red else BLACK


def cards_line(cards: list[Card] | tuple[Card, ...], cursor: int | None = None,
               marked: frozenset[int] = frozenset(), dim: bool = False) -> Text:
    """Cards side by side as rich Text: rank and suit symbol always, colour on top.

    The card under the cursor is shown in reverse video between ``›`` and ``‹``; a
    marked card carries a ``✓``, so both read without colour too.
    """
    out = Text()
    for i, card in enumerate(cards):
        style = DIM if dim else card_style(card)
        if i in marked:
            style = style + MARKED
        out.append("›" if i == cursor else " ", CURSOR_MARK)
        out.append(str(card), style + CURSOR if i == cursor else style)
        if i in marked:
            out.append("✓", MARKED)
        out.append("‹" if i == cursor else " ", CURSOR_MARK)
    return out


class LearnScreen(Screen[None]):
    """The list of lessons: the five-minute course first, then the house rules."""

    CSS_PATH = Path(__file__).parent / "learn.tcss"

    BINDINGS = [
        Binding("enter", "start", "Start lesson", tooltip="Start the highlighted lesson", id="learn-start",
                priority=True),
        Binding("c", "compare", "Compare presets", tooltip="Two presets' rules side by side",
                id="learn-compare"),
        Binding("escape", "back", "Back", tooltip="Leave the lessons", id="learn-back"),
    ]

    def __init__(self, progress: Progress | None = None, data_dir: str | Path | None = None) -> None:
        super().__init__()
        #: Which lessons are done; shared with every lesson screen opened from here.
        self.progress = progress if progress is not None else Progress(data_dir)

    def compose(self) -> ComposeResult:
        yield Static("Learn Palace", id="learn-title")
        yield Static("Short lessons on real positions. The first ten teach the whole game in about "
                     "five minutes; the house rules after them are for tables that play them.",
                     id="learn-intro")
        yield OptionList(id="lesson-list")
        yield Static("", id="lesson-summary")
        yield Footer()

    def on_mount(self) -> None:
        self._fill()
        if self.progress.warning:
            self.notify(self.progress.warning, severity="warning", timeout=8, markup=False)

    def on_screen_resume(self) -> None:
        self._fill()

    def _fill(self) -> None:
        """Rebuild the list with current done marks, keeping the highlight."""
        ol = self.query_one("#lesson-list", OptionList)
        keep = ol.highlighted
        ol.clear_options()
        options: list[Option | None] = []
        part = ""
        for n, lesson in enumerate(LESSONS):
            if lesson.part != part:
                part = lesson.part
                title = "The basics (about five minutes)" if part == "core" else "House rules (options)"
                options.append(Option(Text(title, style="bold underline"), disabled=True, id=f"head-{part}"))
            done = self.progress.is_done(lesson.id)
            label = Text()
            label.append(" ✓ " if done else "   ", Style(color="green", bold=True))
            label.append(f"{n + 1:>2}. {lesson.title}")
            if lesson.options:
                label.append(f"  ({lesson.option_words()})", DIM)
            options.append(Option(label, id=lesson.id))
        ol.add_options(options)
        if keep is None:
            keep = self._first_undone_index()
        ol.highlighted = keep
        ol.focus()
        done = sum(self.progress.is_done(l.id) for l in LESSONS)
        self.query_one("#learn-title", Static).update(
            Text.assemble(("Learn Palace", "bold"), f"   {done} of {len(LESSONS)} lessons done"))

    def _first_undone_index(self) -> int:
        ol = self.query_one("#lesson-list", OptionList)
        for i in range(ol.option_count):
            opt = ol.get_option_at_index(i)
            if not opt.disabled and not self.progress.is_done(opt.id or ""):
                return i
        return 1

    @on(OptionList.OptionHighlighted, "#lesson-list")
    def _summary(self, event: OptionList.OptionHighlighted) -> None:
        lesson = _lesson(event.option.id)
        if lesson is not None:
            self.query_one("#lesson-summary", Static).update(Text(lesson.rule))

    @on(OptionList.OptionSelected, "#lesson-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self._open(event.option.id)

    def action_start(self) -> None:
        ol = self.query_one("#lesson-list", OptionList)
        if ol.highlighted is not None:
            self._open(ol.get_option_at_index(ol.highlighted).id)

    def _open(self, lesson_id: str | None) -> None:
        lesson = _lesson(lesson_id)
        if lesson is not None:
            self.app.push_screen(LessonScreen(lesson, self.progress))

    def action_compare(self) -> None:
        self.app.push_screen(CompareScreen())

    def action_back(self) -> None:
        """Back to whatever opened the lessons (``palace learn`` quits then)."""
        self.dismiss(None)


def _lesson(lesson_id: str | None) -> Lesson | None:
    return next((l for l in LESSONS if l.id == lesson_id), None)


class LessonScreen(Screen[None]):
    """One lesson: the rule, the table as the learner sees it, the question, the feedback."""

    CSS_PATH = Path(__file__).parent / "learn.tcss"

    BINDINGS = [
        Binding("left", "cursor(-1)", "Previous card", show=False, id="lesson-left"),
        Binding("right", "cursor(1)", "Next card", show=False, id="lesson-right"),
        Binding("space", "mark", "Mark", tooltip="Mark or unmark the card to play several together",
                id="lesson-mark"),
        Binding("enter", "play", "Play", tooltip="Play the marked cards, or the card under the cursor",
                id="lesson-play"),
        Binding("t", "take", "Take", tooltip="Take the whole pile into your hand", id="lesson-take"),
        Binding("f", "flip", "Turn card", tooltip="Turn over the face-down card under the cursor",
                id="lesson-flip"),
        *[Binding(str(k), f"flip_at({k - 1})", f"Turn card {k}", show=False, id=f"lesson-flip{k}")
          for k in range(1, 6)],
        Binding("e", "explain", "Explain", tooltip="Say what may be played now and why",
                id="lesson-explain"),
        Binding("r", "retry", "Retry", tooltip="Start this lesson again", id="lesson-retry"),
        Binding("n", "next", "Next", tooltip="Go to the next lesson", id="lesson-next"),
        Binding("escape", "back", "List", tooltip="Back to the list of lessons", id="lesson-back"),
    ]

    def __init__(self, lesson: Lesson, progress: Progress) -> None:
        super().__init__()
        self.progress = progress
        self.runner = LessonRunner(lesson)
        #: Index of the card under the cursor in the row the learner plays from.
        self.cursor = 0
        #: Indices of marked cards in that row.
        self.marked: set[int] = set()

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="lesson-body"):
            yield Static("", id="lesson-title")
            yield Static("", id="lesson-rule")
            with Vertical(id="table"):
                yield Static("", id="others")
                yield Static("", id="pile")
                yield Static("", id="hand")
                yield Static("", id="face-up")
                yield Static("", id="face-down")
            yield Static("", id="prompt")
            yield Static("", id="feedback")
        yield Footer()

    def on_mount(self) -> None:
        self._refresh_all()

    @property
    def lesson(self) -> Lesson:
        return self.runner.lesson

    def _row(self) -> list[Card] | None:
        """The cards the learner plays from now (None at the face-down stage)."""
        stage = self.runner.stage()
        view = self.runner.view()
        if stage == "hand":
            return list(view.hand)
        if stage == "face_up":
            return list(view.face_up)
        return None

    def _row_len(self) -> int:
        row = self._row()
        return len(row) if row is not None else self.runner.view().face_down_count

    def _refresh_all(self) -> None:
        lesson = self.lesson
        n = LESSONS.index(lesson) + 1
        title = Text.assemble(("Lesson ", "bold"), (f"{n} of {len(LESSONS)}", "bold"), "  ",
                              (lesson.title, "bold underline"))
        if lesson.options:
            title.append(f"  ({lesson.option_words()})", DIM)
        if self.progress.is_done(lesson.id):
            title.append("  ✓ done", Style(color="green", bold=True))
        self.query_one("#lesson-title", Static).update(title)
        self.query_one("#lesson-rule", Static).update(Text(lesson.rule))
        self.query_one("#prompt", Static).update(Text.assemble(("▶ ", "bold"), lesson.prompt))
        self._refresh_table()
        self._show_feedback(self.runner.last)

    def _refresh_table(self) -> None:
        view = self.runner.view()
        names = self.lesson.names
        stage = self.runner.stage()
        size = self._row_len()
        self.cursor = max(0, min(self.cursor, size - 1))
        self.marked = {i for i in self.marked if i < size}
        others = Text()
        for s in view.seats:
            if s.index == view.seat:
                continue
            if others:
                others.append("\n")
            others.append(f"{s.name:<4}", LABEL)
            if s.out:
                others.append(" is out")
                continue
            others.append(f" {s.hand_count} in hand · face up ")
            others.append_text(cards_line(s.face_up) if s.face_up else Text("none"))
            others.append(f"· {s.face_down_count} face down")
            if view.turn == s.index and view.phase == "play":
                others.append("  ◀ to play", Style(color="yellow", bold=True))
        self.query_one("#others", Static).update(others)

        pile = Text()
        pile.append("Pile  ", LABEL)
        if view.pile:
            shown = view.pile[-8:]
            if len(view.pile) > len(shown):
                pile.append(f"…{len(view.pile) - len(shown)} more ", DIM)
            for k, card in enumerate(shown):
                last = k == len(shown) - 1
                pile.append(str(card), card_style(card) + (Style(reverse=True) if last else Style()))
                pile.append(" ")
            pile.append(f"  (top: {view.pile[-1]}; next play: {view.requirement})", DIM)
        else:
            pile.append("empty: anything may be played", DIM)
        extras = []
        if view.stock_count:
            extras.append(f"stock {view.stock_count}")
        if view.cleared_count:
            extras.append(f"cleared {view.cleared_count}")
        if extras:
            pile.append(("\n      " if view.pile else "  · ") + " · ".join(extras), DIM)
        self.query_one("#pile", Static).update(pile)

        mine = view.turn == view.seat and view.phase == "play" and not self.runner.done
        hand = Text.assemble(("Hand      ", LABEL if stage == "hand" else DIM))
        if view.hand:
            hand.append_text(cards_line(view.hand, self.cursor if stage == "hand" and mine else None,
                                        frozenset(self.marked) if stage == "hand" else frozenset(),
                                        dim=stage != "hand"))
        else:
            hand.append("empty", DIM)
        if stage == "hand" and mine:
            hand.append("  ◀ you play from here", Style(color="yellow"))
        up = Text.assemble(("Face up   ", LABEL if stage == "face_up" else DIM))
        if view.face_up:
            up.append_text(cards_line(view.face_up, self.cursor if stage == "face_up" and mine else None,
                                      frozenset(self.marked) if stage == "face_up" else frozenset(),
                                      dim=stage != "face_up"))
        else:
            up.append("none", DIM)
        if stage == "face_up" and mine:
            up.append("  ◀ you play from here", Style(color="yellow"))
        down = Text.assemble(("Face down ", LABEL if stage == "face_down" else DIM))
        if view.face_down_count:
            for i in range(view.face_down_count):
                at = stage == "face_down" and mine and i == self.cursor
                down.append("›" if at else " ")
                down.append(f"▒{i + 1}▒", (BACK + CURSOR) if at else (BACK if stage == "face_down" else DIM))
                down.append("‹" if at else " ")
        else:
            down.append("none", DIM)
        if stage == "face_down" and mine:
            down.append("  ◀ turn one over (f)", Style(color="yellow"))
        self.query_one("#hand", Static).update(hand)
        self.query_one("#face-up", Static).update(up)
        self.query_one("#face-down", Static).update(down)
        self.refresh_bindings()

    def _show_feedback(self, feedback: Feedback | None, explain: str = "") -> None:
        box = self.query_one("#feedback", Static)
        box.remove_class("-right", "-wrong", "-info", "-quiet")
        if explain:
            box.add_class("-info")
            box.border_title = "The pile"
            box.update(Text(explain))
            return
        if feedback is None:
            box.add_class("-quiet")
            box.border_title = "Your move"
            box.update(Text("Press e at any time to hear what may be played and why.", style="dim"))
            return
        box.add_class("-right" if feedback.kind == "right" else "-info" if feedback.kind == "done" else "-wrong")
        box.border_title = feedback.headline
        body = Text()
        if feedback.happened:
            body.append(feedback.happened + "\n", Style(italic=True))
        body.append(feedback.text)
        if feedback.kind == "right":
            nxt = "Press n for the next lesson." if self._next_lesson() else "That was the last lesson!"
            body.append("\n" + nxt, Style(bold=True))
        box.update(body)

    # ------------------------------------------------------------ actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show only the keys that mean something at the learner's stage."""
        stage = self.runner.stage()
        if action in ("flip", "flip_at"):
            return stage == "face_down" and not self.runner.done
        if action == "mark":
            return stage in ("hand", "face_up") and not self.runner.done
        if action in ("play", "take"):
            return not self.runner.done
        if action == "next":
            return True if self._next_lesson() else None
        return True

    def action_cursor(self, step: int) -> None:
        size = self._row_len()
        if size:
            self.cursor = (self.cursor + step) % size
            self._refresh_table()

    def action_mark(self) -> None:
        if self._row():
            self.marked ^= {self.cursor}
            self._refresh_table()

    def action_play(self) -> None:
        row = self._row()
        if row is None:
            self.action_flip()
            return
        picked = sorted(self.marked) or [self.cursor]
        self._attempt(Move.play([row[i] for i in picked if i < len(row)]))

    def action_take(self) -> None:
        adding = None
        if (self.runner.stage() == "face_up" and self.lesson.rules.stuck_face_up == "add-one"):
            row = self._row() or []
            if row:
                adding = row[self.cursor]
        self._attempt(Move.take(adding))

    def action_flip(self) -> None:
        self._attempt(Move.flip(self.cursor))

    def action_flip_at(self, index: int) -> None:
        self.cursor = index
        self._attempt(Move.flip(index))

    def _attempt(self, move: Move) -> None:
        feedback = self.runner.attempt(move)
        if feedback.kind == "right":
            self.progress.mark_done(self.lesson.id)
            if self.progress.warning:
                self.notify(self.progress.warning, severity="warning", markup=False)
        if feedback.kind in ("right", "not-quite"):
            self.marked.clear()
            self.cursor = 0
        self._refresh_all()

    def action_explain(self) -> None:
        self._show_feedback(None, explain=self.runner.explain())

    def action_retry(self) -> None:
        self.runner.reset()
        self.cursor = 0
        self.marked.clear()
        self._refresh_all()

    def _next_lesson(self) -> Lesson | None:
        i = LESSONS.index(self.lesson)
        return LESSONS[i + 1] if i + 1 < len(LESSONS) else None

    def action_next(self) -> None:
        nxt = self._next_lesson()
        if nxt is None:
            self.notify("That was the last lesson. Escape goes back to the list.")
            return
        self.runner = LessonRunner(nxt)
        self.cursor = 0
        self.marked.clear()
        self._refresh_all()
        self.query_one("#lesson-body", VerticalScroll).scroll_home(animate=False)

    def action_back(self) -> None:
        self.app.pop_screen()

    # ------------------------------------------------------------ for tests

    def feedback_text(self) -> str:
        """The feedback box as plain text, its title first."""
        box = self.query_one("#feedback", Static)
        content = box.content
        body = content.plain if isinstance(content, Text) else str(content)
        return f"{box.border_title or ''}\n{body}"


class CompareScreen(Screen[None]):
    """Two presets side by side, every option, differences marked; all generated from the engine."""

    CSS_PATH = Path(__file__).parent / "learn.tcss"

    BINDINGS = [
        Binding("1", "cycle(0)", "Change left", tooltip="Show the next preset on the left", id="compare-left"),
        Binding("2", "cycle(1)", "Change right", tooltip="Show the next preset on the right", id="compare-right"),
        Binding("escape", "back", "Back", tooltip="Back to where the comparison was opened", id="compare-back"),
    ]

    def __init__(self, left: str = "palace", right: str = "shithead") -> None:
        super().__init__()
        #: The two preset names on show.
        self.pair = [left, right]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="compare-body"):
            yield Static("", id="compare-title")
            yield Static("", id="compare-table")
            yield Static("", id="compare-notes")
        yield Footer()

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        left, right = self.pair
        self.query_one("#compare-title", Static).update(Text.assemble(
            ("Compare presets  ", "bold"), (left, "bold cyan"), "  vs  ", (right, "bold magenta"),
            ("   (1 and 2 change them)", "dim")))
        table = Table(box=None, pad_edge=False, show_edge=False, expand=False, padding=(0, 2))
        table.add_column("option", style="bold")
        table.add_column(left, style="cyan")
        table.add_column(right, style="magenta")
        table.add_column("")
        rows = compare(Rules.preset(left), Rules.preset(right))
        for row in rows:
            mark = Text("≠ differs", style="bold yellow") if row.differs else Text("")
            style = "" if row.differs else "dim"
            table.add_row(Text(row.option, style=style), Text(row.left, style=style),
                          Text(row.right, style=style), mark)
        self.query_one("#compare-table", Static).update(table)
        notes = Text()
        notes.append(f"{left}: ", "bold cyan")
        notes.append(PRESET_HELP[left] + "\n")
        notes.append(f"{right}: ", "bold magenta")
        notes.append(PRESET_HELP[right] + "\n")
        differing = [r for r in rows if r.differs]
        if differing:
            notes.append("What the differences mean:\n", "bold")
            for r in differing:
                notes.append(f"  {r.option}  ", "bold")
                notes.append(r.meaning + "\n")
        self.query_one("#compare-notes", Static).update(notes)

    def action_cycle(self, side: int) -> None:
        names = preset_names()
        i = names.index(self.pair[side])
        for step in range(1, len(names) + 1):
            candidate = names[(i + step) % len(names)]
            if candidate != self.pair[1 - side]:
                self.pair[side] = candidate
                break
        self._show()

    def action_back(self) -> None:
        self.app.pop_screen()
