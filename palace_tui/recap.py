"""“Since your last turn”: the public events a seat missed, in one short line.

Pure Python. The app keeps the game's public events with their running indices
(``[(0, Event), (1, Event), ...]``) and, when a seat's view is revealed, shows
``recap_for(log, names, seat)``. Nothing private is ever named: a draw is not
mentioned at all, and a face-down card is named only once it is turned over.
Seats are always called by name, never "you".

>>> from palace_tui.rules import Event, Card
>>> log = list(enumerate([Event("played", 0, (Card.parse("9S"),)), Event("drew", 0, (), 1),
...     Event("took", 1, (), 6), Event("played", 2, (Card.parse("TD"),)),
...     Event("cleared", 2, (Card.parse("TD"),), 1, "ten"), Event("played", 2, (Card.parse("3C"),))]))
>>> recap(log, ["Ann", "Ben", "Cy"], since=0)
'Ann played 9♠; Ben took the pile (6 cards); Cy cleared with a 10, then played 3♣.'
"""

from __future__ import annotations

from typing import Iterable, Sequence

from .rules import Event
from .rules.cards import TEN, cards_text

#: Kinds that are a seat's own action (a ``starts`` or ``over`` is not).
ACTION_KINDS = frozenset({"played", "flipped", "failed", "took", "cleared", "drew", "reversed", "out",
                          "swapped", "ready", "chose"})
_WORDS = {2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens", 8: "eights", 9: "nines",
          11: "jacks", 12: "queens", 13: "kings", 14: "aces"}
_ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}


def last_acted(events_with_indices: Iterable[tuple[int, Event]], seat: int) -> int:
    """The index just after ``seat``'s last own event (0 if it has not acted): pass it as ``since``."""
    since = 0
    for i, e in events_with_indices:
        if e.seat == seat and e.kind in ACTION_KINDS:
            since = i + 1
    return since


def recap_for(events_with_indices: Sequence[tuple[int, Event]], names: Sequence[str], seat: int,
              limit: int = 6) -> str:
    """What happened since ``seat`` last acted (empty if nothing did)."""
    return recap(events_with_indices, names, last_acted(events_with_indices, seat), limit)


def recap(events_with_indices: Iterable[tuple[int, Event]], names: Sequence[str], since: int,
          limit: int = 6) -> str:
    """A short sentence of the public events with index ``>= since``.

    Consecutive events of one seat make one clause ("Cy cleared with a 10, then
    played 3♣"); clauses are joined with semicolons; with more than ``limit`` turns
    only the latest are kept, after a count of the rest.
    """
    turns: list[tuple[int | None, list[Event]]] = []
    for i, e in events_with_indices:
        if i < since or e.kind in ("drew", "ready"):
            continue
        if turns and e.seat is not None and turns[-1][0] == e.seat and e.kind != "starts":
            turns[-1][1].append(e)
        else:
            turns.append((e.seat, [e]))
    clauses = [c for c in (_clause(seat, evs, names) for seat, evs in turns) if c]
    if not clauses:
        return ""
    if len(clauses) > limit:
        skipped = len(clauses) - limit
        clauses = [f"{skipped} earlier move{'s' if skipped > 1 else ''}"] + clauses[-limit:]
    text = "; ".join(clauses)
    return text[0].upper() + text[1:] + "."


def _clause(seat: int | None, events: list[Event], names: Sequence[str]) -> str:
    """One seat's consecutive events as one clause: "Ben played 8♣ (play reverses)"."""
    who = names[seat] if seat is not None else ""
    parts: list[str] = []
    k = 0
    while k < len(events):
        e = events[k]
        nxt = events[k + 1] if k + 1 < len(events) else None
        if e.kind == "flipped":
            if nxt is not None and nxt.kind == "failed":
                parts.append(f"turned over {cards_text(e.cards)} from face down and had to take the pile "
                             f"({nxt.count} cards)")
                k += 2
                continue
            if nxt is not None and nxt.kind == "played":
                k += 1  # the turned card is laid: say it once
                e, nxt = nxt, (events[k + 1] if k + 1 < len(events) else None)
                parts.append(_played(e, nxt, blind=True))
                k += 2 if nxt is not None and nxt.kind == "cleared" else 1
                continue
            parts.append(f"turned over {cards_text(e.cards)}")
        elif e.kind == "played":
            parts.append(_played(e, nxt))
            if nxt is not None and nxt.kind == "cleared":
                k += 1
        elif e.kind == "cleared":
            parts.append("cleared the pile")
        elif e.kind == "reversed":
            parts.append("reversed play")
        elif e.kind == "took":
            added = f" after adding {cards_text(e.cards)}" if e.cards else ""
            parts.append(f"took the pile ({e.count} card{'s' if e.count != 1 else ''}){added}")
        elif e.kind == "out":
            parts.append(f"went out ({_ORDINAL.get(e.count, f'{e.count}th')})")
        elif e.kind == "swapped":
            parts.append(f"put {cards_text(e.cards[1:])} face up")
        elif e.kind == "chose":
            parts.append(f"laid {cards_text(e.cards)} face up")
        elif e.kind == "starts":
            parts.append("leads")  # the lead that follows is its own part
        elif e.kind == "over":
            return "the game is over"
        elif e.kind == "abandoned":
            return "the game was abandoned"
        k += 1
    if not parts:
        return ""
    body = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + ", then " + parts[-1]
    return f"{who} {body}"


def _played(e: Event, nxt: Event | None, blind: bool = False) -> str:
    cards = cards_text(e.cards)
    src = " from face down" if blind else ""
    if nxt is not None and nxt.kind == "cleared":
        rank = e.cards[0].rank
        if rank == TEN:
            return f"cleared with a 10{src}" if len(e.cards) == 1 else f"cleared with {cards}{src}"
        return f"played {cards}{src} and cleared four {_WORDS.get(rank, 'of a kind')}"
    return f"played {cards}{src}"
