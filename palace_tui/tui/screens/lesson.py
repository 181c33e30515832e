"""One lesson at a time, on the table's own widgets and with the table's keys.

The lesson is pure Python (:mod:`palace_tui.lessons`): this screen draws the
runner's position with the widgets the table uses (:class:`SeatList`,
:class:`PileView`, :class:`PlayerArea`), points at the learner's cards with the
table's own :class:`~.card_cursor.CardCursor` (so the keys, the marks and the clicks
do what they do at the table), turns them into :class:`~palace_tui.rules.Move`
values, and shows the feedback the runner returns. It decides no rule. A lesson
that is a page to read shows its text, and Enter finishes it.
"""

from __future__ import annotations

from pathlib import Path

from rich.style import Style
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from palace_tui.device import TERMINAL, Device
from palace_tui.lessons import LESSONS, Feedback, Lesson, LessonRunner, Progress
from palace_tui.rules import Move, SeatView
from palace_tui.tui.table.card_cursor import CardCursor, Row
from palace_tui.tui.table.card_keys import card_bindings, pile_bindings
from palace_tui.tui.table.hand import Hand, HandPosition, MoveChosen
from palace_tui.tui.table.key_modes import LESSON_KEYS, Ask, Mode
from palace_tui.tui.table.pile_click import cards_to_take
from palace_tui.tui.table.turn_hint import turn_hint
from palace_tui.tui.widgets.keys_footer import KeysFooter
from palace_tui.tui.widgets.pass_box import PassBox
from palace_tui.tui.widgets.pile_view import PileView
from palace_tui.tui.widgets.seat_list import SeatList
from palace_tui.tui.widgets.too_small import TooSmall
from palace_tui.words.device import lesson_words, take_question
from palace_tui.words.passing import direction_words

DIM = Style(dim=True)
#: Below this height a narrow lesson draws the face-down and face-up rows on one line while
#: the hand is played (a 360x640 phone has 30 lines).
SHORT_HEIGHT = 36
DONE = Style(color="green", bold=True)


class LessonHand(Hand):
    """The learner's cards, with the table's card keys (Enter also goes on: the screen's, listed
    here so that the footer and the keys keep the table's one order)."""

    BINDINGS = [
        *card_bindings("lesson-"),
        Binding("enter", "screen.continue", "Continue", tooltip="Go on to the next lesson", id="lesson-continue"),
        *pile_bindings("lesson-"),
    ]


class LessonBody(VerticalScroll, can_focus=False, inherit_bindings=False):
    """The lesson's page, scrolled by the screen: its keys are the cards' (no scrolling keys of its own)."""


