"""One table shared by several devices: who sits where, and which requests each may make.

A :class:`Room` owns a :class:`~palace_tui.table.session.Session` (the game, its history,
its autosave) and the devices connected to it, each a :class:`Link` (the server's websocket,
a test's fake). It has no network code: the server hands it requests already read by
:mod:`~palace_tui.net.protocol`, and the room answers through each link's ``send``.

What it guarantees:

* a device's updates are built from its seat's :meth:`Game.view` and the public history,
  a watcher's from the public part of a view; the ``Game`` itself never leaves the room;
* a device acts only for the seat it joined (its moves, take-backs, burn-ins, coach); a move
  is played only if the engine takes it, else the engine's sentence goes back;
* seats are held by tokens (:mod:`secrets`): a rejoin with the token gets the same seat and
  the same view; a join by name never takes a seat whose token is out;
* computer seats play themselves (:meth:`Room.run`), after ``ai_delay`` seconds;
* a person's seat whose device has gone waits for it; after ``grace`` seconds (0: never) a
  computer of the seat's level plays it (a *stand-in*) and every device is told so; the person's
  token takes the seat back at once, and a move the computer was still choosing is dropped.

>>> from palace_tui.net.protocol import JoinRequest
>>> from palace_tui.table.session import SeatConfig, Session
>>> from palace_tui.rules import Rules
>>> session = Session.new([SeatConfig("Ann"), SeatConfig("Ben")], Rules.preset("palace"), seed=1)
>>> room = Room("KX4P2M", session)
>>> link = ListLink()
>>> seat = room.join(link, JoinRequest("KX4P2M", name="Ben"))
>>> seat, [m["type"] for m in link.messages()]
(1, ['welcome', 'seats', 'state'])
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from palace_tui.net.protocol import (
    AdviceUpdate,
    AgainRequest,
    BurnInRequest,
    CoachRequest,
    ErrorUpdate,
    GameFileUpdate,
    JoinRequest,
    LeaveRequest,
    Message,
    MoveRequest,
    NoteUpdate,
    RefusedUpdate,
    ResultsUpdate,
    ReviewRequest,
    SeatsUpdate,
    TakeBackRequest,
    WelcomeUpdate,
    encode,
)
from palace_tui.net.state_texts import StateTexts
from palace_tui.rules import IllegalMove, Move, MoveKind
from palace_tui.rules.gamefile import format_game
from palace_tui.table import burn_ins
from palace_tui.table.session import Session
from palace_tui.words import log_sentence
from palace_tui.words import remote as words


class Link(Protocol):
    """One device's connection, as a room sees it."""

    def send(self, text: str) -> None:
        """Queue one update (a JSON text) for the device, in order."""
        ...

    def close(self, reason: str) -> None:
        """Send ``reason`` as the last update and close the connection."""
        ...


