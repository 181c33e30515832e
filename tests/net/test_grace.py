"""A seat whose device has gone: it waits, then after the grace time a computer plays it
until its person rejoins with the seat's token, and every device is told in a sentence.

The rooms here have no network (their devices are ListLinks) but run their computer players
in the test's loop; the grace time is tiny and every wait is for a stated condition.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import pytest

from palace_tui.net.protocol import JoinRequest, NoteUpdate, SeatsUpdate, decode_update, encode
from palace_tui.net.room import ListLink, Room
from palace_tui.rules import Rules
from palace_tui.table.session import SeatConfig, Session
from palace_tui.words import remote as words

CODE = "KX4P2M"


async def until(holds: Callable[[], object], what: str, limit: float = 60.0) -> None:
    """Wait until ``holds()`` (a deadline so a broken room fails rather than hangs, not a timing)."""
    deadline = time.monotonic() + limit
    while not holds():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {limit:.0f} s for {what}")
        await asyncio.sleep(0.005)


def _room(grace: float) -> Room:
    seats = [SeatConfig("Ann", level="random"), SeatConfig("Ben", level="random"), SeatConfig("Cy", level="random")]
    session = Session.new(seats, Rules.preset("palace"), seed=3)
    return Room(CODE, session, ai_delay=0, grace=grace)


def _notes(link: ListLink) -> list[str]:
    return [m["text"] for m in link.messages() if m["type"] == "note"]


async def test_after_the_grace_time_a_computer_plays_the_seat_and_every_device_is_told():
    room = _room(grace=0.01)
    said: list[str] = []
    room.on_note = said.append
    ann, ben, cy, watcher = ListLink(), ListLink(), ListLink(), ListLink()
    for link, name in ((ann, "Ann"), (ben, "Ben"), (cy, "Cy")):
        room.join(link, JoinRequest(CODE, name=name))
    room.join(watcher, JoinRequest(CODE, watch=True))
    runner = asyncio.create_task(room.run())
    try:
        room.drop(ben)
        assert room.waiting_for == [1] and not room.computer_to_act()
        await until(lambda: 1 in room.stand_ins, "a computer to take Ben's seat")
        sentence = "Ben left; a computer plays for Ben until Ben is back."
        assert said == [sentence] and sentence == words.stood_in("Ben")
        for link in (ann, cy, watcher):
            assert _notes(link) == [sentence]
            seats = [m for m in link.messages() if m["type"] == "seats"][-1]
            assert seats["stand_in"] == [False, True, False] and seats["present"] == [True, False, True]
        assert _notes(ben) == []  # the device that left is told nothing more
        # Ann and Cy go too: the computers play all three seats to the end of the game.
        room.drop(ann)
        room.drop(cy)
        await until(lambda: room.session.game.phase == "over", "the computers to finish the game")
        assert room.stand_ins == {0, 1, 2}
        assert room.session.game.outcome() is not None
    finally:
        room.close()
        runner.cancel()


async def test_the_person_takes_the_seat_back_at_once_and_the_computers_choice_is_dropped(monkeypatch):
    room = _room(grace=0.01)
    links = [ListLink() for _ in range(3)]
    for link, name in zip(links, ("Ann", "Ben", "Cy")):
        room.join(link, JoinRequest(CODE, name=name))
    tokens = dict(room.tokens)
    for link in links:
        room.drop(link)  # everyone goes: the computers play every seat
    back: dict[str, object] = {}
    choose = Session.computer_chooser

    def chooser(session: Session):
        pick = choose(session)
        seat = session.game.turn

        def rejoin_while_choosing():
            move = pick()
            if not back and session.game.phase == "play":
                # The person comes back while the computer is choosing their move.
                back["moves"], back["seat"] = session.game.moves, seat
                back["link"] = ListLink()
                room.join(back["link"], JoinRequest(CODE, token=tokens[seat]))
            return move

        return rejoin_while_choosing

    monkeypatch.setattr(Session, "computer_chooser", chooser)
    runner = asyncio.create_task(room.run())
    try:
        await until(lambda: "link" in back, "a computer choosing a move in play")
        seat = back["seat"]
        assert isinstance(seat, int) and seat not in room.stand_ins and room.seated(seat) is not None
        # Wait until every other stand-in has moved as far as it can: the turn comes to the person.
        await until(lambda: room.session.to_act == seat and not room.computer_to_act(), "the person's turn")
        assert room.session.game.moves >= back["moves"]
        link = back["link"]
        assert isinstance(link, ListLink)
        name = room.session.names[seat]
        assert words.back_again(name) in _notes(link)
        assert all(_notes(other) == [] for other in links)  # they had gone before anything was said
        state = [m for m in link.messages() if m["type"] == "state"][-1]
        assert state["view"]["seat"] == seat and state["to_act"] == seat
        assert state["view"]["legal"]  # the person moves now: the computer did not play it
    finally:
        room.close()
        runner.cancel()


async def test_a_device_back_within_the_grace_time_keeps_its_seat_and_nobody_is_told():
    room = _room(grace=3600)
    ann, ben = ListLink(), ListLink()
    room.join(ann, JoinRequest(CODE, name="Ann"))
    room.join(ben, JoinRequest(CODE, name="Ben"))
    token = room.tokens[1]
    room.drop(ben)
    assert list(room._timers) == [1]
    again = ListLink()
    assert room.join(again, JoinRequest(CODE, token=token)) == 1
    assert not room._timers and not room.stand_ins and _notes(ann) == []
    room.close()


async def test_grace_zero_waits_for_ever():
    room = _room(grace=0)
    ann, ben = ListLink(), ListLink()
    room.join(ann, JoinRequest(CODE, name="Ann"))
    room.join(ben, JoinRequest(CODE, name="Ben"))
    room.drop(ben)
    assert not room._timers and room.waiting_for == [1, 2] and not room.stand_ins
    room.stand_in_for(0)  # a seat whose device is here is never played by a computer
    assert not room.stand_ins and _notes(ann) == []
    room.close()


def test_the_note_and_the_stand_ins_on_the_wire():
    note = NoteUpdate("Ben left; a computer plays for Ben until Ben is back.")
    assert decode_update(encode(note)) == note
    seats = SeatsUpdate((True, False), 2, (False, True))
    assert decode_update(encode(seats)) == seats
    assert '"stand_in":[false,false]' in encode(SeatsUpdate((True, False), 0))


@pytest.mark.parametrize("stand_in", [(False, True, False)])
def test_the_host_terminal_says_who_a_computer_plays_for(stand_in):
    line = words.host_status(["Ann", "Ben", "Cy"], [False, False, True], (True, False, True), 0, stand_in)
    assert line == "At the table: Ann, Cy (computer); a computer plays for Ben until Ben is back."


async def test_a_joined_terminal_shows_the_note_and_the_computer_plays_the_seat(served, tmp_path, monkeypatch):
    """Over a real host: Ben's device goes, the grace time passes, Ann's terminal reads the note
    and the computer plays Ben's turns until the game reaches Ann."""
    from palace_tui.cli.seat_connection import connect
    from palace_tui.net.client import Connection
    from palace_tui.net.remote_table import RemoteTable
    from palace_tui.tui.join_app import JoinApp
    from palace_tui.tui.table.screen import TableScreen
    from tests.helpers.settle import settle
    from tests.helpers.told import record_notifications, told

    record_notifications(monkeypatch)

    room = served.open(CODE, ["Ann", "Ben"], seed=7)
    room.grace = 0.01
    ben = await Connection.open(served.url, JoinRequest(CODE, name="Ben"))
    table = await connect(served.url, CODE, "Ann", tmp_path)
    assert isinstance(table, RemoteTable) and table.seat == 0
    app = JoinApp(table, quiet=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, TableScreen)
        await ben.close()
        sentence = "Ben left; a computer plays for Ben until Ben is back."
        await settle(pilot, lambda: sentence in told(app), what="the note on Ann's screen")
        assert table.state.stand_in == (False, True)
        await settle(pilot, lambda: room.session.to_act == 0, what="the computer to play Ben's turn")
    await table.close()


async def test_a_resumed_rooms_seats_with_tokens_wait_their_grace_time_too():
    room = _room(grace=0.01)
    room.tokens = {0: "ann-token", 1: "ben-token"}  # as room.json gives them back on --resume
    ann = ListLink()
    room.join(ann, JoinRequest(CODE, token="ann-token"))
    runner = asyncio.create_task(room.run())
    try:
        await until(lambda: room.stand_ins == {1}, "a computer for Ben, who never came back")
        assert _notes(ann) == [words.stood_in("Ben")]  # Cy never had a device: Cy's seat just waits
    finally:
        room.close()
        runner.cancel()
