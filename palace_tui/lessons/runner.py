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

from ..rules import Event, Game, IllegalMove, Move, SeatView, explain_pile
from ..rules.cards import cards_text
from .lesson import Lesson, Result

RANK_WORDS = {2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens", 8: "eights",
              9: "nines", 11: "jacks", 12: "queens", 13: "kings", 14: "aces"}
#: The name the learner's seat has in every lesson.
LEARNER = "You"


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

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
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
        self.last = Feedback("right", "Read.", self.lesson.praise)
        return self.last

    def view(self) -> SeatView:
        """What the learner may see now."""
        return self.game.view(self.seat)

    def stage(self) -> str:
        """Where the learner plays from: ``hand``, ``face_up``, ``face_down`` or ``out``."""
        return self.game.stage(self.seat)

    def explain(self) -> str:
        """The pile explainer for the current position (the ``e`` key)."""
        return explain_pile(self.game)

    def attempt(self, move: Move) -> Feedback:
        """Try a move: the engine decides legality, the lesson's check decides rightness."""
        self.attempts += 1
        if self.game is None:
            return self.read()
        if self.done:
            self.last = Feedback("done", "This lesson is done.",
                                 "Press n for the next lesson, or r to try this one again.")
            return self.last
        trial = self.game.copy()
        try:
            events = tuple(trial.play(move))
        except IllegalMove as exc:
            text = str(exc)
            if self.lesson.hint:
                text += " Hint: " + self.lesson.hint
            self.last = Feedback("illegal", "Not allowed.", text)
            return self.last
        result = Result(self.game, move, events, trial, self.seat)
        happened = describe(events, self.lesson.names, self.seat)
        if self.lesson.right(result):
            self.game = trial
            self.done = True
            self.last = Feedback("right", "Well done!", self.lesson.praise, happened, events)
        else:
            why = (self.lesson.not_quite_for(result) if self.lesson.not_quite_for else None) \
                or self.lesson.not_quite or "That's legal, but not what this lesson asks. Try again."
            self.last = Feedback("not-quite", "Not quite.", why + " The cards are back where they were.",
                                 happened, events)
        return self.last


def describe(events: tuple[Event, ...] | list[Event], names: list[str], learner: int) -> str:
    """The events of one move in plain words, the learner as "You"."""
    out: list[str] = []

    def who(seat: int | None) -> str:
        return LEARNER if seat == learner else names[seat] if seat is not None else ""

    events = list(events)
    for k, e in enumerate(events):
        name = who(e.seat)
        mine = e.seat == learner
        if e.kind == "played":
            if k and events[k - 1].kind == "flipped":
                out[-1] = out[-1][:-1] + ": it goes there and stays."
                continue
            out.append(f"{name} played {cards_text(e.cards)}.")
        elif e.kind == "flipped":
            out.append(f"{name} turned over {cards_text(e.cards)}.")
        elif e.kind == "failed":
            out.append(f"It can't go there, so {'you take' if mine else name + ' takes'} it with the pile "
                       f"({e.count} cards).")
        elif e.kind == "reversed":
            out.append("Play changes direction.")
        elif e.kind == "cleared":
            what = "a 10" if e.reason == "ten" else f"four {RANK_WORDS.get(e.cards[0].rank, 'of a kind')}"
            out.append(f"{name} cleared the pile with {what} ({e.count} cards).")
        elif e.kind == "drew":
            out.append(f"{name} drew {e.count} card{'s' if e.count != 1 else ''}.")
        elif e.kind == "took":
            if any(x.kind == "failed" for x in events):
                continue
            extra = f", adding {cards_text(e.cards)}" if e.cards else ""
            out.append(f"{name} took the pile ({e.count} cards{extra}).")
        elif e.kind == "out":
            out.append(f"{name} {'are' if mine else 'is'} out.")
        elif e.kind == "swapped":
            took, laid = e.cards
            out.append(f"{name} put {laid} face up and took {took} into {'your' if mine else 'the'} hand.")
        elif e.kind == "ready":
            out.append(f"{name} {'are' if mine else 'is'} ready.")
        elif e.kind == "starts":
            why = f" ({e.reason})" if e.reason else ""
            out.append(f"{name} {'lead' if mine else 'leads'}{why}.")
        elif e.kind == "over":
            out.append("The game is over.")
    return " ".join(out)
