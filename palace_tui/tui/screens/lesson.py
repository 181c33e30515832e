"""One lesson at a time, on the table's own widgets and with the table's keys.

The lesson is pure Python (:mod:`palace_tui.lessons`): this screen draws the
runner's position with the widgets the table uses (:class:`SeatList`,
:class:`PileView`, :class:`PlayerArea`), turns the same keys as the table into
:class:`~palace_tui.rules.Move` values, and shows the feedback the runner returns.
It decides no rule. A lesson that is a page to read shows its text, and Enter
finishes it.
"""

from __future__ import annotations

from pathlib import Path

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from palace_tui.lessons import LESSONS, Feedback, Lesson, LessonRunner, Progress
from palace_tui.rules import Move, SeatView
from palace_tui.tui.screens.card_keys import RANK_KEYS, card_bindings, pile_bindings
from palace_tui.tui.screens.key_modes import LESSON_KEYS, Ask
from palace_tui.tui.screens.turn_hint import turn_hint
from palace_tui.tui.widgets.card_art import Slot
from palace_tui.tui.widgets.keys_footer import KeysFooter
from palace_tui.tui.widgets.pile_view import PileView
from palace_tui.tui.widgets.player_area import PlayerArea, row_cards
from palace_tui.tui.widgets.seat_list import SeatList
from palace_tui.tui.widgets.too_small import TooSmall

DIM = Style(dim=True)
KEY = Style(bold=True)
DONE = Style(color="green", bold=True)
#: The modes in which the learner's keys play cards (as at the table).
PLAYING = ("hand", "face_up", "face_down")
#: The key that jumps to each rank.


