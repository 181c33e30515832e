"""The list of lessons, with done marks; Enter opens one, c compares two presets.

Lessons themselves are :class:`~palace_tui.tui.screens.lesson.LessonScreen`; what is
done is kept by :class:`~palace_tui.lessons.Progress`, keyed by lesson id.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.style import Style
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from palace_tui.lessons import BY_ID, CORE, LESSONS, Lesson, Progress
from palace_tui.tui.layout_classes import device_of
from palace_tui.tui.screens.compare import CompareScreen
from palace_tui.tui.screens.lesson import LessonScreen
from palace_tui.tui.widgets.keys_footer import KeysFooter
from palace_tui.tui.widgets.too_small import TooSmall

DIM = Style(dim=True)


class LearnScreen(Screen[None]):
    """The list of lessons: the five-minute course first, then the house rules."""

    CSS_PATH = Path(__file__).parent / "learn.tcss"

    BINDINGS = [
        Binding(
            "enter", "start", "Start lesson", tooltip="Start the highlighted lesson", id="learn-start", priority=True
        ),
        Binding("c", "compare", "Compare presets", tooltip="Two presets' rules side by side", id="learn-compare"),
        Binding("escape", "back", "Back", tooltip="Leave the lessons", id="learn-back"),
    ]

    def __init__(
        self,
        progress: Progress | None = None,
        data_dir: str | Path | None = None,
        only: Sequence[Lesson] | None = None,
    ) -> None:
        super().__init__()
        #: Which lessons are done; shared with every lesson screen opened from here.
        self.progress = progress if progress is not None else Progress(data_dir)
        #: The lessons listed: every one, or (from a table's rules card) those of its house rules.
        self.lessons: tuple[Lesson, ...] = tuple(only) if only is not None else LESSONS
        self.only = only is not None

    def compose(self) -> ComposeResult:
        yield Static("Learn Palace", id="learn-title")
        yield Static(
            "Short lessons on the house rules this table plays, each on a real position."
            if self.only
            else f"Short lessons on real positions. The first {len(CORE)} teach a whole first game "
            "in about five minutes; the house rules after them are for tables that play them.",
            id="learn-intro",
        )
        yield OptionList(id="lesson-list")
        yield Static("", id="lesson-summary")
        yield KeysFooter()
        yield TooSmall()

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
        for lesson in self.lessons:
            n = LESSONS.index(lesson)
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
        done_count = sum(1 for lesson in self.lessons if self.progress.is_done(lesson.id))
        title = "This table's house rules" if self.only else "Learn Palace"
        self.query_one("#learn-title", Static).update(
            Text.assemble((title, "bold"), f"   {done_count} of {len(self.lessons)} lessons done")
        )

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
            self.app.push_screen(LessonScreen(lesson, self.progress, device_of(self.app)))

    def action_compare(self) -> None:
        self.app.push_screen(CompareScreen())

    def action_back(self) -> None:
        """Back to whatever opened the lessons (``palace learn`` quits then)."""
        self.dismiss(None)


def _lesson(lesson_id: str | None) -> Lesson | None:
    return BY_ID.get(lesson_id or "")
