"""The table's note line at the two moments of a turn that speak to one person only: the recap
when their turn begins (what the others did since) and what their own move did (the cards
they drew too: only the mover's cards are up then)."""

from __future__ import annotations

from collections import Counter

from palace_tui.rules import Card, Event, Game
from palace_tui.table.session import Session
from palace_tui.tui.widgets.game_log import log_line
from palace_tui.tui.widgets.note_line import NoteLine
from palace_tui.words.events import move_result, recap_for


def say_recap(note: NoteLine, session: Session, seat: int) -> None:
    """Show what the other seats did since ``seat`` last acted (public events only)."""
    text = recap_for(session.events, session.names, seat, rules=session.game.rules)
    if text:
        note.say("Since your last turn", log_line(text))
    else:
        note.clear()


def say_result(note: NoteLine, game: Game, seat: int, events: list[Event], hand_before: list[Card]) -> None:
    """Tell the mover what the move did, the cards drawn too."""
    drawn = list((Counter(game.seats[seat].hand) - Counter(hand_before)).elements())
    text = move_result(events, seat, drawn, game.names, game.rules)
    if text:
        note.say("Your move", log_line(text))
