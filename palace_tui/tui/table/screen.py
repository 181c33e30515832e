"""The table: setup and play, seen by the human at the screen.

The screen holds a table's door (:class:`~palace_tui.table.door.TableDoor`: the hot seat's
:class:`~palace_tui.table.hot_seat.HotSeatTable`, or a remote table) and never a game or a
session. After every change it redraws everything from the door's view of the seat whose
cards are up, so no widget ever sees another seat's hand. It asks the table by sending
requests through the door and follows the events it answers with. Whose cards are up, and
when the screen goes dark or is passed, is decided by the table's turn flow
(:class:`~palace_tui.table.turn_flow.TurnFlow`): :meth:`TableScreen.follow` renders each of
its steps. The screen is one class that owns its parts: a
:class:`~.table_bindings.TableHand` (the seat's cards, their cursor and card keys: the
hand a lesson has too, which posts the move a key chooses), a
:class:`~.computer_turns.ComputerTurns` (the computer seats' pauses and workers),
and the :class:`~palace_tui.tui.widgets.note_line.NoteLine`. Which keys each mode
enables is data (:mod:`.key_modes`); a greyed key says why through
the table (:mod:`palace_tui.table.refusals`, asked by a
:class:`~palace_tui.table.door.WhyNot`); the line of what to do now is
:func:`.turn_hint.turn_hint`; the coach's answer is worded by
:func:`.coach_note.coach_note`. The engine decides whether a move is legal. The
app hears what happened by messages (:mod:`palace_tui.tui.messages`).
"""

from __future__ import annotations

import dataclasses
from typing import NamedTuple

from rich.style import Style
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import ActiveBinding
from textual.containers import Horizontal
from textual.errors import NoWidget
from textual.markup import escape
from textual.screen import Screen
from textual.widgets import Header

from palace_tui.device import TERMINAL, Device
from palace_tui.rules import Move, SeatView
from palace_tui.table.door import (
    Abandon,
    AskCoach,
    BurnedIn,
    BurnInAsked,
    BurnInDeclined,
    BurnInRefused,
    ClaimBurnIn,
    CoachAdvised,
    EndTurn,
    ExplainPile,
    Followed,
    MakeMove,
    Moved,
    Now,
    OfferBurnIn,
    Passed,
    Refused,
    Said,
    Start,
    Step,
    TableDoor,
    TableEvent,
    TableInfo,
    TakeBack,
    TakenBack,
    Turn,
    WhyNot,
)
from palace_tui.table.last_move import last_move
from palace_tui.tui.messages import GameEnded, PassNeeded
from palace_tui.tui.table.burn_in_offer import BurnInOffers, BurnInScreen
from palace_tui.tui.table.card_cursor import CardCursor, Row
from palace_tui.tui.table.coach_note import ask_coach, coach_note
from palace_tui.tui.table.computer_turns import ComputerTurns
from palace_tui.tui.table.hand import Hand, HandPosition, MoveChosen
from palace_tui.tui.table.key_modes import PUBLIC_TABLE_KEYS, TABLE_KEYS, Mode
from palace_tui.tui.table.move_highlight import MoveHighlight
from palace_tui.tui.table.pile_click import TAKE_LABEL, Click, PileClick, cards_to_take
from palace_tui.tui.table.table_bindings import TABLE_BINDINGS, TableHand, key_state, table_mode
from palace_tui.tui.table.table_messages import CoachAnswered, ComputerMoveReady
from palace_tui.tui.table.turn_hint import table_titles, turn_hint
from palace_tui.tui.table.turn_notes import say_recap, say_result
from palace_tui.tui.widgets.board import Board
from palace_tui.tui.widgets.game_log import GameLog, log_line
from palace_tui.tui.widgets.keys_footer import KeysFooter
from palace_tui.tui.widgets.note_line import NoteLine
from palace_tui.tui.widgets.pile_view import PileView
from palace_tui.tui.widgets.seat_list import SeatList
from palace_tui.tui.widgets.too_small import TooSmall
from palace_tui.words import take_back as take_back_words
from palace_tui.words.device import take_question
from palace_tui.words.passing import direction_words

WARN = Style(color="red", bold=True)
DIM = Style(dim=True)


