"""One browser tab's game under ``palace serve``: its own process, told only sane sizes, and
ended when the tab's socket closes.

textual-serve runs each tab's game through a shell and passes on any size the page names:
a page saying 1,000,000,000 rows made that game grow to about 5 GB, and a game busy with
it never heard the "quit" sent when its socket closed. Here the game is started without a
shell, every size is a whole number kept within bounds before it reaches the game, and a
game that has not ended a while after being told to is ended by signal.

>>> cells(120, COLUMNS), cells(-1, COLUMNS), cells(1_000_000_000, ROWS)
(120, 10, 300)
>>> cells(80.5, COLUMNS), cells("80", COLUMNS), cells(True, ROWS)
(None, None, None)
"""

from __future__ import annotations

import asyncio
import os
import re
import shlex
import signal
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import NamedTuple

from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager


class Bounds(NamedTuple):
    """The sizes a game may be given along one side, and the one given when the page names none."""

    low: int
    high: int
    default: int


#: Columns: 10 to 500 (about a 4K screen's width in a small font; the app's own smallest layout is 40).
COLUMNS = Bounds(10, 500, 80)
#: Rows: 5 to 300 (the app's own smallest layout is 20; every row more is memory the game holds).
ROWS = Bounds(5, 300, 24)

#: A whole number as text (a sign, then at most 18 digits: no digit of another script, no 10**4300).
_WHOLE = re.compile(r"[+-]?[0-9]{1,18}")

#: How long a game told to quit has to end on its own, then again after SIGTERM (seconds).
GRACE = 10.0


def cells(value: object, bounds: Bounds) -> int | None:
    """``value`` kept within ``bounds``; None if it is no whole number (a float, a bool, text)."""
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return max(bounds.low, min(bounds.high, value))


def url_size(width: str | None, height: str | None) -> tuple[int, int]:
    """The size named in the websocket's address (``?width=..&height=..``), kept within bounds;
    80x24 in place of anything that is no whole number.

    >>> url_size("-1", "1000000000"), url_size("1e9", None), url_size("٣", "24.0")
    ((10, 300), (80, 24), (80, 24))
    """
    columns, rows = (
        cells(int(text), bounds) if text is not None and _WHOLE.fullmatch(text.strip()) else None
        for text, bounds in ((width, COLUMNS), (height, ROWS))
    )
    return (
        COLUMNS.default if columns is None else columns,
        ROWS.default if rows is None else rows,
    )


def child_environment(environment: Mapping[str, str]) -> dict[str, str]:
    """``environment`` for a tab's game: ``PYTHONPATH`` kept, less its empty entries (Python reads
    an empty entry as the current folder, which ``-P`` keeps off the path)."""
    child = dict(environment)
    path = child.get("PYTHONPATH")
    if path is not None:
        kept = [entry for entry in path.split(os.pathsep) if entry]
        if kept:
            child["PYTHONPATH"] = os.pathsep.join(kept)
        else:
            del child["PYTHONPATH"]
    return child


class TabGame(AppService):
    """A :class:`textual_serve.app_service.AppService` that runs ``argv`` itself (no shell) with
    ``extra_environment`` added, gives the game only sizes within bounds, and ends its process
    when stopped."""

    def __init__(
        self,
        argv: Sequence[str],
        extra_environment: Mapping[str, str],
        *,
        write_bytes: Callable[[bytes], Awaitable[None]],
        write_str: Callable[[str], Awaitable[None]],
        close: Callable[[], Awaitable[None]],
        download_manager: DownloadManager,
        grace: float = GRACE,
    ) -> None:
        super().__init__(
            shlex.join(argv),
            write_bytes=write_bytes,
            write_str=write_str,
            close=close,
            download_manager=download_manager,
        )
        self.argv = list(argv)
        self.extra_environment = dict(extra_environment)
        self.grace = grace

    @property
    def pid(self) -> int | None:
        """The game's process id, once started."""
        return None if self._process is None else int(self._process.pid)

    async def _open_app_process(
        self, width: int = COLUMNS.default, height: int = ROWS.default
    ) -> asyncio.subprocess.Process:
        environment = child_environment(self._build_environment(width=width, height=height))
        environment.update(self.extra_environment)
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=environment,
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def start(self, width: int, height: int) -> None:
        """Start the game at ``width`` x ``height``, kept within bounds."""
        columns, rows = cells(width, COLUMNS), cells(height, ROWS)
        await super().start(
            COLUMNS.default if columns is None else columns,
            ROWS.default if rows is None else rows,
        )

    async def set_terminal_size(self, width: object, height: object) -> None:
        """Tell the game the page's new size, kept within bounds; a size that is no whole number
        is not passed on."""
        columns, rows = cells(width, COLUMNS), cells(height, ROWS)
        if columns is not None and rows is not None:
            await super().set_terminal_size(columns, rows)

    async def stop(self) -> None:
        """Tell the game to quit and wait for it; a game still running after :attr:`grace`
        seconds is sent SIGTERM, then SIGKILL."""
        task = self._task
        if task is None:
            return
        await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        await self.send_meta({"type": "quit"})
        for ending in (signal.SIGTERM, signal.SIGKILL):
            if await self._ended(task):
                break
            self._signal(ending)
        else:
            await self._ended(task)
        if not task.done():  # something else holds the game's output open: stop reading it
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
        self._task = None

    async def _ended(self, task: asyncio.Task[None]) -> bool:
        """Whether the game's process ended (and its output was read to the end) within the grace."""
        process = self._process
        try:
            async with asyncio.timeout(self.grace):
                if process is not None:
                    await process.wait()
                await asyncio.shield(task)
        except TimeoutError:
            return process is not None and process.returncode is not None
        return True

    def _signal(self, ending: signal.Signals) -> None:
        process = self._process
        if process is not None and process.returncode is None:
            try:
                process.send_signal(ending)
            except ProcessLookupError:  # ended just now
                pass
