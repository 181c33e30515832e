"""What a person's own move did, told to that person on the result step.

Pure Python. Unlike the recap (public, by name), this speaks to the mover ("You
drew 2♣ 5♦") and may name the cards the mover drew: only the mover's screen shows
it, and the table hides it before the keyboard is handed on.

>>> from palace_tui.rules import Event, Card
>>> seven, two = Card.parse("7H"), Card.parse("2C")
>>> move_result([Event("flipped", 0, (seven,)), Event("played", 0, (seven,)), Event("drew", 0, (), 1)],
...             seat=0, drawn=[two])
'You turned over 7♥ from face down and played it. You drew 2♣.'
>>> move_result([Event("played", 1, (Card.parse("9S"),)), Event("out", 1, (), 2)], seat=1, drawn=[])
'You played 9♠. You are out: 2nd.'
"""

from __future__ import annotations

from collections.abc import Sequence

from .rules import Card, Event
from .rules.cards import cards_text

_ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}


def move_result(events: Sequence[Event], seat: int, drawn: Sequence[Card]) -> str:
    """The mover's events as short sentences; ``drawn`` are the cards the move drew (mover's eyes only)."""
    own = [e for e in events if e.seat == seat or e.kind == "reversed"]
    sentences: list[str] = []
    k = 0
    while k < len(own):
        e = own[k]
        nxt = own[k + 1] if k + 1 < len(own) else None
        if e.kind == "flipped" and nxt is not None and nxt.kind == "played":
            sentences.append(f"You turned over {cards_text(e.cards)} from face down and played it.")
            k += 1
        elif e.kind == "flipped" and nxt is not None and nxt.kind == "failed":
            sentences.append(f"You turned over {cards_text(e.cards)} from face down: it can't go, "
                             f"so you took the pile ({_count(nxt.count)}).")
            k += 1
        elif e.kind == "flipped":
            sentences.append(f"You turned over {cards_text(e.cards)}.")
        elif e.kind == "played":
            sentences.append(f"You played {cards_text(e.cards)}.")
        elif e.kind == "cleared":
            how = "with a 10" if e.reason == "ten" else "with four of a kind"
            sentences.append(f"That cleared the pile {how}.")
        elif e.kind == "reversed":
            sentences.append("Play now goes the other way.")
        elif e.kind == "drew":
            got = cards_text(drawn) if len(drawn) == e.count else _count(e.count)
            sentences.append(f"You drew {got}.")
        elif e.kind == "took":
            added = f" with {cards_text(e.cards)}" if e.cards else ""
            sentences.append(f"You took the pile ({_count(e.count)}){added}.")
        elif e.kind == "out":
            sentences.append(f"You are out: {_ORDINAL.get(e.count, f'{e.count}th')}.")
        k += 1
    return " ".join(sentences)


def _count(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"
