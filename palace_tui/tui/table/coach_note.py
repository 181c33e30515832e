"""The coach at the table: asked in a worker, answered in the note line with the cursor on its move.

:func:`ask_coach` has the coach (the table's thinker: the hot seat's loads ``palace_tui.ai.coach``
on first use) think in a thread worker of the table screen, which gets a
:class:`~.table_messages.CoachAnswered`; :func:`coach_note` turns the answer into the
note's text and points the seat's :class:`~.card_cursor.CardCursor` at the move, so
Enter plays the cards named (or t takes the pile, adding the face-up card named; in the
setup Enter makes the swap named, or lays the cards named face up), and the note says
which key does it only when it will.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.screen import Screen
from textual.worker import get_current_worker

from palace_tui.rules import SeatView
from palace_tui.table.door import CoachAdvised
from palace_tui.tui.table.card_cursor import CardCursor
from palace_tui.tui.table.key_modes import Mode
from palace_tui.tui.table.table_messages import CoachAnswered
from palace_tui.tui.widgets.card_art import cards_inline
from palace_tui.tui.widgets.game_log import log_line


def ask_coach(screen: Screen[Any], think: Callable[[], CoachAdvised], serial: int) -> None:
    """Have the coach ``think`` (the table's thinker) in a worker of ``screen``; the answer is posted
    to ``screen`` with ``serial`` (a newer question cancels this one)."""

    def work() -> None:
        advice = think()
        if not get_current_worker().is_cancelled:  # a newer question took its place
            screen.post_message(CoachAnswered(serial, advice.seat, advice))

    screen.run_worker(work, thread=True, group="coach", exclusive=True, exit_on_error=False)


def coach_note(
    advice: CoachAdvised | None, cursor: CardCursor, view: SeatView, mode: Mode, touch: bool = False
) -> Text:
    """The note for the coach's ``advice`` (None, or with no move, when it has none), pointing
    ``cursor`` at its move when the seat's keys can make it from ``mode`` (``touch``: the
    buttons that make it, not the keys)."""
    if advice is None or advice.move is None:
        return Text("The coach has no advice here.")
    move = advice.move
    text = log_line(advice.reason)
    if move.kind == "play" and mode in (Mode.HAND, Mode.FACE_UP) and cursor.point_at(view, list(move.cards)):
        text.append("  Play plays " if touch else "  Enter plays ")
        text.append_text(cards_inline(list(move.cards)))
        text.append(".")
    elif move.kind == "take" and _points_at_added(advice, cursor, view, mode):
        text.append("  Take takes the pile." if touch else "  t takes the pile.")
    elif move.kind == "swap" and mode == Mode.SWAP and cursor.point_at_swap(view, *move.cards):
        text.append("  Swap swaps them." if touch else "  Enter swaps them.")
    elif move.kind == "choose" and mode == Mode.CHOOSE and cursor.point_at_choice(view, list(move.cards)):
        text.append("  Lay up lays them face up." if touch else "  Enter lays them face up.")
    elif move.kind == "ready" and mode == Mode.SWAP:
        text.append("  Ready starts the game." if touch else "  r says you are ready.")
    return text


def _points_at_added(advice: CoachAdvised, cursor: CardCursor, view: SeatView, mode: Mode) -> bool:
    """For a take, put the cursor on the face-up card the coach would add (if any), so t takes
    just what it said; False when the cursor cannot say it (then t is not offered)."""
    assert advice.move is not None
    adding = advice.move.adding
    if adding is None:
        return True
    return mode == Mode.FACE_UP and cursor.point_at_face_up(view, adding)
