"""The table: setup and play, seen by the human at the screen.

The screen holds the :class:`~palace_tui.session.Session`; after every move it
redraws everything from ``game.view(seat)`` for the seat at the screen, so no
widget ever sees another seat's hand. What each key does is in
:mod:`.table_keys`, computer seats are scheduled by :mod:`.computer_turns` and the
line of what to do now is :func:`.turn_hint.turn_hint`; the engine decides whether a
move is legal.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Header

from ..recap import recap_for
from ..rules import IllegalMove, Move, SeatView
from ..session import Session
from ..widgets.card_art import Slot, cards_inline
from ..widgets.game_log import GameLog, log_line
from ..widgets.note_line import NoteLine
from ..widgets.pile_view import PileView
from ..widgets.player_area import PlayerArea
from ..widgets.seat_list import SeatList
from ..widgets.too_small import TooSmall
from .computer_turns import ComputerTurns
from .table_keys import TableKeys
from .turn_hint import turn_hint

WARN = Style(color="red", bold=True)


class GameScreen(TableKeys, ComputerTurns, Screen, inherit_bindings=False):
    """One game at a table, from the deal to the last card."""

    BINDINGS = [
        Binding("left", "cursor(-1)", "Card", key_display="←→", tooltip="Previous or next card", id="left"),
        Binding("right", "cursor(1)", "Card", show=False, id="right"),
        Binding("up", "row", "Row", key_display="↑↓", tooltip="Between hand and face-up row", id="row"),
        Binding("down", "row", "Row", show=False, id="row-down"),
        Binding("space", "mark", "Mark", tooltip="Mark cards of one rank to play together", id="mark"),
        Binding("enter", "play", "Play", tooltip="Play the marked cards, else the card under the cursor",
                id="play"),
        Binding("enter", "flip", "Turn card", tooltip="Turn the face-down card under the cursor", id="flip"),
        Binding("enter", "swap", "Swap", tooltip="Swap the hand card and the face-up card under the cursors",
                id="swap"),
        Binding("enter", "choose", "Lay up", tooltip="Lay the marked cards face up", id="choose"),
        Binding("t", "take", "Take", tooltip="Take the whole pile into your hand", id="take"),
        Binding("r", "ready", "Ready", tooltip="Finish swapping and start", id="ready"),
        Binding("u", "take_back", "Undo", tooltip="Take back your last move (nothing new was seen)",
                id="take-back"),
        # Pressed while take-back is greyed out or hidden: say why not.
        Binding("u", "why_no_take_back", "Why no take-back", show=False, id="take-back-why"),
        Binding("h", "coach", "Coach", tooltip="The move the coach would make, and why", id="coach"),
        Binding("e", "explain", "Pile", tooltip="What may go on the pile now, and why", id="explain"),
        Binding("question_mark", "rules", "Rules", key_display="?", tooltip="The rules in force", id="rules"),
        Binding("x", "abandon", "Abandon", tooltip="Stop this game with no result", id="abandon"),
        Binding("ctrl+q", "app.save_quit", "Save+quit", key_display="^q", tooltip="Save and quit",
                priority=True, id="quit"),
    ]

    AUTO_FOCUS = None

    def __init__(self, session: Session, ai_delay: float = 0.6, resumed: bool = False) -> None:
        super().__init__()
        self.session = session
        #: Seconds a computer seat waits before it plays, so people can follow.
        self.ai_delay = ai_delay
        #: After a resume the seat to act passes through the privacy screen even if alone.
        self.force_pass = resumed
        self.row = "hand"
        self.cursor: dict[str, int] = {"hand": 0, "face_up": 0, "face_down": 0}
        self.marked: set[int] = set()
        self.message: Text | None = None
        self._bindings_key: tuple | None = None
        #: Bumped on every change of the game: a worker's answer for an older position is dropped.
        self._serial = 0

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
        with Horizontal(id="top"):
            yield SeatList(id="seats")
            yield PileView(id="pile")
        yield GameLog(id="log")
        yield NoteLine(id="note")
        yield PlayerArea(id="me")
        yield Footer(compact=True)
        yield TooSmall()

    def on_mount(self) -> None:
        self.query_one("#seats").border_title = "Table"
        self.query_one("#pile").border_title = "Pile"
        self.query_one("#log").border_title = "Log"
        self.redraw()
        self.call_after_refresh(self.advance)

    # ------------------------------------------------------------ state

    @property
    def game(self):
        return self.session.game

    @property
    def viewer(self) -> int | None:
        return self.session.viewer

    def view(self) -> SeatView:
        """The view of the seat at the screen; with nobody at it, only public facts matter."""
        return self.game.view(self.viewer if self.viewer is not None else 0)

    def mode(self) -> str:
        """What the keys do now: wait, swap, choose, hand, face_up, face_down or over."""
        game = self.game
        if game.phase == "over":
            return "over"
        if self.viewer is None or game.turn != self.viewer or not self.session.is_human(self.viewer):
            return "wait"
        if game.phase == "setup":
            return "swap" if game.rules.deal == "swap" else "choose"
        return game.stage(self.viewer)

    def active_cards(self, view: SeatView, row: str | None = None) -> list:
        """The cards of a row of the seat at the screen (face-down ones as None)."""
        row = row or self.row
        if row == "hand":
            return list(view.hand)
        if row == "face_up":
            return list(view.face_up)
        return [None] * view.face_down_count

    # ------------------------------------------------------------ drawing

    def redraw(self, cards_only: bool = False) -> None:
        """Draw everything from the current view; called after every change.

        ``cards_only`` redraws just the seat's own rows and hint (a cursor move).
        """
        view = self.view()
        mode = self.mode()
        if mode in ("hand", "face_up", "face_down"):
            self.row = mode
        elif mode == "choose":
            self.row = "hand"
        elif mode == "swap" and self.row not in ("hand", "face_up"):
            self.row = "hand"
        for row in ("hand", "face_up", "face_down"):
            n = len(self.active_cards(view, row))
            self.cursor[row] = max(0, min(self.cursor[row], n - 1))
        if not cards_only:
            computers = {i for i, s in enumerate(self.session.seats) if not s.human}
            self.query_one(SeatList).show(view, computers)
            self.query_one(PileView).show(view)
            self.query_one(GameLog).show(self.session.log, self.session.log_total)
            self._draw_titles(view)
        self._draw_player(view, mode)
        # The footer recomposes on every refresh_bindings: only when what it shows changes.
        key = (mode, self.viewer, len(self.marked), any(m.kind == "take" for m in view.legal),
               self._take_back_state(), self.game.phase)
        if key != self._bindings_key:
            self._bindings_key = key
            self.refresh_bindings()

    def _draw_titles(self, view: SeatView) -> None:
        names = self.session.names
        arrow = "clockwise →" if view.direction == 1 else "anticlockwise ←"
        self.query_one("#seats").border_title = f"Table  {arrow}"
        game = self.game
        if game.phase == "over":
            self.sub_title = "game over"
        elif game.phase == "setup":
            self.sub_title = f"setup: {names[game.turn]}"
        else:
            self.sub_title = f"{names[game.turn]} to play"
        area = self.query_one(PlayerArea)
        if self.viewer is None:
            area.border_title = "Nobody's cards are shown"
        else:
            area.border_title = Content(names[self.viewer])  # a name is text, never markup

    def _draw_player(self, view: SeatView, mode: str) -> None:
        area = self.query_one(PlayerArea)
        if self.viewer is None:
            area.show([], [], [], self._hint(view, mode))
            return
        active = mode in ("hand", "face_up", "face_down", "swap", "choose")
        playable = view.playable_ranks
        play_stage = mode in ("hand", "face_up")

        def slots(row: str) -> list[Slot]:
            cards = self.active_cards(view, row)
            out = []
            for i, card in enumerate(cards):
                here = active and row == self.row
                dim = play_stage and row == self.row and card is not None and card.rank not in playable
                if mode in ("hand", "face_up", "face_down") and row != self.row:
                    dim = True
                out.append(Slot(card, label=str(i + 1) if card is None else "", dim=dim,
                                marked=here and i in self.marked,
                                cursor=here and i == self.cursor[row]))
            return out

        area.show(slots("face_down"), slots("face_up"), slots("hand"), self._hint(view, mode))

    def _hint(self, view: SeatView, mode: str) -> Text:
        if self.message is not None:
            return self.message
        hand, up = self.active_cards(view, "hand"), self.active_cards(view, "face_up")
        under = (hand[self.cursor["hand"]] if hand else None, up[self.cursor["face_up"]] if up else None)
        return turn_hint(self.game, view, mode, self.session.names, len(self.marked), under)

    # ------------------------------------------------------------ flow

    def advance(self) -> None:
        """Decide what happens next: results, the privacy screen, a human's turn or a computer's."""
        session = self.session
        game = self.game
        if game.phase == "over":
            self.app.game_over(self)
            return
        seat = game.turn
        if session.is_human(seat):
            if len(session.humans) == 1 and not self.force_pass:
                session.viewer = seat
            if self.force_pass or session.needs_pass(seat):
                self.force_pass = False
                session.viewer = None
                self.message = None
                self.note.clear()
                self.redraw()
                self.app.pass_to(seat, self.reveal, self.take_back_from_pass)
                return
            session.viewer = seat
            self._recap(seat)
            self.redraw()
            return
        if len(session.humans) == 1:
            session.viewer = session.humans[0]
        self.redraw()
        self._schedule_computer()

    def reveal(self, seat: int) -> None:
        """The privacy screen was passed: show ``seat``'s cards."""
        self.session.device_passed(seat)
        self.session.viewer = seat
        self.marked.clear()
        self.message = None
        self.app.autosave(self.session)
        self._recap(seat)
        self.redraw()

    @property
    def note(self) -> NoteLine:
        """The line for the coach, the pile explained and the recap."""
        return self.query_one(NoteLine)

    def _recap(self, seat: int) -> None:
        """Show what the other seats did since ``seat`` last acted (public events only)."""
        text = recap_for(self.session.events, self.session.names, seat)
        if text:
            self.note.say("Since your last turn", log_line(text))
        else:
            self.note.clear()

    def apply(self, move: Move) -> bool:
        """Play a human move; a refused move changes nothing and shows the engine's reason."""
        try:
            self.session.play_human(move)
        except IllegalMove as exc:
            self.message = Text(str(exc), WARN)
            self.redraw()
            self.app.bell()
            return False
        self._serial += 1
        self.message = None
        self.marked.clear()
        self.note.clear()
        self.app.autosave(self.session)
        self.advance()
        return True

    # ------------------------------------------------------------ take-back, coach, pile

    def _take_back_state(self) -> bool | None:
        """True: u takes back the viewer's move; None: shown greyed out; False: hidden."""
        session = self.session
        if self.viewer is None or session.undo_seat != self.viewer or self.game.phase == "setup":
            return False
        if session.take_back_status()[0]:
            return True
        return None if self.mode() == "wait" else False

    def take_back(self) -> bool:
        """Take back the latest human move (the key, or u on the privacy screen)."""
        ok, why = self.session.take_back_status()
        if not ok:
            self.note.say("Take back", why)
            return False
        seat = self.session.take_back()
        self._serial += 1
        self._stop_timer()
        self._pending = None
        self._waiting = False
        self.session.viewer = seat
        self.marked.clear()
        self.message = None
        self.app.autosave(self.session)
        self.advance()
        self.note.say("Take back", why.replace("Take back", "Took back", 1) + " Play again.")
        self.refresh_bindings()
        return True

    def take_back_from_pass(self) -> None:
        """u on the privacy screen: the last player still has the device, and changed their mind."""
        seat = self.session.undo_seat
        if seat is not None:
            self.session.viewer = seat
        if not self.take_back():
            self.advance()

    def _advised(self, seat: int, advice) -> None:
        if self.viewer != seat or self.mode() == "wait":
            return
        if isinstance(advice, Exception) or advice is None:
            self.note.say("Coach", "The coach has no advice here.")
            return
        move = advice.move
        text = log_line(advice.reason)
        if self._point_at(move):
            text.append("  Enter plays ")
            text.append_text(cards_inline(list(move.cards)))
            text.append(".")
        self.note.say("Coach", text)

    def _point_at(self, move: Move) -> bool:
        """Put the cursor on (and mark) the cards the coach would play, so Enter plays them."""
        if move.kind != "play" or self.mode() not in ("hand", "face_up"):
            return False
        cards = self.active_cards(self.view())
        chosen: list[int] = []
        for card in move.cards:
            i = next((k for k, c in enumerate(cards) if c == card and k not in chosen), None)
            if i is None:
                return False
            chosen.append(i)
        self.cursor[self.row] = chosen[0]
        self.marked = set(chosen) if len(chosen) > 1 else set()
        self.redraw(cards_only=True)
        return True
