"""Game results kept aside while the records database cannot take them.

A locked database or a full disk is a passing condition: the finished game's
record goes to ``pending-results.json`` (written atomically like every save) and
is added to the records at the next start. Recording is idempotent per game, so
a result merged twice still counts once.

A disk that is really full has no room for the pending file either. So the folder
keeps :data:`RESERVE_BYTES` set aside in ``.pending-reserve`` (made by
:func:`reserve_space` while there is room): when writing the pending file finds the
disk full, the reserve is given up and the write tried again.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import stat
from pathlib import Path
from typing import Any

from palace_tui.store.files import BadFile, atomic_write, envelope, read_file, unwrap

PENDING_FILE = "pending-results.json"
PENDING_FORMAT, PENDING_VERSION = "palace-tui/pending-results", 1
#: A pending file larger than this is not read (fifteen results are about 100 KiB).
MAX_PENDING_BYTES = 20_000_000
#: Space set aside in the data folder for the pending file, for the day the disk fills up.
RESERVE_FILE = ".pending-reserve"
#: Enough for about fifteen results kept aside (a four-seat game with its moves is 6-8 KiB).
RESERVE_BYTES = 256 * 1024
#: With less than this free the records database is not written (results go to the pending file):
#: a database write that fails half way leaves its journal holding the room the pending file needs.
ROOM_FOR_RECORDS = 2 * RESERVE_BYTES


def read_pending(path: Path) -> list[Any]:
    """The results kept aside in ``path`` (none when it is missing); BadFile when it is damaged.

    Each result is the dict ``record_game`` takes, or whatever a damaged entry holds instead:
    the caller merges the good ones and sets the file aside for the others.
    """
    try:
        raw = read_file(path, MAX_PENDING_BYTES)
    except FileNotFoundError:
        return []
    if len(raw) > MAX_PENDING_BYTES:
        raise BadFile(f"is too large to be a palace-tui file (over {MAX_PENDING_BYTES:,} bytes)")
    results = unwrap(raw, PENDING_FORMAT, PENDING_VERSION).get("results")
    if not isinstance(results, list):
        raise BadFile("was damaged (corrupt: no list of results in it)")
    return results


def keep_pending(path: Path, record: dict[str, Any]) -> None:
    """Add one finished game's record to ``path`` (OSError when even that cannot be written).

    A damaged pending file is not overwritten: the caller moves it aside first.
    """
    key = str(record.get("game_id"))
    kept = [r for r in read_pending(path) if not (isinstance(r, dict) and str(r.get("game_id")) == key)]
    results = kept + [json.loads(json.dumps(record))]
    payload = envelope(PENDING_FORMAT, PENDING_VERSION, {"results": results})
    try:
        atomic_write(path, payload)
    except OSError as err:
        if err.errno not in (errno.ENOSPC, errno.EDQUOT) or not release_reserve(path.parent):
            raise
        atomic_write(path, payload)  # the room set aside for this


def reserve_space(folder: Path) -> bool:
    """Set :data:`RESERVE_BYTES` aside in ``folder`` (unless already done); False when there is no room.

    The bytes are random, not zeros: a file system that compresses or skips zeros would set nothing aside.
    """
    path = folder / RESERVE_FILE
    try:
        if not path.is_symlink() and path.is_file() and path.stat().st_size >= RESERVE_BYTES:
            return True
        # Never waits: a named pipe here (no reader) refuses at once instead of hanging the start.
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        fd = os.open(path, flags, 0o644)
    except OSError:
        return False
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        return False
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(os.urandom(RESERVE_BYTES))
            handle.flush()
            os.fsync(handle.fileno())
    except OSError:
        release_reserve(folder)  # half a reserve would only fill the disk
        return False
    return True


def release_reserve(folder: Path) -> bool:
    """Give the space set aside in ``folder`` back to the disk; whether there was any."""
    try:
        os.unlink(folder / RESERVE_FILE)
    except OSError:
        return False
    return True


def has_room(folder: Path) -> bool:
    """Whether the disk under ``folder`` has :data:`ROOM_FOR_RECORDS` free (True when it cannot tell)."""
    try:
        return shutil.disk_usage(folder).free >= ROOM_FOR_RECORDS
    except OSError:
        return True
