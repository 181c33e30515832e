"""Several seats on one joined device, behind one table's door: ``palace join CODE --seat Ann --seat Ben``.

Ann and Ben pass the laptop; Cy plays on her phone; Dee is a computer. The host sees two devices
(one connection a seat, each with its own token, as if Ann and Ben had a terminal each) and this
device combines them: :class:`RemoteSeats` is a :class:`~palace_tui.table.door.TableDoor` over one
:class:`~palace_tui.net.remote_table.RemoteTable` a seat. The screen is the hot seat's table
screen, and whose cards are up is decided as at the hot seat, by a
:class:`~palace_tui.table.turn_flow.TurnFlow` whose people are this device's seats:

* **PASS** before each of this device's seats acts (the opaque pass screen names it), then
  **ACT** with that seat's own view (the view its own connection was sent, and no other);
* **RESULT** after its move: the mover sees what the move did until Enter, then the table goes dark;
* **WATCH** while a seat on another device or a computer acts: the public table, nobody's hand.

Each connection is sent a ``state`` for every change of the game, so the door waits until every
connection has had it (their public parts agree) and only then tells the screen what changed
(``settled``): the screen never draws one seat's view of a newer table beside another's of an
older one. A change this device did not make while a seat's cards are up (a device elsewhere
took its move back) hands the table on at once (:meth:`TurnFlow.hand_on`), except that the
mover's own result step stays until Enter, and a pass screen up for the seat still to act stays up.

>>> from palace_tui.table.turn_flow import TurnFlow
>>> flow = TurnFlow(humans={0, 1})  # Ann and Ben here; Cy (2) elsewhere, Dee (3) a computer
>>> flow.start(to_act=2), flow.hand_on(0)
(Turn(step=<Step.WATCH: 'watch'>, seat=2, shown=None), Turn(step=<Step.PASS: 'pass'>, seat=0, shown=None))
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from palace_tui.net.client import Closed
from palace_tui.net.protocol import Message, ResultsUpdate, StateUpdate
from palace_tui.net.remote_table import RemoteTable
from palace_tui.rules import Move, SeatView
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
    public_view,
)
from palace_tui.table.turn_flow import TurnFlow
from palace_tui.words import burn_in as burn_in_words
from palace_tui.words import remote as words
from palace_tui.words import take_back as take_back_words

__all__ = ["RemoteSeats"]

#: The events a ``state`` (or the ``results`` after it) makes a member tell: one per change of the game.
_CHANGES = (Moved, TakenBack, BurnedIn, Followed)
_Change = Moved | TakenBack | BurnedIn | Followed


@dataclass(frozen=True)
class _Settled:
    """The table as every connection of this device last agreed on it."""

    #: Each seat's own view, as its own connection was sent it.
    views: dict[int, SeatView]
    public: Public
    phase: str
    to_act: int | None
    moves: int
    burn_in: BurnInWindow | None
    #: Each seat's take-back, as the host offers it to that seat.
    take_back: dict[int, TakeBackNow]
    #: The seats the host lets claim the open burn.
    may_burn_in: frozenset[int]


class RemoteSeats:
    """This device's seats at a host's table (:class:`~palace_tui.table.door.TableDoor`), one
    connection each. Open one with :meth:`RemoteTable.join` for each seat, then run :meth:`run`."""

    def __init__(self, members: Sequence[RemoteTable]) -> None:
        assert len(members) >= 2 and all(m.seat is not None for m in members)
        #: One joined table a seat, in seat order.
        self.members = sorted(members, key=lambda m: m.seat or 0)
        self._by_seat: dict[int, RemoteTable] = {m.seat: m for m in self.members if m.seat is not None}
        #: Whose cards are up on this device, step by step (the hot seat's flow, its people this device's seats).
        self.flow = TurnFlow(humans=set(self._by_seat))
        self._listener: Listener | None = None
        #: Each member's changes heard since the connections last agreed.
        self._pending: dict[int, list[_Change]] = {seat: [] for seat in self._by_seat}
        for seat, member in self._by_seat.items():
            member.listen(functools.partial(self._heard, seat))
        self._settled = self._settle_now()
        #: The states each connection has had since they first agreed (then every change goes to each).
        self._states: dict[int, int] | None = None
        #: The screen asked to start before the connections agreed (answered when they do).
        self._start_asked = False
        #: The move this device sent last: (seat, kind, the phase it was sent in).
        self._moving: tuple[int, str, str] | None = None
        #: The seat whose move this device made and whose turn has not ended (u may undo it).
        self._undo_seat: int | None = None
        #: The seats a burn-in question on the screen was put to (until it is claimed or goes by).
        self._offered: list[int] = []
        #: Why the connections ended (None: open).
        self.closed: str | None = None
        #: Told each note the host sends (someone left and a computer plays for them, or is back).
        self.on_note: Callable[[str], None] | None = None
        self.members[0].on_note = self._note  # every connection is sent the same notes: one tells them

    # ------------------------------------------------------------ what this device holds

    @property
    def seats(self) -> list[int]:
        """This device's seats, in seat order."""
        return list(self._by_seat)

    @property
    def tokens(self) -> dict[int, str | None]:
        """Each seat's token (a join with it takes the seat back)."""
        return {seat: m.token for seat, m in self._by_seat.items()}

    @property
    def results(self) -> ResultsUpdate | None:
        """The latest game's results (None while it is on)."""
        return self.members[0].results

    def results_lines(self) -> list[str]:
        """The latest results in sentences."""
        return self.members[0].results_lines()

    # ------------------------------------------------------------ reading and settling the connections

    async def run(self, on_closed: Callable[[str], None] | None = None) -> None:
        """Read every connection's updates until one of them ends (``on_closed`` is told why)."""
        readers = [asyncio.get_running_loop().create_task(self._read(m)) for m in self.members]
        try:
            done, _ = await asyncio.wait(readers, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for reader in readers:
                reader.cancel()
        self.closed = next(iter(done)).result()
        if on_closed is not None:
            on_closed(self.closed)

    async def _read(self, member: RemoteTable) -> str:
        try:
            while True:
                update = await member.connection.receive()
                assert member.seat is not None
                self.take(member.seat, update)
        except Closed as closed:
            member.closed = closed.reason
        except (TimeoutError, OSError) as exc:
            member.closed = str(exc)
        return member.closed or ""

    def take(self, seat: int, update: Message) -> None:
        """One update from the host to ``seat``'s connection, in order: kept by that seat's member;
        once every connection has had the same change, the screen is told what it did."""
        self._by_seat[seat].take(update)
        if self._states is not None and isinstance(update, StateUpdate):
            self._states[seat] += 1
        if not self._agreed():
            return
        if self._states is None:
            self._states = dict.fromkeys(self._by_seat, 0)
        if self._start_asked:
            # The screen came up while a connection still caught up on what it missed before the
            # others joined: it starts from the table they all agree on.
            self._start_asked = False
            self._pending = {s: [] for s in self._by_seat}
            self._settled = self._settle_now()
            self._tell(Followed(self.flow.start(self._settled.to_act), first=True))
            return
        if not any(self._pending.values()):
            return
        changes = self._pending
        self._pending = {s: [] for s in self._by_seat}
        self._settled = self._settle_now()
        if self.flow.turn.step == Step.START:
            return  # the screen has not started: it reads the settled table when it does
        # The last changes of each connection are the same changes (a connection joined earlier may
        # have had more before the others joined: those are the oldest).
        count = max(len(c) for c in changes.values())
        padded: dict[int, list[_Change | None]] = {s: [None] * (count - len(c)) + list(c) for s, c in changes.items()}
        for i in range(count):
            self._change([(s, e) for s, c in padded.items() if (e := c[i]) is not None])

    def _agreed(self) -> bool:
        """Whether every connection was sent the same table: the public part of the latest state
        and, once they have agreed, as many states (a take-back may bring back a table seen before)."""
        states = self._states
        keys = {(self._key(m), 0 if states is None else states[s]) for s, m in self._by_seat.items()}
        return len(keys) == 1

    @staticmethod
    def _key(member: RemoteTable) -> tuple[object, ...]:
        state, view = member.state, member.view()
        public = dataclasses.replace(public_view(view), seat=0, stage=view.phase)
        return (state.game, member.now().moves, state.to_act, state.results is not None, public)

    def _settle_now(self) -> _Settled:
        first = self.members[0]
        view, now = first.view(), first.now()
        return _Settled(
            views={seat: m.view() for seat, m in self._by_seat.items()},
            public=first.public(),
            phase=str(view.phase),
            to_act=first.state.to_act,
            moves=now.moves,
            burn_in=now.burn_in,
            take_back={seat: m.now().take_back for seat, m in self._by_seat.items()},
            may_burn_in=frozenset(seat for seat, m in self._by_seat.items() if m.state.burn_in),
        )

    def _heard(self, seat: int, event: TableEvent) -> None:
        """A member's event: a change of the game waits for every connection; an answer to this
        device's own request (a refusal, the coach) goes to the screen at once."""
        if isinstance(event, _CHANGES):
            self._pending[seat].append(event)
            return
        if isinstance(event, BurnInRefused) and event.seat in self._offered:
            self._offered.remove(event.seat)  # its claim was refused: the question has told it already
        self._tell(event)

    def _note(self, text: str) -> None:
        if self.on_note is not None:
            self.on_note(text)

    # ------------------------------------------------------------ the door: reading

    def table(self) -> TableInfo:
        welcome = self.members[0].state.welcome
        assert welcome is not None
        humans, here = set(welcome.humans), self._by_seat
        seats = tuple(SeatInfo(name, i in humans, i in here, i in here) for i, name in enumerate(welcome.names))
        return TableInfo(self.members[0].rules(), seats)

    def view(self) -> SeatView:
        shown, views = self.flow.turn.shown, self._settled.views
        if shown is not None and shown in views:
            return views[shown]
        return public_view(views[self.members[0].seat or 0])

    def public(self) -> Public:
        return self._settled.public

    def now(self) -> Now:
        settled, turn = self._settled, self.flow.turn
        shown = turn.shown
        own = settled.take_back.get(shown) if shown is not None else None
        offered = bool(own is not None and own.offered and shown == self._undo_seat and self.flow.offers_take_back())
        if own is None:
            take_back = TakeBackNow(False, take_back_words.NOTHING_OF_YOURS, False)
        elif offered or not own.offered:
            take_back = dataclasses.replace(own, offered=offered)
        else:  # the host would take it, but the turn that made it has ended here (the pass came)
            take_back = TakeBackNow(False, take_back_words.NOTHING_OF_YOURS, False)
        return Now(
            phase=settled.phase,
            to_act=settled.to_act,
            turn=turn,
            moves=settled.moves,
            take_back=take_back,
            burn_in=settled.burn_in,
        )

    def computer_thinker(self) -> Callable[[], Move | None] | None:
        return None  # the host plays its computers

    def coach_thinker(self, seat: int, work: int | None) -> Callable[[], CoachAdvised] | None:
        return None  # the host's coach answers AskCoach, from the asking seat's view

    # ------------------------------------------------------------ the door: asking

    def listen(self, listener: Listener | None) -> None:
        self._listener = listener

    def _tell(self, event: TableEvent) -> None:
        if self._listener is not None:
            self._listener(event)

    def send(self, request: Request) -> None:
        flow, settled = self.flow, self._settled
        match request:
            case Start() if not self._agreed():
                self._start_asked = True  # answered once every connection has caught up
            case Start():
                self._tell(Followed(flow.start(settled.to_act), first=True))
            case EndTurn():
                self._undo_seat = None
                self._tell(Followed(flow.end_turn(settled.to_act)))
            case Passed(seat=seat):
                self._undo_seat = None
                if flow.turn.step == Step.PASS and flow.turn.seat == seat:
                    self._tell(Followed(flow.passed()))
                elif flow.turn.shown in (None, seat):
                    self._tell(Followed(flow.turn))  # a pass the table had moved on from: its step as it is
                else:
                    # A pass screen for this seat while another's cards are up (a stale one): never
                    # those cards; the table goes dark and is passed to the seat to act.
                    self._tell(Followed(flow.hand_on(settled.to_act)))
            case MakeMove(move=move):
                shown = flow.turn.shown
                if shown is not None and flow.turn.step == Step.ACT:
                    self._moving = (shown, str(move.kind), settled.phase)
                    self._by_seat[shown].send(request)
            case TakeBack():
                shown = flow.turn.shown
                if shown is not None and self.now().take_back.offered:
                    self._by_seat[shown].send(request)
            case OfferBurnIn():
                self._offer_burn_in()
            case ClaimBurnIn(seat=seat) | AskCoach(seat=seat) if seat in self._by_seat:
                self._by_seat[seat].send(request)
            case Abandon():
                self._tell(Said(words.HOST_ENDS_LABEL, words.ONLY_HOST_ABANDONS, asked=request.kind))
            case ClaimBurnIn() | AskCoach() | WhyNot() | ExplainPile() | ComputerMove():
                pass  # another device's seat, or the engine's sentences (only the host holds the game)

    def again(self) -> None:
        """The game is over: ask the host for the next deal at the same table."""
        self.members[0].again()

    @property
    def on_game_file(self) -> Callable[[str, str], None] | None:
        """Told the game file for a review (one connection asks for it and is answered)."""
        return self.members[0].on_game_file

    @on_game_file.setter
    def on_game_file(self, told: Callable[[str, str], None] | None) -> None:
        self.members[0].on_game_file = told

    def ask_review(self) -> None:
        """The game is over: ask the host for its game file."""
        self.members[0].ask_review()

    async def close(self, leave: bool = True) -> None:
        """Leave with every seat (each waits for its token) and close the connections."""
        await asyncio.gather(*(m.close(leave) for m in self.members))

    async def sent(self) -> None:
        """Wait until every request asked so far has gone to the host."""
        await asyncio.gather(*(m.sent() for m in self.members))

    def _offer_burn_in(self) -> None:
        settled, table = self._settled, self.table()
        seats = len(table.seats)
        start = settled.to_act if settled.to_act is not None else 0
        direction = settled.views[self.seats[0]].direction
        order = [(start + k * direction) % seats for k in range(seats)]
        self._offered = [s for s in order if s in settled.may_burn_in]
        if settled.burn_in is None or not self._offered:
            self._offered = []
            self._tell(BurnInDeclined())
            return
        question = burn_in_words.burn_in_question(settled.burn_in.rank, table.rules.burn)
        self._tell(BurnInAsked(question, tuple((s, table.seats[s].name) for s in self._offered)))

    # ------------------------------------------------------------ one change, told once

    def _change(self, heard: list[tuple[int, _Change]]) -> None:
        """The members' events for one change of the game: the one that knows most is told."""
        events = [e for _, e in heard]
        mine = next((e for e in events if isinstance(e, Moved) and e.person), None)
        burned = next((e for e in events if isinstance(e, BurnedIn)), None)
        undone = [(s, e) for s, e in heard if isinstance(e, TakenBack)]
        if self._offered and burned is None:
            # The burn the question was about went by (someone moved first): the question says so.
            for seat in self._offered:
                self._tell(BurnInRefused(seat, words.BURN_GONE))
        self._offered = []
        if mine is not None:
            self._person_moved(mine)
        elif burned is not None:
            self._tell(BurnedIn(burned.seat, burned.events, self.flow.burned_in(_to_act(burned.turn))))
        elif undone:
            # The mover's own connection words it as "Undid ..."; the others as "Ann took back ...".
            taken = next((e for s, e in undone if s == e.seat), undone[0][1])
            self._taken_back(taken)
        elif isinstance(events[0], Moved):
            moved = events[0]
            self._tell(Moved(moved.seat, moved.events, self._elsewhere(_to_act(moved.turn)), person=False))
        else:
            self._tell(Followed(self._elsewhere(_to_act(events[0].turn))))

    def _person_moved(self, moved: Moved) -> None:
        """This device's person moved a seat of theirs (the seat whose cards are up)."""
        flow, settled = self.flow, self._settled
        to_act = _to_act(moved.turn)
        sent, self._moving = self._moving, None
        if flow.turn.shown != moved.seat:
            turn = self._elsewhere(to_act)  # not the seat on screen (cannot happen): nobody's cards
        else:
            setup_done = sent is not None and sent[2] == "setup" and sent[1] in ("ready", "choose")
            offer = settled.phase == "play" and settled.burn_in is not None
            turn = flow.after_move(moved.seat, to_act, setup_done=setup_done, offer=offer)
        self._undo_seat = moved.seat if turn.shown == moved.seat else None
        drawn = moved.drawn if turn.shown == moved.seat else ()
        self._tell(Moved(moved.seat, moved.events, turn, person=True, drawn=drawn))

    def _taken_back(self, taken: TakenBack) -> None:
        flow = self.flow
        self._undo_seat = None
        if taken.seat in self._by_seat and flow.turn.shown == taken.seat:
            turn = flow.taken_back(taken.seat)  # the mover's own u: their cards stay up, their turn again
        else:
            turn = self._elsewhere(_to_act(taken.turn))
        self._tell(TakenBack(taken.seat, taken.what, turn))

    def _elsewhere(self, to_act: int | None) -> Turn:
        """The step after a change this device's person did not make (another device's, a computer's)."""
        flow = self.flow
        step = flow.turn.step
        if to_act is None:
            return flow.over()
        if step in (Step.START, Step.OVER):
            return flow.start(to_act)  # the next deal
        if step == Step.RESULT:
            return flow.turn  # the mover still sees what their move did: Enter hands the table on
        if step == Step.PASS and flow.turn.seat == to_act:
            return flow.turn  # the pass screen for the seat to act stays up
        return flow.hand_on(to_act)


def _to_act(turn: Turn) -> int | None:
    """The seat to act in a member's turn (its turn's seat; None once the game is over)."""
    return None if turn.step == Step.OVER else turn.seat
