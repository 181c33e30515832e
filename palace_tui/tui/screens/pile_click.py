"""A click or tap on the pile asks before it takes: "Take 4 cards?".

A finger brushing the pile must not take a pile its owner could have played on, and a
pile taken cannot always be given back. So the first click (or tap) only asks, in the
note line with the count; a second one while the question is still shown, by the same
seat with nothing played in between, takes it. The key t needs no question: it is
pressed on purpose.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from palace_tui.rules import Game, SeatView
from palace_tui.tui.screens.card_cursor import CardCursor
from palace_tui.tui.screens.key_modes import Mode
from palace_tui.tui.widgets.board import Board
from palace_tui.tui.widgets.pile_view import PileView
from palace_tui.words.device import take_question

if TYPE_CHECKING:
    from palace_tui.tui.screens.game import GameScreen

#: The note's label while a click on the pile waits for the second one.
TAKE_LABEL = "Take the pile"


def cards_to_take(cursor: CardCursor, game: Game, view: SeatView, mode: Mode) -> int:
    """How many cards a take now brings: the pile, and the face-up card it adds where it must."""
    move = cursor.move("take", view, mode, game.rules)
    return len(game.pile) + (move is not None and move.adding is not None)


class PileClick:
    """The question a click on ``screen``'s pile asked, and the click that answers it."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        #: The seat and the moment (moves logged) the question was asked at (None: none asked).
        self._asked: tuple[int | None, int] | None = None

    def pressed(self) -> None:
        """Ask, take (the second click), or say why the pile can't be taken now."""
        screen = self.screen
        if screen.check_action("take", ()) is not True:
            if screen.mode() not in (Mode.WAIT, Mode.OVER):
                screen.action_why_not("take")
            return
        asked = (screen.viewer, screen.session.log_total)
        if self._asked == asked and screen.note.label == TAKE_LABEL:
            screen.action_make("take")
            return
        self._asked = asked
        cards = cards_to_take(screen.cursor, screen.game, screen.view(), screen.mode())
        screen.note.say(TAKE_LABEL, take_question(cards, screen.device))
        # The question takes lines from the table above: keep the pile in view for the second tap.
        screen.call_after_refresh(screen.query_one(Board).bring_up, screen.query_one(PileView))
