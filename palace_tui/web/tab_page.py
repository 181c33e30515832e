"""The page around a served game's terminal, and the websocket that runs one game per tab.

Both ``palace serve`` (:mod:`palace_tui.web.server`) and the phone door of ``palace host``
(:mod:`palace_tui.net.phone`) serve a game this way: textual-serve's page (our copy in
``templates/``: xterm.js, the font sized for the device, the screen-reader hook) whose websocket
starts one process for the tab (:class:`~palace_tui.web.tab.TabGame`) and passes the page's keys,
taps and sizes on to it until the socket closes, which ends the process.

Neither Textual nor rich is imported here (the host imports this module): the page is filled in
with jinja2 directly, as textual-serve's own server would fill it in.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path

import jinja2
import textual_serve
from aiohttp import WSMsgType, web

from palace_tui.web.a11y import SCRIPT_PATH, script_handler
from palace_tui.web.tab import TabGame, url_size

#: The page around the terminal (textual-serve's own, with the game's title and the address fix).
TEMPLATES = Path(__file__).parent / "templates"
#: textual-serve's files: xterm.js's stylesheet, the fonts, the page's images.
STATICS = Path(textual_serve.__file__).parent / "static"
#: Where the page finds those files.
STATIC_PATH = "/static"

#: Called with the tab's websocket and what ends it (the game ended): the game to run.
TabFactory = Callable[[web.WebSocketResponse, Callable[[], Awaitable[None]]], TabGame]

log = logging.getLogger("textual-serve")

_pages = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True)


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


def _font_size(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        return 16


def page_html(
    request: web.Request, ws_path: str, title: str, *, plain: bool = False, a11y: bool = False, by_ear: bool = True
) -> str:
    """The terminal's page for ``request``: its websocket at ``ws_path`` on the address the browser
    used (a tablet reaches this machine by its network address, not by the one it listens on).
    ``plain``: the line mode's page (its socket is ``ws_path`` + ``/plain``); ``a11y``: the
    screen-reader mode on; ``by_ear``: the links to the pages for a screen reader (``palace serve``'s)."""
    base = f"{request.scheme}://{request.host}"
    socket = ("wss" if request.scheme == "https" else "ws") + base[len(request.scheme) :]
    return _pages.get_template("app_index.html").render(
        font_size=_font_size(request.query.get("fontsize", "16")),
        app_websocket_url=socket + ws_path,
        config={"static": {"url": f"{base}{STATIC_PATH}/"}},
        application={"name": title},
        palace_plain=plain,
        palace_a11y=a11y,
        palace_by_ear=by_ear,
    )


def page_response(html: str) -> web.Response:
    """A page as a response."""
    return web.Response(text=html, content_type="text/html", charset="utf-8")


def add_page_files(app: web.Application) -> None:
    """The files the terminal's page loads: textual-serve's (``/static``) and its hooked script."""
    app.router.add_get(SCRIPT_PATH, script_handler(STATICS))
    app.router.add_static(STATIC_PATH, STATICS)


async def serve_tab(request: web.Request, make_tab: TabFactory) -> web.WebSocketResponse:
    """One tab's websocket (the caller has checked who opened it): its game made by ``make_tab``,
    started at the size the page named (kept within bounds), played until the socket closes, then
    ended."""
    width, height = url_size(request.query.get("width"), request.query.get("height"))
    websocket = web.WebSocketResponse(heartbeat=15)
    if not websocket.can_prepare(request).ok:  # a request that opens no socket: refused, no game
        raise web.HTTPBadRequest()
    game: TabGame | None = None

    async def close() -> None:  # the game ended: so does its page's socket
        await websocket.close()

    try:
        await websocket.prepare(request)
        game = make_tab(websocket, close)
        await game.start(width, height)
        await play(websocket, game)
    except asyncio.CancelledError:
        await websocket.close()
    except Exception as error:
        log.exception(error)
    finally:
        if game is not None:
            await game.stop()  # the game ends with its socket
    return websocket


async def play(websocket: web.WebSocketResponse, game: TabGame) -> None:
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
