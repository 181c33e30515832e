"""Several seats on one joined device: the combined door (``RemoteSeats``), without a screen.

Ann and Ben share this device (one connection each, straight into a :class:`Room`: no network,
no Textual); Cy plays elsewhere (a connection the test moves for), Dee is the host's computer.
A screenless driver follows the door's turn steps as the table screen would (passes, moves, ends
its turns) and checks each step as the hot seat's flow is checked: a seat's cards are up only
after that seat's own pass, between this device's two seats there is always a pass, the table is
public (no hand, no legal move) while Cy or Dee acts, and the view on the door is the shown
seat's own. A planted flow that skips the pass fails the check.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from palace_tui.net.protocol import JoinRequest, Message, MoveRequest, TakeBackRequest, decode_update
from palace_tui.net.remote_seats import RemoteSeats
from palace_tui.net.remote_table import RemoteTable
from palace_tui.net.room import ListLink, Refusal, Room
from palace_tui.rules import Move, Rules
from palace_tui.table.door import (
    AskCoach,
    CoachAdvised,
    EndTurn,
    Followed,
    MakeMove,
    Passed,
    Start,
    Step,
    TableEvent,
    TakeBack,
    TakenBack,
    Turn,
)
from palace_tui.table.session import SeatConfig, Session

CODE = "KX4P2M"
ANN, BEN, CY, DEE = range(4)


class RoomConnection:
    """A device's connection straight into ``room``: requests handled at once, updates kept to read."""

    def __init__(self, room: Room) -> None:
        self.room, self.link, self.read = room, ListLink(), 0

    async def send(self, message: Message) -> None:
        try:
            self.room.handle(self.link, message)
        except Refusal as refusal:
            self.room.refuse(self.link, message.TYPE, refusal)

    async def close(self) -> None:
        self.room.drop(self.link)

    def new(self) -> list[Message]:
        """The updates sent since the last call."""
        texts, self.read = self.link.sent[self.read :], len(self.link.sent)
        return [decode_update(t) for t in texts]


def choose_move(view, rng: random.Random, swaps: dict[int, int]) -> Move:
    """A plain player: one swap then ready (or the first face-up cards), else a play, else whatever is legal."""
    legal = list(view.legal)
    if view.phase == "setup":
        swap = [m for m in legal if m.kind == "swap"]
        if swap and swaps.get(view.seat, 0) < 1:
            swaps[view.seat] = 1
            return rng.choice(swap)
        chosen = [m for m in legal if m.kind == "choose"]
        return chosen[0] if chosen else Move.ready()
    plays = [m for m in legal if m.kind == "play"]
    return rng.choice(plays or legal)


def table(seed: int, rules: Rules | None = None, names: tuple[str, ...] = ("Ann", "Ben", "Cy", "Dee")) -> Room:
    seats = [SeatConfig(n, human=n != "Dee", level="random") for n in names]
    return Room(CODE, Session.new(seats, rules or Rules.preset("palace"), seed=seed), ai_delay=0)


def sit(room: Room, name: str) -> tuple[RemoteTable, RoomConnection]:
    connection = RoomConnection(room)
    room.join(connection.link, JoinRequest(CODE, name=name))
    member = RemoteTable(connection)  # type: ignore[arg-type]  # a connection's send and close, no socket
    for update in connection.new():
        member.take(update)
    return member, connection


async def until(holds, what: str, limit: float = 30.0) -> None:
    deadline = time.monotonic() + limit
    while not holds():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {limit:.0f} s for {what}")
        await asyncio.sleep(0.001)


