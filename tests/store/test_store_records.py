"""Table records in SQLite: idempotent recording, scoreboards under each scoring, bad databases."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from palace_tui.store import Store
from palace_tui.store.payloads import GameResult
from palace_tui.store.records import APPLICATION_ID, SCHEMA_VERSION


def board(store: Store, table: str = "t1") -> list[tuple[int, str, int, int, int, int]]:
    """The scoreboard as (place, name, games, wins, losses, points) tuples."""
    return [(r["place"], r["name"], r["games"], r["wins"], r["losses"], r["points"]) for r in store.scoreboard(table)]


def test_schema_is_wal_with_foreign_keys_and_a_version(data_dir: Path) -> None:
    """The file is ours (application id), versioned, in WAL mode, with the promised tables."""
    Store(data_dir).close()
    db = sqlite3.connect(data_dir / "records.sqlite3")
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert db.execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"tables", "players", "games", "seats", "schema_version"} <= tables
    fks = {r[2] for r in db.execute("PRAGMA foreign_key_list(games)")} | {
        r[2] for r in db.execute("PRAGMA foreign_key_list(seats)")
    }
    assert fks == {"tables", "games", "players"}


def test_record_game_is_idempotent_per_game_id(data_dir: Path, make_record) -> None:
    """A game resumed after a crash and recorded again counts once, even after a restart."""
    store = Store(data_dir)
    record = make_record(["Ada", "Bo", "Cy"], [2, 0, 1])
    assert store.record_game(record) is True
    assert store.record_game(record) is False
    assert Store(data_dir).record_game(dict(record)) is False
    assert store.game_count() == 1
    assert board(store) == [(1, "Cy", 1, 1, 0, 3), (2, "Ada", 1, 0, 0, 2), (3, "Bo", 1, 0, 1, 1)]


def test_abandoned_game_counts_nowhere(data_dir: Path, make_record) -> None:
    """An abandoned game is not stored: not in the scoreboard, the standings or the recent games."""
    store = Store(data_dir)
    assert store.record_game(make_record(["Ada", "Bo"], [], abandoned=True)) is False
    assert store.game_count() == 0
    assert store.scoreboard("t1") == [] and store.standings() == {} and store.recent_games() == []
    store.record_game(make_record(["Ada", "Bo"], [0, 1]))
    store.record_game(make_record(["Ada", "Bo"], [1, 0], abandoned=True))
    assert board(store) == [(1, "Ada", 1, 1, 0, 3), (2, "Bo", 1, 0, 1, 2)]


def test_wins_scoreboard_most_wins_first_with_shared_places(data_dir: Path, make_record) -> None:
    """Under wins, the most wins lead; equal wins share a place and the next place is skipped."""
    store = Store(data_dir)
    players = ["Ada", "Bo", "Cy", "Dee"]
    for first in (0, 1, 0, 1, 2):
        store.record_game(make_record(players, [first], "wins"))
    assert board(store) == [
        (1, "Ada", 5, 2, 0, 2),
        (1, "Bo", 5, 2, 0, 2),
        (3, "Cy", 5, 1, 0, 1),
        (4, "Dee", 5, 0, 0, 0),
    ]


def test_losses_scoreboard_fewest_losses_first_with_shared_places(data_dir: Path, make_record) -> None:
    """Under losses, the fewest losses lead and equal totals share a place."""
    store = Store(data_dir)
    players = ["Ada", "Bo", "Cy", "Dee"]
    for last in (3, 3, 2, 1):
        order = [s for s in range(4) if s != last] + [last]
        store.record_game(make_record(players, order, "losses"))
    assert board(store) == [
        (1, "Ada", 4, 4, 0, 0),
        (2, "Bo", 4, 0, 1, 1),
        (2, "Cy", 4, 0, 1, 1),
        (4, "Dee", 4, 0, 2, 2),
    ]


def test_podium_scoreboard_most_points_first_with_shared_places(data_dir: Path, make_record) -> None:
    """Under podium, 3-2-1 points add up; the most points lead, equal points share a place."""
    store = Store(data_dir)
    players = ["Ada", "Bo", "Cy", "Dee"]
    store.record_game(make_record(players, [0, 1, 2, 3]))  # Ada 3, Bo 2, Cy 1
    store.record_game(make_record(players, [3, 2, 1, 0]))  # Dee 3, Cy 2, Bo 1
    assert board(store) == [
        (1, "Ada", 2, 1, 1, 3),
        (1, "Bo", 2, 0, 0, 3),
        (1, "Cy", 2, 0, 0, 3),
        (1, "Dee", 2, 1, 1, 3),
    ], "all equal: all first, listed by name"
    store.record_game(make_record(players, [1, 0, 3, 2]))  # Bo 3, Ada 2, Dee 1
    assert board(store) == [
        (1, "Bo", 3, 1, 0, 6),
        (2, "Ada", 3, 1, 1, 5),
        (3, "Dee", 3, 1, 1, 4),
        (4, "Cy", 3, 0, 1, 3),
    ]


def test_scoreboards_are_per_table_and_follow_the_latest_scoring(data_dir: Path, make_record) -> None:
    """Another table's games never show; a table ranks under the scoring of its latest game."""
    store = Store(data_dir)
    store.record_game(make_record(["Ada", "Bo"], [0, 1], "podium", table_id="kitchen"))
    store.record_game(make_record(["Ada", "Bo"], [1, 0], "podium", table_id="kitchen"))
    store.record_game(make_record(["Ada", "Bo"], [1, 0], "podium", table_id="kitchen"))
    store.record_game(make_record(["Ada", "Zed"], [1, 0], "podium", table_id="train"))
    assert [r["name"] for r in store.scoreboard("kitchen")] == ["Bo", "Ada"]
    assert [r["name"] for r in store.scoreboard("train")] == ["Zed", "Ada"]
    store.record_game(make_record(["Ada", "Bo"], [0], "wins", table_id="kitchen"))
    assert board(store, "kitchen") == [(1, "Ada", 4, 2, 2, 8), (1, "Bo", 4, 2, 1, 8)]
    assert store.scoreboard("nowhere") == []


