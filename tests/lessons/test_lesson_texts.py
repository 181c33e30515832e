"""Every card a lesson's words name is in that lesson's position, where the learner sees it.

A lesson's prompt, praise, hints and not-quite sentences talk about the cards on
show; a card that is not there (lesson 2 once spoke of a 9 beside the queens, and the
only 9 was in the stock) sends the learner looking for it. Praise may also name what
the right move showed (a turned card). The rule sentence is about the game in general
and is left out, except for cards named with their suit.
"""

from __future__ import annotations

import re

import pytest

from palace_tui.lessons import LESSONS, Lesson
from palace_tui.lessons.course import FIRST_GAME
from palace_tui.rules import Card

RANKS = {
    "2": 2,
    "3": 3,
    "4": 4,
    "5": 5,
    "6": 6,
    "7": 7,
    "8": 8,
    "9": 9,
    "10": 10,
    "jack": 11,
    "queen": 12,
    "king": 13,
    "ace": 14,
    "joker": 15,
    "twos": 2,
    "threes": 3,
    "fours": 4,
    "fives": 5,
    "sixes": 6,
    "sevens": 7,
    "eights": 8,
    "nines": 9,
    "tens": 10,
}
#: A card with its suit: ``7♥``, ``10♦``, ``Q♠``.
SUITED = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9JQKA])([♠♥♦♣])")
#: A rank named as a card on show: "the 9", "your 10", "two queens", "a king". A rank
#: after "a"/"an" in a sentence about what *may* be played is still a card on show here.
WHOSE = r"(?P<whose>the|your|a|an|two|both|Ben's|Cy's|his|her)"
NAMED = re.compile(
    WHOSE + r"\s+(?P<rank>10|[2-9]|jacks?|queens?|kings?|aces?|jokers?|"
    r"twos|threes|fours|fives|sixes|sevens|eights|nines|tens)\b(?!\s*(or|and)\s+(higher|lower))",
    re.IGNORECASE,
)


def _rank(word: str) -> int:
    word = word.lower()
    return RANKS.get(word, RANKS.get(word.rstrip("s"), 0))


def visible(game, seat: int) -> tuple[set[Card], set[Card], set[Card]]:
    """What ``seat`` sees: (every card on show to it, the cards in play now: its active row,
    the pile and the others' face-up cards, and its own hand and face-up cards)."""
    view = game.view(seat)
    mine = set(view.hand) | set(view.face_up)
    others = {c for s in view.seats if s.index != seat for c in s.face_up}
    stage = "setup" if game.phase == "setup" else game.stage(seat)
    active = {"setup": mine, "hand": set(view.hand), "face_up": set(view.face_up)}.get(stage, set())
    return mine | others | set(view.pile), active | others | set(view.pile), mine


def shown(events) -> set[Card]:
    """Cards a move puts in front of everyone: played, turned over, swapped, taken with the pile."""
    return {c for e in events for c in e.cards}


def lesson_words(lesson: Lesson) -> list[tuple[str, tuple[set[Card], set[Card], set[Card]]]]:
    """Each sentence about this position, with what the learner sees when it shows
    (as :func:`visible`). The general rule is left out."""
    if lesson.is_page:
        return [(t, (set(), set(), set())) for t in (lesson.prompt, lesson.praise) if t]
    from palace_tui.lessons.lesson import Result

    game = lesson.position()
    sees = visible(game, lesson.learner)
    out = [(t, sees) for t in (lesson.prompt, lesson.not_quite, lesson.hint) if t]
    for move in game.legal_moves():
        trial = game.copy()
        events = tuple(trial.play(move))
        result = Result(game, move, events, trial, lesson.learner)
        # After a move its words may name what the move showed (not what was drawn).
        after = tuple(cards | shown(events) for cards in sees)
        if lesson.right(result):
            out.append((lesson.praise, after))
        elif lesson.not_quite_for is not None and lesson.not_quite_for(result):
            out.append((lesson.not_quite_for(result), after))
    return out


def _suited(m: re.Match) -> Card:
    return Card.parse(m.group(1).replace("10", "T") + "SHDC"["♠♥♦♣".index(m.group(2))])


def misnamed(lesson: Lesson) -> list[str]:
    """The cards the lesson's words name that the learner cannot see when reading them.

    A card with its suit must be on show; a rank ("the 9", "two queens") must be among the
    cards in play now (a 9 in a face-up row that waits does not count); "your" rank among
    the learner's own.
    """
    wrong = []
    for text, (on_show, in_play, mine) in lesson_words(lesson):
        wrong += [m.group(0) for m in SUITED.finditer(text) if _suited(m) not in on_show]
        for m in NAMED.finditer(text):
            pool = mine if m.group("whose").lower() == "your" else in_play
            if _rank(m.group("rank")) not in {c.rank for c in pool}:
                wrong.append(m.group(0))
    on_show = set() if lesson.is_page else visible(lesson.position(), lesson.learner)[0]
    wrong += [m.group(0) for m in SUITED.finditer(lesson.rule) if _suited(m) not in on_show]
    return wrong


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_every_card_named_is_in_the_position(lesson):
    assert misnamed(lesson) == []


def test_the_check_catches_a_card_that_is_not_there():
    """Planted on purpose: lesson 2's old words, a card nowhere, a rank the learner lacks."""
    from dataclasses import replace

    from palace_tui.lessons import BY_ID

    pairs = BY_ID["pairs"]
    # Lesson 2's old praise: the 9s were in the face-up row that waits and in the stock.
    old = replace(
        pairs,
        praise="Right: a pair of queens follows a jack. You drew two cards from the "
        "stock, so you hold three again. (A 9 and a queen could never go together.)",
    )
    assert misnamed(old) == ["A 9"]
    assert misnamed(replace(pairs, hint="Play the 8♠.")) == ["8♠"]
    assert misnamed(replace(pairs, hint="Play your ace.")) == ["your ace"]  # Ben's, not yours


def test_first_game_lessons_come_first():
    assert LESSONS[: len(FIRST_GAME)] == FIRST_GAME
