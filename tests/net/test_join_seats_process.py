"""Real processes: ``palace host``, and ``palace join URL --seat Ann --seat Ben`` in a pseudo-terminal.

The joined terminal holds two seats: it puts up the pass screen for the one to act, Enter shows
that seat's cards (its setup keys), its ready hands the terminal to the other seat through the
pass screen, Ctrl+Q leaves with both seats (each waits for its token) and prints the line
that takes them back; the same line, run again, takes both seats back by the tokens kept in
``seats.json`` (one a seat, by name) and shows the pass screen again.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys

import pytest

from tests.net.test_host_process import ROOT, start_host
from tests.net.test_host_screen_process import Terminal

pytestmark = pytest.mark.slow


def join(terminal: Terminal, url: str, data) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    env.pop("TEXTUAL_DRIVER", None)
    return subprocess.Popen(
        [sys.executable, "-P", "-m", "palace_tui", "join", url, "--seat", "Ann", "--seat", "Ben"]
        + ["--data-dir", str(data), "--quiet"],
        stdin=terminal.slave,
        stdout=terminal.slave,
        stderr=terminal.slave,
        env=env,
        cwd=ROOT,
        start_new_session=True,
    )


async def after(terminal: Terminal, mark: int, pattern: re.Pattern[str], what: str, limit: float = 60) -> None:
    """Wait until ``pattern`` is written after the first ``mark`` characters of the terminal's text."""
    deadline = asyncio.get_running_loop().time() + limit
    while not pattern.search(terminal.text[mark:]):
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"waited {limit:.0f} s for {what}; the terminal had:\n{terminal.text[-1500:]}")
        await asyncio.sleep(0.05)


async def test_two_seats_in_one_terminal_pass_leave_and_come_back_by_their_tokens(tmp_path):
    host, url = start_host(tmp_path / "host", "--players", "Ann,Ben,Dee", "--computers", "1", "--seed", "4")
    device = tmp_path / "device"
    try:
        for visit in range(2):
            terminal = Terminal()
            terminal._reader.start()
            joined = join(terminal, url, device)
            try:
                found = await terminal.until(r"Pass to (Ann|Ben)")
                first_name = found.group(1)
                mark = len(terminal.text)
                os.write(terminal.master, b"\r")  # the named person's Enter: their cards come up
                await after(terminal, mark, re.compile(r"Ready"), f"{first_name}'s setup keys once passed")
                if visit == 0:
                    mark = len(terminal.text)
                    os.write(terminal.master, b"r")  # ready: this seat's setup is done, the table goes dark
                    other = "Ben" if first_name == "Ann" else "Ann"
                    await after(terminal, mark, re.compile(rf"Pass to {other}"), f"the pass screen for {other}")
                os.write(terminal.master, b"\x11")  # ctrl+q: leave with both seats
                await terminal.until(r"Run palace join \S+\s+--seat Ann --seat Ben to take your seats back")
                assert joined.wait(timeout=30) == 0, f"visit {visit}: {terminal.text[-800:]}"
            finally:
                if joined.poll() is None:
                    joined.kill()
                    joined.wait()
                os.close(terminal.slave)
                os.close(terminal.master)
            kept = json.loads((device / "seats.json").read_text(encoding="utf-8"))
            assert sorted(k.rsplit(" ", 1)[1] for k in kept) == ["ann", "ben"], kept
            if visit == 0:
                first = kept
            else:
                assert kept == first, "the second visit came back with other tokens"
    finally:
        host.kill()
        host.wait()
