"""The lessons' words for a line terminal (``palace learn --plain``), where their keyboard words name keys.

A lesson's own words (:class:`~palace_tui.lessons.lesson.Lesson`) say what to press on the lesson
screen (``←→ choose``, ``Space``, ``t``); the line mode lists the legal moves as numbered choices
instead, and its pass step cannot hide what it printed. Only those fields are said again here, by
lesson id and field, as :attr:`Lesson.touch` says them for a finger; every other word of a lesson
is its own. A test keeps every field that names a key covered.

>>> from palace_tui.lessons import BY_ID
>>> says_in_lines(BY_ID["pairs"], "hint")
'Choose the line that plays both queens.'
>>> says_in_lines(BY_ID["climb"], "hint") == BY_ID["climb"].hint
True
"""

from __future__ import annotations

from palace_tui.lessons.lesson import Lesson
from palace_tui.words.lines import burn_in_choices

__all__ = ["LINES", "says_in_lines"]

#: By lesson id, the fields whose keyboard words name keys, said for numbered choices.
LINES: dict[str, dict[str, str]] = {
    "deal-swap": {
        "prompt": "Your face-up cards are played late, when a strong card helps most. "
        "Swap the 10♦ from your hand with the 4♣ face up.",
        "hint": "Choose the line that swaps the 10♦ from your hand for the 4♣ face up.",
    },
    "pass": {
        "rule": "Everyone plays at one keyboard. After your move you read what it did and press Enter; "
        "a line terminal cannot hide what it printed, so it names the next player and asks everyone "
        "else to look away.",
        "prompt": 'When a line says "Pass to Ben", hand the keyboard to Ben. Everyone else looks away; '
        "only Ben presses Enter, and then reads his own cards and what happened since his last turn. "
        "Computer players play on their own, in the open: nobody's hand is printed while they do.",
        "praise": "Nobody reads a hand that is not theirs: that is the whole point of the pass step.",
    },
    "climb": {
        "prompt": "A 9 is on top. It takes another 9 or anything higher (J Q K A). Choose a card that can go on it.",
    },
    "pairs": {
        "prompt": "A jack is on top and you hold two queens. Play both queens at once.",
        "hint": "Choose the line that plays both queens.",
    },
    "four": {
        "prompt": "Ben and Cy each played a seven: 7♥ 7♣ are on top. You hold 7♦ 7♠. Play both sevens at once.",
    },
    "take": {
        "prompt": "An ace is on top and you have no ace, 2 or 10. Take the pile.",
        "hint": "Nothing in your hand beats an ace: take the pile.",
    },
    "stuck": {
        "prompt": "A queen is on top and your face-up cards are 4, 5 and 6. "
        "Choose one to add to the pile as you take it.",
        "hint": "Choose a face-up card to add, and take the pile with it.",
    },
    "blind": {
        "prompt": "Hand and face-up cards gone, a queen on top: turn over one of your three unseen face-down cards.",
        "hint": "Choose a face-down card by its number to turn it over.",
    },
    "out": {
        "prompt": "One face-down card left, a queen on top. Turn it over and hope.",
        "hint": "Turn your last face-down card.",
    },
    "builder": {
        "hint": "Nothing in your hand beats an ace: take the pile.",
    },
    "keep-row": {
        "prompt": "A queen is on top and your face-up cards are 4, 5 and 6. Take the pile.",
        "hint": "None of 4, 5 or 6 beats a queen: take the pile.",
    },
    "must-play": {
        "prompt": "An 8 is on top and your 9 beats it, so taking is not allowed: it is not among "
        "your choices. Play the 9.",
    },
    "chance": {
        "prompt": "Nothing in your hand beats the king. Before you take the pile, try your luck: "
        "turn the stock's top card.",
        "hint": "Choose the line that turns the stock's top card.",
    },
    "play-drawn": {
        "prompt": "You played the 9♣ and drew the 9♦ from the stock: it matches. Play it now, or end your turn.",
        "hint": "Choose the line that plays the 9♦.",
    },
    "burn-in": {
        "prompt": "At a shared keyboard the table asks everyone in public after every such play, "
        "whether or not anyone can, so the question gives nothing away. Type your seat's number to "
        "burn in; a wrong claim only says you have no such card. Computers decide at once.",
        "picture": "Anyone with the fourth 9?\n  1: Ann\n  2: Cy\n" + burn_in_choices(["Ann", "Cy"]),
    },
}


def says_in_lines(lesson: Lesson, name: str) -> str:
    """The lesson's ``name`` field (``rule``, ``prompt``, ``hint``, ``praise``, ``picture``) for a line
    terminal: its words for lines where its own name keys, else its own."""
    return LINES.get(lesson.id, {}).get(name) or lesson.says(name)
