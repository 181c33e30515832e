"""textual-serve's server, told the address each browser used, our own banner, and who may play.

Imported only by ``palace serve``, and only when the ``web`` extra is installed.
"""

from __future__ import annotations

import logging
import shlex
from contextvars import ContextVar
from pathlib import Path

from aiohttp import web
from textual_serve.server import Server

from palace_tui.device import COOKIE, ENV, TERMINAL, Device
from palace_tui.names import printable
from palace_tui.web.origin import own_names, own_origin, trusted_host

#: The page around the terminal (textual-serve's own, with the game's title and the address fix).
TEMPLATES = Path(__file__).parent / "templates"

#: What a refused websocket or page is told (a person never sees it: their own page is never refused).
REFUSED = "Palace is played from the page palace serve gives out, at an address of this computer."

#: The device of the page whose websocket is being answered (each request is its own task).
_page_device: ContextVar[Device] = ContextVar("page_device", default=TERMINAL)


def device_command(command: str, device: Device) -> str:
    """``command`` run with ``device`` named in its environment (the shell runs it)."""
    if not device.web:
        return command
    return f"{ENV}={shlex.quote(device.code)} {command}"


class PalaceServer(Server):
    """A :class:`textual_serve.server.Server` whose page links back to the address it was opened at,
    and whose games are driven only from that page (:mod:`palace_tui.web.origin`).

    textual-serve writes one fixed address (``http://HOST:PORT``) into the page for its
    websocket and files; served on 0.0.0.0 that address means nothing to a tablet, so
    each page names the address in the browser's own request instead.
    """

    def __init__(self, command: str, *, host: str, port: int, title: str, templates_path: Path) -> None:
        super().__init__(command, host=host, port=port, title=title, templates_path=templates_path)
        #: The names this machine answers to besides its addresses and localhost.
        self.names = own_names(host)

    @property
    def command(self) -> str:
        """The game's command for the page being answered: textual-serve reads it as it starts
        a tab's game, which then knows whether it is touched or clicked (:mod:`palace_tui.device`)."""
        return device_command(self._command, _page_device.get())

    @command.setter
    def command(self, command: str) -> None:
        self._command = command

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if not trusted_host(request.headers.get("Host"), self.names):
            raise web.HTTPForbidden(text=REFUSED)
        # The template is filled in with no await between here and there: no other
        # request can change the address in between.
        self.public_url = f"{request.scheme}://{request.host}"
        return await super().handle_index(request)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        # Checked before the handshake: a refused page never starts a game (textual-serve starts one per socket).
        if not own_origin(request.headers.get("Origin"), request.headers.get("Host"), self.names):
            raise web.HTTPForbidden(text=REFUSED)
        # The page said what it is played with in a cookie; set for this request's task only.
        _page_device.set(Device.parse(request.cookies.get(COOKIE)))
        return await super().handle_websocket(request)

    def initialize_logging(self) -> None:
        # textual-serve logs every request and draws a page-long traceback, locals and all, for
        # each malformed one: on the terminal of a game night, one line per problem is enough.
        handler = logging.StreamHandler()
        handler.setFormatter(OneLine())
        logging.basicConfig(level=logging.WARNING, handlers=[handler], force=True)

    async def on_startup(self, app: web.Application) -> None:
        where = f"http://{'[' + self.host + ']' if ':' in self.host else self.host}:{self.port}"
        print(
            f"{self.title} is served at {where}: open it in a browser (each tab is its own table). Ctrl+C stops it.",
            flush=True,
        )


class OneLine(logging.Formatter):
    """A log record as one printable line; an exception as its last line, not its traceback."""

    def format(self, record: logging.LogRecord) -> str:
        text = f"palace serve: {record.getMessage()}"
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            text += f" ({type(error).__name__}: {error})"
        return printable(" ".join(text.split()))