class Driver:
    """Plays the door as the table screen would, and checks every step it is told."""

    def __init__(self, room: Room, door: RemoteSeats, connections: dict[int, RoomConnection]) -> None:
        self.room, self.door, self.connections = room, door, connections
        names = room.session.names
        #: Cy's seat (on her own device) and Dee's (the host's computer): never this device's.
        self.cy_seat, self.elsewhere = names.index("Cy"), {names.index("Cy"), names.index("Dee")}
        self.cy = RoomConnection(room)
        room.join(self.cy.link, JoinRequest(CODE, name="Cy"))
        self.turn = Turn(Step.START, None, None)
        #: The seat whose pass screen was passed, until its turn ends (None: nobody's).
        self.up: int | None = None
        self.steps: list[Turn] = []
        self.heard: list[TableEvent] = []
        self.rng = random.Random(1)
        self.swaps: dict[int, int] = {}
        door.listen(self.hear)

    def hear(self, event: TableEvent) -> None:
        self.heard.append(event)
        turn = getattr(event, "turn", None)
        if turn is None:
            return
        self.check(turn)
        self.turn = turn
        self.steps.append(turn)

    def check(self, turn: Turn) -> None:
        """Whose cards may be up: only the seat whose pass was passed; nobody's while another acts."""
        assert turn.shown in (None, self.up), f"{turn}: seat {turn.shown}'s cards up, but {self.up} was passed to"
        view = self.door.view()
        if turn.shown is None:
            assert view.hand == () and view.legal == (), f"{turn}: a hand or moves on the public table"
        else:
            assert view.seat == turn.shown, f"{turn}: seat {view.seat}'s view on screen for {turn.shown}"
        if turn.step == Step.WATCH:
            assert turn.seat in self.elsewhere and turn.shown is None, turn

    async def pump(self) -> None:
        """Every request sent, the computers played, every update read into the door."""
        while True:
            await self.door.sent()
            await until(lambda: not self.room.computer_to_act(), "the host's computer")
            fed = False
            for seat, connection in self.connections.items():
                for update in connection.new():
                    self.door.take(seat, update)
                    fed = True
            if not fed:
                return

    async def play(self, take_backs: bool = False, games: int = 1, stop=None) -> None:
        """Play to the end of ``games`` games (or until ``stop()`` holds before a step)."""
        if self.turn.step == Step.START:
            self.door.send(Start())
        for _ in range(10000):
            turn, game = self.turn, self.room.session.game
            if stop is not None and stop():
                return
            if turn.step == Step.OVER:
                games -= 1
                if games == 0:
                    return
                self.door.again()  # a: the next deal, followed on the same door
                await self.pump()
                assert self.turn.step in (Step.PASS, Step.WATCH), f"the next deal starts at {self.turn}"
                continue
            if turn.step == Step.PASS:
                assert turn.seat is not None
                self.up = turn.seat
                self.door.send(Passed(turn.seat))
            elif turn.step == Step.ACT:
                view = self.door.view()
                self.door.send(MakeMove(choose_move(view, self.rng, self.swaps)))
            elif turn.step == Step.RESULT:
                if take_backs and self.door.now().take_back.offered and self.rng.random() < 0.3:
                    self.door.send(TakeBack())
                else:
                    self.up = None
                    self.door.send(EndTurn())
            elif turn.step == Step.WATCH and self.room.session.to_act == self.cy_seat:
                cy_view = game.view(self.cy_seat)
                self.room.handle(self.cy.link, MoveRequest(choose_move(cy_view, self.rng, self.swaps).code()))
                self.cy.new()
            await self.pump()
        raise AssertionError("the game did not end")


async def joined(seed: int, names: tuple[str, ...] = ("Ann", "Ben", "Cy", "Dee")) -> Driver:
    room = table(seed, names=names)
    ann, ann_link = sit(room, "Ann")
    ben, ben_link = sit(room, "Ben")
    door = RemoteSeats([ann, ben])
    assert ann.seat is not None and ben.seat is not None
    driver = Driver(room, door, {ann.seat: ann_link, ben.seat: ben_link})
    room_task = asyncio.get_running_loop().create_task(room.run())
    driver.room_task = room_task  # type: ignore[attr-defined]
    return driver


@pytest.mark.parametrize("seed,games", [(3, 1), (11, 2)])
async def test_two_seats_on_one_device_pass_between_them_and_watch_the_others(seed, games):
    driver = await joined(seed)
    try:
        await driver.play(take_backs=True, games=games)
    finally:
        driver.room.close()
    steps = driver.steps
    assert driver.room.session.game.phase == "over" and steps[-1].step == Step.OVER
    assert driver.room.session.game_number == games - 1 and sum(t.step == Step.OVER for t in steps) == games
    kinds = {(t.step, t.seat) for t in steps}
    for seat in (ANN, BEN):
        assert (Step.PASS, seat) in kinds and (Step.ACT, seat) in kinds and (Step.RESULT, seat) in kinds
    assert (Step.WATCH, CY) in kinds and (Step.WATCH, DEE) in kinds
    # Between one of this device's seats and the other, a pass every time.
    shown = [t.shown for t in steps if t.shown is not None or t.step == Step.PASS]
    for before, after in itertools.pairwise(steps):
        if before.shown is not None and after.shown is not None:
            assert before.shown == after.shown, f"{before} then {after}: no pass between two seats"
    assert len(shown) > 10
    assert any(isinstance(e, TakenBack) for e in driver.heard), "no take-back was tried"


