"""The host on a real websocket: whole games of scripted devices, rejoin, and what closes a connection."""

from __future__ import annotations

import asyncio
import random

import aiohttp
import pytest

from palace_tui.net.bots import Bot, Habits
from palace_tui.net.client import Closed, Connection
from palace_tui.net.protocol import JoinRequest, MoveRequest, RefusedUpdate, StateUpdate, WelcomeUpdate
from palace_tui.words import remote as words


async def _until(connection: Connection, kind: type) -> object:
    while True:
        update = await connection.receive()
        if isinstance(update, kind):
            return update


async def _closing(connection: Connection) -> str:
    """Read on until the host closes the connection; its reason."""
    while True:
        try:
            await connection.receive()
        except Closed as closed:
            return closed.reason


async def test_three_devices_and_a_computer_play_a_game_to_the_results(served):
    room = served.open("KX4P2M", ["Ann", "Ben", "Cy", "Dee"], computers=1)
    bots = [Bot(served.url, JoinRequest("KX4P2M"), random.Random(i)) for i in range(3)]
    await asyncio.wait_for(asyncio.gather(*(b.play() for b in bots)), 60)
    assert room.session.game.phase == "over"
    assert sorted(b.seat for b in bots) == [0, 1, 2]
    assert all(b.games == 1 and not b.closed for b in bots)


async def test_a_move_for_another_seat_is_refused_with_a_sentence(served):
    room = served.open("KX4P2M", ["Ann", "Ben"])
    ann = await Connection.open(served.url, JoinRequest("KX4P2M", name="Ann"))
    ben = await Connection.open(served.url, JoinRequest("KX4P2M", name="Ben"))
    state = await _until(ben, StateUpdate)
    mover = room.session.to_act
    other = ben if mover == 0 else ann
    await other.send(MoveRequest(state.view.legal[0] if state.view.legal else "ready"))
    refused = await _until(other, RefusedUpdate)
    assert refused.reason == words.not_your_turn(room.session.names[mover])
    await ann.close()
    await ben.close()


async def test_an_illegal_move_gets_the_engines_own_sentence(served):
    room = served.open("KX4P2M", ["Ann", "Ben"])
    seat = room.session.to_act
    me = await Connection.open(served.url, JoinRequest("KX4P2M", name=room.session.names[seat]))
    await _until(me, StateUpdate)
    await me.send(MoveRequest("play 7D 7S"))  # setup: not a setup move, whatever the hand
    refused = await _until(me, RefusedUpdate)
    try:
        room.session.game.copy().play(__import__("palace_tui.rules", fromlist=["Move"]).Move.play("7D 7S"))
    except ValueError as exc:
        assert refused.reason == str(exc)
    else:
        pytest.fail("the engine took the move")
    await me.close()


async def test_a_dropped_device_rejoins_its_seat_with_its_token(served):
    served.open("KX4P2M", ["Ann", "Ben"])
    first = await Connection.open(served.url, JoinRequest("KX4P2M", name="Ben"))
    welcome = await _until(first, WelcomeUpdate)
    before = await _until(first, StateUpdate)
    await first.close()
    again = await Connection.open(served.url, JoinRequest("KX4P2M", token=welcome.token))
    rejoined = await _until(again, WelcomeUpdate)
    after = await _until(again, StateUpdate)
    assert (rejoined.seat, rejoined.token) == (1, welcome.token)
    assert after.view == before.view
    # By name the seat is not free any more: its token is out.
    thief = await Connection.open(served.url, JoinRequest("KX4P2M", name="Ben"))
    assert "Ben's seat is taken" in await _closing(thief)
    await again.close()


async def test_a_rejoin_elsewhere_lets_the_old_device_go(served):
    served.open("KX4P2M", ["Ann", "Ben"])
    old = await Connection.open(served.url, JoinRequest("KX4P2M", name="Ann"))
    welcome = await _until(old, WelcomeUpdate)
    new = await Connection.open(served.url, JoinRequest("KX4P2M", token=welcome.token))
    await _until(new, StateUpdate)
    assert "opened on another device" in await _closing(old)
    await new.close()


