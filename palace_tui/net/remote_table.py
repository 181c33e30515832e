"""A table on another machine, behind the table's door: what ``palace join`` plays.

:class:`RemoteTable` is a :class:`~palace_tui.table.door.TableDoor` over one websocket
:class:`~palace_tui.net.client.Connection` to a host. It holds only what the host sent (a
:class:`~palace_tui.net.remote_state.RemoteState`: this seat's view, the public events, whose
turn it is) and never a ``Game``. The screen's reads are answered from that; its requests go
to the host as protocol messages (a move, a take-back, a burn-in claim, the coach); the host's
answers come back as the door's events when they arrive (``docs/own_device.md`` maps each):

* a ``state`` after this seat's move: :class:`~palace_tui.table.door.Moved` (``person``), with
  the cards it drew (its own hand before and after: only its own cards);
* a ``state`` after another seat's move (a person elsewhere, the host's computers):
  :class:`~palace_tui.table.door.Moved` (not ``person``); after a take-back (the events went
  back): :class:`~palace_tui.table.door.TakenBack`; after this seat's claim of a burn:
  :class:`~palace_tui.table.door.BurnedIn`;
* ``refused``: :class:`~palace_tui.table.door.Refused` (a move), :class:`~palace_tui.table.door.Said`
  (a take-back), :class:`~palace_tui.table.door.BurnInRefused` (a claim), an empty
  :class:`~palace_tui.table.door.CoachAdvised` (the coach);
* ``advice``: :class:`~palace_tui.table.door.CoachAdvised`; ``results``: the game's last move
  (held back until the results are in, so the results can be shown at once).

One person sits at this device: its cards are always up (no pass screen), the turn's step is
``ACT`` when this seat is to act and ``WATCH`` otherwise. The host plays the computers and runs
the coach, so both thinkers are None.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable

from palace_tui.net.client import Closed, Connection
from palace_tui.net.protocol import (
    AdviceUpdate,
    AgainRequest,
    BurnInRequest,
    CoachRequest,
    GameFileUpdate,
    JoinRequest,
    LeaveRequest,
    Message,
    MoveRequest,
    NoteUpdate,
    RefusedUpdate,
    ResultsUpdate,
    ReviewRequest,
    StateUpdate,
    TakeBackRequest,
)
from palace_tui.net.remote_state import RemoteState
from palace_tui.rules import Card, Event, Move, Rules, SeatView
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
    Step,
    TableEvent,
    TableInfo,
    TakeBack,
    TakeBackNow,
    TakenBack,
    Turn,
    WhyNot,
)
from palace_tui.words import burn_in as burn_in_words
from palace_tui.words import remote as words
from palace_tui.words import take_back as take_back_words

__all__ = ["RemoteTable"]

#: Event kinds that make a move a player could take back (what the take-back's sentence names).
_UNDOABLE = ("played", "took")


class RemoteTable:
    """The table of the room this ``connection`` joined (a :class:`~palace_tui.table.door.TableDoor`).

    Open one with :meth:`join` (it waits for the welcome and the first state), then run
    :meth:`run` in the app's loop: it reads the host's updates until the connection ends.
    """

    def __init__(self, connection: Connection, state: RemoteState | None = None) -> None:
        self.connection = connection
        #: Everything this device knows of its table, from the host's updates alone.
        self.state = state if state is not None else RemoteState()
        self._listener: Listener | None = None
        #: The request this device is waiting on an answer to (``move``, ``take_back``, ``burn_in``).
        self._asked: str | None = None
        #: A burn-in question is up on this device's screen (a claim not yet answered).
        self._offer_up = False
        #: The game's last move, told once the results are in.
        self._over: TableEvent | None = None
        #: The index the next event will get, as of the latest state.
        self._end = 0
        self._rules: Rules | None = None
        self._sending: set[asyncio.Task[None]] = set()
        #: Why the connection ended (None: still open).
        self.closed: str | None = None
        #: Told each note the host sends every device (someone left and a computer plays for them).
        self.on_note: Callable[[str], None] | None = None
        #: Told the game file the host sends for a review (text, ""), or why not ("", reason).
        self.on_game_file: Callable[[str, str], None] | None = None

    @classmethod
    async def join(cls, url: str, request: JoinRequest, *, timeout: float = 10.0) -> RemoteTable:
        """Connect to ``url``, sit as ``request`` asks, and read up to the first state.
        :class:`~palace_tui.net.client.Closed` says why the host would not seat this device."""
        connection = await Connection.open(url, request, timeout=timeout)
        table = cls(connection)
        try:
            while table.state.view is None:
                table.take(await asyncio.wait_for(connection.receive(), timeout))
        except BaseException:
            await connection.close()
            raise
        return table

    async def run(self, on_closed: Callable[[str], None] | None = None) -> None:
        """Read the host's updates until the connection ends (``on_closed`` is told why)."""
        try:
            while True:
                self.take(await self.connection.receive())
        except Closed as closed:
            self.closed = closed.reason
        except (TimeoutError, OSError) as exc:
            self.closed = str(exc)
        if on_closed is not None:
            on_closed(self.closed or "")

    async def close(self, leave: bool = True) -> None:
        """Leave the room (the seat waits for this device's token) and close the connection."""
        if leave and self.closed is None:
            try:
                await self.connection.send(LeaveRequest())
            except (OSError, RuntimeError, ConnectionError):
                pass
        await self.connection.close()

    # ------------------------------------------------------------ what this device knows

    @property
    def seat(self) -> int | None:
        """This device's seat (None: it watches)."""
        return self.state.seat

    @property
    def token(self) -> str | None:
        """The seat's token: a join with it takes the same seat back."""
        welcome = self.state.welcome
        return None if welcome is None else welcome.token

    @property
    def results(self) -> ResultsUpdate | None:
        """The latest game's results (None while it is on)."""
        return self.state.results

    def rules(self) -> Rules:
        """The table's rules, read from the welcome's rules line."""
        if self._rules is None:
            welcome = self.state.welcome
            assert welcome is not None
            self._rules = Rules.from_line(welcome.rules)
        return self._rules

    # ------------------------------------------------------------ the door: reading

    def table(self) -> TableInfo:
        welcome = self.state.welcome
        assert welcome is not None
        humans, me = set(welcome.humans), self.seat
        seats = tuple(SeatInfo(name, i in humans, i == me, i == me) for i, name in enumerate(welcome.names))
        return TableInfo(self.rules(), seats)

    def view(self) -> SeatView:
        view = self.state.view
        assert view is not None
        return view

    def public(self) -> Public:
        state = self.state
        return Public(tuple(state.log_entries()), state.log_total, tuple(state.recent_events()), state.last)

    def now(self) -> Now:
        view, state = self.view(), self.state
        offered = state.take_back
        why, mine = self._take_back_words(offered)
        window = view.burn_in
        return Now(
            phase=str(view.phase),
            to_act=state.to_act,
            turn=self._turn(),
            moves=self._end,
            take_back=TakeBackNow(offered, why, mine),
            burn_in=None if window is None else BurnInWindow(*window),
        )

    def _turn(self) -> Turn:
        state, me = self.state, self.seat
        if state.to_act is None or self.view().phase == "over":
            return Turn(Step.OVER, None, None)
        return Turn(Step.ACT if state.to_act == me else Step.WATCH, state.to_act, me)

    def _take_back_words(self, offered: bool) -> tuple[str, bool]:
        """What u would undo, or why it can't; and whether the latest move is this seat's."""
        latest = self._latest_move()
        mine = bool(latest) and latest[0].seat == self.seat
        if offered:
            return take_back_words.offer(latest) if latest else take_back_words.NOTHING, True
        if not mine:
            return take_back_words.NOTHING_OF_YOURS, False
        kind = next((e.kind for e in latest if e.kind in take_back_words.REFUSALS), None)
        return (take_back_words.refusal(kind) if kind else take_back_words.NOTHING_OF_YOURS), True

    def _latest_move(self) -> list[Event]:
        """The public events of the latest move that played or took (what a take-back would undo)."""
        events = [e for _, e in self.state.events]
        for i in range(len(events) - 1, -1, -1):
            if events[i].kind in _UNDOABLE:
                seat = events[i].seat
                start = i
                while start > 0 and events[start - 1].seat == seat:
                    start -= 1
                return events[start:]
        return []

    # ------------------------------------------------------------ the door: thinkers (the host's)

    def computer_thinker(self) -> Callable[[], Move | None] | None:
        return None  # the host plays its computers: their moves come as Moved

    def coach_thinker(self, seat: int, work: int | None) -> Callable[[], CoachAdvised] | None:
        return None  # the host's coach answers AskCoach

    # ------------------------------------------------------------ the door: asking

    def listen(self, listener: Listener | None) -> None:
        self._listener = listener

    def _tell(self, event: TableEvent) -> None:
        if self._listener is not None:
            self._listener(event)

    def _send(self, message: Message) -> None:
        if self.closed is not None:
            return
        task = asyncio.get_running_loop().create_task(self._send_now(message))
        self._sending.add(task)  # held until sent: a task nobody holds may be collected half-done
        task.add_done_callback(self._sending.discard)

    async def sent(self) -> None:
        """Wait until every request asked so far has gone to the host."""
        while self._sending:
            await asyncio.gather(*self._sending, return_exceptions=True)

    async def _send_now(self, message: Message) -> None:
        try:
            await self.connection.send(message)
        except (OSError, RuntimeError, ConnectionError):
            pass  # the reader hears the connection end and says so

    def send(self, request: Request) -> None:
        match request:
            case Start():
                self._tell(Followed(self._turn(), first=True))
            case EndTurn() | Passed():
                self._tell(Followed(self._turn()))
            case MakeMove(move=move):
                self._asked = "move"
                self._send(MoveRequest(move.code()))
            case TakeBack():
                self._asked = "take_back"
                self._send(TakeBackRequest())
            case OfferBurnIn():
                self._offer_burn_in()
            case ClaimBurnIn():
                self._asked = "burn_in"
                self._send(BurnInRequest())
            case AskCoach():
                self._send(CoachRequest())
            case Abandon():
                self._tell(Said(words.HOST_ENDS_LABEL, words.ONLY_HOST_ABANDONS, asked=request.kind))
            case WhyNot() | ExplainPile() | ComputerMove():
                pass  # the engine's sentences need the game, which only the host holds

    def again(self) -> None:
        """The game is over: ask the host for the next deal at the same table."""
        self._send(AgainRequest())

    def ask_review(self) -> None:
        """The game is over: ask the host for its game file (told to :attr:`on_game_file`)."""
        self._send(ReviewRequest())

    def _offer_burn_in(self) -> None:
        view, me = self.view(), self.seat
        if view.burn_in is None or not self.state.burn_in or me is None:
            self._tell(BurnInDeclined())
            return
        rank, _missing = view.burn_in
        question = burn_in_words.burn_in_question(rank, self.rules().burn)
        self._offer_up = True
        self._tell(BurnInAsked(question, ((me, self.table().seats[me].name),)))

    # ------------------------------------------------------------ the host's answers

    def take(self, update: Message) -> None:
        """One update from the host, in order: keep it, and tell the screen what it changed."""
        if isinstance(update, StateUpdate):
            self._state(update)
            return
        self.state.apply(update)
        if isinstance(update, RefusedUpdate):
            self._refused(update)
        elif isinstance(update, AdviceUpdate) and self.seat is not None:
            self._tell(CoachAdvised(self.seat, Move.from_code(update.move), update.reason))
        elif isinstance(update, NoteUpdate) and self.on_note is not None:
            self.on_note(update.text)
        elif isinstance(update, GameFileUpdate) and self.on_game_file is not None:
            self.on_game_file(update.text, "")
        elif isinstance(update, ResultsUpdate):
            over, self._over = self._over, None
            self._tell(over if over is not None else Followed(self._turn()))

    def _refused(self, refused: RefusedUpdate) -> None:
        me = self.seat
        if refused.request == "move":
            self._asked = None
            self._tell(Refused(refused.reason))
        elif refused.request == "take_back":
            self._asked = None
            self._tell(Said(take_back_words.NAME, refused.reason, asked="take_back"))
        elif refused.request == "burn_in" and me is not None:
            self._asked = None
            self._tell(BurnInRefused(me, refused.reason))
        elif refused.request == "coach" and me is not None:
            self._tell(CoachAdvised(me, None, "", error=refused.reason))
        elif refused.request == "review" and self.on_game_file is not None:
            self.on_game_file("", refused.reason)

    def _state(self, update: StateUpdate) -> None:
        state, me = self.state, self.seat
        new_game = state.game not in (0, update.game)
        first = update.events[0].index if update.events else update.events_end
        went_back = not new_game and first < self._end
        undone = [e for i, e in state.events if i >= first]
        had_view = state.view is not None
        hand_before = Counter(state.view.hand) if state.view is not None else Counter[Card]()
        asked, self._asked = self._asked, None
        state.apply(update)
        self._end = update.events_end
        turn = self._turn()
        events = tuple(e.to_event() for e in update.events)
        event: TableEvent
        if new_game or not had_view:
            event = Followed(turn)
        elif went_back:
            mover = next((e.seat for e in undone if e.seat is not None), me)
            assert mover is not None
            what = take_back_words.undone(undone) if any(e.kind in _UNDOABLE for e in undone) else ""
            if mover != me:
                what = words.undone_by(state.welcome.names[mover] if state.welcome else "", what)
            event = TakenBack(mover, what, turn)
        elif not events:
            event = Followed(turn)
        elif asked == "burn_in" and any(e.kind == "burned_in" and e.seat == me for e in events) and me is not None:
            event = BurnedIn(me, events, turn)
        else:
            mover = next((e.seat for e in events if e.seat is not None), state.to_act)
            person = mover == me and asked == "move"
            drawn = tuple((Counter(self.view().hand) - hand_before).elements()) if person else ()
            event = Moved(mover if mover is not None else 0, events, turn, person=person, drawn=drawn)
        if self._offer_up and not isinstance(event, BurnedIn) and me is not None and asked != "burn_in":
            # The burn this device was asked about went by (someone moved first): the question says so.
            self._offer_up = False
            self._tell(BurnInRefused(me, words.BURN_GONE))
        if isinstance(event, BurnedIn):
            self._offer_up = False
        if turn.step == Step.OVER and state.results is None:
            self._over = event  # told with the results, which follow at once
            return
        self._tell(event)

    def results_lines(self) -> list[str]:
        """The latest results in sentences (who went out in which place, the loser, the points)."""
        welcome, results = self.state.welcome, self.state.results
        if welcome is None or results is None:
            return []
        return words.results_lines(
            list(welcome.names),
            list(results.order),
            results.loser,
            list(results.points),
            results.abandoned,
            self.rules(),
        )
