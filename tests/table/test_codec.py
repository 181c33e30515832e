"""The saved session: one envelope (the store's), the game's dict inside, and saves of version 1 still load."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from palace_tui.rules import Card, Event, Game
from palace_tui.rules.saving import to_dict
from palace_tui.store import Store
from palace_tui.table.codec import event_from_list, event_to_list, migrate_v1
from palace_tui.table.session import Session
from tests.helpers.app import make_session
from tests.table.fixtures import v1_log, v1_session, v1_store_file


def _play_on(session: Session) -> tuple[tuple[int, ...], int, str]:
    """Play to the end (people: their last legal move; computers: their own choice)."""
    while session.game.phase != "over":
        if session.is_human(session.game.turn):
            session.play_human(session.game.legal_moves()[-1])
        else:
            session.computer_move()
    outcome = session.game.outcome()
    assert outcome is not None
    return outcome.order, session.game.moves, hashlib.sha256(session.game.to_json().encode()).hexdigest()[:16]


def test_an_event_reads_back_as_it_was_written():
    event = Event("cleared", 1, (Card.parse("TH"), Card.parse("7D")), 2, "ten")
    assert event_from_list(event_to_list(5, event)) == (5, event)
    assert json.loads(json.dumps(event_to_list(5, event))) == [5, "cleared", 1, "TH 7D", 2, "ten"]


def test_a_save_of_version_1_loads_shows_the_same_log_and_plays_on_as_before():
    """The fixture was saved by the release before this format; the numbers after it are what that
    release's code gave when it played the same save on (the same moves, the same result)."""
    data = v1_session()
    session = Session.from_dict(data)
    assert session.game == Game.from_json(data["game"])
    assert session.log == v1_log() and session.log_total == data["log_total"]
    assert session.events == [event_from_list(x) for x in data["events"]]
    assert session.viewer == data["viewer"] and session.history is not None
    assert _play_on(session) == ((1, 2, 0), 76, "1fd184c82dcbccf7")
    assert len(session.history) == 80 and session.log_total == 119


def test_the_store_file_of_version_1_loads(tmp_path: Path):
    (tmp_path / "session.json").write_bytes(v1_store_file())
    with Store(tmp_path) as store:
        data = store.load_session()
        assert data is not None and store.warnings == []
        session = Session.from_dict(data)
        assert session.game == Session.from_dict(v1_session()).game
        store.save_session(session.to_dict())
    doc = json.loads((tmp_path / "session.json").read_text())
    assert doc["format"] == "palace-tui/session" and doc["version"] == 2


def test_a_save_is_one_envelope_with_the_game_dict_inside(tmp_path: Path):
    session = make_session(humans=("Ann",), computers=("Ben",), seed=5)
    for _ in range(6):
        session.computer_move() if not session.is_human(session.game.turn) else session.play_human(
            session.game.legal_moves()[0]
        )
    with Store(tmp_path) as store:
        store.save_session(session.to_dict())
    doc = json.loads((tmp_path / "session.json").read_text())
    data = doc["data"]
    assert "format" not in data and "version" not in data and not isinstance(data["log"], str)
    assert data["game"] == to_dict(session.game)
    back = Session.from_dict(data)
    assert back.game == session.game and back.log == session.log and back.events == session.events


def test_version_1_events_are_matched_to_the_log_with_their_indices():
    """The log's events and the recap's indexed ones are one history after migrating."""
    data = migrate_v1(v1_session())
    indices = [e[0] for e in data["events"]]
    assert indices == list(range(indices[0], indices[0] + len(indices))) and data["log_from"] == indices[0]
    assert data["log"] == ["Game 1: Ann deals"] and isinstance(data["game"], dict)


def test_a_version_1_save_from_before_the_event_log_keeps_its_text():
    data = v1_session()
    data["log"] = v1_log()
    del data["events"]
    session = Session.from_dict(data)
    assert session.log == v1_log() and session.events == []
    assert session.public_events() == []  # the computers' memory starts afresh, as that release did


@pytest.mark.parametrize(
    "change, says",
    [
        (lambda d: d.update(format="palace-tui-other"), "not a palace-tui session"),
        (lambda d: d.update(version=2), "newer palace-tui"),
        (lambda d: d.update(version="1"), "no valid version"),
        (lambda d: d.update(game=d["game"][:-3]), "not valid JSON"),
        (lambda d: d.update(game={"a": 1}), "game"),
        (lambda d: d["log"].append(["played", 9, "9S", 0, ""]), "names seat 9"),
        (lambda d: d["log"].append(["drew", 0, "9S", 1, ""]), "a draw names the cards"),
        (lambda d: d["events"].reverse(), "out of order"),
    ],
)
def test_a_damaged_version_1_save_is_refused_saying_what(change, says):
    data = v1_session()
    change(data)
    with pytest.raises(ValueError, match=says):
        Session.from_dict(data)
