"""The session and last-table saves: atomic writes, bad files moved aside, a folder that cannot be written."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from palace_tui.store import Store, files
from palace_tui.store import notes as notes_module
from palace_tui.store import store as store_module

SESSION = {"phase": "play", "turn": 2, "seats": [{"name": "Ada", "hand": "3H 4S"}], "moves": 17}


def test_session_round_trip_and_clear(data_dir: Path) -> None:
    """What was saved loads back equal; after clear there is nothing to continue."""
    store = Store(data_dir)
    assert store.load_session() is None
    store.save_session(SESSION)
    assert Store(data_dir).load_session() == SESSION
    store.clear_session()
    assert store.load_session() is None
    assert Store(data_dir).load_session() is None
    assert store.warnings == []


def test_save_is_wrapped_with_format_and_version(data_dir: Path) -> None:
    """The file names its format and version so a foreign or newer file is never misread."""
    Store(data_dir).save_session(SESSION)
    doc = json.loads((data_dir / "session.json").read_text("utf-8"))
    assert doc["format"] == "palace-tui/session"
    assert doc["version"] == 2
    assert doc["data"] == SESSION


def test_no_temporary_files_left_in_normal_use(data_dir: Path) -> None:
    """Hundreds of saves leave exactly the save files behind."""
    store = Store(data_dir)
    for move in range(200):
        store.save_session({**SESSION, "moves": move})
        store.save_last_table({"players": 3, "move": move})
    store.close()
    names = sorted(p.name for p in data_dir.iterdir())
    # The lock file stays, unlocked; the reserve is room for results when the disk fills up.
    assert names == [".pending-reserve", "last-table.json", "palace.lock", "records.sqlite3", "session.json"]
    assert Store(data_dir).load_session()["moves"] == 199


def test_crash_before_rename_keeps_the_old_save(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A save interrupted after the temporary file is written leaves the previous save whole."""
    store = Store(data_dir)
    store.save_session({**SESSION, "moves": 1})
    before = (data_dir / "session.json").read_bytes()

    def crash(src: str, dst: str) -> None:
        raise KeyboardInterrupt("killed between fsync and rename")

    monkeypatch.setattr(files.os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        store.save_session({**SESSION, "moves": 2})
    monkeypatch.undo()
    assert (data_dir / "session.json").read_bytes() == before
    assert Store(data_dir).load_session()["moves"] == 1
    assert not [p for p in data_dir.iterdir() if p.name.endswith(".tmp")]


def test_crash_mid_write_keeps_the_old_save(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A write cut off halfway (disk full) never touches the old save, and play goes on with one warning."""
    store = Store(data_dir)
    store.save_session({**SESSION, "moves": 1})
    before = (data_dir / "session.json").read_bytes()
    real_fdopen = os.fdopen

    class HalfWriter:
        def __init__(self, handle):
            self.handle = handle

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.handle.close()

        def write(self, data: bytes) -> int:
            self.handle.write(data[: len(data) // 2])
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.os, "fdopen", lambda fd, mode: HalfWriter(real_fdopen(fd, mode)))
    for move in range(2, 6):
        store.save_session({**SESSION, "moves": move})
    assert (data_dir / "session.json").read_bytes() == before
    assert len(store.warnings) == 1
    assert "No space left on device" in store.warnings[0] and "not being saved" in store.warnings[0]
    assert store.load_session()["moves"] == 5, "the game goes on from memory"
    assert not [p for p in data_dir.iterdir() if p.name.endswith(".tmp")]
    monkeypatch.undo()
    store.save_session({**SESSION, "moves": 6})
    assert Store(data_dir).load_session()["moves"] == 6, "saving resumes when the disk has room again"


def test_temporary_files_of_dead_processes_are_removed(data_dir: Path) -> None:
    """A temporary file left by a killed palace is cleaned up by the next start; a live one is not."""
    data_dir.mkdir()
    dead = data_dir / ".session.json.999999999.abc.tmp"
    live = data_dir / f".session.json.{os.getppid()}.abc.tmp"
    dead.write_bytes(b"{half")
    live.write_bytes(b"{half")
    Store(data_dir)
    assert not dead.exists()
    assert live.exists()


BAD_FILES = {
    "corrupt": (b'{"format": "palace-tui/session", "version": 1, "data": {"a": 1}}}}', "corrupt JSON"),
    "not-text": (b"\xff\xfe\x00garbage\x00", "corrupt"),
    "truncated": (b'{"format": "palace-tui/session", "version": 1, "data": {"phase": "pl', "truncated JSON"),
    "empty": (b"", "truncated JSON"),
    "foreign": (b'{"name": "some other program", "settings": [1, 2, 3]}', "foreign JSON"),
    "foreign-list": (b"[1, 2, 3]", "foreign JSON"),
    "newer": (b'{"format": "palace-tui/session", "version": 7, "data": {}}', "newer palace-tui"),
}


@pytest.mark.parametrize("case", list(BAD_FILES))
def test_bad_session_file_is_moved_aside(data_dir: Path, case: str) -> None:
    """A bad save: one sentence says what is wrong and where it went; the file is kept; a new game starts."""
    content, says = BAD_FILES[case]
    data_dir.mkdir()
    (data_dir / "session.json").write_bytes(content)
    store = Store(data_dir)
    assert store.load_session() is None
    assert len(store.warnings) == 1
    warning = store.warnings[0]
    assert warning.startswith("The saved game ") and says in warning and warning.endswith("a new game starts.")
    moved = [p for p in data_dir.iterdir() if p.name.startswith("session.bad-")]
    assert len(moved) == 1 and moved[0].suffix == ".json"
    assert str(moved[0]) in warning
    assert moved[0].read_bytes() == content, "the bad file is kept byte for byte"
    assert not (data_dir / "session.json").exists()
    assert store.load_session() is None and len(store.warnings) == 1, "reported once"
    store.save_session(SESSION)
    assert Store(data_dir).load_session() == SESSION


@pytest.mark.parametrize("case", ["corrupt", "truncated", "foreign", "newer"])
def test_bad_last_table_file_is_moved_aside(data_dir: Path, case: str) -> None:
    """The remembered table settings get the same care as the saved game."""
    content, says = BAD_FILES[case]
    content = content.replace(b"palace-tui/session", b"palace-tui/last-table")
    data_dir.mkdir()
    (data_dir / "last-table.json").write_bytes(content)
    store = Store(data_dir)
    assert store.last_table() is None
    [warning] = store.warnings
    assert says in warning and "default settings" in warning
    [moved] = [p for p in data_dir.iterdir() if p.name.startswith("last-table.bad-")]
    assert str(moved) in warning and moved.read_bytes() == content


def test_two_bad_files_in_the_same_second_do_not_overwrite_each_other(data_dir: Path) -> None:
    """Moving aside never replaces an earlier bad file."""
    data_dir.mkdir()
    store = Store(data_dir)
    for content in (b"{one", b"{two", b"{three"):
        (data_dir / "session.json").write_bytes(content)
        assert store.load_session() is None
    kept = sorted(p.read_bytes() for p in data_dir.iterdir() if p.name.startswith("session.bad-"))
    assert kept == [b"{one", b"{three", b"{two"]
    assert len(store.warnings) == 3


def test_last_table_round_trip(data_dir: Path) -> None:
    """The new-table screen's settings come back after a restart."""
    settings = {"players": ["Ada", "Bo"], "preset": "shithead", "rules": {"jokers": True}}
    Store(data_dir).save_last_table(settings)
    assert Store(data_dir).last_table() == settings


def test_unwritable_folder_plays_on_in_memory_and_warns_once(unwritable_dir: Path, make_record) -> None:
    """A data folder that cannot be written: nothing raises, saves live in memory, one warning."""
    store = Store(unwritable_dir)
    assert store.saving is False
    [warning] = store.warnings
    assert str(unwritable_dir) in warning and "not being saved" in warning
    store.warnings.clear()
    for move in range(5):
        store.save_session({**SESSION, "moves": move})
    assert store.load_session()["moves"] == 4
    store.save_last_table({"players": 2})
    assert store.last_table() == {"players": 2}
    assert store.record_game(make_record(["Ada", "Bo"], [1, 0]))
    assert [row["name"] for row in store.scoreboard("t1")] == ["Bo", "Ada"]
    store.clear_session()
    assert store.load_session() is None
    assert store.warnings == [], "warned once only"
    assert not unwritable_dir.exists()


def test_read_only_folder_is_detected(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder that exists but refuses new files (a read-only mount) also turns saving off."""

    def refuse(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(store_module.tempfile, "mkstemp", refuse)
    store = Store(tmp_path)
    assert store.saving is False
    assert "Read-only file system" in store.warnings[0]


def test_save_rejects_data_that_is_not_a_dict(data_dir: Path) -> None:
    """A programming mistake shows at once rather than as a damaged save later."""
    with pytest.raises(TypeError):
        Store(data_dir).save_session(["not", "a", "dict"])  # type: ignore[arg-type]


def test_data_dir_argument_beats_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--data-dir wins over PALACE_DATA_DIR, which wins over the platform folder."""
    flag, env, platform = tmp_path / "flag", tmp_path / "env", tmp_path / "platform"
    monkeypatch.setattr(store_module.platformdirs, "user_data_dir", lambda app: str(platform))
    assert Store().data_dir == platform
    monkeypatch.setenv("PALACE_DATA_DIR", str(env))
    assert Store().data_dir == env
    store = Store(flag)
    assert store.data_dir == flag
    store.save_session(SESSION)
    assert (flag / "session.json").exists() and not (env / "session.json").exists()
    monkeypatch.setenv("PALACE_DATA_DIR", "")
    assert Store().data_dir == platform, "an empty variable means unset"


def test_platform_folder_is_named_for_the_app(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Without flag or variable the folder comes from platformdirs for "palace-tui"."""
    asked = []
    monkeypatch.setattr(
        store_module.platformdirs, "user_data_dir", lambda app: asked.append(app) or str(tmp_path / "p")
    )
    Store()
    assert asked == ["palace-tui"]


def test_bad_file_that_cannot_be_moved_is_reported_not_deleted(data_dir: Path, monkeypatch) -> None:
    """If the bad file cannot be renamed, the sentence says so and the file stays where it was."""
    data_dir.mkdir()
    (data_dir / "session.json").write_bytes(b"{broken")

    def refuse(path: Path) -> Path:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(notes_module, "move_aside", refuse)
    store = Store(data_dir)
    assert store.load_session() is None
    [warning] = store.warnings
    assert "could not be moved aside (Permission denied)" in warning and warning.endswith("a new game starts.")
    assert (data_dir / "session.json").read_bytes() == b"{broken"


def test_a_folder_where_the_save_belongs_is_moved_aside(data_dir: Path) -> None:
    """A save that cannot be read at all (here a folder in its place) is one sentence, not a crash,
    and the folder is moved aside whole so the next save is a file again."""
    (data_dir / "session.json").mkdir(parents=True)
    (data_dir / "session.json" / "inside.txt").write_text("kept")
    store = Store(data_dir)
    assert store.load_session() is None
    [warning] = store.warnings
    assert f"{data_dir / 'session.json'} was a folder" in warning and "moved to" in warning
    [aside] = data_dir.glob("session.bad-*.json")
    assert (aside / "inside.txt").read_text() == "kept"
    store.save_session({"n": 1})
    assert Store(data_dir).load_session() == {"n": 1}
