"""Small JSON files that are never half-written, and bad files moved aside.

A save is a JSON *envelope* ``{"format": ..., "version": ..., "saved": ..., "data": {...}}``
so a file from another program, or from a newer palace-tui, is recognised and
never misread. Writing goes to a temporary file in the same folder, is flushed
and fsynced, then renamed over the old file: a crash at any moment leaves either
the old save or the new one, never a mix.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any

#: Temporary files are named ``.<target>.<pid>.<random>.tmp`` so a later run can
#: tell which ones were left by a process that died mid-write.
TMP_SUFFIX = ".tmp"


class BadFile(ValueError):
    """A saved file that cannot be used; ``problem`` completes "The saved game ..."."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem


class NotAFile(OSError):
    """Something that is not a plain file (a folder, a named pipe, a device, a link) where one belongs."""

    def __init__(self, path: Path, kind: str) -> None:
        super().__init__(f"it is {kind}, not a file")
        self.strerror = f"it is {kind}, not a file"
        self.kind = kind
        self.path = path


#: How each kind of thing that is not a plain file is named in a sentence.
_KIND_NAMES = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISLNK, "a link"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


def _kind(mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    return next((name for test, name in _KIND_NAMES if test(mode)), "not a plain file")


def odd_kind(path: Path) -> str | None:
    """What stands at ``path`` when it is not a plain file ("a named pipe", "a folder", "a link"...);
    None for a plain file or nothing at all. A link is odd even when it points at a file."""
    try:
        return _kind(os.lstat(path).st_mode)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as err:
        return f"unreadable ({err.strerror or err})"


def read_file(path: Path, limit: int, *, follow_links: bool = False) -> bytes:
    """Up to ``limit`` + 1 bytes of the plain file at ``path`` (the caller tells a file too large
    by the extra byte), never waiting: a named pipe, a device, a folder or (unless
    ``follow_links``) a link raises :class:`NotAFile` before a byte is read.
    Missing: FileNotFoundError; other OSErrors as the system raises them.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    if not follow_links:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except OSError as err:
        kind = odd_kind(path) if not follow_links else None
        if kind is not None and not isinstance(err, FileNotFoundError):
            raise NotAFile(path, kind) from None
        raise
    try:
        kind = _kind(os.fstat(fd).st_mode)
    except OSError:
        os.close(fd)
        raise
    if kind is not None:
        os.close(fd)
        raise NotAFile(path, kind)
    with os.fdopen(fd, "rb") as handle:
        return handle.read(limit + 1)


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (a no-op where directories cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse fsync on a directory; the rename still happened
    finally:
        os.close(fd)


def atomic_write(path: Path, payload: bytes) -> None:
    """Replace ``path`` with ``payload`` so that readers see the old or the new bytes, never a mix.

    Raises OSError (disk full, read-only folder...); the temporary file is removed then.
    """
    folder = path.parent
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=TMP_SUFFIX, dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(folder)


def remove_stale_temps(folder: Path, target: str) -> int:
    """Remove temporary files for ``target`` left by processes that no longer run; return how many.

    A live process may be writing its own temporary file right now, so only files
    whose owner pid is gone are removed.
    """
    removed = 0
    try:
        entries = list(folder.glob(f".{target}.*{TMP_SUFFIX}"))
    except OSError:
        return 0
    for entry in entries:
        parts = entry.name[len(target) + 2 :].split(".")
        try:
            pid = int(parts[0])
        except (ValueError, IndexError):
            continue
        if pid != os.getpid() and _pid_alive(pid):
            continue
        try:
            entry.unlink()
            removed += 1
        except OSError:
            pass
    return removed


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # exists but belongs to someone else
    return True


def envelope(kind: str, version: int, data: dict[str, Any]) -> bytes:
    """The bytes of a save of ``kind`` (e.g. ``"palace-tui/session"``) holding ``data``."""
    wrapped = {
        "format": kind,
        "version": version,
        "saved": datetime.now().astimezone().isoformat(timespec="seconds"),
        "data": data,
    }
    return json.dumps(wrapped, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def unwrap(raw: bytes, kind: str, version: int) -> dict[str, Any]:
    """The data inside a save of ``kind``; raises BadFile saying what is wrong with it.

    >>> unwrap(envelope("t", 1, {"a": 1}), "t", 1)
    {'a': 1}
    >>> unwrap(envelope("t", 1, {"a": 1})[:-5], "t", 1)
    Traceback (most recent call last):
    ...
    palace_tui.store.files.BadFile: was damaged (truncated JSON)
    """
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadFile("was damaged (corrupt: not UTF-8 text)") from None
    if not text.strip():
        raise BadFile("was damaged (truncated JSON: the file is empty)")
    try:
        doc = json.loads(text, parse_float=_finite_float, parse_constant=_no_constant)
    except json.JSONDecodeError as err:
        # A document cut short fails at its very end (or inside a string that never closes).
        if err.pos >= len(text.rstrip()) or err.msg.startswith("Unterminated string"):
            raise BadFile("was damaged (truncated JSON)") from None
        raise BadFile(f"was damaged (corrupt JSON at line {err.lineno} column {err.colno})") from None
    except RecursionError:
        raise BadFile("was damaged (corrupt: JSON nested too deeply)") from None
    except ValueError as err:  # an integer of thousands of digits, a number too large for a float
        what = "a number with thousands of digits" if "digits" in str(err) else str(err)
        raise BadFile(f"was damaged (corrupt: {what})") from None
    if not isinstance(doc, dict) or doc.get("format") != kind:
        raise BadFile("is not a palace-tui file (foreign JSON)")
    found = doc.get("version")
    if not isinstance(found, int) or isinstance(found, bool) or found < 1:
        raise BadFile("was damaged (corrupt: no valid format version)")
    if found > version:
        raise BadFile(f"comes from a newer palace-tui (format version {found}; this one reads up to {version})")
    data = doc.get("data")
    if not isinstance(data, dict):
        raise BadFile("was damaged (corrupt: no saved data in it)")
    return data


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"the number {text[:20]} is too large")
    return value


def _no_constant(text: str) -> float:
    raise ValueError(f"{text} is not a number a save can hold")


def move_aside(path: Path) -> Path:
    """Rename a bad file to ``<stem>.bad-<date>-<time><suffix>`` beside it (never deleting it).

    Companion files that belong to it (``path`` + ``-wal``/``-shm`` for SQLite) move
    along under the matching name. Returns the new path; raises OSError if it cannot move.
    """
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    n = 1
    while True:
        tag = f"bad-{stamp}" if n == 1 else f"bad-{stamp}-{n}"
        dest = path.with_name(f"{path.stem}.{tag}{path.suffix}")
        if not dest.exists():
            break
        n += 1
    os.replace(path, dest)
    for extra in ("-wal", "-shm", "-journal"):
        companion = path.with_name(path.name + extra)
        if companion.exists():
            try:
                os.replace(companion, dest.with_name(dest.name + extra))
            except OSError:
                pass  # the main file is safe; a stray companion is harmless next to a fresh file
    fsync_dir(path.parent)
    return dest


def why_not_written(err: OSError) -> str:
    """Why a file could not be written, as a player says it ("the disk is full"), from the system's error."""
    if err.errno in (errno.ENOSPC, errno.EDQUOT):
        return "the disk is full"
    if err.errno == errno.EROFS:
        return "the disk is read-only"
    if err.errno in (errno.EACCES, errno.EPERM):
        return "that folder may not be written to"
    if err.errno == errno.EISDIR:
        return "a folder stands where the file goes"
    if err.errno == errno.ENOTDIR:
        return "a file stands where a folder goes"
    if err.errno == errno.ENOENT:
        return "the folder is not there"
    why = err.strerror or str(err) or type(err).__name__
    return why[0].lower() + why[1:]