class LessonScreen(Screen[None]):
    """One lesson: the rule, the table as the learner sees it, the question, the feedback."""

    CSS_PATH = Path(__file__).parent / "lesson.tcss"

    BINDINGS = [
        # A page has no cards (nor the hand's keys): Enter goes on from here.
        Binding("enter", "continue", "Continue", tooltip="Go on to the next lesson", id="lesson-continue-page"),
        # Pressed while Take is greyed out: the engine says why not.
        Binding("t", "why_no_take", "Why no take", show=False, id="lesson-take-why"),
        Binding("e", "explain", "Pile", tooltip="What may go on the pile now, and why", id="lesson-explain"),
        Binding("ctrl+r", "retry", "Retry", key_display="^r", tooltip="Start this lesson again", id="lesson-retry"),
        Binding("n", "next", "Next", tooltip="Go to the next lesson", id="lesson-next"),
        Binding(
            "escape", "back", "List", tooltip="Clear the marks; again, back to the list of lessons", id="lesson-back"
        ),
    ]

    AUTO_FOCUS = None

    def __init__(self, lesson: Lesson, progress: Progress, device: Device = TERMINAL) -> None:
        super().__init__()
        self.progress = progress
        #: What the lesson is played with: on a touch screen the words name taps and buttons.
        self.device = device
        self.runner = LessonRunner(lesson, device.touch)
        #: A tap on the pile asked "Take 3 cards?": a second one, before anything else, takes it.
        self._take_asked = False
        #: The learner's cards, their cursor and card keys: the table's own hand.
        self.hand = LessonHand(self._hand_position, id="lesson-me")
        # Keys typed ahead can reach this screen before it is drawn (Enter on the list opens it,
        # an Escape in the same burst is read at once): until then its widgets are not there.
        self._drawn = False
        self._back_early = False

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        with LessonBody(id="lesson-body"):
            yield Static("", id="lesson-title")
            yield Static("", id="lesson-rule")
            with Horizontal(id="lesson-top"):
                yield SeatList(id="lesson-seats")
                yield PileView(id="lesson-pile")
            yield self.hand
            with Center(id="page-pass"):
                yield PassBox()
            yield Static("", id="page-picture", markup=False)
            yield Static("", id="prompt")
            yield Static("", id="feedback")
        yield KeysFooter()
        yield TooSmall()

    def on_resize(self) -> None:
        # The app's size classes (narrow, roomy: tall cards) may have changed: draw again.
        if self._drawn:
            self.call_after_refresh(self._refresh_table)

    def on_mount(self) -> None:
        self.query_one("#lesson-pile").border_title = "Pile"
        self.hand.border_title = "Your cards"
        self._refresh_all()
        self._drawn = True
        if self._back_early:  # Escape came before the lesson was drawn: back to the list now
            self.action_back()

    @property
    def lesson(self) -> Lesson:
        return self.runner.lesson

    def mode(self) -> Mode:
        """What the keys do now: page, done, swap, wait, or the stage played from."""
        runner = self.runner
        if runner.game is None:
            return Mode.PAGE
        if runner.done:
            return Mode.DONE
        game = runner.game
        if game.turn != runner.seat or game.phase == "over":
            return Mode.WAIT
        if game.phase == "setup":
            return Mode.SWAP
        return Mode(runner.stage())

    def view(self) -> SeatView:
        return self.runner.view()

    @property
    def cursor(self) -> CardCursor:
        """Where the learner points among their cards (the hand's)."""
        return self.hand.cursor

    def _hand_position(self) -> HandPosition:
        mode = self.mode()
        return HandPosition(None if mode == Mode.PAGE else self.view(), mode, self.lesson.rules, LESSON_KEYS[mode])

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
        touch = self.device.touch
        self.query_one("#lesson-rule", Static).update(Text(lesson.says("rule", touch)))
        self.query_one("#prompt", Static).update(Text.assemble(("▶ ", "bold"), lesson.says("prompt", touch)))
        page = lesson.is_page
        self.query_one("#lesson-top").display = not page
        self.hand.display = not page
        if not page and self.focused is not self.hand:
            # The card keys are the hand's: it takes the focus back once a page has hidden it.
            self.set_focus(self.hand, scroll_visible=False)
        # The page about the pass screen shows the table's own pass box.
        self.query_one("#page-pass").display = bool(lesson.pass_to)
        if lesson.pass_to:
            self.query_one(PassBox).name_player(lesson.pass_to, self.device)
        # A page about a box the table puts up (the burn-in offer) draws it as the table does.
        picture = self.query_one("#page-picture", Static)
        heading, _, body = lesson.says("picture", touch).partition("\n")
        picture.display = bool(heading)
        picture.border_title = heading
        picture.update(Text(body))
        self._refresh_table()
        self._show_feedback(self.runner.last)

    def _refresh_table(self, cards_only: bool = False) -> None:
        """Draw the seats, the pile and the learner's rows from the learner's view
        (``cards_only``: just the rows and the hint, for a cursor or a mark)."""
        mode = self.mode()
        if mode != Mode.PAGE:
            view = self.view()
            self.cursor.follow(view, mode)
            if not cards_only:
                self.query_one(SeatList).show(view, set())
                self.query_one(PileView).show(view)
                # As at the table: which way play goes (an 8 or a joker may have turned it round).
                self.query_one("#lesson-seats").border_title = f"Table  {direction_words(view.direction)}"
            down, up, hand = (self.cursor.slots(view, mode, row) for row in (Row.FACE_DOWN, Row.FACE_UP, Row.HAND))
            area = self.hand
            # A lesson has its rule and question above the cards: on a short, narrow screen (a
            # small phone) the face-down and face-up rows take one line while the hand is played.
            area.set_class(mode == Mode.HAND, "-playing-hand")
            area.set_class(self.app.size.height < SHORT_HEIGHT, "-short")
            area.show(down, up, hand, self._hint(view, mode))
        if not cards_only:
            self.refresh_bindings()

    def _hint(self, view: SeatView, mode: Mode) -> Text:
        words = lesson_words(self.device.touch)
        if mode == Mode.DONE:
            nxt = words.go_on if self._next_lesson() else "That was the last lesson"
            return Text.assemble(("Done. ", DONE), nxt, (f"; {words.try_again}.", DIM))
        if mode == Mode.WAIT:
            return Text("")
        marked, under = len(self.cursor.marked), self.cursor.under(view)
        return turn_hint(
            self.runner.position().rules, view, mode, self.lesson.names, marked, under, touch=self.device.touch
        )

    def _show_feedback(self, feedback: Feedback | None, info: tuple[str, str] | None = None) -> None:
        """The feedback box: the runner's ``feedback`` on the last move, or ``info`` (a title and a
        sentence: the pile explained, a rank the learner does not hold) until the next move."""
        box = self.query_one("#feedback", Static)
        box.remove_class("-right", "-wrong", "-info", "-quiet")
        box.set_class(self.lesson.is_page, "-page")
        words = lesson_words(self.device.touch)
        self._take_asked = False
        if info is not None:
            box.add_class("-info")
            box.border_title, sentence = info
            box.update(Text(sentence))
            return
        if feedback is None:
            box.add_class("-quiet")
            if self.lesson.is_page:
                box.border_title = "Read"
                box.update(Text(words.read))
            else:
                box.border_title = "Your move"
                box.update(Text(words.explain, style="dim"))
            return
        box.add_class("-right" if feedback.kind == "right" else "-info" if feedback.kind == "done" else "-wrong")
        box.border_title = feedback.headline
        body = Text()
        if feedback.happened:
            body.append(feedback.happened + "\n", Style(italic=True))
        body.append(feedback.text)
        if feedback.kind == "right":
            nxt = words.next_lesson if self._next_lesson() else "That was the last lesson!"
            body.append("\n" + nxt, Style(bold=True))
        box.update(body)

    # ------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """As at the table: show the keys of the learner's stage, hide the others (:mod:`.key_modes`)."""
        if not self._drawn:
            return True if action == "back" else None  # nothing to act on yet but going back
        answer = LESSON_KEYS[self.mode()].answer(action, parameters)
        return self._ask(answer) if isinstance(answer, Ask) else answer

    def _ask(self, ask: Ask) -> bool | None:
        """Answer a key's question about the position."""
        if ask is Ask.TAKE:
            return True if any(m.kind == "take" for m in self.view().legal) else None
        if ask in (Ask.CHANCE, Ask.DONE):
            return any(m.kind == ask.value for m in self.view().legal)
        if ask is Ask.WHY_NO_TAKE:
            return self._ask(Ask.TAKE) is None
        if ask is Ask.NEXT_LESSON:
            return True if self._next_lesson() else None
        raise ValueError(f"a lesson has no answer to {ask}")

    # The card keys are the hand's, as at the table: it says what they did.

    @on(Hand.Changed)
    def _hand_changed(self, changed: Hand.Changed) -> None:
        if changed.refusal is not None:
            self._show_feedback(None, info=("Cards", changed.refusal))
        self._refresh_table(cards_only=True)

    @on(Hand.Missing)
    def _hand_missing(self, missing: Hand.Missing) -> None:
        self._show_feedback(None, info=("Cards", missing.sentence))

    @on(MoveChosen)
    def _move_chosen(self, chosen: MoveChosen) -> None:
        """Try the move the card key chose, as at the table (the runner judges it)."""
        self._attempt(chosen.move)

    def on_pile_view_pressed(self, event: PileView.Pressed) -> None:
        """A tap or click on the pile asks "Take 3 cards?", a second one takes it: as at the table
        (:mod:`.pile_click`), so the lesson teaches what the table does."""
        if self.mode() not in (Mode.HAND, Mode.FACE_UP, Mode.FACE_DOWN, Mode.OUT):
            return
        if self._take_asked:
            move = self.hand.choose("take")
            if move is not None:
                self._attempt(move)
            return
        cards = cards_to_take(self.cursor, self.runner.position().rules, self.view(), self.mode())
        self._show_feedback(None, info=("Take the pile", take_question(cards, self.device)))
        self._take_asked = True

    def action_why_no_take(self) -> None:
        """t while taking can't be done: try it, so the engine's refusal says why."""
        self._attempt(Move.take())

    def _attempt(self, move: Move) -> None:
        feedback = self.runner.attempt(move)
        if feedback.kind == "right":
            self._finished()
        if feedback.kind in ("right", "not-quite"):
            self.cursor.reset()
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
        self._show_feedback(None, info=("The pile", self.runner.explain()))

    def action_retry(self) -> None:
        """Put the lesson's position back."""
        self.runner.reset()
        self.cursor.reset()
        self._refresh_all()

    def _next_lesson(self) -> Lesson | None:
        i = LESSONS.index(self.lesson)
        return LESSONS[i + 1] if i + 1 < len(LESSONS) else None

    def action_continue(self) -> None:
        """Enter on a page (it is read) or on a finished lesson: the next lesson."""
        if self.mode() == Mode.PAGE:
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
        self.runner = LessonRunner(nxt, self.device.touch)
        self.cursor.reset()
        self._refresh_all()
        body = self.query_one("#lesson-body", VerticalScroll)
        body.anchor(False)
        body.scroll_home(animate=False)

    def action_back(self) -> None:
        """Clear the marks if there are any (as at the table), else back to the list of lessons."""
        if not self._drawn:
            # Popped now, the screen would be taken apart before on_mount draws it (NoMatches).
            self._back_early = True
            return
        if self.cursor.marked:
            self.hand.clear_marks()
            self._refresh_table(cards_only=True)
            return
        self.app.pop_screen()
