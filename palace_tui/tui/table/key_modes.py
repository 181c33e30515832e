"""What each mode of the table (and of a lesson) lets the keys do, as data.

A screen's ``check_action`` looks its mode up here. Each action gets one of Textual's
three answers (``True``: shown and usable; ``None``: shown greyed out; ``False``:
hidden) or an :class:`Ask`, a question about the position that the screen answers
(whether the pile may be taken, whether the coach sits with this seat...). An
action of the screen's that a mode does not list is hidden; any other action (the
app's, Textual's own) gets the mode's ``other`` answer, allowed unless it says not.

>>> [TABLE_KEYS[mode].answer("play") for mode in (Mode.HAND, Mode.WAIT, Mode.FACE_DOWN)]
[True, None, False]
>>> TABLE_KEYS[Mode.HAND].answer("take")
<Ask.TAKE: 'take'>
>>> PUBLIC_TABLE_KEYS[Mode.WAIT].answer("play")  # nobody's cards are up: no card key shows
False
>>> TABLE_KEYS[Mode.FACE_DOWN].answer("make", ("flip",))  # Enter's binding, make('flip')
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum, StrEnum
from types import MappingProxyType


class Mode(StrEnum):
    """What the keys of the table screen (and of a lesson) do now."""

    #: (Lesson) a page to read.
    PAGE = "page"
    #: (Lesson) the lesson is done.
    DONE = "done"
    #: The game is over.
    OVER = "over"
    #: The mover's cards are still up after a person's move: Enter ends the turn.
    RESULT = "result"
    #: Another seat acts, or nobody's cards are up.
    WAIT = "wait"
    #: Setup with deal=swap: swap hand and face-up cards, then ready.
    SWAP = "swap"
    #: Setup with deal=choose: mark the cards to lay face up.
    CHOOSE = "choose"
    #: Playing from the hand.
    HAND = "hand"
    #: Playing from the face-up cards.
    FACE_UP = "face_up"
    #: Turning face-down cards.
    FACE_DOWN = "face_down"
    #: The seat is out (it never has the turn).
    OUT = "out"


class Ask(Enum):
    """An answer that depends on the position, not only on the mode."""

    #: Shown when the pile may be taken now, else greyed out.
    TAKE = "take"
    #: Shown when as many cards are marked as go face up, else greyed out.
    CHOOSE = "choose"
    #: Shown when this seat plays with the coach, else greyed out.
    COACH = "coach"
    #: Shown when u takes the last move back now, else hidden.
    TAKE_BACK = "take_back"
    #: The hidden "why no take-back" key: on while take-back is off and someone's cards are up.
    WHY_NO_TAKE_BACK = "why_no_take_back"
    #: (Lesson) on while the learner plays and the pile can't be taken: the engine says why.
    WHY_NO_TAKE = "why_no_take"
    #: (Lesson) shown when there is a next lesson, else greyed out.
    NEXT_LESSON = "next_lesson"
    #: Shown when the engine offers the chance card now (house rule chance), else hidden.
    CHANCE = "chance"
    #: Shown when the turn may end instead of playing a drawn match (house rule play_drawn), else hidden.
    DONE = "done"


#: One action's answer in one mode.
Answer = bool | None | Ask


@dataclass(frozen=True)
class ModeKeys:
    """What one mode lets each action do."""

    #: The answer for each of the screen's actions.
    answers: Mapping[str, Answer]
    #: The answer for any other action.
    other: Answer = True

    def answer(self, action: str, parameters: tuple[object, ...] = ()) -> Answer:
        """The answer for ``action`` (with Textual's ``parameters``) in this mode. Every key that
        makes a move is one action, ``make(KEY)``, answered as KEY: ``make('play')`` as ``play``."""
        key = str(parameters[0]) if action == "make" and parameters else action
        return self.answers.get(key, self.other)

    def but(self, answers: Mapping[str, Answer]) -> ModeKeys:
        """These keys with some answers changed."""
        return ModeKeys(MappingProxyType({**self.answers, **answers}), self.other)


def keys(
    actions: Iterable[str],
    *,
    on: Iterable[str] = (),
    greyed: Iterable[str] = (),
    ask: Mapping[str, Ask] | None = None,
    other: Answer = True,
) -> ModeKeys:
    """The answers of one mode: ``on`` shown, ``greyed`` greyed out, ``ask`` asked of the
    position, every other of ``actions`` hidden; ``other`` for actions not in ``actions``."""
    answers: dict[str, Answer] = dict.fromkeys(actions, False)
    answers.update(dict.fromkeys(greyed, None))
    answers.update(dict.fromkeys(on, True))
    answers.update(ask or {})
    return ModeKeys(MappingProxyType(answers), other)


# ------------------------------------------------------------ the table (TableScreen)

#: Every action of the table screen's bindings (``app.save_quit`` is the app's).
TABLE_ACTIONS = (
    "cursor",
    "row",
    "mark",
    "play",
    "flip",
    "swap",
    "choose",
    "end_turn",
    "take",
    "chance",
    "done",
    "ready",
    "take_back",
    "why_no_take_back",
    "coach",
    "explain",
    "rules",
    "abandon",
    "cursor_end",
    "jump",
    "clear_marks",
    "log_page",
    "why_not",
)
#: The same in every mode: the rules card, take-back and its reason.
_EVERY_MODE = {"rules"}
_TAKE_BACK = {"take_back": Ask.TAKE_BACK, "why_no_take_back": Ask.WHY_NO_TAKE_BACK}
#: Getting about the seat's own cards (card_cursor) and the reasons of greyed keys (palace_tui.table.refusals).
_MOVING = {"cursor", "cursor_end", "jump", "clear_marks", "why_not"}
#: Shown greyed out while another seat acts or the game is over: the keys of a turn.
_TURN_KEYS = {"cursor", "cursor_end", "jump", "clear_marks", "mark", "play", "take", "coach", "explain"}


def _table(
    on: Iterable[str] = (), greyed: Iterable[str] = (), ask: Mapping[str, Ask] | None = None, other: Answer = True
) -> ModeKeys:
    return keys(TABLE_ACTIONS, on={*_EVERY_MODE, *on}, greyed=greyed, ask={**_TAKE_BACK, **(ask or {})}, other=other)


#: On while the seat at the screen plays from any of its rows.
_PLAYING = {"abandon", "explain", "log_page", *_MOVING}
#: The moves of two house rules, on only when the engine offers them (the chance card, a drawn match).
_HOUSE_MOVES = {"chance": Ask.CHANCE, "done": Ask.DONE}

#: What each mode of the table (:meth:`TableScreen.mode`) lets the keys do.
TABLE_KEYS: Mapping[Mode, ModeKeys] = MappingProxyType(
    {
        Mode.OVER: _table(on={"log_page"}, greyed=_TURN_KEYS),
        Mode.WAIT: _table(on={"abandon", "log_page"}, greyed=_TURN_KEYS),
        # The mover's cards stay up: only ending the turn, take-back, the rules, quitting and
        # paging the table (a narrow screen cuts it).
        Mode.RESULT: _table(on={"end_turn", "save_quit", "log_page"}, other=False),
        Mode.SWAP: _table(
            on={"abandon", "row", "swap", "ready", "log_page", *_MOVING}, greyed={"explain"}, ask={"coach": Ask.COACH}
        ),
        Mode.CHOOSE: _table(
            on={"abandon", "mark", "log_page", *_MOVING},
            greyed={"explain"},
            ask={"choose": Ask.CHOOSE, "coach": Ask.COACH},
        ),
        Mode.HAND: _table(on={"mark", "play", *_PLAYING}, ask={"take": Ask.TAKE, "coach": Ask.COACH, **_HOUSE_MOVES}),
        Mode.FACE_UP: _table(on={"mark", "play", *_PLAYING}, ask={"take": Ask.TAKE, "coach": Ask.COACH}),
        Mode.FACE_DOWN: _table(on={"flip", *_PLAYING}, greyed={"take"}, ask={"coach": Ask.COACH}),
        # A seat that is out never has the turn; should it, it can only move about and ask.
        Mode.OUT: _table(on={"abandon", "log_page", *_MOVING}, greyed={"take", "explain"}, ask={"coach": Ask.COACH}),
    }
)

#: Hidden on the public table (nobody's cards are up): there are no cards to act on.
_PUBLIC_HIDDEN = ("cursor", "mark", "play", "take", "chance", "done", "coach", "why_not")

#: :data:`TABLE_KEYS` while nobody's cards are up.
PUBLIC_TABLE_KEYS: Mapping[Mode, ModeKeys] = MappingProxyType(
    {mode: mode_keys.but(dict.fromkeys(_PUBLIC_HIDDEN, False)) for mode, mode_keys in TABLE_KEYS.items()}
)


# ------------------------------------------------------------ a lesson (LessonScreen)

#: Every action of the lesson screen's bindings.
LESSON_ACTIONS = (
    "cursor",
    "cursor_end",
    "jump",
    "row",
    "mark",
    "play",
    "flip",
    "swap",
    "continue",
    "take",
    "chance",
    "done",
    "why_no_take",
    "ready",
    "explain",
    "retry",
    "next",
    "back",
)
#: Starting the lesson again, and back to the list (or clearing the marks).
_LESSON_ALWAYS = {"retry", "back"}
#: Getting about the learner's cards.
_LESSON_MOVING = {"cursor", "cursor_end", "jump"}
#: Asked while the learner plays: the pile taken, or why not; whether there is a next lesson.
_LESSON_PLAYING = {"why_no_take": Ask.WHY_NO_TAKE, "next": Ask.NEXT_LESSON, "take": Ask.TAKE, **_HOUSE_MOVES}


def _lesson(on: Iterable[str] = (), greyed: Iterable[str] = (), ask: Mapping[str, Ask] | None = None) -> ModeKeys:
    return keys(LESSON_ACTIONS, on={*_LESSON_ALWAYS, *on}, greyed=greyed, ask={"next": Ask.NEXT_LESSON, **(ask or {})})


#: What each mode of a lesson (:meth:`LessonScreen.mode`) lets the keys do: as at the table.
LESSON_KEYS: Mapping[Mode, ModeKeys] = MappingProxyType(
    {
        # A page to read: Enter (or n) goes on, Esc goes back; nothing else shows, not even Textual's own.
        Mode.PAGE: keys(LESSON_ACTIONS, on={"continue", "next", "back"}, other=False),
        Mode.DONE: _lesson(on={"continue"}, greyed={*_LESSON_MOVING, "explain"}),
        Mode.WAIT: _lesson(greyed={*_LESSON_MOVING, "explain"}, ask={"take": Ask.TAKE}),
        Mode.SWAP: _lesson(on={"row", "swap", "ready", *_LESSON_MOVING}, greyed={"explain"}),
        Mode.HAND: _lesson(on={"mark", "play", "explain", *_LESSON_MOVING}, ask=_LESSON_PLAYING),
        Mode.FACE_UP: _lesson(on={"mark", "play", "explain", *_LESSON_MOVING}, ask=_LESSON_PLAYING),
        Mode.FACE_DOWN: _lesson(on={"flip", "explain", *_LESSON_MOVING}, ask=_LESSON_PLAYING),
        # A learner who is out never has the turn; should they, as while waiting.
        Mode.OUT: _lesson(greyed={*_LESSON_MOVING, "explain"}, ask={"take": Ask.TAKE}),
    }
)
