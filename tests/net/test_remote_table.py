"""A seat played from another terminal: the table screen over a RemoteTable, against a real host.

The host runs in this process on 127.0.0.1 (an ephemeral port); the other people's seats are
scripted devices (:class:`~palace_tui.net.bots.Bot`) on their own websockets, the computers
are the host's. Ann's seat is the joined terminal: the hot seat's own TableScreen, driven by
keys through Pilot, its door a :class:`~palace_tui.net.remote_table.RemoteTable` holding only
what the host sent. Every frame of Ann's screen is checked for other seats' cards.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable

import pytest
from textual import events

from palace_tui.cli.seat_connection import NO_HOST, connect
from palace_tui.device import Device
from palace_tui.net import seat_tokens
from palace_tui.net.bots import Bot, Habits
from palace_tui.net.protocol import JoinRequest
from palace_tui.net.remote_table import RemoteTable
from palace_tui.table.door import Followed, MakeMove, Moved, Refused, Start, Step, TableEvent
from palace_tui.tui.join_app import JoinApp
from palace_tui.tui.screens.remote_results import RemoteResultsScreen
from palace_tui.tui.screens.review import ReviewScreen
from palace_tui.tui.table.screen import TableScreen
from palace_tui.words import remote as words
from tests.helpers.app import keys_for, press, screen_text, send_key_events
from tests.helpers.app_driver import PrivacyWatch, choose_move
from tests.helpers.settle import settle

CODE = "KX4P2M"


async def until(holds: Callable[[], object], what: str, limit: float = 60.0) -> None:
    """Wait (without an app) until ``holds()``; fail saying what was waited for."""
    deadline = time.monotonic() + limit
    while not holds():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {limit:.0f} s for {what}")
        await asyncio.sleep(0.01)


def ben(served, seed: int = 2) -> Bot:
    """Ben's scripted device: plays his seat from what he is sent, then leaves after the results."""
    return Bot(served.url, JoinRequest(CODE, name="Ben"), random.Random(seed), Habits(games=1))


@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_joined_terminal_plays_a_game_to_the_results_and_sees_no_other_hand(served, size, tmp_path):
    room = served.open(CODE, ["Ann", "Ben", "Cy"], computers=1, seed=5)
    watch = PrivacyWatch(room.session)  # every move at the host goes through session.apply
    other = asyncio.create_task(ben(served).play())
    table = await connect(served.url, CODE, "Ann", tmp_path)
    assert isinstance(table, RemoteTable) and table.seat == 0
    app = JoinApp(table, quiet=True)
    rng, swaps = random.Random(3), {}
    async with app.run_test(size=size) as pilot:
        await settle(pilot, TableScreen)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        moves = 0
        for _ in range(2000):
            await settle(
                pilot,
                lambda: isinstance(app.screen, RemoteResultsScreen) or screen.mode() not in ("wait", "over"),
                what="Ann's turn or the results",
            )
            if isinstance(app.screen, RemoteResultsScreen):
                break
            watch.check_table(app, 0)  # Ann's own cards only: no other hand, no face-down card unturned
            view = screen.view()
            assert view.seat == 0 and tuple(view.hand) == tuple(room.session.game.seats[0].hand)
            move = choose_move(view, rng, swaps)
            before = table.now().moves, room.version
            await press(pilot, *keys_for(move, view, screen.cursor, screen.cursor.row))
            await settle(
                pilot,
                lambda b=before: room.version != b[1] or screen.message is not None,
                what=f"the host to take {move.code()}",
            )
            assert screen.message is None, f"{move.code()} was refused: {screen.message}"
            # The host has it: the screen follows once its state comes back.
            await settle(pilot, lambda b=before: table.now().moves != b[0], what="the host's answer")
            moves += 1
        else:
            raise AssertionError("the game did not end")
        watch.check_table(app, 0)
        text = screen_text(app)
        assert room.session.game.phase == "over" and moves > 3
        outcome = room.session.game.outcome()
        assert f"1st out: {room.session.names[outcome.order[0]]}" in text
        assert "Play again" in text
        # r: the game just over, reviewed on this device from the host's game file; back to the results.
        # (Not press(): it waits for the app to be idle, so for the whole analysis, 26 s of two cores.)
        send_key_events(app, ["r"])
        # Mounted: its title set and its analysis started (the screen is up a moment before that).
        await settle(
            pilot,
            lambda: isinstance(app.screen, ReviewScreen) and app.screen.sub_title,
            what="the review of the game just over",
        )
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.sub_title == words.REVIEW_TITLE
        assert review.played.game.to_json() == room.session.game.to_json()  # the very game, every card
        # It opens while the analysis runs: the first Escape stops it and the moves stay; the next leaves.
        analysing = review.analysis is None
        await press(pilot, "escape")
        if analysing:
            assert review.analysis is None and isinstance(app.screen, ReviewScreen), "Escape did not stop the analysis"
            assert not any(w.is_running for w in review.workers), "the analysis runs on after Escape"
            await press(pilot, "escape")
        await settle(pilot, RemoteResultsScreen, what="the results again after the review")
    await asyncio.wait_for(other, 30)
    assert other.result() is None


