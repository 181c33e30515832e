"""The served page for a screen reader: xterm.js's screen-reader mode, and the line mode in a tab.

textual-serve's page draws the terminal on a canvas, which a screen reader cannot read, and its
bundled script makes the xterm.js ``Terminal`` with no way to pass it options. So the page loads
that same script with one hook added (:func:`hooked_textual_js`): once the terminal is made, a
``palace-terminal`` event hands it to the page's own script, which turns on its screen-reader
mode (``screenReaderMode``: the rows as text in an accessibility tree, new lines read out) when
``palace serve --a11y`` or the page's address (``?a11y=1``) asks.

A full-screen app is still a painted screen, read a row at a time. The line mode
(``palace --plain``, :mod:`palace_tui.lines`) is what a blind player plays by ear, and the page at
``/plain`` runs it: :class:`LineTab` gives it a pseudo-terminal (which echoes the keys typed and
lets Backspace mend a line, as a terminal does) and passes its text to the page as it comes, read
by the screen-reader mode.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import pty
import struct
import termios
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

from aiohttp import web

from palace_tui.web.tab import COLUMNS, ROWS, TabGame, cells, child_environment

__all__ = ["HOOK", "SCRIPT_PATH", "LineTab", "hooked_textual_js", "plain_argv"]

#: Where the page loads textual-serve's script with the hook (not under ``/static``, textual-serve's).
SCRIPT_PATH = "/palace/textual.js"
#: textual-serve 1.1.3's script right after it opens its terminal, and the same with the hook after it.
HOOK = (
    "this.terminal.open(e),",
    'this.terminal.open(e),window.dispatchEvent(new CustomEvent("palace-terminal",{detail:this.terminal})),',
)
#: Ctrl+U (forget the line typed so far), then Ctrl+D (the end of input): the line mode saves and ends.
END_OF_INPUT = b"\x15\x04"


def hooked_textual_js(static: Path) -> bytes:
    """textual-serve's ``js/textual.js`` under ``static`` with :data:`HOOK` added; as it is (the
    page then works without the screen-reader mode) if that script has no such place once."""
    script = (static / "js" / "textual.js").read_text("utf-8")
    if script.count(HOOK[0]) == 1:
        script = script.replace(*HOOK)
    return script.encode("utf-8")


def script_handler(static: Path) -> Callable[[web.Request], Awaitable[web.Response]]:
    """The handler of :data:`SCRIPT_PATH` (the script is read and hooked once, on first use)."""
    body: list[bytes] = []

    async def handle(request: web.Request) -> web.Response:
        if not body:
            body.append(hooked_textual_js(static))
        return web.Response(body=body[0], content_type="application/javascript", charset="utf-8")

    return handle


def plain_argv(argv: Sequence[str]) -> list[str]:
    """A tab's game command in lines: ``palace --plain`` (``palace learn --plain`` for the lessons)."""
    return [*argv, "--plain"]


def _set_size(fd: int, columns: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


class LineTab(TabGame):
    """A tab's game in lines: ``argv`` on a pseudo-terminal, its text passed to the page as it
    comes and the page's keys typed into it; told to quit, its input ends (the game is saved)."""

    _master: int | None = None

    async def _open_app_process(
        self, width: int = COLUMNS.default, height: int = ROWS.default
    ) -> asyncio.subprocess.Process:
        environment = child_environment(self._build_environment(width=width, height=height))
        environment.update(self.extra_environment)
        environment.pop("TEXTUAL_DRIVER", None)
        environment.update({"PYTHONIOENCODING": "utf-8", "TERM": "dumb"})
        master, slave = pty.openpty()
        _set_size(master, width, height)
        try:
            self._process = process = await asyncio.create_subprocess_exec(
                *self.argv, stdin=slave, stdout=slave, stderr=slave, env=environment, start_new_session=True
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)  # the game holds the only one: its end is the end of the text
        os.set_blocking(master, False)
        self._master = master
        return process

    async def run(self) -> None:
        """Pass the game's text to the page until it ends, then close the page's socket."""
        master = self._master
        assert master is not None
        loop = asyncio.get_running_loop()
        said: asyncio.Queue[bytes] = asyncio.Queue()

        def readable() -> None:
            try:
                data = os.read(master, 65536)
            except BlockingIOError:
                return
            except OSError:  # EIO: the game closed its terminal
                data = b""
            if not data:
                loop.remove_reader(master)
            said.put_nowait(data)

        loop.add_reader(master, readable)
        try:
            while data := await said.get():
                await self.on_data(data)
        except asyncio.CancelledError:
            pass
        finally:
            loop.remove_reader(master)
        await self.remote_close()

    async def send_bytes(self, data: bytes) -> bool:
        """Type ``data`` into the game's terminal."""
        if self._master is None:
            return False
        try:
            os.write(self._master, data)
        except OSError:
            return False
        return True

    async def send_meta(self, data: dict[str, str | int | bool | None]) -> bool:
        """A new size sets the terminal's; quit ends the game's input; the rest means nothing here."""
        if self._master is None:
            return False
        if data.get("type") == "resize":
            columns, rows = cells(data.get("width"), COLUMNS), cells(data.get("height"), ROWS)
            if columns is not None and rows is not None:
                _set_size(self._master, columns, rows)
            return True
        if data.get("type") == "quit":
            return await self.send_bytes(END_OF_INPUT)
        return True

    async def stop(self) -> None:
        """Quit as a tab's game does (:meth:`TabGame.stop`), then let go of the terminal."""
        try:
            await super().stop()
        finally:
            if self._master is not None:
                os.close(self._master)
                self._master = None
