"""The table's door: its messages are plain data, and the hot seat plays a whole game through it."""

from __future__ import annotations

import dataclasses
import typing

from palace_tui.rules import Rules
from palace_tui.table import door
from palace_tui.table.door import (
    ComputerMove,
    EndTurn,
    Followed,
    MakeMove,
    Moved,
    Passed,
    Start,
    Step,
    TableEvent,
)
from palace_tui.table.hot_seat import HotSeatTable
from palace_tui.table.session import SeatConfig, Session


def test_every_request_and_event_is_frozen_data_named_by_its_kind():
    kinds = []
    for union in (door.Request, door.TableEvent):
        for cls in typing.get_args(union):
            assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen, cls
            kinds.append(cls.__dataclass_fields__["kind"].default)
    assert len(kinds) == len(set(kinds)) == 22


def test_the_hot_seat_plays_a_whole_game_through_the_door():
    """Two people and a computer: every move is sent through the door; the view is only ever the
    shown seat's (no hand at all while nobody's cards are up), and the game ends."""
    session = Session.new(
        [SeatConfig("Ann"), SeatConfig("Ben"), SeatConfig("Cy", human=False)], Rules.preset("palace"), seed=3
    )
    table = HotSeatTable(session)
    heard: list[TableEvent] = []
    table.listen(heard.append)
    table.send(Start())
    for _ in range(2000):
        turn = heard[-1].turn if isinstance(heard[-1], Followed | Moved) else table.now().turn
        view = table.view()
        if turn.shown is None:
            assert view.hand == () and view.legal == ()
        else:
            assert view.seat == turn.shown and view.hand == tuple(session.game.seats[turn.shown].hand)
        if turn.step == Step.OVER:
            break
        if turn.step == Step.PASS:
            table.send(Passed(turn.seat))
        elif turn.step == Step.RESULT:
            table.send(EndTurn())
        elif turn.step == Step.WATCH:
            table.send(ComputerMove(run=True))
        else:
            table.send(MakeMove(next((m for m in view.legal if m.kind == "ready"), view.legal[0])))
    assert session.game.phase == "over" and table.now().to_act is None
    assert any(isinstance(e, Moved) and not e.person for e in heard)