class LessonScreen(Screen[None]):
    """One lesson: the rule, the table as the learner sees it, the question, the feedback."""

    CSS_PATH = Path(__file__).parent / "lesson.tcss"

    BINDINGS = [
        *card_bindings("lesson-"),
        Binding("enter", "continue", "Continue", tooltip="Go on to the next lesson", id="lesson-continue"),
        *pile_bindings("lesson-"),
        # Pressed while Take is greyed out: the engine says why not.
        Binding("t", "why_no_take", "Why no take", show=False, id="lesson-take-why"),
        Binding("e", "explain", "Pile", tooltip="What may go on the pile now, and why", id="lesson-explain"),
        Binding("ctrl+r", "retry", "Retry", key_display="^r", tooltip="Start this lesson again", id="lesson-retry"),
        Binding("n", "next", "Next", tooltip="Go to the next lesson", id="lesson-next"),
        Binding("home", "end(0)", "First card", show=False, id="lesson-home"),
        Binding("end", "end(-1)", "Last card", show=False, id="lesson-end"),
        # Typing a rank jumps to it, as at the table: 3-9, 0 for ten, j q k a, 2.
        *[
            Binding(key, f"jump({rank})", f"Jump to {key}", show=False, id=f"lesson-jump-{key}")
            for key, rank in RANK_KEYS.items()
        ],
        Binding(
            "escape", "back", "List", tooltip="Clear the marks; again, back to the list of lessons", id="lesson-back"
        ),
    ]

    AUTO_FOCUS = None

    def __init__(self, lesson: Lesson, progress: Progress) -> None:
        super().__init__()
        self.progress = progress
        self.runner = LessonRunner(lesson)
        #: The row the cursor is in: hand, face_up or face_down.
        self.row = "hand"
        #: The cursor's index in each row.
        self.cursor: dict[str, int] = {"hand": 0, "face_up": 0, "face_down": 0}
        #: Indices of marked cards in the active row (one rank, as at the table).
        self.marked: set[int] = set()

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="lesson-body", can_focus=False):
            yield Static("", id="lesson-title")
            yield Static("", id="lesson-rule")
            with Horizontal(id="lesson-top"):
                yield SeatList(id="lesson-seats")
                yield PileView(id="lesson-pile")
            yield PlayerArea(id="lesson-me")
            yield Static("", id="page-picture")
            yield Static("", id="prompt")
            yield Static("", id="feedback")
        yield KeysFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        self.query_one("#lesson-seats").border_title = "Table"
        self.query_one("#lesson-pile").border_title = "Pile"
        self.query_one(PlayerArea).border_title = "Your cards"
        self._refresh_all()

    @property
    def lesson(self) -> Lesson:
        return self.runner.lesson

    def mode(self) -> str:
        """What the keys do now: page, done, swap, wait, or the stage played from."""
        runner = self.runner
        if runner.game is None:
            return "page"
        if runner.done:
            return "done"
        game = runner.game
        if game.turn != runner.seat or game.phase == "over":
            return "wait"
        if game.phase == "setup":
            return "swap"
        return runner.stage()

    def view(self) -> SeatView:
        return self.runner.view()

    def active_cards(self, view: SeatView, row: str | None = None) -> list:
        """The cards of one of the learner's rows (face-down ones as None)."""
        return row_cards(view, row or self.row)

    # ------------------------------------------------------------ drawing

    def _refresh_all(self) -> None:
        lesson = self.lesson
        n = LESSONS.index(lesson) + 1
        title = Text.assemble(
            ("Lesson ", "bold"), (f"{n} of {len(LESSONS)}", "bold"), "  ", (lesson.title, "bold underline")
        )
        if lesson.options:
            title.append(f"  ({lesson.option_words()})", DIM)
        if self.progress.is_done(lesson.id):
            title.append("  ✓ done", DONE)
        self.query_one("#lesson-title", Static).update(title)
        self.query_one("#lesson-rule", Static).update(Text(lesson.rule))
        self.query_one("#prompt", Static).update(Text.assemble(("▶ ", "bold"), lesson.prompt))
        page = lesson.is_page
        self.query_one("#lesson-top").display = not page
        self.query_one(PlayerArea).display = not page
        picture = self.query_one("#page-picture", Static)
        picture.display = bool(lesson.picture)
        if lesson.picture:
            head, _, body = lesson.picture.partition("\n")
            picture.border_title = head
            picture.update(Text(body))
        self._refresh_table()
        self._show_feedback(self.runner.last)

    def _refresh_table(self, cards_only: bool = False) -> None:
        """Draw the seats, the pile and the learner's rows from the learner's view
        (``cards_only``: just the rows and the hint, for a cursor or a mark)."""
        mode = self.mode()
        if mode != "page":
            view = self.view()
            if mode in PLAYING:
                self.row = mode
            elif mode == "swap" and self.row not in ("hand", "face_up"):
                self.row = "hand"
            for row in ("hand", "face_up", "face_down"):
                size = len(self.active_cards(view, row))
                self.cursor[row] = max(0, min(self.cursor[row], size - 1))
            self.marked = {i for i in self.marked if i < len(self.active_cards(view))}
            if not cards_only:
                self.query_one(SeatList).show(view, set())
                self.query_one(PileView).show(view)
            self.query_one(PlayerArea).show(
                self._slots(view, mode, "face_down"),
                self._slots(view, mode, "face_up"),
                self._slots(view, mode, "hand"),
                self._hint(view, mode),
            )
        if not cards_only:
            self.refresh_bindings()

    def _slots(self, view: SeatView, mode: str, row: str) -> list[Slot]:
        """One row's cards as the table draws them: dimmed when they can't go, cursor and marks."""
        here = mode in PLAYING + ("swap",) and row == self.row
        out = []
        for i, card in enumerate(self.active_cards(view, row)):
            dim = (mode in PLAYING and row != self.row) or (
                here and mode in ("hand", "face_up") and card.rank not in view.playable_ranks
            )
            out.append(
                Slot.in_row(card, i, dim=dim, marked=here and i in self.marked, cursor=here and i == self.cursor[row])
            )
        return out

    def _hint(self, view: SeatView, mode: str) -> Text:
        if mode == "done":
            nxt = "Enter goes on to the next lesson" if self._next_lesson() else "That was the last lesson"
            return Text.assemble(("Done. ", DONE), nxt, ("; ^r tries this one again.", DIM))
        if mode == "wait":
            return Text("")
        hand, up = self.active_cards(view, "hand"), self.active_cards(view, "face_up")
        under = (hand[self.cursor["hand"]] if hand else None, up[self.cursor["face_up"]] if up else None)
        return turn_hint(self.runner.position(), view, mode, self.lesson.names, len(self.marked), under)

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
            if self.lesson.is_page:
                box.border_title = "Read"
                box.update(Text.assemble(("Enter", KEY), " when you have read it."))
            else:
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
            nxt = "Press Enter for the next lesson." if self._next_lesson() else "That was the last lesson!"
            body.append("\n" + nxt, Style(bold=True))
        box.update(body)

    # ------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """As at the table: show the keys of the learner's stage, hide the others (:mod:`.key_modes`)."""
        answer = LESSON_KEYS[self.mode()].answer(action)
        return self._ask(answer) if isinstance(answer, Ask) else answer

    def _ask(self, ask: Ask) -> bool | None:
        """Answer a key's question about the position."""
        if ask is Ask.TAKE:
            return True if any(m.kind == "take" for m in self.view().legal) else None
        if ask is Ask.WHY_NO_TAKE:
            return self._ask(Ask.TAKE) is None
        if ask is Ask.NEXT_LESSON:
            return True if self._next_lesson() else None
        raise ValueError(f"a lesson has no answer to {ask}")

    def action_cursor(self, step: int) -> None:
        """Move the cursor along the active row."""
        size = len(self.active_cards(self.view()))
        if size:
            self.cursor[self.row] = (self.cursor[self.row] + step) % size
        self._refresh_table(cards_only=True)

    def action_end(self, index: int) -> None:
        """Home: the first card of the row; End: the last."""
        size = len(self.active_cards(self.view()))
        if size:
            self.cursor[self.row] = index % size
        self._refresh_table(cards_only=True)

    def action_jump(self, rank: int) -> None:
        """Put the cursor on the next card of ``rank`` in the row (the row is sorted by rank)."""
        cards = self.active_cards(self.view())
        at = self.cursor[self.row]
        hits = [i for i, c in enumerate(cards) if c is not None and c.rank == rank]
        if hits:
            self.cursor[self.row] = next((i for i in hits if i > at), hits[0])
            self._refresh_table(cards_only=True)

    def action_row(self) -> None:
        """Setup swap: move between the hand and the face-up row."""
        self.row = "face_up" if self.row == "hand" else "hand"
        self._refresh_table(cards_only=True)

    def action_mark(self) -> None:
        """Mark or unmark the card under the cursor; marking another rank starts a new set."""
        cards = self.active_cards(self.view())
        if not cards:
            return
        i = self.cursor[self.row]
        if i in self.marked:
            self.marked.discard(i)
        else:
            self.marked = {j for j in self.marked if cards[j].rank == cards[i].rank} | {i}
        self._refresh_table(cards_only=True)

    def action_play(self) -> None:
        """Play the marked cards, else the card under the cursor."""
        cards = self.active_cards(self.view())
        if cards:
            chosen = sorted(self.marked) or [self.cursor[self.row]]
            self._attempt(Move.play([cards[i] for i in chosen]))

    def action_flip(self) -> None:
        """Turn the face-down card under the cursor."""
        self._attempt(Move.flip(self.cursor["face_down"]))

    def action_swap(self) -> None:
        """Swap the hand card under its cursor with the face-up card under its cursor."""
        view = self.view()
        hand, up = list(view.hand), list(view.face_up)
        if hand and up:
            self._attempt(Move.swap(hand[self.cursor["hand"]], up[self.cursor["face_up"]]))

    def action_ready(self) -> None:
        """Finish swapping."""
        self._attempt(Move.ready())

    def action_take(self) -> None:
        """Take the pile (adding the face-up card under the cursor when the rules want one)."""
        adding = None
        if self.mode() == "face_up" and self.lesson.rules.adds_face_up:
            up = list(self.view().face_up)
            adding = up[min(self.marked) if self.marked else self.cursor["face_up"]]
        self._attempt(Move.take(adding))

    def action_why_no_take(self) -> None:
        """t while taking can't be done: try it, so the engine's refusal says why."""
        self._attempt(Move.take())

    def _attempt(self, move: Move) -> None:
        feedback = self.runner.attempt(move)
        if feedback.kind == "right":
            self._finished()
        if feedback.kind in ("right", "not-quite"):
            self.marked.clear()
            self.cursor = {"hand": 0, "face_up": 0, "face_down": 0}
        else:
            self.app.bell()
        self._refresh_all()
        # The feedback is under the cards: keep the body scrolled to its end on a short terminal,
        # also while the box grows over the next frames (an anchor follows the content).
        self.call_after_refresh(self.query_one("#lesson-body", VerticalScroll).anchor)

    def _finished(self) -> None:
        self.progress.mark_done(self.lesson.id)
        if self.progress.warning:
            self.notify(self.progress.warning, severity="warning", markup=False)

    def action_explain(self) -> None:
        """Say what may go on the pile now, and why."""
        self._show_feedback(None, explain=self.runner.explain())

    def action_retry(self) -> None:
        """Put the lesson's position back."""
        self.runner.reset()
        self.row = "hand"
        self.cursor = {"hand": 0, "face_up": 0, "face_down": 0}
        self.marked.clear()
        self._refresh_all()

    def _next_lesson(self) -> Lesson | None:
        i = LESSONS.index(self.lesson)
        return LESSONS[i + 1] if i + 1 < len(LESSONS) else None

    def action_continue(self) -> None:
        """Enter on a page (it is read) or on a finished lesson: the next lesson."""
        if self.mode() == "page":
            self.runner.read()
            self._finished()
        self.action_next()

    def action_next(self) -> None:
        """Go on to the next lesson (finished or not)."""
        nxt = self._next_lesson()
        if nxt is None:
            self._refresh_all()
            self.notify("That was the last lesson. Escape goes back to the list.")
            return
        self.runner = LessonRunner(nxt)
        self.row = "hand"
        self.cursor = {"hand": 0, "face_up": 0, "face_down": 0}
        self.marked.clear()
        self._refresh_all()
        body = self.query_one("#lesson-body", VerticalScroll)
        body.anchor(False)
        body.scroll_home(animate=False)

    def action_back(self) -> None:
        """Clear the marks if there are any (as at the table), else back to the list of lessons."""
        if self.marked:
            self.marked.clear()
            self._refresh_table(cards_only=True)
            return
        self.app.pop_screen()

    # ------------------------------------------------------------ for tests

    def feedback_text(self) -> str:
        """The feedback box as plain text, its title first."""
        box = self.query_one("#feedback", Static)
        content = box.content
        body = content.plain if isinstance(content, Text) else str(content)
        return f"{box.border_title or ''}\n{body}"
