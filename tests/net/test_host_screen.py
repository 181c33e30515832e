"""``palace host --screen``: the public table on the host's terminal, for a TV.

A real host on 127.0.0.1 (an ephemeral port); the host's screen watches its own room over the
websocket, as ``palace host --screen`` does; Ann and Ben are scripted devices and Cy is the
host's computer. Every frame the screen draws (hooked at the app's display, so frames between
two waits count too) is checked: no card of any hand and no face-down card not yet turned, and
never a pass screen, from the room's join screen to the results.
"""

from __future__ import annotations

import asyncio
import random

import pytest

from palace_tui.cli.host import qr_matrix
from palace_tui.net.bots import Bot, Habits
from palace_tui.net.protocol import JoinRequest
from palace_tui.net.remote_table import RemoteTable
from palace_tui.net.room import Room
from palace_tui.tui.host_screen_app import HostScreenApp, PublicResultsScreen, PublicTableScreen, RoomCard, RoomScreen
from palace_tui.tui.screens.pass_device import PassScreen
from palace_tui.words import remote as words
from tests.helpers.app import press
from tests.helpers.app_driver import PrivacyWatch
from tests.helpers.settle import settle

CODE = "KX4P2M"


def frame_text(app) -> str:
    """The terminal's text now, straight from the compositor (cheap enough for every frame)."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    return "\n".join("".join(segment.text for strip in line for segment in strip) for line in update.strips)


def _status(room: Room, app: HostScreenApp) -> None:
    """What ``palace host`` tells its screen whenever the room changes."""
    s = room.session
    line = words.host_status(s.names, [not s.is_human(i) for i in range(3)], room.present, 0, room.stand_in)
    app.show_status(line, all(room.present[i] or i in room.stand_ins for i in s.humans))


@pytest.mark.slow
@pytest.mark.parametrize(("size", "leak"), [((80, 24), False), ((120, 40), False), ((80, 24), True)])
async def test_the_host_screen_shows_a_whole_game_and_never_a_hand(served, size, leak):
    """(The third run plants a leak, a toast naming a card of Ann's hand: the check must catch it.)"""
    room = served.open(CODE, ["Ann", "Ben", "Cy"], computers=1, seed=9)
    room.ai_delay = 0.05
    room.tap = None
    watch = PrivacyWatch(room.session)  # every move at the host goes through session.apply
    table = await RemoteTable.join(served.url, JoinRequest(CODE, watch=True))
    url = served.url.replace("ws://", "http://").replace("/ws", f"/r/{CODE}")
    card = RoomCard(CODE, url, tuple(words.how_to_join(CODE, url, True)[:4]), qr_matrix(url))
    closed: list[bool] = []
    app = HostScreenApp(table, card, close_room=lambda: closed.append(True))
    frames, problems, face_ups_seen = [0], [], set()

    def check(frame: str) -> None:
        watch.see_table()
        for c in watch.secrets(None):
            if str(c) in frame:
                problems.append(f"{c} (a hand or face down) on the host's screen:\n{frame}")
        if isinstance(app.screen, PassScreen):
            problems.append("a pass screen on the host's screen")
        face_ups_seen.update(str(c) for s in room.session.game.seats for c in s.face_up if str(c) in frame)

    async with app.run_test(size=size, notifications=True) as pilot:
        display = app._display

        def checked_display(screen, renderable):
            display(screen, renderable)
            if renderable is not None:
                frames[0] += 1
                check(frame_text(app))

        app._display = checked_display
        room.on_change = lambda r: _status(r, app)
        _status(room, app)
        await settle(pilot, RoomScreen)
        await settle(pilot, f"Room {CODE} is open.")
        assert "waiting for Ann, Ben." in app.room_screen.status
        status = app.room_screen.query_one("#room-status")
        assert "waiting for Ann, Ben." in str(status.render())
        await press(pilot, "enter")
        await settle(pilot, PublicTableScreen)
        if leak:  # nobody has joined: Ann's hand is hers alone until the end
            app.notify(f"Ann holds {room.session.game.seats[0].hand[0]}", timeout=30)
            await settle(pilot, lambda: problems, what="the check to catch the planted card")
            assert "on the host's screen" in problems[0]
            return
        await press(pilot, "i")
        await settle(pilot, RoomScreen)
        bots = [
            Bot(served.url, JoinRequest(CODE, name=n), random.Random(i), Habits(take_back=0.2, games=1))
            for i, n in enumerate(("Ann", "Ben"))
        ]
        players = [asyncio.create_task(b.play()) for b in bots]
        # Everyone is here: the table comes up by itself.
        await settle(pilot, PublicTableScreen, what="the table once Ann and Ben are here")
        await settle(pilot, lambda: "^q Close room" in frame_text(app).splitlines()[-1], what="the footer's Close room")
        # A whole game: on a busy machine it takes minutes, so only a game that stops moving fails.
        await settle(pilot, PublicResultsScreen, what="the results", progress=lambda: room.session.game.moves)
        await asyncio.wait_for(asyncio.gather(*players), 60)
        outcome = room.session.game.outcome()
        assert outcome is not None
        await settle(pilot, f"1st out: {room.session.names[outcome.order[0]]}")
        check(frame_text(app))
        assert not problems, problems[0]
        assert frames[0] > 20 and watch.table_checks == 0
        print(f"{size}: {frames[0]} frames checked, {room.session.game.moves} moves")
        assert face_ups_seen, "the check never read a face-up card: it reads no table"
        assert table.view().hand == () and table.seat is None
        await press(pilot, "ctrl+q")
    assert closed == [True]
    await table.close()
