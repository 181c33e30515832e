"""One copy of palace-tui at a time owns a data folder's saved game.

Two copies resuming the same save would each overwrite the other's moves. The
owner holds an advisory lock (``flock``) on ``palace.lock`` for as long as it
runs; the kernel drops it when the process ends, even on SIGKILL, so a crash
never leaves the folder locked. Stores in one process share their process's
lock (a copy is a process). Where ``flock`` does not exist (Windows) every copy
owns the folder, as before.
"""

from __future__ import annotations

import contextlib
import os
import stat
import threading
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    # No fcntl on Windows: None marks "no locking"; mypy types the name as the module it imports.
    fcntl = None  # type: ignore[assignment]

LOCK_FILE = "palace.lock"

# Folder -> [lock file descriptor, how many FolderLocks of this process hold it].
_HELD: dict[str, list[int]] = {}
_GUARD = threading.Lock()


class FolderLock:
    """The lock on one data folder's saves; :meth:`acquire` says whether this copy got it."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / LOCK_FILE
        self._key = os.path.realpath(self.path)
        self._holding = False
        #: Why the lock could not be taken when no other copy holds it, or "".
        self.problem = ""

    @property
    def held(self) -> bool:
        """Whether this copy owns the folder through this lock now."""
        return self._holding

    def acquire(self) -> bool:
        """Take the lock without waiting: False when another copy holds it, or when the lock
        file cannot be made (then :attr:`problem` says why: a folder or a link in its place).

        True when locking does not exist here (no ``flock``, or a file system that refuses it):
        the folder then works as it did before locks existed.
        """
        if self._holding or fcntl is None:
            return True
        with _GUARD:
            held = _HELD.get(self._key)
            if held is not None:
                held[1] += 1
                self._holding = True
                return True
            flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
            try:
                fd = os.open(self.path, flags, 0o644)
            except OSError as err:
                # Not "no locking here": something stands where the lock belongs. Never play on
                # as if the folder were ours; the store says so in one sentence.
                self.problem = err.strerror or str(err)
                return False
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                os.close(fd)
                self.problem = "it is not a plain file"
                return False
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                return False
            except OSError:
                os.close(fd)
                return True
            try:  # the owner's pid, for a person looking at the folder
                os.ftruncate(fd, 0)
                os.write(fd, f"{os.getpid()}\n".encode())
            except OSError:
                pass
            _HELD[self._key] = [fd, 1]
            self._holding = True
            return True

    def release(self) -> None:
        """Let another copy own the folder once no store of this process holds it (safe to call twice)."""
        if not self._holding:
            return
        self._holding = False
        with _GUARD:
            held = _HELD.get(self._key)
            if held is None:
                return
            held[1] -= 1
            if held[1] <= 0:
                del _HELD[self._key]
                os.close(held[0])  # closing drops the flock

    def __del__(self) -> None:
        # A Store dropped without close() must not keep the folder from its next owner.
        with contextlib.suppress(Exception):
            self.release()
