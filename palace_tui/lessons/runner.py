"""Playing a lesson: take a move, ask the engine, say what happened and why.

>>> from palace_tui.lessons import LessonRunner, BY_ID
>>> from palace_tui.rules import Move
>>> runner = LessonRunner(BY_ID["four"])
>>> runner.attempt(Move.play("7D 7S")).kind
'right'
>>> runner.done
True
"""

from __future__ import annotations

from dataclasses import dataclass

from palace_tui.lessons.lesson import Lesson, Result
from palace_tui.rules import Event, Game, IllegalMove, Move, SeatView
from palace_tui.words import describe, explain_pile
from palace_tui.words.device import lesson_words
from palace_tui.words.events import YOU as LEARNER

__all__ = ["LEARNER", "Feedback", "LessonRunner", "describe"]


@dataclass(frozen=True)
class Feedback:
    """What the learner reads after an attempt.

    ``kind`` is ``right`` (the lesson is done), ``not-quite`` (legal, but not what the
    lesson asks; the position was put back), ``illegal`` (refused by the engine;
    nothing changed) or ``done`` (the lesson was already finished).
    """

    kind: str
    headline: str
    text: str
    happened: str = ""
    events: tuple[Event, ...] = ()

    @property
    def ok(self) -> bool:
        return self.kind == "right"

    def full_text(self) -> str:
        """Everything in one paragraph (for tests and plain output)."""
        return " ".join(p for p in (self.headline, self.happened, self.text) if p)


class LessonRunner:
    """One lesson in progress: the current position and the learner's attempts.

    Pure Python: the Learn screen shows :attr:`game` through :meth:`view` and sends
    the learner's moves to :meth:`attempt`.
    """

    def __init__(self, lesson: Lesson, touch: bool = False) -> None:
        self.lesson = lesson
        #: Played by finger: the words name taps and buttons, not keys (:meth:`Lesson.says`).
        self.touch = touch
        #: The position (None for a page, which has none).
        self.game: Game | None = None if lesson.is_page else lesson.position()
        self.done = False
        self.attempts = 0
        self.last: Feedback | None = None

    @property
    def seat(self) -> int:
        return self.lesson.learner

    def reset(self) -> None:
        """Start the lesson again from its position."""
        self.game = None if self.lesson.is_page else self.lesson.position()
        self.done = False
        self.last = None

    def read(self) -> Feedback:
        """A page was read to the end (Enter): it is done."""
        self.done = True
        self.last = Feedback("right", "Read.", self.lesson.says("praise", self.touch))
        return self.last

    def position(self) -> Game:
        """The current position of a lesson that has one (a page has none)."""
        if self.game is None:
            raise ValueError(f"the lesson {self.lesson.id!r} is a page: it has no position")
        return self.game

    def view(self) -> SeatView:
        """What the learner may see now."""
        return self.position().view(self.seat)

    def stage(self) -> str:
        """Where the learner plays from: ``hand``, ``face_up``, ``face_down`` or ``out``."""
        return self.position().stage(self.seat)

    def explain(self) -> str:
        """The pile explainer for the current position (the ``e`` key)."""
        return explain_pile(self.position())

    def attempt(self, move: Move) -> Feedback:
        """Try a move: the engine decides legality, the lesson's check decides rightness."""
        self.attempts += 1
        if self.game is None or self.lesson.right is None:
            return self.read()
        if self.done:
            self.last = Feedback("done", "This lesson is done.", lesson_words(self.touch).already_done)
            return self.last
        trial = self.game.copy()
        try:
            events = tuple(trial.play(move))
        except IllegalMove as exc:
            text = str(exc)
            if self.lesson.hint:
                text += " Hint: " + self.lesson.says("hint", self.touch)
            self.last = Feedback("illegal", "Not allowed.", text)
            return self.last
        result = Result(self.game, move, events, trial, self.seat)
        happened = describe(events, self.lesson.names, self.seat)
        if self.lesson.right(result):
            self.game = trial
            self.done = True
            self.last = Feedback("right", "Well done!", self.lesson.says("praise", self.touch), happened, events)
        else:
            why = (
                (self.lesson.not_quite_for(result) if self.lesson.not_quite_for else None)
                or self.lesson.not_quite
                or "That's legal, but not what this lesson asks. Try again."
            )
            self.last = Feedback(
                "not-quite", "Not quite.", why + " The cards are back where they were.", happened, events
            )
        return self.last