def test_standings_group_games_by_scoring_over_all_tables(data_dir: Path, make_record) -> None:
    """The records command's standings: one ranking per scoring, across tables, empty ones left out."""
    store = Store(data_dir)
    store.record_game(make_record(["Ada", "Bo"], [0, 1], "losses", table_id="a"))
    store.record_game(make_record(["Ada", "Cy"], [1, 0], "losses", table_id="b"))
    store.record_game(make_record(["Bo", "Cy"], [0], "wins", table_id="c"))
    standings = store.standings()
    assert list(standings) == ["wins", "losses"]
    assert [(r["place"], r["name"]) for r in standings["losses"]] == [(1, "Cy"), (2, "Ada"), (2, "Bo")]
    assert [(r["place"], r["name"]) for r in standings["wins"]] == [(1, "Bo"), (2, "Cy")]
    assert list(store.standings("wins")) == ["wins"]
    assert store.standings("podium") == {}
    with pytest.raises(ValueError, match="unknown scoring"):
        store.standings("golf")


def test_recent_games_newest_first_and_complete(data_dir: Path, make_record) -> None:
    """Recent games come back newest first, limited, with everything that was recorded."""
    store = Store(data_dir)
    records = [make_record(["Ada", "Bo", "Cy"], [i % 3, (i + 1) % 3, (i + 2) % 3]) for i in range(5)]
    for record in records:
        store.record_game(record)
    recent = Store(data_dir).recent_games(limit=3)
    assert [g.game_id for g in recent] == ["game-5", "game-4", "game-3"]
    expected = dict(records[4].items())
    # Besides what was recorded: the table's readable name, the game's number there and its No. in the list.
    assert recent[0] == GameResult.of({**expected, "table_name": "Table 1", "table_game": 5, "number": 5})
    assert Store(data_dir).recent_games(limit=0) == []


def test_records_survive_a_restart(data_dir: Path, make_record) -> None:
    """The scoreboard comes from the file, not from memory."""
    with Store(data_dir) as store:
        store.record_game(make_record(["Ada", "Bo"], [1, 0]))
    with Store(data_dir) as store:
        assert board(store) == [(1, "Bo", 1, 1, 0, 3), (2, "Ada", 1, 0, 1, 2)]


@pytest.mark.parametrize("missing", ["table_id", "game_id", "players", "order", "points", "scoring"])
def test_a_record_without_a_key_is_refused(data_dir: Path, make_record, missing: str) -> None:
    """A record missing a key raises ValueError naming it, and stores nothing."""
    store = Store(data_dir)
    record = make_record(["Ada", "Bo"], [0, 1])
    del record[missing]
    with pytest.raises(ValueError, match=missing):
        store.record_game(record)
    assert store.game_count() == 0


