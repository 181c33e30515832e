"""Run ``palace`` as a real process in a pseudo-terminal, as a person's terminal would."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


class PtyApp:
    """``python -m palace_tui ARGV`` in a terminal of ``size`` (columns, rows); read what it draws, type keys."""

    def __init__(self, argv: list[str], env: dict[str, str] | None = None, size: tuple[int, int] = (100, 30)):
        self._main, child = pty.openpty()
        fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
        env = env if env is not None else {**os.environ, "PYTHONPATH": str(REPO)}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "palace_tui", *argv],
            stdin=child,
            stdout=child,
            stderr=child,
            cwd=REPO,
            env={"TERM": "xterm-256color", **env},
            start_new_session=True,
        )
        os.close(child)
        #: Every byte the app has written so far.
        self.seen = bytearray()

    def read_until(self, wanted: bytes | None, limit: float = 120) -> bool:
        """Read until ``wanted`` is on screen (True), or the app ends or stays silent ``limit`` seconds.

        ``None`` reads until the app closes its terminal.
        """
        while wanted is None or wanted not in self.seen:
            ready, _, _ = select.select([self._main], [], [], limit)
            if not ready:
                return False
            try:
                chunk = os.read(self._main, 65536)
            except OSError:  # the app has gone and the terminal closed
                return False
            if not chunk:
                return False
            self.seen.extend(chunk)
        return True

    def type(self, keys: bytes) -> None:
        os.write(self._main, keys)

    def finish(self, limit: float = 60) -> int:
        """Read whatever is left until the app exits; its exit status."""
        self.read_until(None, limit)
        return self.proc.wait(timeout=limit)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        os.close(self._main)