@pytest.mark.parametrize(
    ("frame", "reason"),
    [
        ("not json", "was not JSON"),
        ('{"v": 1, "type": "move", "move": "play 7H", "seat": 0}', "unknown field seat"),
        ('{"v": 1, "type": "shuffle"}', "is not one of the requests"),
        ('{"v": 1, "type": "move", "move": "burn-in 0"}', None),  # refused, the connection stays
        ('{"v": 1, "type": "move", "move": "play ' + "7H " * 2000 + '"}', "at most"),
    ],
)
async def test_a_bad_message_closes_only_its_own_connection(served, frame, reason):
    room = served.open("KX4P2M", ["Ann", "Ben"])
    ann = await Connection.open(served.url, JoinRequest("KX4P2M", name="Ann"))
    ben = await Connection.open(served.url, JoinRequest("KX4P2M", name="Ben"))
    await _until(ann, StateUpdate)
    await _until(ben, StateUpdate)
    await ann.send_text(frame)
    if reason is None:
        refused = await _until(ann, RefusedUpdate)
        assert refused.reason == words.BURN_IN_OWN
    else:
        assert reason in await _closing(ann)
    # Ben's connection is untouched: his move still goes through.
    seat = room.session.to_act
    if seat == 1:
        state = StateUpdate
        view = room.session.game.view(1)
        await ben.send(MoveRequest(view.legal[0].code()))
        assert isinstance(await _until(ben, state), StateUpdate)
    assert room.seated(1) is not None
    await ben.close()
    if reason is None:
        await ann.close()


async def test_a_huge_frame_is_refused_by_the_websocket_itself(served):
    served.open("KX4P2M", ["Ann", "Ben"])
    ann = await Connection.open(served.url, JoinRequest("KX4P2M", name="Ann"))
    await _until(ann, StateUpdate)
    await ann.send_text("x" * 100_000)
    await _closing(ann)
    await ann.ws.close()


async def test_a_binary_frame_closes_with_its_reason(served):
    served.open("KX4P2M", ["Ann", "Ben"])
    ann = await Connection.open(served.url, JoinRequest("KX4P2M", name="Ann"))
    await _until(ann, StateUpdate)
    await ann.ws.send_bytes(b"\x80\x04")
    assert "not binary" in await _closing(ann)


async def test_wrong_room_codes_are_limited_and_a_right_one_is_not(served):
    served.open("KX4P2M", ["Ann", "Ben", "Cy"])
    for _ in range(5):
        wrong = await Connection.open(served.url, JoinRequest("ZZZZZZ"))
        assert "no room with that code" in await _closing(wrong)
    late = await Connection.open(served.url, JoinRequest("ZZZZZZ"))
    assert "Too many wrong room codes" in await _closing(late)
    # Even a right code waits now, from this address: the code cannot be found by trying.
    right = await Connection.open(served.url, JoinRequest("KX4P2M"))
    assert "Too many wrong room codes" in await _closing(right)


async def test_a_watcher_sees_the_public_table_and_cannot_act(served):
    room = served.open("KX4P2M", ["Ann", "Ben"])
    watcher = await Connection.open(served.url, JoinRequest("KX4P2M", watch=True))
    welcome = await _until(watcher, WelcomeUpdate)
    state = await _until(watcher, StateUpdate)
    assert (welcome.seat, welcome.token, state.view.hand, state.view.legal) == (None, None, (), ())
    await watcher.send(MoveRequest(room.session.game.legal_moves()[0].code()))
    assert "watcher cannot play" in await _closing(watcher)


async def test_no_join_in_time_or_a_request_first_is_refused(served, monkeypatch):
    served.open("KX4P2M", ["Ann", "Ben"])
    async with aiohttp.ClientSession() as http, http.ws_connect(served.url) as ws:
        await ws.send_str('{"v":1,"type":"leave"}')
        error = await ws.receive()
        assert "Join a room first" in error.data


async def test_every_page_refuses_to_be_framed(served):
    base = served.url.replace("ws://", "http://").removesuffix("/ws")
    async with aiohttp.ClientSession() as http:
        for path in ("/", "/r/KX4P2M", "/nowhere", "/ws"):
            async with http.get(base + path) as response:
                assert response.headers["Content-Security-Policy"] == "frame-ancestors 'self'", path
                assert response.headers["X-Frame-Options"] == "SAMEORIGIN", path


async def test_a_page_of_another_site_cannot_open_a_websocket(served):
    served.open("KX4P2M", ["Ann", "Ben"])
    async with aiohttp.ClientSession() as http:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(served.url, headers={"Origin": "https://evil.example"})
        assert refused.value.status == 403


@pytest.mark.slow
async def test_taking_a_move_back_and_claiming_a_burn_over_the_wire(served):
    from palace_tui.rules import Rules

    rules = Rules.preset("palace").with_text_options(["burn_in=true"])
    room = served.open("KX4P2M", ["Ann", "Ben", "Cy"], rules=rules, seed=3)
    bots = [
        Bot(served.url, JoinRequest("KX4P2M"), random.Random(i), Habits(take_back=0.5, burn_in=1.0)) for i in range(3)
    ]
    await asyncio.wait_for(asyncio.gather(*(b.play() for b in bots)), 120)
    kinds = {e.kind for _, e in room.session.public_history.entries}
    assert room.session.game.phase == "over"
    assert "played" in kinds
