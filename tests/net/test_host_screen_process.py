"""A real ``palace host --screen`` in a pseudo-terminal: its join screen names the room, two
scripted devices and the host's computer play a game to the results on it, and Ctrl+Q closes
the room with the game saved (status 0)."""

from __future__ import annotations

import asyncio
import fcntl
import os
import pty
import random
import re
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest

from palace_tui.net.bots import Bot, Habits
from palace_tui.net.protocol import JoinRequest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
ANSI = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[PX^_][^\x1b]*\x1b\\|.)")
ADDRESS = re.compile(r"http://127\.0\.0\.1:(\d+)/r/([A-Z2-9]{6})")


class Terminal:
    """A pseudo-terminal of 80x24 and everything written to it, as text without escape codes."""

    def __init__(self) -> None:
        self.master, self.slave = pty.openpty()
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.raw = bytearray()
        self._reader = threading.Thread(target=self._read, daemon=True)

    def _read(self) -> None:
        while True:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                return
            if not chunk:
                return
            self.raw.extend(chunk)

    @property
    def text(self) -> str:
        return ANSI.sub("", bytes(self.raw).decode("utf-8", "replace"))

    async def until(self, pattern: str | re.Pattern[str], limit: float = 120.0) -> re.Match[str]:
        """Wait until ``pattern`` has been written (a deadline so a broken host fails, not a timing)."""
        deadline = time.monotonic() + limit
        while True:
            found = re.search(pattern, self.text)
            if found:
                return found
            if time.monotonic() > deadline:
                raise AssertionError(f"waited {limit:.0f} s for {pattern!r}; the terminal had:\n{self.text[-2000:]}")
            await asyncio.sleep(0.05)


async def test_palace_host_screen_shows_the_room_then_a_game_to_its_results(tmp_path):
    terminal = Terminal()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    env.pop("TEXTUAL_DRIVER", None)
    process = subprocess.Popen(
        [sys.executable, "-P", "-m", "palace_tui", "host", "--screen", "--host", "127.0.0.1", "--port", "0"]
        + ["--data-dir", str(tmp_path), "--ai-delay", "0", "--players", "Ann,Ben,Cy", "--computers", "1"]
        + ["--seed", "4"],
        stdin=terminal.slave,
        stdout=terminal.slave,
        stderr=terminal.slave,
        env=env,
        cwd=ROOT,
        start_new_session=True,
    )
    os.close(terminal.slave)
    terminal._reader.start()
    try:
        found = await terminal.until(ADDRESS)
        port, code = found.group(1), found.group(2)
        await terminal.until(r"waiting for Ann")
        url = f"ws://127.0.0.1:{port}/ws"
        # At a person's pace: the real host closes a device that sends more than 20 messages a second.
        bots = [
            Bot(url, JoinRequest(code, name=n), random.Random(i), Habits(games=1), pace=0.06)
            for i, n in enumerate(("Ann", "Ben"))
        ]
        await asyncio.wait_for(asyncio.gather(*(b.play() for b in bots)), 120)
        assert all(b.games == 1 for b in bots)
        await terminal.until(r"1st out")  # the results, on the host's screen
        os.write(terminal.master, b"\x11")  # Ctrl+Q: close the room
        for _ in range(600):
            if process.poll() is not None:
                break
            await asyncio.sleep(0.05)
        assert process.wait(30) == 0
        await terminal.until(r"The room is closed; the game is saved")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)
        os.close(terminal.master)