class KeysMoment(NamedTuple):
    """What every key is judged on at one moment: the table's state, the seat's view, the mode
    the keys are in, and the hand's position."""

    now: Now
    table: TableInfo
    view: SeatView
    mode: Mode
    position: HandPosition


class TableScreen(Screen[None], inherit_bindings=False):
    """One game at a table, from the deal to the last card.

    ``ai_delay`` is the pause before a computer seat's move lands; ``resumed``: the game was
    put back from a save (the pass screen comes first); ``coach_work``: the coach's search in
    simulated moves (None: hard's own, the same advice on any machine); ``device``: what the
    game is played with (the words say click or tap).
    """

    BINDINGS = TABLE_BINDINGS
    #: What ctrl+q says in the footer where it does not save and quit the hot seat (its word, its
    #: tooltip): a joined device leaves, the host's screen closes the room. None: as bound.
    QUIT_WORDS: tuple[str, str] | None = None

    AUTO_FOCUS = None

    def __init__(
        self,
        table: TableDoor,
        ai_delay: float = 0.6,
        resumed: bool = False,
        coach_work: int | None = None,
        device: Device = TERMINAL,
    ) -> None:
        super().__init__()
        #: The table behind its door: read from it, ask it, follow what it answers.
        self.table = table
        self.device = device
        #: The game was put back from a save: the pass screen comes first, even for a lone person.
        self.resumed = resumed
        #: Seconds the coach (h) may think.
        self.coach_work = coach_work
        #: The seat's cards, their cursor and card keys (it holds the focus).
        self.hand = TableHand(self._hand_position, id="me")
        #: The computer seats' moves: their pauses, their workers, the game's serial.
        self.computers = ComputerTurns(self, table, ai_delay, self.pass_comes_next)
        #: What the last move changed, lit up for a moment.
        self.highlight = MoveHighlight(self, self.redraw)
        #: The public burn-in offer (house rule burn_in), put up between turns.
        self.burn_ins = BurnInOffers()
        #: A refusal or warning shown instead of the hint, until the next key.
        self.message: Text | None = None
        #: The seat the cursor belongs to: another seat at the screen starts afresh.
        self._cursor_seat: int | None = None
        #: What the footer last showed (it is recomposed only when this changes).
        self._bindings_key: tuple[object, ...] | None = None
        #: A person's good burn-in claim, followed once its question has closed.
        self._burn_claimed: list[BurnedIn] = []
        #: A click on the pile asks "Take 4 cards?"; a second one takes it.
        self.pile_click = PileClick()
        #: The moment the footer's keys are judged on, while it asks them all (see active_bindings).
        self._asking_every_key: KeysMoment | None = None

    # ------------------------------------------------------------ state

    @property
    def viewer(self) -> int | None:
        """The seat whose cards are up (None: nobody's), as the table's turn flow says."""
        return self.table.now().shown

    @property
    def cursor(self) -> CardCursor:
        """Where the seat at the screen points among its cards (its hand's)."""
        return self.hand.cursor

    def _hand_position(self) -> HandPosition:
        return self._moment().position

    def _moment(self) -> KeysMoment:
        """What the keys are judged on now; while the footer asks every key at once, the same one."""
        if self._asking_every_key is not None:
            return self._asking_every_key
        now, table, view = self.table.now(), self.table.table(), self.view()  # asked once a key
        mode = table_mode(now, table, view)
        keys = (TABLE_KEYS if now.shown is not None else PUBLIC_TABLE_KEYS)[mode]
        return KeysMoment(now, table, view, mode, HandPosition(view, mode, table.rules, keys))

    @property
    def alone(self) -> int | None:
        """The one person at this device among computers (None when several share it); people
        at other devices (a remote table) have their own screens and do not count."""
        people = [i for i, s in enumerate(self.table.table().seats) if s.human and s.here]
        return people[0] if len(people) == 1 else None

    def pass_comes_next(self) -> bool:
        """Whether the computer to act now is followed by a person who must be handed the
        screen (a pass screen covers its move as it lands). The seat after it in turn order,
        out seats left out; a skip or a clear may change who it is: then the pause is only
        shorter or as before."""
        view, seats = self.table.view(), self.table.table().seats
        to_act = self.table.now().to_act
        if to_act is None or self.alone is not None or view.phase != "play":
            return False
        seat = to_act
        for _ in seats:
            seat = (seat + view.direction) % len(seats)
            if not view.seats[seat].out:
                return seat != to_act and seats[seat].human and seats[seat].here
        return False

    @property
    def note(self) -> NoteLine:
        """The line for the coach, the pile explained and the recap."""
        return self.query_one(NoteLine)

    def view(self) -> SeatView:
        """The view of the seat at the screen; with nobody at it, the public view."""
        return self.table.view()

    def mode(self) -> Mode:
        """What the keys do now (:func:`.table_bindings.table_mode`)."""
        return table_mode(self.table.now(), self.table.table(), self.table.view())

    # ------------------------------------------------------------ layout and drawing

    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
        with Board(id="board"):  # scrolls on a narrow screen; what is below never does
            with Horizontal(id="top"):
                yield SeatList(id="seats")
                yield PileView(id="pile")
            yield GameLog(id="log")
        yield NoteLine(id="note")
        yield self.hand
        yield KeysFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        # The card keys are the hand's: it holds the focus (nothing else on the table takes it).
        self.set_focus(self.hand, scroll_visible=False)
        self.query_one("#seats").border_title = "Table"
        self.query_one("#pile").border_title = "Pile"
        self.query_one("#log").border_title = "Log"
        self.table.listen(self.heard)
        # Whose cards are up is settled before the first frame: a resumed game draws dark.
        self.table.send(Start(resumed=self.resumed))

    def on_resize(self) -> None:
        # The app's size classes (compact, roomy: tall cards) may have changed: draw again.
        self.call_after_refresh(self.redraw)

    def redraw(self, cards_only: bool = False) -> None:
        """Draw everything from the current view; called after every change.

        ``cards_only`` redraws just the seat's own rows and hint (a cursor move).
        """
        view, mode, table = self.view(), self.mode(), self.table.table()
        if self.viewer != self._cursor_seat:  # a new seat at the screen starts at its first card
            self._cursor_seat = self.viewer
            self.cursor.reset()
        self.cursor.follow(view, mode)
        if not cards_only:
            changes = self.highlight.changes
            self.query_one(SeatList).show(view, table.computers, changes.seat if changes else None)
            self.query_one(PileView).show(view, changes, table.rules)
            public = self.table.public()
            self.query_one(GameLog).show(list(public.log), public.log_total, table.names, table.rules)
            self._draw_titles(view, mode, table)
        now = self.table.now()
        self._draw_player(view, mode, now, table)
        # The footer recomposes on every refresh_bindings: only when what it shows changes.
        takeable = any(m.kind == "take" for m in view.legal)
        marked, offered = len(self.cursor.marked), now.take_back.offered
        key = (mode, self.viewer, marked, takeable, offered, now.phase, now.turn)
        if key != self._bindings_key:
            self._bindings_key = key
            self.refresh_bindings()

    def _draw_titles(self, view: SeatView, mode: Mode, table: TableInfo) -> None:
        arrow = direction_words(view.direction)
        if self.highlight.changes is not None and self.highlight.changes.direction:
            arrow = f"[reverse]{arrow}[/]"  # play just turned round
        self.query_one("#seats").border_title = f"Table  {arrow}"
        self.sub_title, cards_title = table_titles(view, table.names, self.viewer, mode)
        self.hand.border_title = escape(cards_title)  # a name is text, never markup

    def _draw_player(self, view: SeatView, mode: Mode, now: Now, table: TableInfo) -> None:
        area = self.hand
        # Which rows the narrow layout may leave out (narrow.tcss): only the one played from.
        area.set_class(mode == Mode.HAND, "-playing-hand")
        area.set_class(mode in (Mode.FACE_UP, Mode.FACE_DOWN), "-playing-table")
        if self.viewer is None:
            area.show([], [], [], self._hint(view, mode, now, table), nobody=True)
            return
        down, up, hand = (self.cursor.slots(view, mode, row) for row in (Row.FACE_DOWN, Row.FACE_UP, Row.HAND))
        area.show(down, up, hand, self._hint(view, mode, now, table))

    def _hint(self, view: SeatView, mode: Mode, now: Now, table: TableInfo) -> Text:
        if self.message is not None:
            return self.message
        marked, under, offered = len(self.cursor.marked), self.cursor.under(view), now.take_back.offered
        return turn_hint(table.rules, view, mode, table.names, marked, under, offered, self.device.touch)

    # ------------------------------------------------------------ the turn flow

    def follow(self, turn: Turn) -> None:
        """Render the flow's step: the one place the screen follows whose cards are up."""
        if self.burn_ins.screen is not None and turn.shown is None:
            # The public question is still up while the table moved on (a remote table: another device
            # or the host's computer played first). The step waits behind it, followed once it closes.
            self.burn_ins.turn = turn
            self.redraw()
            return
        if turn.shown is None:
            # Dark from here: no private word may stay in the note, a toast or the hint.
            self.message = None
            self.cursor.marked.clear()
            self.note.clear()
            self.app.clear_notifications()
        if self.burn_ins.due(turn, self.table.now(), self.alone):
            # The table as this step shows it (dark at a shared keyboard) before anything goes over it;
            # the table asks everyone first and the screen follows the turn once that is settled.
            self.redraw()
            self.table.send(OfferBurnIn())
            return
        if turn.step == Step.ACT:
            assert turn.seat is not None  # a turn is always someone's
            table = self.table.table()
            say_recap(self.note, self.table.public().events, table.names, table.rules, turn.seat)
            # A turn starts with the table's top in view (the seats, then the pile).
            self.query_one(Board).scroll_home(animate=False)
        self.redraw()
        if turn.step == Step.OVER:
            self.post_message(GameEnded())
        elif turn.step == Step.PASS:
            assert turn.seat is not None  # a pass is always to someone
            # At once, even after a computer's move: the next person's recap tells it, and a
            # pause here would be dead time on every turn. But only once the dark table (drawn
            # above) has been written out: a browser paints between the messages of one frame,
            # and a pass box painted over rows not yet redrawn would show the last hand with it.
            self.call_after_refresh(self.post_message, PassNeeded(self, turn.seat, self.reveal))
        elif turn.step == Step.WATCH:
            self.computers.play()

    def reveal(self, seat: int) -> None:
        """The pass screen was passed: show ``seat``'s cards."""
        # The last move landed behind the pass screen (or long ago): light it up for the one now looking.
        self.highlight.show(last_move(self.table.public().last))
        self.cursor.marked.clear()
        self.message = None
        self.table.send(Passed(seat))
        # The pass screen is still leaving: work the footer out again once this screen is back on top.
        self.call_after_refresh(self.refresh_bindings)

    def apply(self, move: Move) -> None:
        """Make a human move; the table answers (a refused move changes nothing and shows the engine's reason)."""
        self.table.send(MakeMove(move))

    # ------------------------------------------------------------ the table's answers

    def heard(self, event: TableEvent) -> None:
        """The table answered (or changed): follow it. The one way the table reaches the screen."""
        match event:
            case Followed(turn=turn, first=True):
                self.redraw()
                self.call_after_refresh(self.follow, turn)
            case Followed(turn=turn):
                self.follow(turn)
            case Moved(person=True):
                self._person_moved(event)
            case Moved():
                self._computer_moved(event)
            case Refused(why=why):
                self.message = Text(why, WARN)
                self.redraw()
                self.app.bell()
            case TakenBack():
                self._taken_back(event)
            case BurnInAsked():
                self._ask_burn_in(event)
            case BurnInDeclined():
                if self.burn_ins.turn is not None:
                    self.follow(self.burn_ins.turn)
            case BurnInRefused(seat=seat, why=why):
                if self.burn_ins.screen is not None:
                    self.burn_ins.screen.refused(seat, why)
            case BurnedIn():
                self._burned_in(event)
            case CoachAdvised():
                self.post_message(CoachAnswered(self.computers.serial, event.seat, event))
            case Said():
                self._said(event)

    def _person_moved(self, moved: Moved) -> None:
        self.computers.changed()
        self.highlight.show(last_move(moved.events))
        self.message = None
        self.cursor.marked.clear()
        self.note.clear()
        self.follow(moved.turn)
        if moved.turn.shown == moved.seat:
            table = self.table.table()
            say_result(self.note, moved.seat, moved.events, moved.drawn, table.names, table.rules)

    def _computer_moved(self, moved: Moved) -> None:
        """A computer seat has moved: the table says who is next (the bell rings when that is the
        one person at the table: the pass screen rings for the others)."""
        self.highlight.show(last_move(moved.events))
        self.follow(moved.turn)
        if moved.turn.step == Step.ACT:
            self.app.bell()

    def _taken_back(self, taken: TakenBack) -> None:
        self.highlight.clear()
        self.computers.changed()
        self.computers.stop()
        self.cursor.marked.clear()
        self.message = None
        self.follow(taken.turn)
        self.note.say(take_back_words.NAME, taken.what)
        self.refresh_bindings()

    def _ask_burn_in(self, asked: BurnInAsked) -> None:
        offer = BurnInScreen(
            asked.question,
            list(asked.seats),
            lambda seat: self.table.send(ClaimBurnIn(seat)),
            self.table.table().names,
            self.device,
        )
        self.burn_ins.screen = offer
        self._burn_claimed = []

        def answered(seat: int | None) -> None:
            self.burn_ins.screen = None
            if seat is not None and self._burn_claimed:
                self._burned_in(self._burn_claimed.pop())
            elif self.burn_ins.turn is not None:
                self.follow(self.burn_ins.turn)

        self.app.push_screen(offer, answered)

    def _burned_in(self, burned: BurnedIn) -> None:
        offer = self.burn_ins.screen
        if offer is not None and offer.is_current:
            # A person's claim was good: the question closes first, then the table follows.
            self._burn_claimed.append(burned)
            offer.dismiss(burned.seat)
            return
        self.computers.changed()
        self.highlight.show(last_move(burned.events))
        self.follow(burned.turn)

    def _said(self, said: Said) -> None:
        if said.asked == "explain_pile":
            self.note.say(said.label, log_line(said.text))
            return
        self.note.say(said.label, said.text)
        self.app.bell()

    # ------------------------------------------------------------ which keys work

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Grey out what can't be done now, hide what belongs to another stage (:mod:`.key_modes`)."""
        moment = self._moment()
        return key_state(
            action, parameters, moment.now, moment.table, moment.mode, moment.view, len(self.cursor.marked)
        )

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The footer's bindings, with the take-back tooltip saying why it can't be used now, and
        ctrl+q named as this table's screen means it (:attr:`QUIT_WORDS`)."""
        # Forty keys asked in a row, of one moment: the position is read once, not once a key.
        self._asking_every_key = self._moment()
        try:
            bindings = super().active_bindings
        finally:
            self._asking_every_key = None
        active = bindings.get("u")
        if active is not None and active.binding.action == "take_back" and not active.enabled:
            bindings["u"] = active._replace(tooltip=self.table.now().take_back.why)
        quit_key = bindings.get("ctrl+q")
        if self.QUIT_WORDS is not None and quit_key is not None and quit_key.binding.id == "quit":
            word, tooltip = self.QUIT_WORDS
            renamed = dataclasses.replace(quit_key.binding, description=word, tooltip=tooltip)
            bindings["ctrl+q"] = quit_key._replace(binding=renamed, tooltip=tooltip)
        return bindings

    # ------------------------------------------------------------ keys: the cards (the lesson's too)

    def _moved(self, refusal: str | None = None) -> None:
        """The cursor or the marks changed: draw the seat's cards again (``refusal`` in the hint)."""
        self.message = None if refusal is None else Text(refusal, WARN)
        self.redraw(cards_only=True)

    @on(Hand.Changed)
    def _hand_changed(self, changed: Hand.Changed) -> None:
        if changed.clears:
            self._moved(changed.refusal)
        else:
            self.redraw(cards_only=True)

    @on(Hand.Missing)
    def _hand_missing(self, missing: Hand.Missing) -> None:
        self.note.say("Cards", missing.sentence)

    @on(MoveChosen)
    def _move_chosen(self, chosen: MoveChosen) -> None:
        """A card key chose a move: the table judges and plays it."""
        self.apply(chosen.move)

    def action_clear_marks(self) -> None:
        """Unmark every card (Esc); it also withdraws the pile's "Take 4 cards?"."""
        self._withdraw_take_question()
        self.hand.clear_marks()
        self._moved()

    def _withdraw_take_question(self) -> None:
        """Take back the question a click on the pile asked (a second click then asks again)."""
        if self.note.label == TAKE_LABEL:
            self.note.clear()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        """A click or tap anywhere but the pile withdraws its question (a card stops its own click,
        not the press that starts it)."""
        pile = self.query_one(PileView)
        pressed = event.widget
        if pressed is None:  # a press that came by the web driver names no widget: the one under it
            try:
                pressed = self.get_widget_at(event.screen_x, event.screen_y)[0]
            except NoWidget:
                pressed = None
        if pressed is not pile and (pressed is None or pile not in pressed.ancestors):
            self._withdraw_take_question()

    def on_pile_view_pressed(self, event: PileView.Pressed) -> None:
        """A click or tap on the pile asks first, a second takes it (t needs none): :mod:`.pile_click`."""
        takeable = self.check_action("take", ()) is True
        mode = self.mode()
        click = self.pile_click.pressed(takeable, mode, self.viewer, self.table.public().log_total, self.note.label)
        if click == Click.WHY_NOT:
            self.action_why_not("take")
        elif click == Click.TAKE:
            move = self.hand.choose("take")
            if move is not None:
                self.apply(move)
        elif click == Click.ASK:
            cards = cards_to_take(self.cursor, self.table.table().rules, self.view(), mode)
            self.note.say(TAKE_LABEL, take_question(cards, self.device))
            # The question takes lines from the table above: keep the pile in view for the second tap.
            self.call_after_refresh(self.query_one(Board).bring_up, self.query_one(PileView))

    def action_end_turn(self) -> None:
        """Enter on the result step: the turn is over, nothing can be taken back, cards go dark."""
        self.computers.changed()
        self.table.send(EndTurn())

    def action_take_back(self) -> None:
        """Take back the latest human move (u on the result step or during a clear's extra turn),
        while nothing new has been seen and the device has not passed."""
        if not self.table.now().take_back.offered:
            self.action_why_no_take_back()
            return
        self.table.send(TakeBack())

    def action_abandon(self) -> None:
        """Ask, then stop the game with no result."""
        from palace_tui.tui.screens.confirm import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes and self.table.now().phase != "over":
                self.computers.changed()
                self.table.send(Abandon())

        self.app.push_screen(ConfirmScreen("Abandon this game? It will count in no score."), done)

    # ------------------------------------------------------------ keys: words and help

    def action_why_not(self, key: str) -> None:
        """Say in the note line why ``key`` is greyed out, in the engine's words."""
        marked = self.cursor.marked_cards(self.view()) if key == "enter" else []
        self.table.send(WhyNot(key, tuple(marked)))

    def action_why_no_take_back(self) -> None:
        """Say why u does nothing now, in the hint line: the note keeps what the move did (a card
        drawn is named there and nowhere else) or the recap."""
        take_back = self.table.now().take_back
        self._moved(take_back.why if take_back.mine else take_back_words.NOTHING_OF_YOURS)

    def action_explain(self) -> None:
        """Say what may go on the pile now, and why (public facts only)."""
        self.table.send(ExplainPile())

    def action_rules(self) -> None:
        """How to play with the options in force, on one screen (? there: the full rules)."""
        from palace_tui.tui.screens.how_to_play import HowToPlayScreen

        info = self.table.table()
        self.app.push_screen(HowToPlayScreen(info.rules, info.rules_name))

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
        if seat is None or seat != self.table.now().to_act:
            return
        self.note.say("Coach", Text("thinking…", DIM))
        think = self.table.coach_thinker(seat, self.coach_work)
        if think is None:
            self.table.send(AskCoach(seat, self.coach_work))  # the table thinks; it answers with the advice
        else:
            ask_coach(self, think, self.computers.serial)

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
        # The advice takes lines from the table above: keep the pile whole in view (on a small
        # phone the board scrolled it half out, a sliver a finger could barely hit).
        self.call_after_refresh(self.query_one(Board).bring_up, self.query_one(PileView))

    @on(ComputerMoveReady)
    def _computer_ready(self, answer: ComputerMoveReady) -> None:
        self.computers.ready(answer)

    def on_screen_resume(self) -> None:
        self.computers.resume()

    def on_unmount(self) -> None:
        self.computers.end()
        self.table.listen(None)
