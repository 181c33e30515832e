"""The table screen's state, declared once for the parts it is made of.

:class:`~.game.GameScreen` is this class plus four parts, each a subclass of it:
:class:`~.table_keys.TableKeys` (what each key does), :class:`~.computer_turns.ComputerTurns`
(computer seats), :class:`~.hand_keys.HandKeys` (getting about a long hand, the mouse)
and :class:`~.greyed_keys.GreyedKeys` (why a greyed key does nothing). Everything they
share is here: the session, the seat at the screen, the cursors and marks, the mode,
and the few steps of the table that :class:`~.game.GameScreen` itself defines.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.screen import Screen
from textual.timer import Timer

from palace_tui.rules import Card, Game, Move, SeatView
from palace_tui.table.session import Session
from palace_tui.table.turn_flow import RESULT, TurnFlow
from palace_tui.tui.widgets.note_line import NoteLine

if TYPE_CHECKING:
    from textual import getters

    from palace_tui.tui.app import PalaceApp

#: The seat's three rows, as the cursors know them.
ROWS = ("hand", "face_up", "face_down")


class TableScreen(Screen[None]):
    """One game at a table: the state and the queries every part of the table screen uses."""

    if TYPE_CHECKING:  # as Textual types its own ``app``; at run time the app is not checked
        #: The table runs in a :class:`~palace_tui.tui.app.PalaceApp` (save, pass, results).
        app = getters.app(PalaceApp)

    def __init__(self, session: Session, ai_delay: float = 0.6, resumed: bool = False) -> None:
        super().__init__()
        self.session = session
        #: Seconds a computer seat waits before it plays, so people can follow.
        self.ai_delay = ai_delay
        #: Whose cards are up and what comes next (after a resume, the pass screen first even if alone).
        self.flow = TurnFlow(set(session.humans), len(session.seats), resumed=resumed)
        #: The row the cursor is in: hand, face_up or face_down.
        self.row = "hand"
        #: The cursor's index in each row.
        self.cursor: dict[str, int] = dict.fromkeys(ROWS, 0)
        #: Indices of the marked cards in the active row.
        self.marked: set[int] = set()
        #: The seat the cursors belong to: another seat at the screen starts afresh.
        self._cursor_seat: int | None = None
        #: A refusal or warning shown instead of the hint, until the next key.
        self.message: Text | None = None
        #: What the footer last showed (it is recomposed only when this changes).
        self._bindings_key: tuple[object, ...] | None = None
        #: The seat whose cards the session had up when the screen opened.
        self._shown_before: int | None = None
        #: Bumped on every change of the game: a worker's answer for an older position is dropped.
        self._serial = 0
        #: The last move was a computer's (the table gets a pause to see it before a pass screen).
        self._after_computer = False
        #: The pause before a computer's move lands, or before the pass screen after it.
        self._timer: Timer | None = None
        #: A computer move worked out while another screen was on top, to play on return.
        self._pending: tuple[int, Move | None] | None = None
        #: A computer turn that came up while another screen was on top (no pause wanted).
        self._waiting = False

    # ------------------------------------------------------------ state

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def viewer(self) -> int | None:
        return self.session.viewer

    def view(self) -> SeatView:
        """The view of the seat at the screen; with nobody at it, only public facts matter."""
        view: SeatView = self.game.view(self.viewer if self.viewer is not None else 0)
        return view

    def mode(self) -> str:
        """What the keys do now: wait, result, swap, choose, hand, face_up, face_down or over."""
        game = self.game
        if game.phase == "over":
            return "over"
        if self.flow.turn.step == RESULT:
            return "result"
        if self.viewer is None or game.turn != self.viewer or not self.session.is_human(self.viewer):
            return "wait"
        if game.phase == "setup":
            return "swap" if game.rules.swap_deal else "choose"
        return game.stage(self.viewer)

    def active_cards(self, view: SeatView, row: str | None = None) -> list[Card | None]:
        """The cards of a row of the seat at the screen (face-down ones as None)."""
        row = row or self.row
        if row == "hand":
            return list(view.hand)
        if row == "face_up":
            return list(view.face_up)
        return [None] * view.face_down_count

    def known_cards(self, view: SeatView) -> list[Card]:
        """The cards of the active row when it is one the seat can see (hand or face-up),
        the only rows cards are marked or played from."""
        if self.row == "face_down":
            raise ValueError("face-down cards are turned, not marked or played")
        return list(view.hand) if self.row == "hand" else list(view.face_up)

    def _take_back_state(self) -> bool:
        """Whether u takes back the viewer's move now (else it is hidden and says why not)."""
        session = self.session
        if self.viewer is None or session.undo_seat != self.viewer or self.game.phase == "setup":
            return False
        return self.flow.offers_take_back() and session.take_back_status()[0]

    @property
    def note(self) -> NoteLine:
        """The line for the coach, the pile explained and the recap."""
        return self.query_one(NoteLine)

    # ------------------------------------------------------------ steps the table screen defines

    def redraw(self, cards_only: bool = False) -> None:
        """Draw everything from the current view (``cards_only``: the seat's rows and hint)."""
        raise NotImplementedError

    def apply(self, move: Move) -> bool:
        """Play a human move; a refused move changes nothing and shows the engine's reason."""
        raise NotImplementedError

    def take_back(self) -> bool:
        """Take back the latest human move."""
        raise NotImplementedError

    def advance(self) -> None:
        """Follow the game after a change made outside a move (abandon)."""
        raise NotImplementedError

    def after_computer(self, seat: int) -> None:
        """A computer seat has moved: the flow says who is next."""
        raise NotImplementedError

    def action_take(self) -> None:
        """Take the pile (:class:`~.table_keys.TableKeys`)."""
        raise NotImplementedError

    def action_why_not(self, key: str) -> None:
        """Say why ``key`` is greyed out (:class:`~.greyed_keys.GreyedKeys`)."""
        raise NotImplementedError
