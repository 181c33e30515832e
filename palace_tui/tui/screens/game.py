"""The table: setup and play, seen by the human at the screen.

The screen holds the :class:`~palace_tui.table.session.Session`; after every move it
redraws everything from ``game.view(seat)`` for the seat at the screen, so no
widget ever sees another seat's hand. Its state is declared once, in
:class:`~.table_screen.TableScreen`, and its parts are subclasses of that: what each
key does is :mod:`.table_keys` (which keys each mode enables is data,
:mod:`.key_modes`), computer seats are scheduled by :mod:`.computer_turns`, a
greyed-out key says why through :mod:`.greyed_keys`, and Home/End, rank keys, Esc,
PgUp/PgDn and the mouse are :mod:`.hand_keys`. Workers answer with the messages of
:mod:`.table_messages`. The line of what to do now is :func:`.turn_hint.turn_hint`;
the engine decides whether a move is legal. Whose cards are up, and when the screen
goes dark or is passed, is decided by :class:`~palace_tui.table.turn_flow.TurnFlow`:
:meth:`GameScreen.follow` renders each of its steps.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.markup import escape
from textual.widgets import Header

from palace_tui.rules import Card, Event, IllegalMove, Move, SeatView
from palace_tui.table.turn_flow import ACT, OVER, PASS, WATCH, Turn
from palace_tui.tui.screens.card_keys import RANK_KEYS, card_bindings, pile_bindings
from palace_tui.tui.screens.computer_turns import ComputerTurns
from palace_tui.tui.screens.greyed_keys import GreyedKeys
from palace_tui.tui.screens.hand_keys import HandKeys
from palace_tui.tui.screens.table_keys import TableKeys
from palace_tui.tui.screens.turn_hint import turn_hint
from palace_tui.tui.widgets.card_art import Slot
from palace_tui.tui.widgets.game_log import GameLog, log_line
from palace_tui.tui.widgets.keys_footer import KeysFooter
from palace_tui.tui.widgets.note_line import NoteLine
from palace_tui.tui.widgets.pile_view import PileView
from palace_tui.tui.widgets.player_area import PlayerArea
from palace_tui.tui.widgets.seat_list import SeatList
from palace_tui.tui.widgets.too_small import TooSmall
from palace_tui.words.events import move_result, recap_for

WARN = Style(color="red", bold=True)


class GameScreen(HandKeys, GreyedKeys, TableKeys, ComputerTurns, inherit_bindings=False):
    """One game at a table, from the deal to the last card."""

    BINDINGS = [
        *card_bindings(),
        Binding("enter", "choose", "Lay up", tooltip="Lay the marked cards face up", id="choose"),
        Binding("enter", "end_turn", "End turn", tooltip="Hide your cards and hand the keyboard on", id="end-turn"),
        *pile_bindings(),
        Binding("u", "take_back", "Undo", tooltip="Take back your last move (nothing new was seen)", id="take-back"),
        # Pressed while take-back is hidden: say why not.
        Binding("u", "why_no_take_back", "Why no take-back", show=False, id="take-back-why"),
        Binding("h", "coach", "Coach", tooltip="The move the coach would make, and why", id="coach"),
        Binding("e", "explain", "Pile", tooltip="What may go on the pile now, and why", id="explain"),
        Binding("question_mark", "rules", "Rules", key_display="?", tooltip="The rules in force", id="rules"),
        Binding("x", "abandon", "Abandon", tooltip="Stop this game with no result", id="abandon"),
        # Long hands (hand_keys): Home/End, a rank's key jumps to it, Esc unmarks.
        Binding("home", "cursor_end(False)", "First card", show=False, id="home"),
        Binding("end", "cursor_end(True)", "Last card", show=False, id="end"),
        *[Binding(key, f"jump('{key}')", "Jump to rank", show=False, id=f"jump-{key}") for key in RANK_KEYS],
        Binding("escape", "clear_marks", "Unmark", show=False, id="unmark"),
        Binding("pageup", "log_page(-1)", "Log back", show=False, id="log-up"),
        Binding("pagedown", "log_page(1)", "Log on", show=False, id="log-down"),
        # Pressed while greyed out: the engine's reason in the note line (greyed_keys).
        Binding("t", "why_not('take')", show=False, id="take-why"),
        Binding("enter", "why_not('enter')", show=False, id="enter-why"),
        Binding("e", "why_not('explain')", show=False, id="explain-why"),
        Binding(
            "ctrl+q",
            "app.save_quit",
            "Quit",
            key_display="^q",
            tooltip="Save the game and quit",
            priority=True,
            id="quit",
        ),
    ]

    AUTO_FOCUS = None

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
        with Horizontal(id="top"):
            yield SeatList(id="seats")
            yield PileView(id="pile")
        yield GameLog(id="log")
        yield NoteLine(id="note")
        yield PlayerArea(id="me")
        yield KeysFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        self.query_one("#seats").border_title = "Table"
        self.query_one("#pile").border_title = "Pile"
        self.query_one("#log").border_title = "Log"
        self._shown_before = self.session.viewer
        self.session.viewer = None  # nothing private until the flow says whose cards are up
        self.redraw()
        self.call_after_refresh(self.begin)

    # ------------------------------------------------------------ drawing

    def redraw(self, cards_only: bool = False) -> None:
        """Draw everything from the current view; called after every change.

        ``cards_only`` redraws just the seat's own rows and hint (a cursor move).
        """
        view = self.view()
        mode = self.mode()
        if self.viewer != self._cursor_seat:  # a new seat at the screen starts at its first card
            self._cursor_seat = self.viewer
            self.cursor = dict.fromkeys(self.cursor, 0)
            self.row = "hand"
        if mode in ("hand", "face_up", "face_down"):
            self.row = mode
        elif mode == "choose" or (mode == "swap" and self.row not in ("hand", "face_up")):
            self.row = "hand"
        for row in ("hand", "face_up", "face_down"):
            n = len(self.active_cards(view, row))
            self.cursor[row] = max(0, min(self.cursor[row], n - 1))
        if not cards_only:
            computers = {i for i, s in enumerate(self.session.seats) if not s.human}
            self.query_one(SeatList).show(view, computers)
            self.query_one(PileView).show(view)
            self.query_one(GameLog).show(self.session.log_entries, self.session.log_total, self.session.names)
            self._draw_titles(view, mode)
        self._draw_player(view, mode)
        # The footer recomposes on every refresh_bindings: only when what it shows changes.
        key = (
            mode,
            self.viewer,
            len(self.marked),
            any(m.kind == "take" for m in view.legal),
            self._take_back_state(),
            self.game.phase,
            self.flow.turn,
        )
        if key != self._bindings_key:
            self._bindings_key = key
            self.refresh_bindings()

    def _draw_titles(self, view: SeatView, mode: str) -> None:
        names = self.session.names
        arrow = "clockwise →" if view.direction == 1 else "anticlockwise ←"
        self.query_one("#seats").border_title = f"Table  {arrow}"
        game = self.game
        if game.phase == "over":
            self.sub_title = "game over"
        elif game.phase == "setup":
            self.sub_title = f"setup: {names[game.turn]}"
        elif mode == "result" and self.viewer is not None:
            # The mover's cards are still up: the title must not call the next player over yet.
            self.sub_title = f"{names[self.viewer]}'s turn"
        else:
            self.sub_title = f"{names[game.turn]} to play"
        area = self.query_one(PlayerArea)
        if self.viewer is None:
            area.border_title = "Nobody's cards are shown"
        else:
            area.border_title = escape(names[self.viewer])  # a name is text, never markup

    def _draw_player(self, view: SeatView, mode: str) -> None:
        area = self.query_one(PlayerArea)
        # Which rows the narrow layout may leave out (narrow.tcss): only the one played from.
        area.set_class(mode == "hand", "-playing-hand")
        area.set_class(mode in ("face_up", "face_down"), "-playing-table")
        if self.viewer is None:
            area.show([], [], [], self._hint(view, mode), nobody=True)
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
                out.append(
                    Slot.in_row(
                        card, i, dim=dim, marked=here and i in self.marked, cursor=here and i == self.cursor[row]
                    )
                )
            return out

        area.show(slots("face_down"), slots("face_up"), slots("hand"), self._hint(view, mode))

    def _hint(self, view: SeatView, mode: str) -> Text:
        if self.message is not None:
            return self.message
        hand, up = self.active_cards(view, "hand"), self.active_cards(view, "face_up")
        under = (hand[self.cursor["hand"]] if hand else None, up[self.cursor["face_up"]] if up else None)
        return turn_hint(
            self.game, view, mode, self.session.names, len(self.marked), under, take_back=self._take_back_state()
        )

    # ------------------------------------------------------------ flow

    def begin(self) -> None:
        """The game is on the screen: the flow's first step (a pass screen, a turn or computers)."""
        self.follow(self.flow.start(self.session.to_act, self._shown_before))

    def advance(self) -> None:
        """Follow the game after a change made outside a move (abandon): results when over."""
        self.follow(self.flow.over() if self.game.phase == "over" else self.flow.turn)

    def follow(self, turn: Turn) -> None:
        """Render the flow's step: the one place the screen changes whose cards are up."""
        self.session.viewer = turn.shown
        if turn.shown is None:
            # Dark from here: no private word may stay in the note, a toast or the hint.
            self.message = None
            self.marked.clear()
            self.note.clear()
            self.app.clear_notifications()
        if turn.step == OVER:
            self.redraw()
            self.app.game_over(self)
        elif turn.step == PASS:
            assert turn.seat is not None  # a pass is always to someone
            self.redraw()
            self._hand_over(turn.seat)
        elif turn.step == WATCH:
            self.redraw()
            self._schedule_computer()
        elif turn.step == ACT:
            assert turn.seat is not None  # a turn is always someone's
            self._recap(turn.seat)
            self.redraw()
        else:  # RESULT: the mover's cards stay up until Enter
            self.redraw()

    def _hand_over(self, seat: int) -> None:
        """Put up the pass screen; after a computer's move, first let the table see it for a pause."""
        if self.ai_delay > 0 and self._after_computer:
            serial = self._serial
            self._timer = self.set_timer(self.ai_delay, lambda: self._pass_now(serial, seat))
        else:
            self._pass_now(self._serial, seat)

    def _pass_now(self, serial: int, seat: int) -> None:
        self._timer = None
        if serial == self._serial and self.flow.turn == Turn(PASS, seat, None):
            self.app.pass_to(seat, self.reveal)

    def reveal(self, seat: int) -> None:
        """The pass screen was passed: show ``seat``'s cards."""
        self.session.device_passed(seat)
        self.marked.clear()
        self.message = None
        turn = self.flow.passed()
        self.session.viewer = turn.shown
        self.follow(turn)
        # The pass screen is still leaving: work the footer out again once this screen is back on top.
        self.call_after_refresh(self.refresh_bindings)

    def action_end_turn(self) -> None:
        """Enter on the result step: the turn is over, nothing can be taken back, cards go dark."""
        self._serial += 1
        self.session.forget_take_back()
        turn = self.flow.end_turn(self.session.to_act)
        self.session.viewer = turn.shown
        self._after_computer = False
        self.follow(turn)

    def after_computer(self, seat: int) -> None:
        """A computer seat has moved: the flow says who is next."""
        self._after_computer = True
        self.follow(self.flow.after_move(seat, self.session.to_act))

    def _recap(self, seat: int) -> None:
        """Show what the other seats did since ``seat`` last acted (public events only)."""
        text = recap_for(self.session.events, self.session.names, seat)
        if text:
            self.note.say("Since your last turn", log_line(text))
        else:
            self.note.clear()

    def apply(self, move: Move) -> bool:
        """Play a human move; a refused move changes nothing and shows the engine's reason."""
        game = self.game
        mover, setup = game.turn, game.phase == "setup"
        hand_before = list(game.seats[mover].hand)
        try:
            events = self.session.play_human(move)
        except IllegalMove as exc:
            self.message = Text(str(exc), WARN)
            self.redraw()
            self.app.bell()
            return False
        self._serial += 1
        self.message = None
        self.marked.clear()
        self.note.clear()
        self._after_computer = False
        turn = self.flow.after_move(mover, self.session.to_act, setup_done=setup and move.kind in ("ready", "choose"))
        self.session.viewer = turn.shown
        self.follow(turn)
        if turn.shown == mover:
            self._say_result(mover, events, hand_before)
        return True

    def _say_result(self, seat: int, events: list[Event], hand_before: list[Card]) -> None:
        """Tell the mover what the move did (the cards drawn too: only the mover's cards are up)."""
        left = list(hand_before)
        drawn: list[Card] = []
        for card in self.game.seats[seat].hand:
            if card in left:
                left.remove(card)
            else:
                drawn.append(card)
        text = move_result(events, seat, drawn)
        if text:
            self.note.say("Your move", log_line(text))

    # ------------------------------------------------------------ take-back

    def take_back(self) -> bool:
        """Take back the latest human move (u on the result step or during a clear's extra turn)."""
        if not self._take_back_state():
            self.action_why_no_take_back()
            return False
        _ok, why = self.session.take_back_status()
        seat = self.session.take_back()
        self._serial += 1
        self._stop_timer()
        self._pending = None
        self._waiting = False
        self.marked.clear()
        self.message = None
        turn = self.flow.taken_back(seat)
        self.session.viewer = turn.shown
        self.follow(turn)
        self.note.say("Take back", why.replace("Take back", "Took back", 1) + " Play again.")
        self.refresh_bindings()
        return True