class ListLink:
    """A link that keeps what it is sent (for tests and doctests)."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: str | None = None

    def send(self, text: str) -> None:
        self.sent.append(text)

    def close(self, reason: str) -> None:
        self.sent.append(encode(ErrorUpdate(reason)))
        self.closed = reason

    def messages(self) -> list[dict[str, Any]]:
        """What was sent, read back as JSON."""
        return [json.loads(t) for t in self.sent]


class Refusal(Exception):
    """A request the room will not carry out; ``close`` when the connection must end too."""

    def __init__(self, reason: str, *, close: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.close = close


@dataclass
class Member:
    """A connected device: its seat (None: a watcher) and the next event index it has not been sent."""

    link: Link
    seat: int | None
    next_event: int = 0
    game: int = -1
    coaching: bool = False


#: Sees every update as the room queues it: the member it goes to and the text (a test's tap).
Tap = Callable[[Member, str], None]


@dataclass
class Room:
    """One table in one process: its session, its seat tokens and its connected devices."""

    code: str
    session: Session
    #: Seat to its token, for every seat a device has taken.
    tokens: dict[int, str] = field(default_factory=dict)
    #: Seconds a computer waits before playing.
    ai_delay: float = 0.6
    #: Called after the tokens change (the host saves the room beside the game).
    on_tokens: Callable[[Room], None] | None = None
    #: Called once when a game ends (the host records it and clears the save).
    on_over: Callable[[Session], None] | None = None
    #: Called after anything changes that the host's own screen shows (who is here, whose turn).
    on_change: Callable[[Room], None] | None = None
    #: Sees every update queued (tests prove privacy with it).
    tap: Tap | None = None
    #: The coach's search budget (None: hard's own).
    coach_work: int | None = None
    #: Seconds a person's seat waits for its device to come back before a computer plays it (0: never).
    grace: float = 0.0
    #: Called with each note every device is sent (the host's terminal says it too).
    on_note: Callable[[str], None] | None = None
    members: list[Member] = field(default_factory=list)
    #: People's seats a computer plays while their device is away (after the grace time).
    stand_ins: set[int] = field(default_factory=set)
    closed: bool = False
    #: Goes up on every change to the game: a computer's choice made before a change is dropped.
    version: int = 0
    _wake: asyncio.Event | None = field(default=None, repr=False)
    _thinking: set[asyncio.Task[None]] = field(default_factory=set, repr=False)
    _timers: dict[int, asyncio.TimerHandle] = field(default_factory=dict, repr=False)

    # ------------------------------------------------------------ who is here

    def seated(self, seat: int) -> Member | None:
        """The device holding ``seat`` now, if any."""
        return next((m for m in self.members if m.seat == seat), None)

    def member(self, link: Link) -> Member | None:
        """The member connected through ``link``."""
        return next((m for m in self.members if m.link is link), None)

    @property
    def present(self) -> tuple[bool, ...]:
        """For each seat: a computer, or a person whose device is connected."""
        s = self.session
        return tuple(not s.is_human(i) or self.seated(i) is not None for i in range(len(s.seats)))

    @property
    def waiting_for(self) -> list[int]:
        """The people's seats with no device connected."""
        return [i for i, here in enumerate(self.present) if not here]

    @property
    def stand_in(self) -> tuple[bool, ...]:
        """For each seat: a computer plays it while its person is away."""
        return tuple(i in self.stand_ins for i in range(len(self.session.seats)))

    @property
    def watchers(self) -> int:
        return sum(1 for m in self.members if m.seat is None)

    # ------------------------------------------------------------ joining and leaving

    def join(self, link: Link, request: JoinRequest) -> int | None:
        """Seat ``link`` as ``request`` asks (the room code already checked); returns its seat (None:
        it watches). Refusal (closing) says why not."""
        if self.closed:
            raise Refusal(words.ROOM_CLOSED, close=True)
        if self.member(link) is not None:
            raise Refusal(words.JOINED_ALREADY, close=True)
        seat: int | None
        if request.watch:
            seat = None
        elif request.token is not None:
            seat = self._seat_of_token(request.token)
        elif request.name is not None:
            seat = self._seat_named(request.name)
        else:
            seat = self._free_seat()
        token = None
        back = False
        if seat is not None:
            self._cancel_grace(seat)
            back = seat in self.stand_ins
            self.stand_ins.discard(seat)  # the computer stops: a move it is still choosing is dropped
            old = self.seated(seat)
            if old is not None:
                self.members.remove(old)
                old.link.close(words.OPENED_ELSEWHERE)
            token = self.reserve(seat)
        member = Member(link, seat)
        self.members.append(member)
        s = self.session
        self._send(
            member,
            WelcomeUpdate(self.code, seat, token, tuple(s.names), tuple(s.humans), s.rules.line(), s.game_number + 1),
        )
        self._presence()
        self._send_state(member)
        if s.game.phase == "over":
            self._send(member, _results(s))
        if back and seat is not None:
            self._note(words.back_again(s.names[seat]))
        return seat

    def reserve(self, seat: int) -> str:
        """``seat``'s token, made now if no device has taken the seat yet. A join by name no longer
        takes it; a join with the token does (the phone's door keeps a browser's token on disk
        before its game joins with it)."""
        if seat not in self.tokens:
            self.tokens[seat] = secrets.token_urlsafe(24)
            if self.on_tokens is not None:
                self.on_tokens(self)
        return self.tokens[seat]

    def _seat_of_token(self, token: str) -> int:
        for seat, held in self.tokens.items():
            if secrets.compare_digest(held.encode(), token.encode()):
                return seat
        raise Refusal(words.UNKNOWN_TOKEN, close=True)

    def _seat_named(self, name: str) -> int:
        s = self.session
        for seat, seat_name in enumerate(s.names):
            if seat_name.casefold() == name.strip().casefold():
                if not s.is_human(seat):
                    raise Refusal(words.computer_seat(seat_name), close=True)
                if seat in self.tokens:
                    raise Refusal(words.seat_taken(seat_name), close=True)
                return seat
        raise Refusal(words.no_such_seat(name.strip()[:40]), close=True)

    def _free_seat(self) -> int:
        for seat in self.session.humans:
            if seat not in self.tokens:
                return seat
        raise Refusal(words.NO_FREE_SEAT, close=True)

    def drop(self, link: Link) -> None:
        """``link``'s connection is gone: its seat waits for it (the token still rejoins)."""
        member = self.member(link)
        if member is not None:
            self.members.remove(member)
            self._presence()
            self._gone(member.seat)

    def free(self, seat: int) -> None:
        """The host gives ``seat`` back: its device is let go and its token no longer rejoins."""
        member = self.seated(seat)
        if member is not None:
            self.members.remove(member)
            member.link.close(words.SEAT_FREED)
        if self.tokens.pop(seat, None) is not None and self.on_tokens is not None:
            self.on_tokens(self)
        self._presence()
        if member is not None:
            self._gone(seat)

    def close(self, reason: str = words.ROOM_CLOSED) -> None:
        """Close the room: every device is told why and let go; the game stays saved."""
        self.closed = True
        for seat in list(self._timers):
            self._cancel_grace(seat)
        for member in list(self.members):
            member.link.close(reason)
        self.members.clear()
        self._wake_up()

    # ------------------------------------------------------------ requests

    def handle(self, link: Link, request: Message) -> None:
        """Carry out a joined device's request; Refusal says why not (closing for a watcher's move)."""
        member = self.member(link)
        if member is None:
            raise Refusal(words.JOIN_FIRST, close=True)
        if isinstance(request, LeaveRequest):
            self.drop(link)
            return
        if isinstance(request, JoinRequest):
            raise Refusal(words.JOINED_ALREADY, close=True)
        seat = member.seat
        if seat is None:
            raise Refusal(words.WATCHERS_WATCH, close=True)
        if isinstance(request, MoveRequest):
            self._move(seat, Move.from_code(request.move))
        elif isinstance(request, TakeBackRequest):
            self._take_back(seat)
        elif isinstance(request, BurnInRequest):
            self._burn_in(seat)
        elif isinstance(request, CoachRequest):
            self._coach(member)
        elif isinstance(request, AgainRequest):
            if self.session.game.phase != "over":
                raise Refusal(words.NOT_OVER)
            self.session.play_again()
            self._changed()
        elif isinstance(request, ReviewRequest):
            self._send(member, GameFileUpdate(self._game_file()))

    def _game_file(self) -> str:
        """The game just over as a game file: every card in it, so never while it is on."""
        s = self.session
        if s.game.phase != "over":
            raise Refusal(words.NOT_OVER_REVIEW)
        if s.history is None or s.deck is None:
            raise Refusal(words.NOTHING_TO_REVIEW)
        return format_game(s.game_record(), say=log_sentence)

    def _move(self, seat: int, move: Move) -> None:
        s = self.session
        if move.kind == MoveKind.BURN_IN:
            raise Refusal(words.BURN_IN_OWN)
        if s.to_act != seat:
            if s.to_act is None:
                raise Refusal("The game is over: no more moves.")
            raise Refusal(words.not_your_turn(s.names[s.to_act]))
        try:
            s.play_human(move)
        except IllegalMove as exc:
            raise Refusal(str(exc)) from None
        self._changed()

    def may_take_back(self, seat: int) -> bool:
        """Whether ``seat`` may take its latest move back now."""
        s = self.session
        return s.takeback.seat == seat and s.game.phase != "setup" and s.take_back_status()[0]

    def _take_back(self, seat: int) -> None:
        s = self.session
        if not self.may_take_back(seat):
            ok, why = s.take_back_status()
            raise Refusal(why if s.takeback.seat == seat and not ok else words.NOT_YOURS_TO_TAKE_BACK)
        s.take_back()
        self._changed()

    def may_burn_in(self, seat: int) -> bool:
        """Whether ``seat`` may claim the burn now (public facts: the window is open, it may claim)."""
        return burn_ins.open_window(self.session) and seat in burn_ins.claimants(self.session)

    def _burn_in(self, seat: int) -> None:
        if not self.may_burn_in(seat):
            raise Refusal(words.NO_BURN_IN)
        why = burn_ins.refusal(self.session, seat)
        if why is not None:
            raise Refusal(why)
        burn_ins.burn_in(self.session, seat)
        self._changed()

    def _coach(self, member: Member) -> None:
        s = self.session
        if s.to_act != member.seat or member.seat is None:
            raise Refusal(words.COACH_ON_TURN)
        if member.coaching:
            raise Refusal(words.COACH_BUSY)
        member.coaching = True
        seat, game, events, version = member.seat, s.game.copy(), s.public_events(), self.version

        def think() -> tuple[str, str]:
            from palace_tui.ai.coach import advise

            advice = advise(game, seat, work=self.coach_work, events=events)
            return advice.move.code(), advice.reason

        async def answer() -> None:
            try:
                move, reason = await asyncio.to_thread(think)
            finally:
                member.coaching = False
            if self.version == version and member in self.members:
                self._send(member, AdviceUpdate(move, reason))

        task = asyncio.get_running_loop().create_task(answer())
        self._thinking.add(task)  # held until done: the loop keeps only a weak reference
        task.add_done_callback(self._thinking.discard)

    # ------------------------------------------------------------ after a change

    def _changed(self) -> None:
        """The game changed: computers claim an open burn, then every device gets its update."""
        s = self.session
        self.version += 1
        while s.game.phase == "play" and burn_ins.open_window(s):
            seat = burn_ins.computer_claim(s)
            if seat is None:
                break
            burn_ins.burn_in(s, seat)
        if self.members:
            # What every device's state shares, written once for them all, and each seat's own view.
            texts = StateTexts(s, (m.seat for m in self.members if m.seat is not None))
            for member in self.members:
                self._send_state(member, texts)
        if s.game.phase == "over" and not s.recorded:
            if self.on_over is not None:
                self.on_over(s)
            s.recorded = True
            self._send_all(_results(s))
        if self.on_change is not None:
            self.on_change(self)
        self._wake_up()

    def _presence(self) -> None:
        self._send_all(SeatsUpdate(self.present, self.watchers, self.stand_in))
        if self.on_change is not None:
            self.on_change(self)

    def _send_state(self, member: Member, texts: StateTexts | None = None) -> None:
        """Send ``member`` its ``state``: its seat's view (a watcher's: the public view) and the
        events it has not had; ``texts`` holds the part every device shares (built once per change)."""
        s = self.session
        if texts is None:
            texts = StateTexts(s, () if member.seat is None else (member.seat,))
        if member.game != s.game_number:
            member.game, member.next_event = s.game_number, 0
        start = min(member.next_event, texts.end)
        member.next_event = texts.end
        seat = member.seat
        if seat is None:
            text = texts.watcher(start)
        else:
            text = texts.device(seat, start, self.may_take_back(seat), self.may_burn_in(seat))
        self._send_text(member, text)

    def _send(self, member: Member, message: Message) -> None:
        self._send_text(member, encode(message))

    def _send_all(self, message: Message) -> None:
        """Send ``message`` to every device (written once)."""
        text = encode(message)
        for member in self.members:
            self._send_text(member, text)

    def _send_text(self, member: Member, text: str) -> None:
        if self.tap is not None:
            self.tap(member, text)
        member.link.send(text)

    def refuse(self, link: Link, request: str, refusal: Refusal) -> None:
        """Tell ``link`` why its request was refused (and close it if the refusal says so)."""
        member = self.member(link)
        if refusal.close:
            if member is not None:
                self.members.remove(member)
                self._presence()
                self._gone(member.seat)
            link.close(refusal.reason)
        elif member is not None:
            self._send(member, RefusedUpdate(request, refusal.reason))

    # ------------------------------------------------------------ a seat whose device has gone

    def _gone(self, seat: int | None) -> None:
        """``seat``'s device went: after the grace time a computer plays it, unless it is back first."""
        if seat is None or self.closed or self.grace <= 0 or seat in self.stand_ins or seat in self._timers:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop (a test's room without one): nothing plays the seats anyway
        self._timers[seat] = loop.call_later(self.grace, self.stand_in_for, seat)

    def _cancel_grace(self, seat: int) -> None:
        timer = self._timers.pop(seat, None)
        if timer is not None:
            timer.cancel()

    def stand_in_for(self, seat: int) -> None:
        """The grace time is over: a computer plays ``seat`` until its person rejoins (every device
        is told). Nothing happens if a device holds the seat again or it is a computer's."""
        self._cancel_grace(seat)
        s = self.session
        if self.closed or seat in self.stand_ins or self.seated(seat) is not None or not s.is_human(seat):
            return
        self.stand_ins.add(seat)
        self._presence()
        self._note(words.stood_in(s.names[seat]))
        self._wake_up()

    def _note(self, text: str) -> None:
        self._send_all(NoteUpdate(text))
        if self.on_note is not None:
            self.on_note(text)

    # ------------------------------------------------------------ the computers

    def _wake_up(self) -> None:
        if self._wake is not None:
            self._wake.set()

    def computer_to_act(self) -> bool:
        """Whether the seat to act is played by the computer (its own, or a stand-in for a person away)."""
        s = self.session
        to_act = s.to_act
        return not self.closed and to_act is not None and (not s.is_human(to_act) or to_act in self.stand_ins)

    async def run(self) -> None:
        """Play the computer seats whenever they are to act, until the room closes."""
        self._wake = asyncio.Event()
        self._wake.set()
        for seat in sorted(self.tokens):
            if self.seated(seat) is None:
                self._gone(seat)  # a resumed room: a seat that held a device waits its grace time for it
        while not self.closed:
            await self._wake.wait()
            self._wake.clear()
            while self.computer_to_act():
                version = self.version
                if self.ai_delay:
                    await asyncio.sleep(self.ai_delay)
                if self.version != version or not self.computer_to_act():
                    continue  # a take-back or a burn-in came first: look again
                chooser = self.session.computer_chooser()
                level = self.session.seats[self.session.game.turn].level
                move = chooser() if level == "random" else await asyncio.to_thread(chooser)
                if self.version != version or not self.computer_to_act():
                    continue
                self.session.play_computer(move)
                self._changed()


def _results(session: Session) -> ResultsUpdate:
    outcome = session.game.outcome()
    assert outcome is not None
    return ResultsUpdate(outcome.order, outcome.winner, outcome.loser, tuple(outcome.points), outcome.abandoned)
