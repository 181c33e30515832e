"""Hostile data folders: locked or full databases, links, two copies, huge or deep saves, tampered rows.

Each test builds the bad input and checks the outcome: one clear sentence, the
file kept, the result not lost.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from palace_tui.cli.records import main as records_main
from palace_tui.store import Store, keeping
from palace_tui.store.pending import PENDING_FILE

REPO = Path(__file__).resolve().parents[2]


def _locked(path: Path) -> sqlite3.Connection:
    """Another program holding an exclusive lock on the database (readers and writers are shut out)."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA locking_mode = EXCLUSIVE")
    db.execute("BEGIN EXCLUSIVE")
    db.execute("INSERT INTO schema_version (version) VALUES (1)")  # a write takes the lock for good
    return db


def _filled(data_dir: Path, make_record, games: int = 2) -> bytes:
    with Store(data_dir) as store:
        for _ in range(games):
            assert store.record_game(make_record(["Ada", "Bo"], [0, 1]))
    return (data_dir / "records.sqlite3").read_bytes()


def test_a_locked_database_is_kept_and_the_result_waits_in_a_pending_file(data_dir: Path, make_record) -> None:
    """Locked at the start: not moved aside, one sentence says it is temporary, the result is merged next start."""
    _filled(data_dir, make_record)
    holder = _locked(data_dir / "records.sqlite3")
    try:
        store = Store(data_dir)
        [warning] = store.warnings
        assert "cannot be used right now" in warning and "left as it is" in warning
        assert not [p for p in data_dir.iterdir() if ".bad-" in p.name], "a locked database is not damaged"
        assert store.record_game(make_record(["Ada", "Bo"], [1, 0], game_id="while-locked")) is True
        assert (data_dir / PENDING_FILE).exists()
        assert any("kept in" in w and PENDING_FILE in w for w in store.warnings)
        store.close()
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    later = Store(data_dir)
    assert later.game_count() == 3, "the result kept aside is in the records now"
    assert any("now in the records" in w for w in later.warnings)
    assert not (data_dir / PENDING_FILE).exists()
    later.close()
    assert Store(data_dir).game_count() == 3, "merged once, counted once"