def test_impossible_record_values_are_refused(data_dir: Path, make_record) -> None:
    """Seats out of range, points of the wrong length and unknown scorings raise ValueError."""
    store = Store(data_dir)
    for bad in ({"winner": 5}, {"points": [1]}, {"scoring": "golf"}, {"order": [0, 7]}):
        with pytest.raises(ValueError):
            store.record_game({**make_record(["Ada", "Bo"], [0, 1]), **bad})
    assert store.game_count() == 0


# -- bad database files ----------------------------------------------------------------


def _real_database(folder: Path, make_record, games: int = 120) -> bytes:
    with Store(folder) as store:
        for i in range(games):
            store.record_game(make_record(["Ada", "Bo", "Cy"], [i % 3, (i + 1) % 3, (i + 2) % 3], table_id=f"t{i % 4}"))
    return (folder / "records.sqlite3").read_bytes()


def _foreign_database(folder: Path) -> bytes:
    path = folder / "other.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE recipes (name TEXT)")
    db.execute("INSERT INTO recipes VALUES ('soup')")
    db.commit()
    db.close()
    return path.read_bytes()


def _newer_database(folder: Path, make_record) -> bytes:
    _real_database(folder, make_record, games=2)
    db = sqlite3.connect(folder / "records.sqlite3")
    db.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    db.commit()
    db.execute("PRAGMA journal_mode = DELETE")
    db.close()
    return (folder / "records.sqlite3").read_bytes()


def _bad_database(case: str, scratch: Path, make_record) -> tuple[bytes, str]:
    scratch.mkdir()
    if case == "corrupt":
        raw = bytearray(_real_database(scratch, make_record))
        raw[4096 : 4096 * 3] = bytes((i * 37) % 256 for i in range(8192))
        return bytes(raw), "corrupt"
    if case == "truncated":
        raw = _real_database(scratch, make_record)
        return raw[: len(raw) // 2], "truncated"
    if case == "foreign-sqlite":
        return _foreign_database(scratch), "not a palace-tui database"
    if case == "foreign-json":
        return b'{"format": "palace-tui/session", "version": 1, "data": {}}', "not an SQLite database"
    if case == "newer":
        return _newer_database(scratch, make_record), "newer palace-tui"
    raise AssertionError(case)


@pytest.mark.parametrize("case", ["corrupt", "truncated", "foreign-sqlite", "foreign-json", "newer"])
def test_bad_database_is_moved_aside_and_a_fresh_one_started(
    tmp_path: Path, data_dir: Path, make_record, case: str
) -> None:
    """A bad records file: one sentence says what and where; it is kept byte for byte; recording goes on."""
    content, says = _bad_database(case, tmp_path / "scratch", make_record)
    data_dir.mkdir()
    (data_dir / "records.sqlite3").write_bytes(content)
    store = Store(data_dir)
    [warning] = store.warnings
    assert warning.startswith("The records database ") and says in warning
    assert warning.endswith("a fresh one was started.")
    [moved] = [p for p in data_dir.iterdir() if p.name.startswith("records.bad-") and p.suffix == ".sqlite3"]
    assert str(moved) in warning
    assert moved.read_bytes() == content
    assert store.game_count() == 0
    assert store.record_game(make_record(["Ada", "Bo"], [0, 1]))
    store.close()
    assert Store(data_dir).game_count() == 1 and Store(data_dir).warnings == []


def test_bad_database_moves_with_its_write_ahead_log(data_dir: Path, make_record) -> None:
    """A bad database whose last changes sit in its -wal file moves aside with it, and stays readable there."""
    _real_database(data_dir, make_record, games=2)
    writer = sqlite3.connect(data_dir / "records.sqlite3")
    writer.execute("PRAGMA wal_autocheckpoint = 0")  # keep the change in the -wal file, as after a crash
    writer.execute("UPDATE schema_version SET version = 99")
    writer.commit()
    assert (data_dir / "records.sqlite3-wal").stat().st_size > 0
    store = Store(data_dir)
    assert "newer palace-tui (schema version 99" in store.warnings[0]
    [moved] = [p for p in data_dir.iterdir() if p.name.startswith("records.bad-") and p.suffix == ".sqlite3"]
    assert (data_dir / (moved.name + "-wal")).exists()
    writer.close()
    store.close()
    old = sqlite3.connect(moved)
    assert old.execute("SELECT version FROM schema_version").fetchone() == (99,)
    assert old.execute("SELECT COUNT(*) FROM games").fetchone() == (2,)
    old.close()
    assert Store(data_dir).warnings == []