async def test_a_phones_joined_table_says_leave_and_shows_its_turns_keys_before_any_tap(served, tmp_path):
    """The phone door's page (palace_tui/net/phone.py) runs this app under Textual's web driver,
    which starts it blurred (no widget focused: the footer would lack the hand's Ready and Play)
    until the page is tapped; the joined table's first turn comes before any tap."""
    room = served.open(CODE, ["Ann", "Ben"], seed=5)
    other = asyncio.create_task(ben(served).play())
    table = await connect(served.url, CODE, "Ann", tmp_path)
    assert isinstance(table, RemoteTable)
    app = JoinApp(table, quiet=True, device=Device.parse("touch-5x3"))
    async with app.run_test(size=(43, 40)) as pilot:
        await settle(pilot, TableScreen)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        app.post_message(events.AppBlur())  # as the web driver does when it starts
        await settle(pilot, lambda: screen.mode() == "swap", what="Ann's setup")
        await settle(pilot, lambda: screen.focused is screen.hand, what="the hand's focus back")
        await settle(pilot, lambda: "r Ready" in screen_text(app), what="the footer's Ready")
        footer = screen_text(app).split("\n")[-6:]
        assert any("^q Leave" in line for line in footer), footer
        assert not any("Save+quit" in line for line in footer), footer
    other.cancel()
    await table.close()
    assert room.session.names[0] == "Ann"


async def test_a_dropped_terminal_rejoins_its_seat_with_its_token_and_sees_the_same_view(served, tmp_path):
    room = served.open(CODE, ["Ann", "Ben", "Cy"], computers=1, seed=5)
    other = asyncio.create_task(ben(served).play())
    first = await connect(served.url, CODE, None, tmp_path)
    assert isinstance(first, RemoteTable)
    heard: list[TableEvent] = []
    first.listen(heard.append)
    reader = asyncio.create_task(first.run())
    token = seat_tokens.token_for(tmp_path, served.url, CODE)
    assert token == first.token and token
    seat = first.seat
    assert seat is not None and room.session.names[seat] == "Ann"  # the first free seat: Ann's
    # Two of Ann's moves, each answered by the host's next state as a Moved for this person.
    for _ in range(2):
        await until(lambda: first.state.to_act == seat and first.view().legal, "Ann's turn")
        heard.clear()
        move = choose_move(first.view(), random.Random(1), {})
        first.send(MakeMove(move))
        await until(lambda: any(isinstance(e, Moved | Refused) for e in heard), "the answer to Ann's move")
        assert next(e for e in heard if isinstance(e, Moved)).person, heard
    await until(lambda: first.state.to_act == seat, "Ann's turn again")
    view, public = first.view(), first.public()
    # The connection drops (no leave): the seat waits; palace join again takes it back by its token.
    await first.connection.close()
    await reader
    await until(lambda: not room.present[seat], "the host to see Ann gone")
    again = await connect(served.url, CODE, None, tmp_path)
    assert isinstance(again, RemoteTable)
    assert again.seat == seat and again.token == token
    assert again.view() == view
    assert again.public().events == public.events and again.public().log == public.log
    assert again.now().turn.step == Step.ACT and again.now().shown == seat
    other.cancel()
    await again.close()


async def test_the_screen_hears_a_start_and_other_seats_moves_as_the_doors_events(served, tmp_path):
    served.open(CODE, ["Ann", "Ben"], seed=3)
    table = await connect(served.url, CODE, "Ben", tmp_path)
    assert isinstance(table, RemoteTable) and table.seat == 1
    heard: list[TableEvent] = []
    table.listen(heard.append)
    table.send(Start())
    assert isinstance(heard[0], Followed) and heard[0].first and heard[0].turn.shown == 1
    assert table.computer_thinker() is None and table.coach_thinker(1, None) is None
    info = table.table()
    assert [s.here for s in info.seats] == [False, True] and info.names == ["Ann", "Ben"]
    await table.close()


async def test_a_wrong_code_a_full_table_and_no_host_are_said_in_a_sentence(served, tmp_path):
    served.open(CODE, ["Ann", "Ben", "Cy"], computers=1)
    assert await connect(served.url, "ABCDEF", None, tmp_path) == words.WRONG_CODE
    ann = await connect(served.url, CODE, None, tmp_path / "ann")
    ben_table = await connect(served.url, CODE, None, tmp_path / "ben")
    assert isinstance(ann, RemoteTable) and isinstance(ben_table, RemoteTable)
    assert await connect(served.url, CODE, None, tmp_path / "third") == words.NO_FREE_SEAT
    assert await connect(served.url, CODE, "Cy", tmp_path / "cy") == words.computer_seat("Cy")
    gone = "ws://127.0.0.1:1/ws"
    assert await connect(gone, CODE, None, tmp_path) == NO_HOST.format(where="127.0.0.1:1")
    await ann.close()
    await ben_table.close()


async def test_a_token_the_host_no_longer_knows_takes_a_free_seat_instead(served, tmp_path):
    room = served.open(CODE, ["Ann", "Ben"])
    seat_tokens.remember(tmp_path, served.url, CODE, "not-a-token-of-this-room")
    table = await connect(served.url, CODE, None, tmp_path)
    assert isinstance(table, RemoteTable) and table.seat == 0
    assert seat_tokens.token_for(tmp_path, served.url, CODE) == room.tokens[0]
    await table.close()


def test_joins_usage_errors_are_one_sentence(capsys):
    from palace_tui.cli.join import main

    assert main(["nope!"]) == 2
    assert "palace join: a room code is 6 letters" in capsys.readouterr().err