async def test_the_check_fails_if_the_pass_were_skipped(monkeypatch):
    """Planted: the flow hands the device straight to the next seat of its own, cards up."""
    from palace_tui.table.turn_flow import TurnFlow

    real = TurnFlow._hand_on

    def no_pass(self, to_act, hidden=False):
        turn = real(self, to_act, hidden)
        if turn.step == Step.PASS:
            return self._set(Step.ACT, turn.seat, turn.seat)
        return turn

    monkeypatch.setattr(TurnFlow, "_hand_on", no_pass)
    driver = await joined(3)
    try:
        with pytest.raises(AssertionError, match="cards up, but"):
            await driver.play()
    finally:
        driver.room.close()


async def test_a_take_back_elsewhere_while_a_seat_here_looks_hides_its_cards_and_a_stale_pass_shows_none():
    """Cy moved, Ann's pass was passed (her cards up); then Cy takes her move back on her own device:
    the table goes dark at once (Cy acts again, on the public table); the pass screen that was up for
    Ann, passed late, shows nobody's cards."""
    driver = await joined(3, names=("Ann", "Ben", "Dee", "Cy"))  # Cy plays just before Ann
    room = driver.room
    ann, cy = 0, 3

    def ann_looks_after_cy() -> bool:
        last = room.session.takeback.seat
        return driver.turn.step == Step.ACT and driver.turn.shown == ann and last == cy and room.may_take_back(cy)

    try:
        await driver.play(stop=ann_looks_after_cy)
        assert ann_looks_after_cy(), "no turn of Ann's straight after a move of Cy's that could be taken back"
        heard = len(driver.heard)
        room.handle(driver.cy.link, TakeBackRequest())
        await driver.pump()
        taken = [e for e in driver.heard[heard:] if isinstance(e, TakenBack)]
        assert taken and taken[0].seat == cy and "Cy" in taken[0].what, driver.heard[heard:]
        assert driver.turn == Turn(Step.WATCH, cy, None) and driver.door.view().hand == ()
        driver.door.send(Passed(ann))  # the pass screen Ann's cards were shown from, passed again late
        assert driver.turn.shown is None and driver.door.view().hand == ()
        driver.up = None
        await driver.play()  # and the game goes on to its end, every step checked
    finally:
        room.close()


def test_the_door_and_this_test_need_no_textual():
    """The combined door is pure: this module (and the door) import no Textual."""
    code = "import sys, tests.net.test_remote_seats as t; print(sorted(m for m in sys.modules if 'textual' in m)[:3])"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr


async def test_the_coach_answers_the_seat_whose_cards_are_up_from_its_own_view():
    driver = await joined(5)
    room, door = driver.room, driver.door
    room.coach_work = 200  # a small search: the answer, not its strength, is tested

    def ben_plays() -> bool:
        return driver.turn.step == Step.ACT and driver.turn.shown == 1 and room.session.game.phase == "play"

    try:
        await driver.play(stop=ben_plays)
        assert ben_plays(), "Ben never had a turn in play"
        heard = len(driver.heard)
        door.send(AskCoach(1))
        await until(lambda: driver.connections[1].link.sent[driver.connections[1].read :], "the coach's answer")
        await driver.pump()
        advice = [e for e in driver.heard[heard:] if isinstance(e, CoachAdvised)]
        assert len(advice) == 1 and advice[0].seat == 1 and not advice[0].error, driver.heard[heard:]
        assert advice[0].move in door.view().legal and door.view().seat == 1
    finally:
        room.close()


async def test_a_connection_behind_the_others_at_the_start_is_caught_up_before_the_screen_starts():
    """Ben joined first and swapped before Ann's connection joined: his connection has a state it
    has not read yet. The screen's start waits for it, then starts from the table both agree on."""
    room = table(4)
    ben, ben_link = sit(room, "Ben")
    assert room.session.to_act == 1
    swap = next(m for m in room.session.game.view(1).legal if m.kind == "swap")
    room.handle(ben_link.link, MoveRequest(swap.code()))  # Ben's own connection has not read its answer yet
    ann, ann_link = sit(room, "Ann")
    door = RemoteSeats([ann, ben])
    driver = Driver(room, door, {0: ann_link, 1: ben_link})
    room_task = asyncio.get_running_loop().create_task(room.run())
    try:
        door.send(Start())
        assert driver.heard == [], "started before Ben's connection caught up"
        await driver.pump()
        first = driver.heard[0]
        assert isinstance(first, Followed) and first.first and first.turn == Turn(Step.PASS, 1, None)
        driver.up = 1
        door.send(Passed(1))
        assert swap.cards[1] in door.view().hand, "Ben's view is not the one after his swap"
        await driver.play()
    finally:
        room.close()
        await room_task
