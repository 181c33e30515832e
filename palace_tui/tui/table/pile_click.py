"""A click or tap on the pile asks before it takes: "Take 4 cards?".

A finger brushing the pile must not take a pile its owner could have played on, and a
pile taken cannot always be given back. So the first click (or tap) only asks, in the
note line with the count; a second one while the question is still shown, by the same
seat with nothing played in between, takes it. The key t needs no question: it is
pressed on purpose.

:class:`PileClick` holds only the question asked; it answers what a click means
(:class:`Click`) and the screen that owns it does it: the part never reaches into the screen.
"""

from __future__ import annotations

from enum import Enum

from palace_tui.rules import Rules, SeatView
from palace_tui.tui.table.card_cursor import CardCursor
from palace_tui.tui.table.key_modes import Mode

#: The note's label while a click on the pile waits for the second one.
TAKE_LABEL = "Take the pile"


def cards_to_take(cursor: CardCursor, rules: Rules, view: SeatView, mode: Mode) -> int:
    """How many cards a take now brings: the pile, and the face-up card it adds where it must."""
    move = cursor.move("take", view, mode, rules)
    return len(view.pile) + (move is not None and move.adding is not None)


class Click(Enum):
    """What a click on the pile means now."""

    #: Nothing (nobody to act here, or the game is over).
    NOTHING = "nothing"
    #: The pile can't be taken now: say why (t's reason).
    WHY_NOT = "why_not"
    #: Ask "Take 4 cards?" in the note line.
    ASK = "ask"
    #: The second click on the question: take the pile.
    TAKE = "take"


class PileClick:
    """The question a click on the pile asked, and the click that answers it."""

    def __init__(self) -> None:
        #: The seat and the moment (moves logged) the question was asked at (None: none asked).
        self._asked: tuple[int | None, int] | None = None

    def pressed(self, takeable: bool, mode: Mode, seat: int | None, log_total: int, note_label: str) -> Click:
        """What a click means: ``takeable`` (t works now), ``mode`` the screen's, ``seat`` whose cards
        are up, ``log_total`` the log's count (a move in between makes the question stale) and
        ``note_label`` the note line's label now (the question is still shown)."""
        if not takeable:
            return Click.NOTHING if mode in (Mode.WAIT, Mode.OVER) else Click.WHY_NOT
        asked = (seat, log_total)
        if self._asked == asked and note_label == TAKE_LABEL:
            return Click.TAKE
        self._asked = asked
        return Click.ASK
