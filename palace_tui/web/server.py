"""textual-serve's server, told the address each browser used, our own banner, who may play,
that no other site may frame it, and each tab's game run as :mod:`palace_tui.web.tab` says.

Imported only by ``palace serve``, and only when the ``web`` extra is installed.
"""

from __future__ import annotations

import asyncio
import json
import logging
import shlex
from collections.abc import Sequence
from pathlib import Path

from aiohttp import WSMsgType, web
from aiohttp_jinja2 import REQUEST_CONTEXT_KEY
from textual_serve.server import Server

from palace_tui.device import COOKIE, ENV, Device
from palace_tui.names import printable
from palace_tui.web.a11y import SCRIPT_PATH, LineTab, plain_argv, script_handler
from palace_tui.web.origin import own_names, own_origin, trusted_host
from palace_tui.web.tab import TabGame, url_size

#: The page around the terminal (textual-serve's own, with the game's title and the address fix).
TEMPLATES = Path(__file__).parent / "templates"

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


def envelope(text: str) -> tuple[str, object] | None:
    """A page's websocket message (``["resize", {...}]``) as its kind and data; None for anything else.

    >>> envelope('["resize", {"width": 80, "height": 24}]')
    ('resize', {'width': 80, 'height': 24})
    >>> envelope('["focus"]'), envelope("[[[["), envelope('{"stdin": "x"}'), envelope("[1]")
    (('focus', None), None, None, None)
    """
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(message, list) or not message or not isinstance(message[0], str):
        return None
    return message[0], message[1] if len(message) > 1 else None


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
        # The template is filled in with no await between here and there: no other
        # request can change the address in between.
        self.public_url = f"{request.scheme}://{request.host}"
        page = request.setdefault(REQUEST_CONTEXT_KEY, {})
        page.setdefault("palace_plain", False)
        page.setdefault("palace_a11y", self.a11y)
        return await super().handle_index(request)

    async def handle_plain(self, request: web.Request) -> web.StreamResponse:
        """The page for a blind seat: the line mode (:mod:`palace_tui.web.a11y`), screen-reader mode on."""
        request[REQUEST_CONTEXT_KEY] = {"palace_plain": True, "palace_a11y": True}
        return await self.handle_index(request)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """textual-serve's, with the tab's game a :class:`~palace_tui.web.tab.TabGame` told what the
        page is played with (a cookie the page set: :mod:`palace_tui.device`)."""
        # Checked before the handshake: a refused page never starts a game (one starts per socket).
        if not own_origin(request.headers.get("Origin"), request.headers.get("Host"), self.names):
            raise web.HTTPForbidden(text=REFUSED)
        device = Device.parse(request.cookies.get(COOKIE))
        width, height = url_size(request.query.get("width"), request.query.get("height"))
        websocket = web.WebSocketResponse(heartbeat=15)
        game: TabGame | None = None

        async def close() -> None:  # the game ended: so does its page's socket
            await websocket.close()

        try:
            await websocket.prepare(request)
            # The page at /plain plays in lines: its socket is /ws/plain.
            plain = request.path.endswith("/plain")
            game = (LineTab if plain else TabGame)(
                plain_argv(self.argv) if plain else self.argv,
                {ENV: device.code} if device.web else {},
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=close,
                download_manager=self.download_manager,
            )
            await game.start(width, height)
            await self._play(websocket, game)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:
            log.exception(error)
        finally:
            if game is not None:
                await game.stop()  # the game ends with its socket
        return websocket

    async def _play(self, websocket: web.WebSocketResponse, game: TabGame) -> None:
        """Pass the page's messages on to its game until the socket closes; a message that is not
        one a page sends is dropped (sizes are kept within bounds by the game's service)."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            said = envelope(message.data)
            if said is None:
                continue
            kind, data = said
            if kind == "stdin" and isinstance(data, str):
                await game.send_bytes(data.encode("utf-8", "ignore"))  # a lone surrogate is no key
            elif kind == "resize" and isinstance(data, dict):
                await game.set_terminal_size(data.get("width"), data.get("height"))
            elif kind == "ping" and isinstance(data, str):
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await game.blur()
            elif kind == "focus":
                await game.focus()

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
