"""The session: saving and restoring a whole table, the log, the records."""

from __future__ import annotations

import json

from tests.helpers.app import make_session

from palace_tui.table.session import MemoryStore, Session


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
    for key in ("table_id", "game_id", "players", "preset", "rules", "seed", "started", "ended", "order",
                "points", "scoring", "winner", "loser"):
        assert key in record
    store.record_game(record)
    store.record_game(record)
    board = store.scoreboard(session.table_id)
    assert sum(row["losses"] for row in board) == 1 and all(row["games"] == 1 for row in board)
