"""A room writes the part of a ``state`` its devices share once, and each device's text is still
byte for byte the ``state`` built for that device alone.

Whole games of a room with list links (no network, no timing): 3 and 4 seats, house rules with
burn-ins and a choosing deal, take-backs, a watcher from the start and one joining mid-game, a
seat that rejoins with its token mid-game (its events start again from 0), and a second game.
Every ``state`` the room queues is compared, as it is queued, with :func:`built_alone`: the
update built for that one device from its seat's ``Game.view`` and the public history, and
encoded whole (how the host built every update before the shared part was written once).
"""

from __future__ import annotations

import json
import random

import pytest

from palace_tui.net.protocol import (
    AgainRequest,
    BurnInRequest,
    JoinRequest,
    MoveRequest,
    StateUpdate,
    TakeBackRequest,
    encode,
)
from palace_tui.net.room import ListLink, Member, Refusal, Room
from palace_tui.net.state_texts import StateTexts
from palace_tui.net.wire_view import PRIVATE_FIELDS, WireEvent, WireView, public_view
from palace_tui.rules import Rules
from palace_tui.table.session import SeatConfig, Session

HOUSE = "palace seven=low eight=skip three=invisible play_drawn=true chance=true burn_in=true deal=choose burn=3"
CODE = "KX4P2M"


def built_alone(room: Room, seat: int | None, start: int) -> str:
    """The ``state`` for one device (``seat`` None: a watcher) that was last sent events up to ``start``."""
    s = room.session
    history = s.public_history
    end = history.next_index
    events = tuple(WireEvent.of(i, e) for i, e in history.entries if i >= min(start, end))
    view = WireView.of(s.game.view(0 if seat is None else seat))
    if seat is None:
        view = public_view(view)
    update = StateUpdate(
        game=s.game_number + 1,
        view=view,
        header=tuple(history.header),
        events=events,
        events_end=end,
        to_act=s.to_act,
        take_back=seat is not None and room.may_take_back(seat),
        burn_in=seat is not None and room.may_burn_in(seat),
    )
    return encode(update)


class Checker:
    """The room's tap: checks each ``state`` against the one built alone, keeping each device's last ``events_end``."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.sent_to: dict[object, tuple[int, int]] = {}  # link -> (game number, events_end): held, so no id is reused
        self.states = 0
        self.rejoined_mid_game = 0
        self.burn_ins = self.take_backs = 0

    def __call__(self, member: Member, text: str) -> None:
        data = json.loads(text)
        if data["type"] != "state":
            return
        game, last_end = self.sent_to.get(member.link, (-1, 0))
        start = last_end if game == data["game"] else 0
        if start == 0 and data["events_end"] > 0:
            self.rejoined_mid_game += 1
        assert text == built_alone(self.room, member.seat, start)
        self.sent_to[member.link] = (data["game"], data["events_end"])
        self.states += 1


def _last_state(link: ListLink) -> dict:
    """The device's latest ``state`` (what it has read before is dropped: the tap checked it)."""
    text = next(t for t in reversed(link.sent) if t.startswith('{"v":1,"type":"state"'))
    link.sent[:] = [text]
    return json.loads(text)


def _choose(rng: random.Random, legal: list[str]) -> str:
    """A legal move, a play rather than a take when there is one (so games end)."""
    plays = [m for m in legal if not m.startswith("take")]
    return rng.choice(plays or legal)


def _play(seats: int, rules: Rules, seed: int) -> Checker:
    names = ["Ann", "Ben", "Cy", "Dee"][:seats]
    room = Room(CODE, Session.new([SeatConfig(n) for n in names], rules, seed=seed), ai_delay=0)
    checker = Checker(room)
    room.tap = checker
    rng = random.Random(seed)
    links = [ListLink() for _ in names]
    for link in links:
        room.join(link, JoinRequest(CODE))
    room.join(ListLink(), JoinRequest(CODE, watch=True))
    games, moves = 0, 0
    while games < 2:
        s = room.session
        if s.to_act is None:
            room.handle(links[0], AgainRequest())
            games += 1
            continue
        if moves == 40:  # a seat's device goes and comes back with its token: its events start from 0
            token = room.tokens[1]
            room.drop(links[1])
            links[1] = ListLink()
            room.join(links[1], JoinRequest(CODE, token=token))
            room.join(ListLink(), JoinRequest(CODE, watch=True))  # and a watcher joins mid-game
        mover = s.to_act
        request = MoveRequest(_choose(rng, _last_state(links[mover])["view"]["legal"]))
        try:
            room.handle(links[mover], request)
        except Refusal:
            pytest.fail("a legal move from the device's own view was refused")
        moves += 1
        for link in links:
            if _last_state(link)["burn_in"]:
                try:
                    room.handle(link, BurnInRequest())
                except Refusal:
                    continue  # it holds no card to burn in with
                checker.burn_ins += 1
                break
        if rng.random() < 0.1 and room.may_take_back(mover):
            room.handle(links[mover], TakeBackRequest())
            checker.take_backs += 1
    return checker


@pytest.mark.parametrize(
    ("seats", "line", "seed"), [(3, "palace", 5), (4, HOUSE, 7), (4, HOUSE, 11)], ids=["three", "four-house", "four-b"]
)
def test_every_state_is_byte_for_byte_the_one_built_for_its_device_alone(seats, line, seed):
    checker = _play(seats, Rules.from_line(line), seed)
    assert checker.states > 200 and checker.rejoined_mid_game >= 2 and checker.take_backs > 0
    if "burn_in=true" in line:
        assert checker.burn_ins > 0


def test_the_devices_share_every_field_but_their_own_and_their_own_differ():
    session = Session.new([SeatConfig(n) for n in ("Ann", "Ben", "Cy", "Dee")], Rules.preset("palace"), seed=3)
    room = Room(CODE, session, ai_delay=0)
    links = [ListLink() for _ in range(4)]
    for link in links:
        room.join(link, JoinRequest(CODE))
    watcher = ListLink()
    room.join(watcher, JoinRequest(CODE, watch=True))
    mover = session.to_act
    move = MoveRequest(_last_state(links[mover])["view"]["legal"][0])
    for link in [*links, watcher]:
        link.sent.clear()
    room.handle(links[mover], move)
    states = [_last_state(link) for link in [*links, watcher]]
    own = [{k: st["view"].pop(k) for k in PRIVATE_FIELDS} | {"tb": st.pop("take_back")} for st in states]
    assert all(st == states[-1] for st in states)  # the shared part: the watcher's, for every device
    assert len({json.dumps(o["hand"]) for o in own[:4]}) == 4 and own[-1]["hand"] == []
    assert [o["seat"] for o in own] == [0, 1, 2, 3, None]
    assert own[mover]["legal"] and not any(o["legal"] for i, o in enumerate(own) if i != mover)


def test_the_events_since_one_index_are_written_once_for_every_device_that_had_the_same():
    session = Session.new([SeatConfig(n) for n in ("Ann", "Ben")], Rules.preset("palace"), seed=4)
    texts = StateTexts(session, (0, 1))
    assert texts.events_since(0) is texts.events_since(0)
    assert texts.device(0, 0, False, False) != texts.device(1, 0, False, False)
