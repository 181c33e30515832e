"""The table: setup and play, seen by the human at the screen.

The screen holds the :class:`~palace_tui.table.session.Session`; after every move it
redraws everything from ``game.view(seat)`` for the seat at the screen, so no
widget ever sees another seat's hand. Whose cards are up, and when the screen goes
dark or is passed, is decided by the session's
:class:`~palace_tui.table.turn_flow.TurnFlow`: :meth:`GameScreen.follow` renders each
of its steps. The screen is one class that owns its parts: a
:class:`~.card_cursor.CardCursor` (the cursor and the marks, as in a lesson), a
:class:`~.computer_turns.ComputerTurns` (the computer seats' pauses and workers),
and the :class:`~palace_tui.tui.widgets.note_line.NoteLine`. Which keys each mode
enables is data (:mod:`.key_modes`); a greyed key says why through
:func:`.greyed_keys.refusal`; the line of what to do now is
:func:`.turn_hint.turn_hint`; the coach's answer is worded by
:func:`.coach_note.coach_note`. The engine decides whether a move is legal. The
app hears what happened by messages (:mod:`palace_tui.tui.messages`).
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import ActiveBinding
from textual.containers import Horizontal
from textual.markup import escape
from textual.screen import Screen
from textual.widgets import Header

from palace_tui.device import TERMINAL, Device
from palace_tui.rules import Game, IllegalMove, Move, SeatView
from palace_tui.table.last_move import last_move
from palace_tui.table.session import Session
from palace_tui.table.turn_flow import Step, Turn, TurnFlow
from palace_tui.tui.messages import GameEnded, PassNeeded
from palace_tui.tui.screens.burn_in_offer import BurnInOffers
from palace_tui.tui.screens.card_cursor import CardCursor, Row
from palace_tui.tui.screens.coach_note import ask_coach, coach_note
from palace_tui.tui.screens.computer_turns import ComputerTurns
from palace_tui.tui.screens.greyed_keys import LABELS, refusal
from palace_tui.tui.screens.key_modes import Mode
from palace_tui.tui.screens.move_highlight import MoveHighlight
from palace_tui.tui.screens.pile_click import PileClick
from palace_tui.tui.screens.table_bindings import TABLE_BINDINGS, key_state, table_mode
from palace_tui.tui.screens.table_messages import CoachAnswered, ComputerMoveReady
from palace_tui.tui.screens.turn_hint import table_titles, turn_hint
from palace_tui.tui.screens.turn_notes import say_recap, say_result
from palace_tui.tui.widgets.board import Board
from palace_tui.tui.widgets.card_row import CardRow
from palace_tui.tui.widgets.game_log import GameLog, log_line
from palace_tui.tui.widgets.keys_footer import KeysFooter
from palace_tui.tui.widgets.note_line import NoteLine
from palace_tui.tui.widgets.pile_view import PileView
from palace_tui.tui.widgets.player_area import PlayerArea
from palace_tui.tui.widgets.seat_list import SeatList
from palace_tui.tui.widgets.too_small import TooSmall
from palace_tui.words import explain_pile
from palace_tui.words import take_back as take_back_words
from palace_tui.words.passing import direction_words
from palace_tui.words.take_back import undone

WARN = Style(color="red", bold=True)
DIM = Style(dim=True)


class GameScreen(Screen[None], inherit_bindings=False):
    """One game at a table, from the deal to the last card.

    ``ai_delay`` is the pause before a computer seat's move lands; ``resumed``: the game was
    put back from a save (the pass screen comes first); ``coach_work``: the coach's search in
    simulated moves (None: hard's own, the same advice on any machine); ``device``: what the
    game is played with (the words say click or tap).
    """

    BINDINGS = TABLE_BINDINGS

    AUTO_FOCUS = None

    def __init__(
        self,
        session: Session,
        ai_delay: float = 0.6,
        resumed: bool = False,
        coach_work: int | None = None,
        device: Device = TERMINAL,
    ) -> None:
        super().__init__()
        self.session = session
        self.device = device
        #: The game was put back from a save: the pass screen comes first, even for a lone person.
        self.resumed = resumed
        #: Seconds the coach (h) may think.
        self.coach_work = coach_work
        #: Where the seat at the screen points among its cards.
        self.cursor = CardCursor()
        #: The computer seats' moves: their pauses, their workers, the game's serial.
        self.computers = ComputerTurns(self, session, ai_delay, self.after_computer)
        #: What the last move changed, lit up for a moment.
        self.highlight = MoveHighlight(self, self.redraw)
        #: The public burn-in offer (house rule burn_in), put up between turns.
        self.burn_ins = BurnInOffers(self)
        #: A refusal or warning shown instead of the hint, until the next key.
        self.message: Text | None = None
        #: The seat the cursor belongs to: another seat at the screen starts afresh.
        self._cursor_seat: int | None = None
        #: What the footer last showed (it is recomposed only when this changes).
        self._bindings_key: tuple[object, ...] | None = None
        #: A click on the pile asks "Take 4 cards?"; a second one takes it.
        self.pile_click = PileClick(self)

    # ------------------------------------------------------------ state

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def flow(self) -> TurnFlow:
        """Whose cards are up and what comes next (the session's)."""
        return self.session.flow

    @property
    def viewer(self) -> int | None:
        """The seat whose cards are up (None: nobody's), as the turn flow says."""
        return self.session.viewer

    @property
    def note(self) -> NoteLine:
        """The line for the coach, the pile explained and the recap."""
        return self.query_one(NoteLine)

    def view(self) -> SeatView:
        """The view of the seat at the screen; with nobody at it, only public facts matter."""
        view: SeatView = self.game.view(self.viewer if self.viewer is not None else 0)
        return view

    def mode(self) -> Mode:
        """What the keys do now (:func:`.table_bindings.table_mode`)."""
        return table_mode(self.session)

    # ------------------------------------------------------------ layout and drawing

    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
        with Board(id="board"):  # scrolls on a narrow screen; what is below never does
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
        # Whose cards are up is settled before the first frame: a resumed game draws dark.
        first = self.flow.start(self.session.to_act, resumed=self.resumed)
        self.redraw()
        self.call_after_refresh(self.follow, first)

    def on_resize(self) -> None:
        # The app's size classes (compact, roomy: tall cards) may have changed: draw again.
        self.call_after_refresh(self.redraw)

    def redraw(self, cards_only: bool = False) -> None:
        """Draw everything from the current view; called after every change.

        ``cards_only`` redraws just the seat's own rows and hint (a cursor move).
        """
        view, mode = self.view(), self.mode()
        if self.viewer != self._cursor_seat:  # a new seat at the screen starts at its first card
            self._cursor_seat = self.viewer
            self.cursor.reset()
        self.cursor.follow(view, mode)
        if not cards_only:
            computers = {i for i, s in enumerate(self.session.seats) if not s.human}
            changes = self.highlight.changes
            self.query_one(SeatList).show(view, computers, changes.seat if changes else None)
            self.query_one(PileView).show(view, changes)
            self.query_one(GameLog).show(
                self.session.log_entries, self.session.log_total, self.session.names, self.game.rules
            )
            self._draw_titles(view, mode)
        self._draw_player(view, mode)
        # The footer recomposes on every refresh_bindings: only when what it shows changes.
        takeable = any(m.kind == "take" for m in view.legal)
        marked, offered = len(self.cursor.marked), self.session.take_back_offered()
        key = (mode, self.viewer, marked, takeable, offered, self.game.phase, self.flow.turn)
        if key != self._bindings_key:
            self._bindings_key = key
            self.refresh_bindings()

    def _draw_titles(self, view: SeatView, mode: Mode) -> None:
        arrow = direction_words(view.direction)
        if self.highlight.changes is not None and self.highlight.changes.direction:
            arrow = f"[reverse]{arrow}[/]"  # play just turned round
        self.query_one("#seats").border_title = f"Table  {arrow}"
        self.sub_title, cards_title = table_titles(self.game, self.session.names, self.viewer, mode)
        self.query_one(PlayerArea).border_title = escape(cards_title)  # a name is text, never markup

    def _draw_player(self, view: SeatView, mode: Mode) -> None:
        area = self.query_one(PlayerArea)
        # Which rows the narrow layout may leave out (narrow.tcss): only the one played from.
        area.set_class(mode == Mode.HAND, "-playing-hand")
        area.set_class(mode in (Mode.FACE_UP, Mode.FACE_DOWN), "-playing-table")
        if self.viewer is None:
            area.show([], [], [], self._hint(view, mode), nobody=True)
            return
        down, up, hand = (self.cursor.slots(view, mode, row) for row in (Row.FACE_DOWN, Row.FACE_UP, Row.HAND))
        area.show(down, up, hand, self._hint(view, mode))

    def _hint(self, view: SeatView, mode: Mode) -> Text:
        if self.message is not None:
            return self.message
        marked, under, offered = len(self.cursor.marked), self.cursor.under(view), self.session.take_back_offered()
        return turn_hint(self.game, view, mode, self.session.names, marked, under, offered, self.device.touch)

    # ------------------------------------------------------------ the turn flow

    def follow(self, turn: Turn) -> None:
        """Render the flow's step: the one place the screen follows whose cards are up."""
        self.session.save_view()
        if turn.shown is None:
            # Dark from here: no private word may stay in the note, a toast or the hint.
            self.message = None
            self.cursor.marked.clear()
            self.note.clear()
            self.app.clear_notifications()
        if self.burn_ins.before(turn):
            return  # the table asks everyone first; it follows the turn once that is settled
        if turn.step == Step.ACT:
            assert turn.seat is not None  # a turn is always someone's
            say_recap(self.note, self.session, turn.seat)
            # A turn starts with the table's top in view (the seats, then the pile).
            self.query_one(Board).scroll_home(animate=False)
        self.redraw()
        if turn.step == Step.OVER:
            self.post_message(GameEnded(self.session))
        elif turn.step == Step.PASS:
            assert turn.seat is not None  # a pass is always to someone
            # At once, even after a computer's move: the next person's recap tells it, and a
            # pause here would be dead time on every turn.
            self.post_message(PassNeeded(self, turn.seat))
        elif turn.step == Step.WATCH:
            self.computers.play()

    def reveal(self, seat: int) -> None:
        """The pass screen was passed: show ``seat``'s cards."""
        self.session.device_passed(seat)
        # The last move landed behind the pass screen (or long ago): light it up for the one now looking.
        self.highlight.show(last_move(self.session.last_events))
        self.cursor.marked.clear()
        self.message = None
        self.follow(self.flow.passed())
        # The pass screen is still leaving: work the footer out again once this screen is back on top.
        self.call_after_refresh(self.refresh_bindings)

    def after_computer(self, seat: int) -> None:
        """A computer seat has moved: the flow says who is next (the bell rings when that is the
        one person at the table: the pass screen rings for the others)."""
        self.highlight.show(last_move(self.session.last_events))
        turn = self.flow.after_move(seat, self.session.to_act)
        self.follow(turn)
        if turn.step == Step.ACT:
            self.app.bell()

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
        self.computers.changed()
        self.highlight.show(last_move(events))
        self.message = None
        self.cursor.marked.clear()
        self.note.clear()
        setup_done = setup and move.kind in ("ready", "choose")
        offer = self.game.phase == "play" and self.game.burn_in_open() is not None
        turn = self.flow.after_move(mover, self.session.to_act, setup_done=setup_done, offer=offer)
        self.follow(turn)
        if turn.shown == mover:
            say_result(self.note, self.game, mover, events, hand_before)
        return True

    # ------------------------------------------------------------ which keys work

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Grey out what can't be done now, hide what belongs to another stage (:mod:`.key_modes`)."""
        return key_state(action, parameters, self.session, self.mode(), self.view(), len(self.cursor.marked))

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The footer's bindings, with the take-back tooltip saying why it can't be used now."""
        bindings = super().active_bindings
        active = bindings.get("u")
        if active is not None and active.binding.action == "take_back" and not active.enabled:
            bindings["u"] = active._replace(tooltip=self.session.take_back_status()[1])
        return bindings

    # ------------------------------------------------------------ keys: the cards (the lesson's too)

    def _moved(self, refusal: str | None = None) -> None:
        """The cursor or the marks changed: draw the seat's cards again (``refusal`` in the hint)."""
        self.message = None if refusal is None else Text(refusal, WARN)
        self.redraw(cards_only=True)

    def action_cursor(self, step: int) -> None:
        """Move the cursor along the active row."""
        self.cursor.step(self.view(), step)
        self._moved()

    def action_cursor_end(self, last: bool) -> None:
        """The cursor to the first (Home) or last (End) card of the row."""
        self.cursor.to_end(self.view(), last)
        self._moved()

    def action_jump(self, key: str) -> None:
        """The cursor to the next card of the rank ``key`` names (cycling through them)."""
        missing = self.cursor.jump(self.view(), key)
        if missing is None:
            self._moved()
        else:
            self.note.say("Cards", missing)

    def action_row(self) -> None:
        """Setup swap: move between the hand and the face-up row."""
        self.cursor.switch_row()
        self.redraw(cards_only=True)

    def action_mark(self) -> None:
        """Mark or unmark the card under the cursor; marks hold one rank (or face-up count)."""
        self._moved(self.cursor.mark(self.view(), self.mode(), self.game.rules))

    def action_clear_marks(self) -> None:
        """Unmark every card."""
        self.cursor.marked.clear()
        self._moved()

    async def on_card_row_picked(self, event: CardRow.Picked) -> None:
        """A click puts the cursor on a card; a click on the card under the cursor marks it
        (or turns it, face down), as Space (or Enter) would."""
        action = self.cursor.pick(event.row.id, event.index, self.mode())
        if action == "cursor":
            self._moved()
        elif action is not None:
            await self.run_action(action)

    # ------------------------------------------------------------ keys: moves

    def action_make(self, key: str) -> None:
        """Make the move the card key ``key`` means (:meth:`.CardCursor.move`: play, turn over, swap,
        lay up, ready, take the pile, the chance card, done); the engine judges it."""
        move = self.cursor.move(key, self.view(), self.mode(), self.game.rules)
        if move is not None:
            self.apply(move)

    def on_pile_view_pressed(self, event: PileView.Pressed) -> None:
        """A click or tap on the pile asks first, a second takes it (t needs none): :mod:`.pile_click`."""
        self.pile_click.pressed()

    def action_end_turn(self) -> None:
        """Enter on the result step: the turn is over, nothing can be taken back, cards go dark."""
        self.computers.changed()
        self.session.forget_take_back()
        self.follow(self.flow.end_turn(self.session.to_act))

    def action_take_back(self) -> None:
        """Take back the latest human move (u on the result step or during a clear's extra turn),
        while nothing new has been seen and the device has not passed."""
        if not self.session.take_back_offered():
            self.action_why_no_take_back()
            return
        what = undone(self.session.takeback.latest)
        seat = self.session.take_back()
        self.highlight.clear()
        self.computers.changed()
        self.computers.stop()
        self.cursor.marked.clear()
        self.message = None
        self.follow(self.flow.taken_back(seat))
        self.note.say(take_back_words.NAME, what)
        self.refresh_bindings()

    def action_abandon(self) -> None:
        """Ask, then stop the game with no result."""
        from palace_tui.tui.screens.confirm import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes and self.game.phase != "over":
                self.computers.changed()
                self.session.forget_take_back()
                self.session.abandon()
                self.follow(self.flow.over())

        self.app.push_screen(ConfirmScreen("Abandon this game? It will count in no score."), done)

    # ------------------------------------------------------------ keys: words and help

    def action_why_not(self, key: str) -> None:
        """Say in the note line why ``key`` is greyed out, in the engine's words."""
        marked = self.cursor.marked_cards(self.view()) if key == "enter" else []
        why = refusal(self.game, key, marked)
        if why:
            self.note.say(LABELS[key], why)
            self.app.bell()

    def action_why_no_take_back(self) -> None:
        """Say why u does nothing now, in the hint line: the note keeps what the move did (a card
        drawn is named there and nowhere else) or the recap."""
        if self.session.takeback.mover != self.viewer:
            self._moved(take_back_words.NOTHING_OF_YOURS)
        else:
            self._moved(self.session.take_back_status()[1])

    def action_explain(self) -> None:
        """Say what may go on the pile now, and why (public facts only)."""
        self.note.say("Pile", log_line(explain_pile(self.game)))

    def action_rules(self) -> None:
        """How to play with the options in force, on one screen (? there: the full rules)."""
        from palace_tui.tui.screens.how_to_play import HowToPlayScreen

        self.app.push_screen(HowToPlayScreen(self.game.rules, self.session.rules_name))

    def action_log_page(self, step: int) -> None:
        """Read on (1) or back (-1): a note too long for half the screen, then the table
        above it where it is cut, then the log (back: the other way round)."""
        board = self.query_one(Board)
        if step > 0:
            self.note.page(step) or board.page(step)
        else:
            board.page(step) or self.note.page(step)

    def action_coach(self) -> None:
        """Ask the coach (the hard player, thinking in a worker) for this seat's move and why."""
        seat = self.viewer
        if seat is None or seat != self.game.turn:
            return
        self.note.say("Coach", Text("thinking…", DIM))
        events = self.session.public_events()
        ask_coach(self, self.game.copy(), seat, self.computers.serial, self.coach_work, events)

    # ------------------------------------------------------------ workers' answers, and the screen's life

    @on(CoachAnswered)
    def _advised(self, answer: CoachAnswered) -> None:
        """The coach's move and reason in the note line; Enter (or t) then makes it."""
        if answer.serial != self.computers.serial or not self.is_mounted:
            return  # the game moved on (a take-back, an abandon) since the question was asked
        if self.viewer != answer.seat or self.mode() == Mode.WAIT:
            return
        self.note.say("Coach", coach_note(answer.advice, self.cursor, self.view(), self.mode(), self.device.touch))
        self.redraw(cards_only=True)

    @on(ComputerMoveReady)
    def _computer_ready(self, answer: ComputerMoveReady) -> None:
        self.computers.ready(answer)

    def on_screen_resume(self) -> None:
        self.computers.resume()

    def on_unmount(self) -> None:
        self.computers.end()
