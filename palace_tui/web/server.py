"""textual-serve's server, told the address each browser used, our own banner, who may play,
that no other site may frame it, and each tab's game run as :mod:`palace_tui.web.tab` says.

Imported only by ``palace serve``, and only when the ``web`` extra is installed.
"""

from __future__ import annotations

import logging
import shlex
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

from aiohttp import web
from textual_serve.server import Server

from palace_tui.device import COOKIE, ENV, Device
from palace_tui.names import printable
from palace_tui.web.a11y import SCRIPT_PATH, LineTab, plain_argv, script_handler
from palace_tui.web.origin import own_names, own_origin, trusted_host
from palace_tui.web.tab import TabGame
from palace_tui.web.tab_page import TEMPLATES, envelope, page_html, page_response, serve_tab

__all__ = ["NO_FRAMING", "REFUSED", "TEMPLATES", "OneLine", "PalaceServer", "envelope", "forbid_framing"]

#: What a refused websocket or page is told (a person never sees it: their own page is never refused).
REFUSED = "Palace is played from the page palace serve gives out, at an address of this computer."

#: Sent with every page, file and error: no other site's page may show the game in a frame (a
#: hidden frame on another site started a game, took the data folder's lock and left the
#: player's own tab "not saved"). Browsers that know the CSP rule follow it; older ones the other.
NO_FRAMING = {"X-Frame-Options": "SAMEORIGIN", "Content-Security-Policy": "frame-ancestors 'self'"}

log = logging.getLogger("textual-serve")


async def forbid_framing(request: web.Request, response: web.StreamResponse) -> None:
    """Every response's headers forbid framing by another site (aiohttp calls it before each is sent)."""
    response.headers.update(NO_FRAMING)


class PalaceServer(Server):
    """A :class:`textual_serve.server.Server` whose page links back to the address it was opened at,
    whose games are driven only from that page (:mod:`palace_tui.web.origin`), each its own
    :class:`~palace_tui.web.tab.TabGame`, and whose every answer forbids framing by other sites.

    textual-serve writes one fixed address (``http://HOST:PORT``) into the page for its
    websocket and files; served on 0.0.0.0 that address means nothing to a tablet, so
    each page names the address in the browser's own request instead.
    """

    def __init__(
        self, argv: Sequence[str], *, host: str, port: int, title: str, templates_path: Path, a11y: bool = False
    ) -> None:
        super().__init__(shlex.join(argv), host=host, port=port, title=title, templates_path=templates_path)
        #: Every page turns on the terminal's screen-reader mode (``palace serve --a11y``).
        self.a11y = a11y
        #: The game each tab runs (no shell: :class:`~palace_tui.web.tab.TabGame`).
        self.argv = list(argv)
        #: The names this machine answers to besides its addresses and localhost.
        self.names = own_names(host)

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.on_response_prepare.append(forbid_framing)
        app.add_routes(
            [
                web.get(SCRIPT_PATH, script_handler(self.statics_path)),
                web.get("/plain", self.handle_plain),
                web.get("/ws/plain", self.handle_websocket),
            ]
        )
        return app

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if not trusted_host(request.headers.get("Host"), self.names):
            raise web.HTTPForbidden(text=REFUSED)
        return page_response(page_html(request, "/ws", self.title, a11y=self.a11y))

    async def handle_plain(self, request: web.Request) -> web.StreamResponse:
        """The page for a blind seat: the line mode (:mod:`palace_tui.web.a11y`), screen-reader mode on."""
        if not trusted_host(request.headers.get("Host"), self.names):
            raise web.HTTPForbidden(text=REFUSED)
        return page_response(page_html(request, "/ws", self.title, plain=True, a11y=True))  # the page adds /plain

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One tab's game (:func:`~palace_tui.web.tab_page.serve_tab`), a
        :class:`~palace_tui.web.tab.TabGame` told what the page is played with (a cookie the page
        set: :mod:`palace_tui.device`); the page at /plain plays in lines (its socket is /ws/plain)."""
        # Checked before the handshake: a refused page never starts a game (one starts per socket).
        if not own_origin(request.headers.get("Origin"), request.headers.get("Host"), self.names):
            raise web.HTTPForbidden(text=REFUSED)
        device = Device.parse(request.cookies.get(COOKIE))
        plain = request.path.endswith("/plain")

        def make_tab(websocket: web.WebSocketResponse, close: Callable[[], Awaitable[None]]) -> TabGame:
            return (LineTab if plain else TabGame)(
                plain_argv(self.argv) if plain else self.argv,
                {ENV: device.code} if device.web else {},
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=close,
                download_manager=self.download_manager,
            )

        return await serve_tab(request, make_tab)

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
