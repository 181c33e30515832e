"""The table's note line at the two moments of a turn that speak to one person only: the recap
when their turn begins (what the others did since) and what their own move did (the cards
they drew too: only the mover's cards are up then)."""

from __future__ import annotations

from collections.abc import Sequence

from palace_tui.rules import Card, Event, Rules
from palace_tui.tui.widgets.game_log import log_line
from palace_tui.tui.widgets.note_line import NoteLine
from palace_tui.words.events import move_result, recap_for


def say_recap(note: NoteLine, events: Sequence[tuple[int, Event]], names: list[str], rules: Rules, seat: int) -> None:
    """Show what the other seats did since ``seat`` last acted (``events``: the public ones, with
    their running indices)."""
    text = recap_for(list(events), names, seat, rules=rules)
    if text:
        note.say("Since your last turn", log_line(text))
    else:
        note.clear()


def say_result(
    note: NoteLine, seat: int, events: Sequence[Event], drawn: Sequence[Card], names: list[str], rules: Rules
) -> None:
    """Tell the mover what the move did, the cards drawn too."""
    text = move_result(events, seat, list(drawn), names, rules)
    if text:
        note.say("Your move", log_line(text))
