"""The data folder's newer doors: the pending file, rows edited by hand, files of the wrong kind,
the lock, and names no save could hold. Each test builds its hostile file itself.

Every case: no exception, no wait, one sentence for the player, nothing lost that could be kept.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from palace_tui.cli.records import main as records_main
from palace_tui.lessons.progress import Progress
from palace_tui.names import clean_name
from palace_tui.store import Store, open_store
from palace_tui.store import notes as notes_module
from palace_tui.store.files import envelope
from palace_tui.store.pending import PENDING_FILE, PENDING_FORMAT, PENDING_VERSION

REPO = Path(__file__).resolve().parents[2]


def pending_file(folder: Path, results: list[object]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / PENDING_FILE
    path.write_bytes(envelope(PENDING_FORMAT, PENDING_VERSION, {"results": results}))
    return path


def in_time(make, limit: float = 20):
    """``make()`` in a thread; fails the test if it has not returned after ``limit`` seconds (a hang)."""
    done: list[object] = []
    worker = threading.Thread(target=lambda: done.append(make()), daemon=True)
    worker.start()
    worker.join(limit)
    assert done, f"still waiting after {limit} s"
    return done[0]


# ------------------------------------------------------------------ the pending file


@pytest.mark.parametrize(
    "bad",
    [
        {"points": [10**30, 0]},  # a number too large for SQLite: OverflowError took saving off at every start
        {"same_deal_as": {"a": 1}},  # a type SQLite cannot bind: the file waited "busy" for ever
        {"order": [0, 0]},
        {"players": "Ann"},
        {"winner": 7},
        {"scoring": ["wins"]},
    ],
    ids=["huge-points", "dict-same-deal", "seat-twice", "players-text", "winner-7", "scoring-list"],
)
def test_an_unfit_pending_entry_is_set_aside_and_the_rest_merged(data_dir: Path, make_record, bad, capsys) -> None:
    good = make_record(["Ann", "Ben"], [0, 1])
    pending = pending_file(data_dir, [{**make_record(["Cy", "Dee"], [1, 0]), **bad}, good, "not a record"])
    store = Store(data_dir)
    assert store.saving and store.game_count() == 1  # not the in-memory stand-in: saving stays on
    [sentence] = [w for w in store.warnings if "waiting for the records" in w]
    assert "held 2 results that could not be added" in sentence and "the other 1 were added" in sentence
    assert "moved to" in sentence and not pending.exists()
    [aside] = data_dir.glob("pending-results.bad-*.json")
    assert len(json.loads(aside.read_bytes())["data"]["results"]) == 3  # kept whole, byte for byte
    store.close()
    assert records_main(["--data-dir", str(data_dir)]) == 0  # before: a crash
    assert "Ann" in capsys.readouterr().out
    assert open_store(data_dir).saving  # and the next start is a normal one


# ------------------------------------------------------------------ rows edited by hand


@pytest.mark.parametrize(
    "edit",
    [
        "UPDATE histories SET players = 'not json' WHERE id = 1",
        "UPDATE histories SET players = '[\"Ann\"]' WHERE id = 1",  # fewer players than seats in its order
        "UPDATE games SET order_out = '[0, 7]' WHERE id = 1",
        "UPDATE histories SET ended = 20260101 WHERE id = 1",
        "UPDATE games SET ended = 20260101 WHERE id = 1",
        "UPDATE histories SET table_game = 'first' WHERE id = 1",
        "UPDATE seats SET place = 'gold' WHERE game_id = 1",
    ],
    ids=["players-json", "players-short", "order-seat-7", "history-date", "game-date", "table-game", "place"],
)
def test_a_row_edited_by_hand_is_skipped_and_counted(data_dir: Path, make_record, edit: str, capsys) -> None:
    with Store(data_dir) as store:
        store.record_game(make_record(["Ann", "Ben"], [0, 1], history="x"))
        store.record_game(make_record(["Ann", "Ben"], [1, 0], history="x", same_deal_as="game-1"))
    db = sqlite3.connect(data_dir / "records.sqlite3")
    with db:
        db.execute(edit)
    db.close()
    with Store(data_dir) as store:
        games = store.game_list()
        skipped = store.unreadable
        store.recent_games(), store.same_deals(), store.standings(), store.scoreboard("t1")
        assert len(games) + skipped == 2
    assert records_main(["--data-dir", str(data_dir)]) == 0
    out = capsys.readouterr()
    assert "Traceback" not in out.err


def test_odd_values_in_the_totals_still_add_up(data_dir: Path, make_record, capsys) -> None:
    """A name that is a number or bytes that are not UTF-8, points that are words or huge, an
    unknown scoring: the standings still show, in whole numbers."""
    with Store(data_dir) as store:
        store.record_game(make_record(["Ann", "Ben"], [0, 1]))
    db = sqlite3.connect(data_dir / "records.sqlite3")
    with db:
        db.execute("UPDATE players SET name = 42 WHERE name = 'Ann'")
        db.execute("UPDATE players SET name = CAST(X'42FF656E' AS TEXT) WHERE name = 'Ben'")
        db.execute("UPDATE seats SET points = 'many' WHERE seat = 0")
        db.execute("UPDATE seats SET points = 1e30 WHERE seat = 1")
        db.execute("UPDATE tables SET scoring = 'golf'")
    db.close()
    with Store(data_dir) as store:
        board = store.scoreboard("t1")
        assert sorted(row["name"] for row in board) == ["42", "B\ufffden"]
        assert all(isinstance(row["points"], int) for row in board)
        assert store.standings()["podium"]
    assert records_main(["--data-dir", str(data_dir)]) == 0


# ------------------------------------------------------------------ files of the wrong kind


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _folder(path: Path) -> None:
    path.mkdir()
    (path / "inside").write_text("kept")


def _link(path: Path) -> None:
    target = path.parent.parent / f"target-of-{path.name}"
    target.write_text("not ours")
    path.symlink_to(target)


@pytest.mark.parametrize("make", [_fifo, _folder, _link], ids=["pipe", "folder", "link"])
@pytest.mark.parametrize(
    "name",
    [
        "session.json",
        "last-table.json",
        "rule-sets.json",
        "pending-results.json",
        "records.sqlite3",
        "records.sqlite3-wal",
        "palace.lock",
        ".pending-reserve",
    ],
)
def test_a_file_of_the_wrong_kind_is_moved_aside_without_a_wait(data_dir: Path, name: str, make) -> None:
    """A named pipe hung every start; a folder or a link at palace.lock switched the two-copies
    protection off without a word. Now: one sentence, moved aside, and the folder works."""
    data_dir.mkdir()
    make(data_dir / name)
    store = in_time(lambda: Store(data_dir))
    assert store.saving and store.owns_saves
    said = [w for w in store.warnings if name in w]
    assert len(said) == 1 and "where palace-tui keeps a file" in said[0] and "moved to" in said[0]
    assert in_time(store.load_session) is None and in_time(store.last_table) is None
    assert in_time(store.rule_sets) == {}
    store.save_session({"n": 1})
    assert store.load_session() == {"n": 1}
    store.close()
    assert not os.path.islink(data_dir / name) and not (data_dir / name).is_dir()
    if make is _link:
        assert (data_dir.parent / f"target-of-{name}").read_text() == "not ours"


def test_after_a_folder_at_the_lock_two_copies_are_still_kept_apart(data_dir: Path) -> None:
    data_dir.mkdir()
    _folder(data_dir / "palace.lock")
    first = Store(data_dir)
    assert first.owns_saves
    second = subprocess.run(
        [sys.executable, "-c", "import sys; from palace_tui.store import Store; print(Store(sys.argv[1]).owns_saves)"]
        + [str(data_dir)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        timeout=60,
    )
    assert second.stdout.strip() == "False"
    first.close()


def test_a_lock_that_cannot_be_made_keeps_the_game_from_being_saved_and_says_so(data_dir: Path, monkeypatch) -> None:
    """The folder in the lock's place cannot be moved: this copy must not play as the owner."""
    data_dir.mkdir()
    _folder(data_dir / "palace.lock")

    def refuse(path: Path) -> Path:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(notes_module, "move_aside", refuse)
    store = in_time(lambda: Store(data_dir))
    assert store.saving and not store.owns_saves
    assert any("The lock file" in w and "will not save its game" in w for w in store.warnings)
    store.save_session({"n": 1})
    assert not (data_dir / "session.json").exists() and not store.session_saved


