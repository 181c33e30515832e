"""The session: saving and restoring a whole table, the log, the records."""

from __future__ import annotations

import json

import pytest

from palace_tui.table.session import MemoryStore, Session
from tests.helpers.app import make_session


def test_round_trip_through_json_at_every_step():
    """to_dict/from_dict restore the same game, log and seat to act after every move."""
    session = make_session(humans=("Ann",), computers=("Ben", "Cy"), seed=4)
    for _ in range(60):
        if session.game.phase == "over":
            break
        session.computer_move()
        back = Session.from_dict(json.loads(json.dumps(session.to_dict())))
        assert back.game == session.game
        assert back.log == session.log and back.viewer == session.viewer
        assert [vars(s) for s in back.seats] == [vars(s) for s in session.seats]


def test_the_log_never_shows_a_drawn_card():
    """Draws are counted, not named."""
    session = make_session(humans=(), computers=("Ann", "Ben", "Cy"), seed=6)
    while session.game.phase != "over":
        session.computer_move()
    assert any("drew" in line for line in session.log)
    assert all(line.split("drew")[1].strip()[0].isdigit() for line in session.log if " drew " in line)


def test_a_finished_game_is_recorded_once():
    """The record has every field the store wants; the scoreboard counts it."""
    store = MemoryStore()
    session = make_session("shithead", humans=(), computers=("Ann", "Ben", "Cy"), seed=2)
    while session.game.phase != "over":
        session.computer_move()
    record = session.record()
    for key in (
        "table_id",
        "game_id",
        "players",
        "preset",
        "rules",
        "seed",
        "started",
        "ended",
        "order",
        "points",
        "scoring",
        "winner",
        "loser",
    ):
        assert key in record
    store.record_game(record)
    store.record_game(record)
    board = store.scoreboard(session.table_id)
    assert sum(row["losses"] for row in board) == 1 and all(row["games"] == 1 for row in board)


def test_the_session_saves_after_every_change_it_makes():
    """Moves, take-backs, abandoning and a new viewer each call the saver once; a refused move does not."""
    from palace_tui.rules import IllegalMove, Move

    session = make_session(humans=("Ann",), computers=("Ben",), seed=3)
    saves: list[dict] = []
    session.saver = lambda s: saves.append(s.to_dict())
    session.save_view()  # nobody's cards were up and still are: no change, no save
    assert saves == []
    session.flow.start(session.to_act)  # Ann alone with a computer: her cards come up
    session.save_view()
    assert len(saves) == 1 and saves[-1]["viewer"] == 0
    session.save_view()
    assert len(saves) == 1
    while session.game.phase == "setup":
        if session.is_human(session.game.turn):
            session.play_human(Move.ready())
        else:
            session.computer_move()
    assert Session.from_dict(saves[-1]).game == session.game
    count = len(saves)
    with pytest.raises(IllegalMove):
        session.play_human(Move.flip(99))
    assert len(saves) == count
    session.abandon()
    assert len(saves) == count + 1 and Session.from_dict(saves[-1]).game.phase == "over"


def test_a_take_back_is_saved():
    from palace_tui.rules import Game, Move, Rules
    from palace_tui.table.session import SeatConfig

    game = Game.from_position(
        Rules.preset("palace"),
        seats=[
            {"hand": "9S 4C", "face_up": "5S", "face_down": "6H"},
            {"hand": "5D", "face_up": "5H", "face_down": "7H"},
        ],
        pile="6D",
        stock="",
    )
    session = Session(
        "t1", [SeatConfig("Ann"), SeatConfig("Ben")], game.rules, "palace", 1, game, game_id="t1-1", shown=0
    )
    saves: list[dict] = []
    session.saver = lambda s: saves.append(s.to_dict())
    before = session.to_dict()
    session.play_human(Move.play("9S"))
    assert session.take_back_status()[0] and len(saves) == 1
    session.take_back()
    assert len(saves) == 2 and saves[-1]["game"] == before["game"] and saves[-1]["events"] == []
