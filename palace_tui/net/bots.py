"""A scripted device: joins a room and plays its seat with moves chosen from what it was sent.

It knows only its own updates (its seat's view, the public events): it picks one of the
view's legal moves at random, and with the given odds takes a move back, claims an open
burn or asks the coach. The privacy tests and the load benchmark run tables of these.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from palace_tui.net.client import Closed, Connection
from palace_tui.net.protocol import (
    AdviceUpdate,
    AgainRequest,
    BurnInRequest,
    CoachRequest,
    JoinRequest,
    Message,
    MoveRequest,
    RefusedUpdate,
    ResultsUpdate,
    StateUpdate,
    TakeBackRequest,
    WelcomeUpdate,
)
from palace_tui.rules import Card


@dataclass
class Habits:
    """How often the bot does more than move (each a chance per chance to do it)."""

    take_back: float = 0.0
    burn_in: float = 1.0
    coach: float = 0.0
    #: Games to play before leaving (after the last one's results).
    games: int = 1


@dataclass
class Bot:
    """One scripted device and what it saw."""

    url: str
    join: JoinRequest
    rng: random.Random
    habits: Habits = field(default_factory=Habits)
    #: Called with every update as it arrives (the benchmark times them).
    on_update: Callable[[Bot, Message], None] | None = None
    #: Leave after this many of its own moves (a test's drop), 0: never.
    leave_after: int = 0
    #: Seconds to wait before each answer: a real host limits how fast one device may send.
    pace: float = 0.0
    seat: int | None = None
    token: str | None = None
    moves: int = 0
    #: The coach's answers received (each is played).
    advice: int = 0
    games: int = 0
    refusals: list[str] = field(default_factory=list)
    closed: str | None = None
    connection: Connection | None = None
    frames: list[str] = field(default_factory=list)

    async def play(self) -> None:
        """Join and play until the games are done, the connection closes or ``leave_after`` moves."""
        connection = self.connection = await Connection.open(self.url, self.join)
        connection.keep = True
        last_state: StateUpdate | None = None
        states = retried = 0
        try:
            while True:
                try:
                    update = await connection.receive()
                except Closed as closed:
                    self.closed = closed.reason
                    return
                if self.on_update is not None:
                    self.on_update(self, update)
                if isinstance(update, WelcomeUpdate):
                    self.seat, self.token = update.seat, update.token
                elif isinstance(update, ResultsUpdate):
                    self.games += 1
                    if self.games >= self.habits.games:
                        return
                    if self.seat == min(update.order or (0,)):
                        await connection.send(AgainRequest())
                elif isinstance(update, StateUpdate):
                    # The host sends a state only after a change: each is answered once.
                    last_state, states = update, states + 1
                    await self._act(connection, update)
                    if self.leave_after and self.moves >= self.leave_after:
                        return
                elif isinstance(update, AdviceUpdate):
                    self.advice += 1
                    await connection.send(MoveRequest(update.move))
                    self.moves += 1
                elif isinstance(update, RefusedUpdate):
                    self.refusals.append(update.reason)
                    # A race lost (the window shut, a move came first): just move, once per state.
                    if last_state is not None and retried != states:
                        retried = states
                        await self._act(connection, last_state, extras=False)
        finally:
            self.frames = connection.frames
            await connection.close()

    async def _act(self, connection: Connection, state: StateUpdate, extras: bool = True) -> None:
        """Answer one state: a claim, a take-back, the coach or a move."""
        if self.seat is None:
            return
        if self.pace:
            await asyncio.sleep(self.pace)
        if extras and state.burn_in and self._holds_burn(state) and self.rng.random() < self.habits.burn_in:
            await connection.send(BurnInRequest())
            return
        if extras and state.take_back and self.rng.random() < self.habits.take_back:
            await connection.send(TakeBackRequest())
            return
        if state.to_act != self.seat or not state.view.legal:
            return
        if extras and self.rng.random() < self.habits.coach:
            await connection.send(CoachRequest())  # the coach's move is played when it answers
            return
        await connection.send(MoveRequest(self.rng.choice(state.view.legal)))
        self.moves += 1

    @staticmethod
    def _holds_burn(state: StateUpdate) -> bool:
        """Whether this seat's own hand completes the open burn (its own cards: no peeking needed)."""
        window = state.view.burn_in
        if window is None:
            return False
        rank, needed = window
        return sum(1 for code in state.view.hand if Card.parse(code).rank == rank) >= needed
