"""A real full disk: the data folder on a 4 MiB tmpfs that a filler file fills to the last byte.

The outcome each time: a clear sentence, the old save kept byte for byte, the
result not lost (in the pending file, written into the room the store set aside,
and in the records at the next start once there is room). Needs ``mount`` (root
on Linux); skipped with the reason otherwise.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from palace_tui.cli.records import main as records_main
from palace_tui.store import Store
from palace_tui.store.pending import PENDING_FILE, RESERVE_BYTES, RESERVE_FILE

SIZE = "4m"


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    """A folder on its own tiny file system; skipped where this machine does not let the tests mount one."""
    mount = tmp_path / "disk"
    mount.mkdir()
    if not sys.platform.startswith("linux") or shutil.which("mount") is None:
        pytest.skip("a real full disk needs Linux's mount command")
    made = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={SIZE}", "tmpfs", str(mount)], capture_output=True, text=True
    )
    if made.returncode != 0:
        pytest.skip(
            f"mounting a {SIZE} tmpfs is not permitted here ({made.stderr.strip() or made.returncode}): "
            "run as root to test a real full disk"
        )
    try:
        yield mount
    finally:
        if subprocess.run(["umount", str(mount)], capture_output=True).returncode != 0:
            subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def fill(disk: Path) -> Path:
    """Write a filler file until the disk refuses one more byte."""
    filler = disk / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    try:
        for size in (65536, 4096, 512, 1):
            while True:
                try:
                    os.write(fd, b"x" * size)
                except OSError as err:
                    assert err.errno == errno.ENOSPC
                    break
    finally:
        os.close(fd)
    with pytest.raises(OSError):
        (disk / "probe").write_bytes(b"x" * 4096)
    return filler


#: A game file's worth of moves (a real game's is a few KiB).
GAME = "".join(f"Ada: 3C  # move {n}\n" for n in range(300))
SESSION: dict[str, Any] = {"format": "palace-tui/session", "seats": ["Ada", "Bo"], "moves": 17}


def test_a_disk_that_fills_up_keeps_the_save_and_the_result(
    disk: Path, make_record: Callable[..., dict], capsys: pytest.CaptureFixture[str]
) -> None:
    data = disk / "data"
    store = Store(data)
    store.save_session(SESSION)
    assert store.record_game(make_record(["Ada", "Bo"], [0, 1], game_id="before"))
    assert (data / RESERVE_FILE).stat().st_size == RESERVE_BYTES, "room set aside while there is room"
    saved = store.session_path.read_bytes()
    filler = fill(disk)

    store.save_session({**SESSION, "moves": 18})
    assert store.session_path.read_bytes() == saved, "the old save is kept whole"
    [sentence] = [w for w in store.warnings if w.startswith("Saving to")]
    assert "No space left on device" in sentence and "play goes on" in sentence
    assert store.load_session()["moves"] == 18, "play goes on from memory"

    record = make_record(["Ada", "Bo"], [1, 0], game_id="on-a-full-disk", history=GAME)
    assert store.record_game(record) is False
    [kept] = [w for w in store.warnings if "kept in" in w]
    assert "the disk is full" in kept and PENDING_FILE in kept and "next start" in kept
    pending = json.loads((data / PENDING_FILE).read_text())["data"]["results"]
    assert [r["game_id"] for r in pending] == ["on-a-full-disk"], "written into the room set aside"
    assert not (data / RESERVE_FILE).exists()
    store.close()

    assert records_main(["--data-dir", str(data)]) == 0, "the records can still be read on a full disk"
    shown = capsys.readouterr()
    assert "Ada" in shown.out

    filler.unlink()
    later = Store(data)
    assert later.game_count() == 2, "the result kept aside is in the records now"
    # Added by whichever opened the records first with room for it (palace records may have).
    assert any("now in the records" in w for w in [*later.warnings, *shown.err.splitlines()])
    assert not (data / PENDING_FILE).exists()
    assert (data / RESERVE_FILE).stat().st_size == RESERVE_BYTES, "the room is set aside again"
    later.close()
    assert Store(data).game_count() == 2, "counted once"


def test_a_disk_full_at_the_start_keeps_the_records_and_the_result(
    disk: Path, make_record: Callable[..., dict]
) -> None:
    data = disk / "data"
    with Store(data) as store:
        store.save_session(SESSION)
        store.record_game(make_record(["Ada", "Bo"], [0, 1], game_id="before"))
    records = (data / "records.sqlite3").read_bytes()
    saved = (data / "session.json").read_bytes()
    filler = fill(disk)

    store = Store(data)
    assert store.load_session() == SESSION, "the saved game still resumes"
    assert not [p for p in data.iterdir() if ".bad-" in p.name], "a full disk damages nothing"
    [busy] = [w for w in store.warnings if "cannot be used right now" in w]
    assert "(the disk is full)" in busy and "left as it is" in busy
    # SQLite may still have a free page or two: record games until the disk refuses one.
    results = [
        store.record_game(make_record(["Ada", "Bo"], [1, 0], game_id=f"started-full-{n}", history=GAME))
        for n in range(6)
    ]
    assert False in results, "the disk refused nothing: it was not full"
    refused = results.index(False)
    assert all(results[:refused]) and not any(results[refused:]), "refused from the moment the disk was full"
    assert any(PENDING_FILE in w and "next start" in w for w in store.warnings), store.warnings
    store.close()
    assert (data / "session.json").read_bytes() == saved
    assert (data / "records.sqlite3").read_bytes()[:16] == records[:16] == b"SQLite format 3\x00", "kept"

    filler.unlink()
    with Store(data) as later:
        assert later.game_count() == 1 + len(results), ("every result recorded, none lost", store.warnings)


def test_a_checkpoint_the_full_disk_cut_short_is_not_damage(disk: Path, make_record: Callable[..., dict]) -> None:
    """Games committed while there was room; the disk fills before the copy closes, so SQLite's last
    checkpoint stops part way and the file looks truncated. Still full: left as it is; room again: whole."""
    data = disk / "data"
    store = Store(data)
    for n in range(8):
        assert store.record_game(make_record(["Ada", "Bo"], [n % 2, 1 - n % 2], game_id=f"room-{n}", history=GAME))
    filler = fill(disk)
    store.close()
    wal = data / "records.sqlite3-wal"
    assert wal.exists() and wal.stat().st_size > 0, "the checkpoint could not finish: the pages are in the WAL"

    full = Store(data)
    assert not [p for p in data.iterdir() if ".bad-" in p.name], "not moved aside while the disk is full"
    assert any("cannot be used right now" in w for w in full.warnings), full.warnings
    full.close()

    filler.unlink()
    with Store(data) as later:
        assert not [p for p in data.iterdir() if ".bad-" in p.name], later.warnings
        assert later.game_count() == 8, "every game committed before the disk filled is there"
