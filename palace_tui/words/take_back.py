"""Taking a move back in words: what ``u`` offers, what it did, and why it can't.

The rule of when a move may be taken back is the table's
(:mod:`palace_tui.table.takeback`); these are only its sentences, with one name for the
key everywhere (the footer, the note, the README): "Undo".

>>> from palace_tui.rules import Card, Event
>>> offer([Event("played", 0, (Card.parse("9S"),))])
'Undo playing 9♠.'
>>> offer([Event("took", 0, (), 6)]), undone([Event("took", 0, (), 6)])
('Undo taking the pile.', 'Undid taking the pile (6 cards). Play again.')
>>> print(refusal("drew"))
Cards were drawn from the stock and seen, so this move can't be undone.
"""

from __future__ import annotations

from collections.abc import Sequence

from palace_tui.rules.cards import cards_text
from palace_tui.rules.events import Event
from palace_tui.words.vocab import count

#: What the key is called in the footer, the note and the README.
NAME = "Undo"

#: Why a move can't be undone, by the first event kind that forbids it.
REFUSALS = {
    "drew": "Cards were drawn from the stock and seen, so this move can't be undone.",
    "flipped": "A face-down card was turned over and everyone saw it, so this move can't be undone.",
    "failed": "A face-down card was turned over and everyone saw it, so this move can't be undone.",
    "over": "The game is over, so the last move can't be undone.",
    "abandoned": "The game was abandoned.",
    "swapped": "Setup moves are changed by swapping again, not undone.",
    "ready": "Setup is finished for this seat.",
    "chose": "The face-up cards are chosen and shown, so this can't be undone.",
}
#: Nothing is held that could be undone.
NOTHING = "There is no move to undo."
#: The seat at the screen has made no move that could be undone.
NOTHING_OF_YOURS = "There is no move of yours to undo."


def refusal(kind: str) -> str:
    """Why a move with an event of ``kind`` (one of :data:`REFUSALS`) can't be undone."""
    return REFUSALS[kind]


def moved_since(name: str) -> str:
    """Another seat (``name``) has moved since: the move is out of reach."""
    return f"{name} has moved since, so that move can't be undone."


def _what(events: Sequence[Event], *, with_count: bool) -> str:
    played = [c for e in events if e.kind == "played" for c in e.cards]
    if played:
        return f"playing {cards_text(played)}"
    took = next(e for e in events if e.kind == "took")
    size = f" ({count(took.count, 'card')})" if with_count else ""
    adding = f", adding {cards_text(took.cards)}" if took.cards else ""
    return f"taking the pile{size}{adding}"


def offer(events: Sequence[Event]) -> str:
    """What ``u`` would undo (the move's events hold a play or a take of the pile)."""
    return f"Undo {_what(events, with_count=False)}."


def undone(events: Sequence[Event]) -> str:
    """What ``u`` just undid, and that the turn goes on."""
    return f"Undid {_what(events, with_count=True)}. Play again."
