"""Game histories in the records: kept whole, migrated from schema 1, exported, grouped by deal."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from palace_tui.cli.records import main
from palace_tui.rules import Rules
from palace_tui.rules.gamefile import parse_game, replay
from palace_tui.store import Store
from palace_tui.store.records import SCHEMA_VERSION
from palace_tui.table.session import SeatConfig, Session

V1 = Path(__file__).parent / "data" / "records-v1.sqlite3"


def _played(seed: int = 3, names=("Ann", "Ben", "Cy"), table_id: str | None = None, number: int = 0) -> Session:
    session = Session.new(
        [SeatConfig(n, human=False, level="easy") for n in names], Rules.preset("palace"), seed=seed, table_id=table_id
    )
    if number:  # the table's next game, as after play again
        session.game_number = number
        session._deal(0)
    while session.game.phase != "over":
        session.computer_move()
    return session


def test_schema_1_database_migrates_and_reports_games_without_moves(tmp_path: Path) -> None:
    """A database written by schema 1 opens, names its tables, numbers games per table and lists
    every old game as one whose moves were not kept (none dropped)."""
    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(V1, data / "records.sqlite3")
    with Store(data) as store:
        assert store.warnings == []
        games = store.game_list()
        assert len(games) == store.game_count() == 4
        assert {g["table"] for g in games} == {"Table 1", "Table 2"}
        assert sorted((g["table"], g["table_game"]) for g in games) == [
            ("Table 1", 1),
            ("Table 1", 2),
            ("Table 2", 1),
            ("Table 2", 2),
        ]
        assert not any(g["kept"] for g in games)
        assert store.game_text(games[0]["number"])["text"] is None
        # A new game at an old table continues its numbering.
        old_table = store.recent_games(1)[0].table_id
        session = _played(table_id=old_table, names=("Dee", "Eve"), number=2)
        store.record_game(session.record())
        newest = store.game_list(1)[0]
        assert newest["table"] == "Table 2" and newest["table_game"] == 3 and newest["kept"]
    version = sqlite3.connect(data / "records.sqlite3").execute("SELECT version FROM schema_version").fetchall()
    assert version == [(SCHEMA_VERSION,)]


def test_finished_and_abandoned_games_keep_every_move(data_dir: Path) -> None:
    """Both a finished and an abandoned game come back as game files that replay to the same end."""
    finished = _played(seed=5)
    abandoned = Session.new(
        [SeatConfig("Ann"), SeatConfig("Ben", human=False, level="easy")], Rules.preset("palace"), seed=6
    )
    for _ in range(12):
        abandoned.apply(abandoned.game.legal_moves()[-1])
    abandoned.abandon()
    with Store(data_dir) as store:
        assert store.record_game(finished.record()) is True
        assert store.record_game(abandoned.record()) is False  # no result...
        assert store.scoreboard(abandoned.table_id) == []  # ...in no score
        games = {g["game_id"]: g for g in store.game_list()}
        assert games[abandoned.game_id]["abandoned"] and games[abandoned.game_id]["kept"]
        for session in (finished, abandoned):
            record = parse_game(store.game_text(games[session.game_id]["number"])["text"])
            assert replay(record).game == session.game


def test_export_writes_a_game_file_and_refuses_what_it_cannot(data_dir: Path, tmp_path: Path, capsys) -> None:
    """--export N FILE writes the kept text; an unknown number or a game without moves is one sentence."""
    session = _played(seed=8)
    with Store(data_dir) as store:
        store.record_game(session.record())
        number = store.game_list()[0]["number"]
    out = tmp_path / "game.txt"
    assert main(["--data-dir", str(data_dir), "--export", str(number), str(out)]) == 0
    assert replay(parse_game(out.read_text())).game == session.game
    assert main(["--data-dir", str(data_dir), "--export", "99", str(out)]) == 1
    assert "there is no recorded game 99" in capsys.readouterr().err


def test_same_deal_results_side_by_side(data_dir: Path, capsys, monkeypatch) -> None:
    """A deal played again is grouped with the original, and palace records shows them side by side."""
    monkeypatch.setenv("COLUMNS", "120")
    first = _played(seed=9)
    with Store(data_dir) as store:
        store.record_game(first.record())
        again = Session.from_record(
            first.game_record(),
            store.game_list()[0]["game_id"],
            shift=1,
            table_id=first.table_id,
            games_so_far=first.game_number + 1,
        )
        while again.game.phase != "over":
            again.computer_move()
        store.record_game(again.record())
        groups = store.same_deals()
    assert len(groups) == 1 and [g["game_id"] for g in groups[0]] == [first.game_id, again.game_id]
    # Seats moved round: the cards seat 1 held went to the next player.
    assert groups[0][1]["players"] == first.names[1:] + first.names[:1]
    assert main(["--data-dir", str(data_dir)]) == 0
    assert "Same deal as Table 1 game 1" in capsys.readouterr().out


def test_a_taken_back_move_leaves_the_history() -> None:
    """Take-backs remove their moves from the kept history: the record still replays to the end."""
    from palace_tui.ai import make_player

    session = Session.new(
        [SeatConfig("Ann"), SeatConfig("Ben", human=False, level="easy")], Rules.preset("palace"), seed=4
    )
    ann = make_player("random", 2)
    taken_back = 0
    while session.game.phase != "over":
        if not session.is_human(session.game.turn):
            session.computer_move()
            continue
        session.play_human(ann.choose(session.game))
        if session.take_back_status()[0] and taken_back < 5 and session.game.phase != "over":
            kept = len(session.history)
            session.take_back()
            taken_back += 1
            assert len(session.history) < kept
    assert taken_back == 5
    assert replay(session.game_record(), complete=True).game == session.game


def test_a_resumed_game_keeps_its_moves_and_an_old_save_is_reported(data_dir: Path) -> None:
    """A saved and resumed game replays whole; a save from before histories is recorded without moves
    and listed as such."""
    session = Session.new(
        [SeatConfig(n, human=False, level="easy") for n in ("Ann", "Ben")], Rules.preset("palace"), seed=12
    )
    for _ in range(30):
        session.computer_move()
    saved = session.to_dict()
    resumed = Session.from_dict(saved)
    old = Session.from_dict({k: v for k, v in saved.items() if k not in ("deck", "history")})
    old.game_id += "-old"
    for s in (resumed, old):
        while s.game.phase != "over":
            s.computer_move()
    assert replay(resumed.game_record(), complete=True).game == resumed.game
    assert old.record()["history"] is None
    with Store(data_dir) as store:
        store.record_game(resumed.record())
        store.record_game(old.record())
        kept = {g["game_id"]: g["kept"] for g in store.game_list()}
    assert kept == {resumed.game_id: True, old.game_id: False}
