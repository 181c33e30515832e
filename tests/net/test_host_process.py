"""A real ``palace host`` process: devices join it, it is killed with SIGKILL mid-turn, and
``palace host --resume`` reopens the same room with nothing lost; the devices rejoin with their
tokens and play the game to its result, which lands in the records."""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from palace_tui.net.bots import Bot
from palace_tui.net.client import Connection, address
from palace_tui.net.protocol import JoinRequest, MoveRequest, StateUpdate, WelcomeUpdate
from palace_tui.store import Store
from palace_tui.table.session import Session

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
JOIN_LINE = re.compile(r"palace join (\S+)")


def start_host(data: Path, *args: str) -> tuple[subprocess.Popen[str], str]:
    """Start ``palace host`` on 127.0.0.1 (an ephemeral port); its process and the address it printed."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-P", "-m", "palace_tui", "host", "--host", "127.0.0.1", "--port", "0"]
        + ["--data-dir", str(data), "--ai-delay", "0", *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert process.stdout is not None
    seen = []
    for line in process.stdout:
        seen.append(line)
        found = JOIN_LINE.search(line)
        if found:
            return process, found.group(1)
    process.kill()
    raise AssertionError(f"palace host printed no join line: {''.join(seen)}")


async def next_state(connection: Connection) -> StateUpdate:
    while True:
        update = await connection.receive()
        if isinstance(update, StateUpdate):
            return update


async def test_sigkill_mid_turn_loses_nothing_and_resume_reopens_the_room(tmp_path):
    data = tmp_path / "data"
    host, url = start_host(data, "--players", "Ann,Ben", "--seed", "5")
    try:
        ws_url, code = address(url)
        devices, tokens = {}, {}
        for name in ("Ann", "Ben"):
            connection = await Connection.open(ws_url, JoinRequest(code, name=name))
            welcome = await connection.receive()
            assert isinstance(welcome, WelcomeUpdate)
            devices[welcome.seat], tokens[welcome.seat] = connection, welcome.token
        states = {seat: await next_state(c) for seat, c in devices.items()}
        rng = random.Random(3)
        made = 0
        # Play moves one at a time, each seen by both devices before the next.
        while made < 14:
            seat = states[0].to_act
            await devices[seat].send(MoveRequest(rng.choice(states[seat].view.legal)))
            states = {s: await next_state(c) for s, c in devices.items()}
            made += 1
        # One more move in flight, and the host dies at once.
        seat = states[0].to_act
        in_flight = rng.choice(states[seat].view.legal)
        await devices[seat].send(MoveRequest(in_flight))
        host.send_signal(signal.SIGKILL)
        host.wait(10)
        for connection in devices.values():
            await connection.close()
    finally:
        if host.poll() is None:
            host.kill()

    store = Store(data)  # as the next start would open it (the dead host's lock is let go)
    saved = Session.from_dict(store.load_session())
    assert store.warnings == []
    store.release_saves()
    store.close()
    assert saved.history is not None
    assert len(saved.history) in (made, made + 1)  # the last move seen, or the one in flight too
    if len(saved.history) == made:
        for s in (0, 1):
            assert states[s].view.to_seat_view() == saved.game.view(s)
    else:
        assert saved.history[-1].code() == in_flight

    host, url = start_host(data, "--resume")
    try:
        assert address(url)[1] == code, "the resumed room has another code"
        # At a person's pace: the real host closes a device that sends more than 20 messages a second.
        bots = [Bot(address(url)[0], JoinRequest(code, token=tokens[s]), random.Random(s), pace=0.06) for s in (0, 1)]
        first = await Connection.open(address(url)[0], JoinRequest(code, token=tokens[0]))
        welcome = await first.receive()
        assert isinstance(welcome, WelcomeUpdate) and welcome.seat == 0
        assert (await next_state(first)).view.to_seat_view() == saved.game.view(0)
        await first.close()
        await asyncio.wait_for(asyncio.gather(*(b.play() for b in bots)), 120)
        assert all(b.games == 1 for b in bots)
    finally:
        host.send_signal(signal.SIGTERM)
        host.wait(20)
    store = Store(data, claim_saves=False)
    try:
        assert len(store.recent_games()) == 1
    finally:
        store.close()
