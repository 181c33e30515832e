"""One room without a network: seats by token, freeing a seat, and whose requests are refused."""

from __future__ import annotations

import pytest

from palace_tui.net.protocol import JoinRequest, MoveRequest, TakeBackRequest
from palace_tui.net.room import ListLink, Refusal, Room
from palace_tui.rules import Rules
from palace_tui.table.session import SeatConfig, Session
from palace_tui.words import remote as words


def _room() -> Room:
    session = Session.new([SeatConfig("Ann"), SeatConfig("Ben"), SeatConfig("Cy", human=False)], Rules(), seed=2)
    return Room("KX4P2M", session, ai_delay=0)


def test_a_freed_seat_lets_its_device_go_and_its_token_no_longer_rejoins():
    room = _room()
    ann = ListLink()
    room.join(ann, JoinRequest("KX4P2M", name="Ann"))
    token = room.tokens[0]
    room.free(0)
    assert ann.closed == words.SEAT_FREED and 0 not in room.tokens
    with pytest.raises(Refusal, match="not one of this room's"):
        room.join(ListLink(), JoinRequest("KX4P2M", token=token))
    assert room.join(ListLink(), JoinRequest("KX4P2M")) == 0  # the next device takes it


def test_no_seat_for_a_computer_a_stranger_or_a_full_table():
    room = _room()
    with pytest.raises(Refusal, match="Cy is played by the computer"):
        room.join(ListLink(), JoinRequest("KX4P2M", name="cy"))
    with pytest.raises(Refusal, match="Nobody at this table is called Zed"):
        room.join(ListLink(), JoinRequest("KX4P2M", name="Zed"))
    room.join(ListLink(), JoinRequest("KX4P2M"))
    room.join(ListLink(), JoinRequest("KX4P2M"))
    with pytest.raises(Refusal, match="Every seat at this table is taken"):
        room.join(ListLink(), JoinRequest("KX4P2M"))
    assert room.join(ListLink(), JoinRequest("KX4P2M", watch=True)) is None
    assert room.present == (True, True, True) and room.watchers == 1


def test_a_take_back_that_is_not_yours_is_refused_and_changes_nothing():
    room = _room()
    links = [ListLink(), ListLink()]
    for link in links:
        room.join(link, JoinRequest("KX4P2M"))
    before = room.session.game.copy()
    with pytest.raises(Refusal, match=words.NOT_YOURS_TO_TAKE_BACK):
        room.handle(links[1], TakeBackRequest())
    mover = room.session.to_act
    other = links[1 - mover] if mover in (0, 1) else links[0]
    with pytest.raises(Refusal, match="It is not your turn"):
        room.handle(other, MoveRequest(room.session.game.legal_moves()[0].code()))
    assert room.session.game == before


def test_the_game_file_for_a_review_is_sent_only_once_the_game_is_over():
    """Review at a joined device: refused while the game is on (its file shows every card); once it
    is over, the device that asked (and only it) gets the game file, which replays as the game."""
    from palace_tui.net.protocol import GameFileUpdate, ReviewRequest, decode_update
    from palace_tui.rules.gamefile import parse_game, replay

    session = Session.new([SeatConfig("Ann"), SeatConfig("Ben")], Rules(), seed=4)
    room = Room("KX4P2M", session, ai_delay=0)
    links = [ListLink(), ListLink()]
    for link in links:
        room.join(link, JoinRequest("KX4P2M"))
    with pytest.raises(Refusal, match=words.NOT_OVER_REVIEW):
        room.handle(links[0], ReviewRequest())
    for _ in range(3000):
        if session.game.phase == "over":
            break
        seat = session.to_act
        assert seat is not None
        moves = session.game.legal_moves()
        move = next((m for m in moves if m.kind in ("ready", "play")), moves[0])
        room.handle(links[seat], MoveRequest(move.code()))
    assert session.game.phase == "over"
    before = [len(link.sent) for link in links]
    room.handle(links[1], ReviewRequest())
    assert len(links[0].sent) == before[0]  # only the device that asked
    (sent,) = links[1].sent[before[1] :]
    update = decode_update(sent)
    assert isinstance(update, GameFileUpdate)
    record = parse_game(update.text)
    assert record.names == ["Ann", "Ben"] and replay(record).game.to_json() == session.game.to_json()
