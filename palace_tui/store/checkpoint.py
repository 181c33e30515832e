"""A records database whose last checkpoint a full disk cut short: finish it, never call it damaged.

In WAL mode SQLite copies the committed pages from ``records.sqlite3-wal`` into the
database file at a checkpoint (at the latest when the last connection closes). On
a full disk that copy stops part way: the header already counts the new pages, the
file has not grown, and the pages are still safe in the WAL. The file then looks
truncated to :func:`~palace_tui.store.records.check_header`, though SQLite reads it
whole. :func:`finish_checkpoint` completes the copy first, so the header check
judges the whole file.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from palace_tui.store.schema import BadDatabase, check_header


def finish_checkpoint(path: Path) -> bool:
    """Finish a checkpoint cut short in the database at ``path``; True if there was one and it is done.

    Raises ``sqlite3.Error`` when it cannot be finished now (the disk is still full, another
    program holds the database): a passing condition, and the file is left as it is.
    """
    wal = path.with_name(path.name + "-wal")
    try:
        if path.is_symlink() or wal.is_symlink() or wal.stat().st_size == 0:
            return False
    except OSError:
        return False
    try:
        check_header(path)
        return False  # whole: nothing to finish
    except BadDatabase as bad:
        if "truncated" not in bad.problem:
            return False
    db = sqlite3.connect(path, timeout=0.5, isolation_level=None)
    try:
        busy, _, _ = db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    finally:
        db.close()
    if busy:
        raise sqlite3.OperationalError("database is locked (a checkpoint could not finish)")
    return True
