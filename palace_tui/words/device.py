"""The words that depend on what the game is played with: a key, a click, a tap.

A terminal keeps its words ("press Enter"). A browser page with a mouse adds the click;
a touch screen, which may have no keyboard at all, says "tap" and names no key.

>>> from palace_tui.device import Device, TERMINAL
>>> reveal_words("Ben", TERMINAL)
'Ben: press Enter to see your cards.'
>>> reveal_words("Ben", Device("touch", 5, 3))
'Tap here, Ben, to see your cards.'
>>> take_question(4, Device("touch", 5, 3))
'Take 4 cards? Tap the pile again (or Take) to take them.'
>>> take_question(1, TERMINAL)
'Take 1 card? Click the pile again (or press t) to take it.'
"""

from __future__ import annotations

from dataclasses import dataclass

from palace_tui.device import Device
from palace_tui.words.vocab import count

#: The pass screen's first line, whatever the device.
LOOK_AWAY = "Everyone else, look away."

#: What a tab that does not save says at once, in place of the folder's story.
SECOND_TAB = (
    "This table is open in another tab or window, and that one saves the game: "
    "this tab plays on, but its game will not be saved."
)

#: The lasting mark of a game that is not being saved (beside the keys).
NOT_SAVED = "⚠ not saved"


def reveal_words(name: str, device: Device) -> str:
    """What the named player does to see their cards (the pass screen's box is itself the button)."""
    if device.touch:
        return f"Tap here, {name}, to see your cards."
    if device.web:
        return f"{name}: click here or press Enter to see your cards."
    return f"{name}: press Enter to see your cards."


def take_question(cards: int, device: Device) -> str:
    """Asked when the pile is clicked or tapped: a second click or tap takes it (the key t needs none)."""
    them = "it" if cards == 1 else "them"
    if device.touch:
        return f"Take {count(cards, 'card')}? Tap the pile again (or Take) to take {them}."
    return f"Take {count(cards, 'card')}? Click the pile again (or press t) to take {them}."


@dataclass(frozen=True)
class LessonWords:
    """What a lesson's screen says about its own keys (or, touched, its buttons)."""

    #: Under the position, before the first move.
    explain: str
    #: Under a page to read.
    read: str
    #: After a right answer, when another lesson follows.
    next_lesson: str
    #: The hint line of a finished lesson: how to go on, how to try again.
    go_on: str
    try_again: str
    #: A move tried on a finished lesson.
    already_done: str


#: The lessons' words for a keyboard, and for a finger (the footer's buttons by their names).
LESSON_KEYS = LessonWords(
    explain="Press e at any time to hear what may be played and why.",
    read="Press Enter when you have read it.",
    next_lesson="Press Enter for the next lesson.",
    go_on="Enter goes on to the next lesson",
    try_again="^r tries this one again",
    already_done="Press n for the next lesson, or ^r to try this one again.",
)
LESSON_TAPS = LessonWords(
    explain="Tap Pile at any time to hear what may be played and why.",
    read="Tap Continue when you have read it.",
    next_lesson="Tap Continue for the next lesson.",
    go_on="Continue goes on to the next lesson",
    try_again="Retry tries this one again",
    already_done="Tap Next for the next lesson, or Retry to try this one again.",
)


def lesson_words(touch: bool) -> LessonWords:
    """The lesson screen's own words, for a finger (``touch``) or for keys."""
    return LESSON_TAPS if touch else LESSON_KEYS