def test_a_write_lock_when_a_game_ends_does_not_lose_it(data_dir: Path, make_record) -> None:
    """Another writer holds the database when the game ends: the result goes to the pending file."""
    _filled(data_dir, make_record, games=1)
    store = Store(data_dir)
    other = sqlite3.connect(data_dir / "records.sqlite3", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        assert store.record_game(make_record(["Ada", "Bo"], [0, 1], game_id="late")) is False
        assert any("another program is using it" in w for w in store.warnings)
        assert (data_dir / PENDING_FILE).exists()
    finally:
        other.execute("ROLLBACK")
        other.close()
    store.close()
    assert Store(data_dir).game_count() == 2


def test_a_full_disk_keeps_the_result(data_dir: Path, make_record) -> None:
    """SQLite says the disk is full: the file stays, the result waits in the pending file."""
    _filled(data_dir, make_record, games=1)
    store = Store(data_dir)
    db = store.records._records._db
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {pages}")  # no room for one more page: SQLITE_FULL
    record = make_record(["Ada" * 2000, "Bo"], [0, 1], game_id="no-room")
    assert store.record_game(record) is False
    assert any("the disk is full" in w for w in store.warnings)
    store.close()
    assert json.loads((data_dir / PENDING_FILE).read_text())["data"]["results"][0]["game_id"] == "no-room"
    assert Store(data_dir).game_count() == 2


def test_palace_records_on_a_locked_database_says_so_and_keeps_it(data_dir: Path, make_record, capsys) -> None:
    content = _filled(data_dir, make_record)
    holder = _locked(data_dir / "records.sqlite3")
    try:
        assert records_main(["--data-dir", str(data_dir)]) == 1
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    err = capsys.readouterr().err
    assert "cannot be read right now" in err and "try again" in err
    assert not [p for p in data_dir.iterdir() if ".bad-" in p.name]
    assert len((data_dir / "records.sqlite3").read_bytes()) >= len(content) // 2


def test_a_records_link_is_moved_aside_and_its_target_untouched(tmp_path: Path, data_dir: Path) -> None:
    data_dir.mkdir()
    outside = tmp_path / "precious.txt"
    outside.write_bytes(b"my thesis")
    (data_dir / "records.sqlite3").symlink_to(outside)
    store = Store(data_dir)
    assert outside.read_bytes() == b"my thesis"
    assert not (data_dir / "records.sqlite3").is_symlink()
    [warning] = store.warnings
    assert "was a link to" in warning and "not touched" in warning
    store.close()
    assert outside.read_bytes() == b"my thesis"


@pytest.mark.parametrize(
    "body, says",
    [
        (b'{"format":"palace-tui/session","version":1,"data":{"n":' + b"1" * 5000 + b"}}", "thousands of digits"),
        (b'{"format":"palace-tui/session","version":1,"data":{"n":1e400}}', "too large"),
        (
            b'{"format":"palace-tui/session","version":1,"data":{"n":' + b"[" * 1000 + b"]" * 1000 + b"}}",
            "nested too deeply",
        ),
        (b'{"format":"palace-tui/session","version":1,"data":{"n":NaN}}', "not a number"),
        (b'{"format":"palace-tui/session","version":1,"data":{"pad":"' + b"x" * 1_100_000 + b'"}}', "too large"),
    ],
)
def test_hostile_json_saves_are_moved_aside(data_dir: Path, body: bytes, says: str) -> None:
    data_dir.mkdir()
    (data_dir / "session.json").write_bytes(body)
    store = Store(data_dir)
    assert store.load_session() is None
    [warning] = store.warnings
    assert says in warning and "moved to" in warning
    [moved] = [p for p in data_dir.iterdir() if p.name.startswith("session.bad-")]
    assert moved.read_bytes() == body


def test_a_save_with_bad_contents_is_moved_aside_not_overwritten(data_dir: Path) -> None:
    store = Store(data_dir)
    store.save_session({"format": "x"})
    before = store.session_path.read_bytes()
    store.set_aside_session("a duplicate card")
    [moved] = [p for p in data_dir.iterdir() if p.name.startswith("session.bad-")]
    assert moved.read_bytes() == before
    assert "a duplicate card" in store.warnings[-1] and str(moved) in store.warnings[-1]


SECOND_COPY = r"""
import sys
from palace_tui.store import Store
store = Store(sys.argv[1])
print(store.owns_saves)
print(store.load_session())
store.save_session({"from": "second"})
print("|".join(store.warnings))
"""


def test_two_copies_one_owns_the_save_the_other_says_so(data_dir: Path, make_record) -> None:
    """The second copy (another process) does not resume or overwrite the first one's game."""
    first = Store(data_dir)
    first.save_session({"from": "first", "moves": 17})
    out = subprocess.run(
        [sys.executable, "-c", SECOND_COPY, str(data_dir)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    ).stdout.splitlines()
    assert out[0] == "False" and out[1] == "None"
    assert out[2].startswith("Another copy of palace-tui is playing from") and out[2].count(".") >= 1
    assert "will not save its game" in out[2]
    assert first.load_session() == {"from": "first", "moves": 17}
    first.close()
    # Once the first copy has gone, the next one owns the folder again.
    out = subprocess.run(
        [sys.executable, "-c", SECOND_COPY, str(data_dir)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    ).stdout.splitlines()
    assert out[0] == "True" and "'moves': 17" in out[1]


def test_the_second_copy_still_records_results(data_dir: Path, make_record) -> None:
    first = Store(data_dir)
    code = (
        "import sys, json; from palace_tui.store import Store; s = Store(sys.argv[1]); "
        "print(s.record_game(json.loads(sys.argv[2])))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(data_dir), json.dumps(make_record(["A", "B"], [0, 1]))],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert out.stdout.strip() == "True", out.stderr
    assert first.game_count() == 1
    first.close()


def test_tampered_rows_do_not_stop_palace_records(data_dir: Path, make_record, capsys) -> None:
    _filled(data_dir, make_record, games=3)
    db = sqlite3.connect(data_dir / "records.sqlite3")
    db.execute("UPDATE games SET order_out = 'not json' WHERE id = 1")
    db.execute("UPDATE games SET points = '[1, 2, 3, 4, 5]' WHERE id = 2")
    db.execute("UPDATE players SET name = ? WHERE name = 'Ada'", ("\x1b]0;owned\x07Ada\x1b[31m",))
    db.commit()
    db.close()
    assert records_main(["--data-dir", str(data_dir)]) == 0
    captured = capsys.readouterr()
    assert "\x1b" not in captured.out and "\x07" not in captured.out
    assert "Ada" in captured.out
    assert "2 recorded games" in captured.err and "not shown" in captured.err


def test_records_limit_beyond_any_integer_is_refused(data_dir: Path, capsys) -> None:
    assert records_main(["--data-dir", str(data_dir), "--limit", "99999999999999999999999"]) == 2
    assert "--limit must be from 0 to 1,000,000" in capsys.readouterr().err


def test_records_in_a_read_only_folder_are_still_shown(tmp_path: Path, make_record, capsys) -> None:
    data_dir = tmp_path / "data"
    _filled(data_dir, make_record)
    code = (
        "import sys; from palace_tui.cli.records import main; from palace_tui.store import store as s; "
        "s.Store._prepare_folder = lambda self: False; raise SystemExit(main(['--data-dir', sys.argv[1]]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(data_dir)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "120"},
    )
    assert out.returncode == 0, out.stderr
    assert "No games recorded yet" not in out.stdout and "Ada" in out.stdout


def test_records_with_a_non_ascii_name_in_an_ascii_locale(data_dir: Path, make_record) -> None:
    with Store(data_dir) as store:
        store.record_game(make_record(["Zoë", "Åsa"], [0, 1]))
    out = subprocess.run(
        [sys.executable, "-m", "palace_tui", "records", "--data-dir", str(data_dir)],
        cwd=REPO,
        capture_output=True,
        timeout=60,
        env={
            "PATH": os.environ.get("PATH", ""),
            "PYTHONPATH": str(REPO),
            "LC_ALL": "C",
            "PYTHONIOENCODING": "ascii",
            "COLUMNS": "120",
        },
    )
    assert out.returncode == 0, out.stderr
    assert b"Traceback" not in out.stderr
    assert b"Zoe" in out.stdout, "a letter an ASCII terminal lacks is shown as its base letter"


@pytest.mark.parametrize("history", ["Ada: 3C\nBo: take\n", None])
def test_a_result_nothing_could_keep_is_printed_for_the_player(tmp_path, make_record, monkeypatch, capsys, history):
    """Records and pending file both refused: at close the terminal says which game and why, and prints
    what can be kept by hand (the game file when there is one, else the record itself)."""

    def refuse(path, record):
        raise OSError(28, "No space left on device")

    store = Store(tmp_path / "data")
    monkeypatch.setattr(keeping, "has_room", lambda folder: False)
    monkeypatch.setattr(keeping, "keep_pending", refuse)
    record = make_record(["Ada", "Bo"], [1, 0], history=history)
    assert store.record_game(record) is False
    assert any("tried again when this copy closes" in w for w in store.warnings)
    store.close()
    err = capsys.readouterr().err
    first, rest = err.split("\n", 1)
    assert first.startswith("palace: the result of the game of Ada, Bo (Bo went out first)")
    assert "No space left on device" in first and "{" not in first
    if history:
        assert "palace review game.txt" in first and rest.strip() == history.strip()
    else:
        assert json.loads(rest) == record
