"""The hot seat: a table at one keyboard, behind the table's door (:mod:`palace_tui.table.door`).

:class:`HotSeatTable` opens the door onto a :class:`~palace_tui.table.session.Session` in this
process: every person sits at this device, whose cards are up is the session's turn flow, and each
request is answered at once, inside :meth:`HotSeatTable.send`, by events handed to the listener.
It is what the table screen did with the session itself before the door: the same calls in the
same order, so the hot seat behaves exactly as it did.

>>> from palace_tui.rules import Rules
>>> from palace_tui.table.session import SeatConfig, Session
>>> s = Session.new([SeatConfig("Ann"), SeatConfig("Ben")], Rules.preset("palace"), seed=7)
>>> table = HotSeatTable(s)
>>> heard = []
>>> table.listen(heard.append)
>>> table.send(Start())
>>> heard[0].turn, table.view().hand
(Turn(step=<Step.PASS: 'pass'>, seat=1, shown=None), ())
>>> table.send(Passed(1))
>>> table.now().shown, len(table.view().hand)
(1, 3)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from palace_tui.rules import IllegalMove, Move, SeatView
from palace_tui.table import burn_ins
from palace_tui.table.door import (
    Abandon,
    AskCoach,
    BurnedIn,
    BurnInAsked,
    BurnInDeclined,
    BurnInRefused,
    BurnInWindow,
    ClaimBurnIn,
    CoachAdvised,
    ComputerMove,
    EndTurn,
    ExplainPile,
    Followed,
    Listener,
    MakeMove,
    Moved,
    Now,
    OfferBurnIn,
    Passed,
    Public,
    Refused,
    Request,
    Said,
    SeatInfo,
    Start,
    TableEvent,
    TableInfo,
    TakeBack,
    TakeBackNow,
    TakenBack,
    WhyNot,
    public_view,
)
from palace_tui.table.history import public
from palace_tui.table.refusals import LABELS, refusal
from palace_tui.table.session import Session
from palace_tui.words import burn_in as burn_in_words
from palace_tui.words import explain_pile
from palace_tui.words.take_back import undone

__all__ = ["HotSeatTable"]


class HotSeatTable:
    """The table of ``session`` at this one keyboard (a :class:`~palace_tui.table.door.TableDoor`)."""

    def __init__(self, session: Session) -> None:
        #: The session behind the door (the app's; no screen reads it).
        self.session = session
        self._listener: Listener | None = None

    # ------------------------------------------------------------ reading

    def table(self) -> TableInfo:
        session = self.session
        seats = tuple(SeatInfo(s.name, s.human, True, s.coach) for s in session.seats)
        return TableInfo(session.game.rules, seats, session.rules_name)

    def view(self) -> SeatView:
        shown = self.session.viewer
        view: SeatView = self.session.game.view(shown if shown is not None else 0)
        return view if shown is not None else public_view(view)

    def public(self) -> Public:
        session = self.session
        return Public(
            tuple(session.log_entries),
            session.log_total,
            tuple(session.events),
            tuple(public(e) for e in session.last_events),
        )

    def now(self) -> Now:
        session, game = self.session, self.session.game
        offered, why = session.take_back_offered(), session.take_back_status()[1]
        mine = session.takeback.mover == session.viewer
        window = game.burn_in_open()
        return Now(
            phase=game.phase,
            to_act=session.to_act,
            turn=session.flow.turn,
            moves=game.moves,
            take_back=TakeBackNow(offered, why, mine),
            burn_in=None if window is None else BurnInWindow(window.rank, window.missing),
        )

    # ------------------------------------------------------------ the thinkers (this machine's workers)

    def computer_thinker(self) -> Callable[[], Move | None] | None:
        session = self.session
        if session.to_act is None or session.is_human(session.game.turn):
            return None
        return session.computer_chooser()

    def coach_thinker(self, seat: int, work: int | None) -> Callable[[], CoachAdvised] | None:
        game, events = self.session.game.copy(), self.session.public_events()

        def think() -> CoachAdvised:
            from palace_tui.ai.coach import advise

            try:
                advice = advise(game, seat, work=work, events=events)
            except Exception as exc:  # no advice is better than a crashed table
                return CoachAdvised(seat, None, "", error=str(exc) or type(exc).__name__)
            return CoachAdvised(seat, advice.move, advice.reason)

        return think

    # ------------------------------------------------------------ asking

    def listen(self, listener: Listener | None) -> None:
        self._listener = listener

    def _tell(self, event: TableEvent) -> None:
        if isinstance(event, Moved | Followed | TakenBack | BurnedIn):
            self.session.save_view()  # whose cards are up may have changed: a save keeps it
        if self._listener is not None:
            self._listener(event)

    def send(self, request: Request) -> None:
        session, flow = self.session, self.session.flow
        match request:
            case Start(resumed=resumed):
                self._tell(Followed(flow.start(session.to_act, resumed=resumed), first=True))
            case MakeMove(move=move):
                self._person_moves(move)
            case EndTurn():
                session.forget_take_back()
                self._tell(Followed(flow.end_turn(session.to_act)))
            case Passed(seat=seat):
                session.device_passed(seat)
                self._tell(Followed(flow.passed()))
            case TakeBack():
                if not session.take_back_offered():
                    return
                what = undone(session.takeback.latest)
                seat = session.take_back()
                self._tell(TakenBack(seat, what, flow.taken_back(seat)))
            case Abandon():
                if session.game.phase == "over":
                    return
                session.forget_take_back()
                session.abandon()
                self._tell(Followed(flow.over()))
            case OfferBurnIn():
                self._offer_burn_in()
            case ClaimBurnIn(seat=seat):
                why = burn_ins.refusal(session, seat)
                if why is None:
                    self._burned_in(seat)
                else:
                    self._tell(BurnInRefused(seat, why))
            case AskCoach(seat=seat, work=work):
                thinker = self.coach_thinker(seat, work)
                if thinker is not None:
                    self._tell(thinker())
            case WhyNot(key=key, cards=cards):
                why = refusal(session.game, key, list(cards))
                if why:
                    self._tell(Said(LABELS[key], why, asked=request.kind))
            case ExplainPile():
                self._tell(Said("Pile", explain_pile(session.game), asked=request.kind))
            case ComputerMove(move=move, run=run):
                self._computer_moves(move, run)

    # ------------------------------------------------------------ the answers

    def _person_moves(self, move: Move) -> None:
        session = self.session
        game = session.game
        mover, setup = game.turn, game.phase == "setup"
        hand_before = list(game.seats[mover].hand)
        try:
            events = session.play_human(move)
        except IllegalMove as exc:
            self._tell(Refused(str(exc)))
            return
        game = session.game
        setup_done = setup and move.kind in ("ready", "choose")
        offer = game.phase == "play" and game.burn_in_open() is not None
        turn = session.flow.after_move(mover, session.to_act, setup_done=setup_done, offer=offer)
        # Only the mover may learn what they drew, and only while their cards are up.
        drawn = (Counter(game.seats[mover].hand) - Counter(hand_before)).elements() if turn.shown == mover else ()
        self._tell(Moved(mover, tuple(public(e) for e in events), turn, person=True, drawn=tuple(drawn)))

    def _computer_moves(self, move: Move | None, run: bool) -> None:
        session = self.session
        if session.to_act is None or session.is_human(session.game.turn):
            return
        seat = session.game.turn
        if run:
            session.computer_move()
            while session.game.phase != "over" and not session.is_human(session.game.turn):
                seat = session.game.turn
                session.computer_move()
        else:
            session.play_computer(move)
        turn = session.flow.after_move(seat, session.to_act)
        self._tell(Moved(seat, tuple(public(e) for e in session.last_events), turn, person=False))

    def _offer_burn_in(self) -> None:
        session = self.session
        if not burn_ins.open_window(session):
            self._tell(BurnInDeclined())
            return
        computer = burn_ins.computer_claim(session)
        if computer is not None:
            self._burned_in(computer)
            return
        people = burn_ins.people_to_ask(session)
        if not people:
            self._tell(BurnInDeclined())
            return
        window = session.game.burn_in_open()
        assert window is not None
        question = burn_in_words.burn_in_question(window.rank, session.game.rules.burn)
        self._tell(BurnInAsked(question, tuple((i, session.names[i]) for i in people)))

    def _burned_in(self, seat: int) -> None:
        session = self.session
        events = burn_ins.burn_in(session, seat)
        self._tell(BurnedIn(seat, tuple(public(e) for e in events), session.flow.burned_in(session.to_act)))
