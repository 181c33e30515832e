"""A device's knowledge of its table, kept from its updates alone, matches the host's table."""

from __future__ import annotations

import asyncio
import random

import pytest

from palace_tui.net.bots import Bot, Habits
from palace_tui.net.protocol import JoinRequest, decode_update
from palace_tui.net.remote_state import RemoteState
from palace_tui.rules import Rules


@pytest.mark.slow
async def test_each_device_keeps_the_hosts_log_and_its_own_view_through_take_backs(served):
    rules = Rules.preset("palace").with_text_options(["burn_in=true"])
    room = served.open("KX4P2M", ["Ann", "Ben", "Cy"], rules=rules, seed=8)
    habits = Habits(take_back=0.4, burn_in=1.0)
    bots = [Bot(served.url, JoinRequest("KX4P2M"), random.Random(i), habits) for i in range(2)]
    watcher = Bot(served.url, JoinRequest("KX4P2M", watch=True), random.Random(5), habits)
    # Cy plays too, so the game can end; the states of all three are replayed.
    cy = Bot(served.url, JoinRequest("KX4P2M"), random.Random(9), habits)
    await asyncio.wait_for(asyncio.gather(*(b.play() for b in [*bots, cy, watcher])), 120)
    session = room.session
    assert session.game.phase == "over"
    for bot in [*bots, cy, watcher]:
        state = RemoteState()
        for frame in bot.frames:
            state.apply(decode_update(frame))
        assert state.seat == bot.seat
        assert state.events == session.public_history.entries
        assert state.log_entries() == session.public_history.log_entries()
        assert state.results is not None and state.to_act is None
        if bot.seat is not None:
            assert state.view == session.game.view(bot.seat)
        else:
            assert state.view.hand == () and state.view.legal == ()
            assert state.view.pile == session.game.view(0).pile