def test_a_read_only_folder_with_a_pipe_for_a_save_does_not_wait(data_dir: Path, monkeypatch) -> None:
    """Where nothing can be moved, the pipe is never opened for reading: one sentence instead."""
    data_dir.mkdir()
    _fifo(data_dir / "session.json")
    monkeypatch.setattr(Store, "_prepare_folder", lambda self: False)
    store = in_time(lambda: Store(data_dir))
    assert in_time(store.load_session) is None
    assert any("named pipe" in w for w in store.warnings)


def test_lesson_progress_in_a_pipe_does_not_wait(tmp_path: Path) -> None:
    _fifo(tmp_path / "lessons.json")
    progress = in_time(lambda: Progress(tmp_path))
    assert progress.done == set() and "named pipe" in progress.warning


# ------------------------------------------------------------------ names no save could hold


def test_names_that_were_not_utf8_are_repaired_before_any_save(data_dir: Path) -> None:
    """``Zoë`` typed in an ASCII locale reaches Python as surrogates; bytes that are not UTF-8
    at all as lone surrogates. Either crashed the first save (UnicodeEncodeError)."""
    zoe = os.fsdecode("Zoë".encode()) if sys.getfilesystemencoding() == "ascii" else "Zo\udcc3\udcab"
    assert clean_name(zoe) == "Zoë"
    assert clean_name("Ann\udcff") == "Ann\ufffd"
    assert clean_name("\ud800Ben") == "\ufffdBen"  # a surrogate no byte made (JSON "\\ud800")


def test_a_name_of_bytes_that_are_not_utf8_saves_in_a_real_terminal(tmp_path: Path) -> None:
    """The whole app in a pseudo-terminal, started with a name holding the byte 0xFF, in an ASCII
    locale: the game is saved and quit (before: UnicodeEncodeError at the first save)."""
    from tests.helpers.pty_app import PtyApp

    data = tmp_path / "data"
    env = {**os.environ, "PYTHONPATH": str(REPO), "LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": "ascii"}
    app = PtyApp(
        [os.fsdecode(b"--players=Zo\xc3\xab,\xffAnn,Cy"), "--computers", "1", "--data-dir", str(data)], env=env
    )
    try:
        assert app.read_until(b"Palace", limit=60), bytes(app.seen[-2000:])
        for _ in range(600):  # the first save is made at the deal
            if (data / "session.json").exists():
                break
            app.read_until(b"\x00", limit=0.1)
        app.type(b"\x11")  # ctrl+q: save and quit
        assert app.finish() == 0, bytes(app.seen[-2000:])
    finally:
        app.close()
    saved = json.loads((data / "session.json").read_bytes())
    assert [s["name"] for s in saved["data"]["seats"]] == ["Zoë", "\ufffdAnn", "Cy"]
