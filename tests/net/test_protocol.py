"""The wire protocol: every message round-trips, and anything else is refused with a reason."""

from __future__ import annotations

import json

import pytest

from palace_tui.net import protocol
from palace_tui.net.fields import BadMessage
from palace_tui.net.protocol import (
    MAX_REQUEST_BYTES,
    REQUESTS,
    UPDATES,
    AdviceUpdate,
    JoinRequest,
    MoveRequest,
    ResultsUpdate,
    SeatsUpdate,
    StateUpdate,
    WelcomeUpdate,
    decode_request,
    decode_update,
    encode,
)
from palace_tui.net.wire_view import WireEvent, WireView, public_view
from palace_tui.rules import Event, Game, Move, Rules
from palace_tui.rules.cards import Card


def _state(game: Game, seat: int) -> StateUpdate:
    events = (WireEvent.of(0, Event("played", 0, (Card.parse("7H"),))), WireEvent.of(1, Event("drew", 0, (), 1)))
    return StateUpdate(1, WireView.of(game.view(seat)), ("Game 1: Ann deals",), events, 2, game.turn, False, True)


def test_every_message_round_trips():
    game = Game.deal(Rules.preset("palace"), ["Ann", "Ben", "Cy"], seed=5)
    messages = [
        JoinRequest("KX4P2M", name="Ben"),
        JoinRequest("KX4P2M", token="abc", watch=False),
        MoveRequest("play 7D 7S"),
        *(kind() for name, kind in REQUESTS.items() if name not in ("join", "move")),
        WelcomeUpdate("KX4P2M", 1, "tok", ("Ann", "Ben", "Cy"), (0, 1), Rules().line(), 1),
        _state(game, 1),
        SeatsUpdate((True, False, True), 2),
        SeatsUpdate((True, False, True), 0, (False, True, False)),
        protocol.NoteUpdate("Ben left; a computer plays for Ben until Ben is back."),
        ResultsUpdate((1, 0, 2), 1, 2, (3, 1, 0), False),
        AdviceUpdate("take", "Take the pile."),
        protocol.GameFileUpdate("Palace game file\nplayers: Ann, Ben\n"),
        protocol.RefusedUpdate("move", "It is not your turn: Ann is to play."),
        protocol.ErrorUpdate("The host closed the room."),
    ]
    assert {m.TYPE for m in messages} == set(REQUESTS) | set(UPDATES)
    for message in messages:
        decode = decode_request if message.TYPE in REQUESTS else decode_update
        assert decode(encode(message)) == message


def test_a_seat_view_on_the_wire_is_the_engine_view():
    game = Game.deal(Rules.preset("palace"), ["Ann", "Ben", "Cy"], seed=5)
    for seat in range(3):
        assert WireView.from_data(WireView.of(game.view(seat)).to_data()).to_seat_view() == game.view(seat)


def test_the_public_view_has_no_hand_no_moves_and_no_seat():
    game = Game.deal(Rules.preset("palace"), ["Ann", "Ben"], seed=5)
    view = public_view(WireView.of(game.view(game.turn)))
    assert (view.seat, view.hand, view.legal, view.playable_ranks) == (None, (), (), ())
    assert "hand" not in json.dumps(view.to_data()).replace('"hand": []', "").replace('"hand_count"', "")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("not json", "this was not JSON"),
        ("[1, 2]", "JSON objects, not list"),
        ('{"v": 1, "type": "move"}', "move: missing move"),
        ('{"v": 1, "type": "move", "move": "play 7D", "seat": 1}', "unknown field seat"),
        ('{"v": 1, "type": "move", "move": "fly"}', "not a move code"),
        ('{"v": 1, "type": "move", "move": ["play 7D"]}', "not a move code"),
        ('{"v": 1, "type": "move", "move": "play 7♦"}', "not a move code"),  # codes only, not symbols
        ('{"v": 1, "type": "pickle", "data": "gASV"}', "'pickle' is not one of the requests"),
        ('{"v": 1, "type": "welcome", "room": "KX4P2M"}', "is not one of the requests"),  # an update
        ('{"v": true, "type": "leave"}', "speaks version 1"),
        ('{"type": "leave"}', "speaks version 1"),
        ('{"v": 1, "type": "join", "room": "abc", "name": null, "token": null, "watch": false}', "room code"),
        ('{"v": 1, "type": "join", "room": "KX4P2M", "name": 5, "token": null, "watch": false}', "name must be text"),
        ('{"v": 1, "type": "join", "room": "KX4P2M", "name": null, "token": null, "watch": 0}', "true or false"),
        ('{"v": 1, "type": "leave", "x": NaN}', "not JSON"),
        ("[" * 100_000, "at most"),
    ],
)
def test_a_bad_request_is_refused_with_its_reason(text, reason):
    with pytest.raises(BadMessage, match=reason.replace("(", r"\(").replace("[", r"\[")):
        decode_request(text)


def test_a_request_past_the_size_limit_is_refused_before_it_is_read():
    text = json.dumps({"v": 1, "type": "move", "move": "play " + "7D " * MAX_REQUEST_BYTES})
    with pytest.raises(BadMessage, match=f"at most {MAX_REQUEST_BYTES} bytes"):
        decode_request(text)
    with pytest.raises(BadMessage, match="not binary"):
        decode_request(b'{"v": 1, "type": "leave"}')


def test_a_state_update_with_a_forged_card_is_refused():
    game = Game.deal(Rules.preset("palace"), ["Ann", "Ben"], seed=5)
    data = json.loads(encode(_state(game, 0)))
    data["view"]["hand"].append("ZZ")
    with pytest.raises(BadMessage, match="state: hand holds 'ZZ'"):
        decode_update(json.dumps(data))
    data = json.loads(encode(_state(game, 0)))
    data["view"]["legal"] = ["burn-in x"]
    with pytest.raises(BadMessage, match="not a move code"):
        decode_update(json.dumps(data))


def test_moves_travel_as_their_codes():
    for move in (Move.play("7D 7S"), Move.take(adding="KS"), Move.flip(2), Move.swap("3C", "KD"), Move.ready()):
        assert decode_request(encode(MoveRequest(move.code()))) == MoveRequest(move.code())
