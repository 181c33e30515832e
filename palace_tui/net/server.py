"""The host's network side: rooms on aiohttp websockets, and the headers every page carries.

One :class:`Host` holds any number of :class:`~palace_tui.net.room.Room` (``palace host``
opens one; the load benchmark opens hundreds). A device connects to ``/ws``, sends a join
first (within :data:`JOIN_SECONDS`), then requests; every frame is read by
:mod:`~palace_tui.net.protocol`. A bad, huge, binary or unknown message closes that
connection with its reason and touches no other; a wrong room code counts against
:class:`~palace_tui.net.limits.WrongCodes`. A browser's websocket must come from a page of this
host (its ``Origin``, as :mod:`palace_tui.web.origin` checks for ``palace serve``); a terminal
client sends no ``Origin``. Every response carries ``Content-Security-Policy: frame-ancestors
'self'`` and ``X-Frame-Options: SAMEORIGIN``, so no other site can frame a page of the host.

Imported only when the ``web`` extra (aiohttp) is installed.
"""

from __future__ import annotations

import asyncio
import html
import logging
from collections.abc import Callable
from typing import Protocol

from aiohttp import WSCloseCode, WSMsgType, web

from palace_tui.net.limits import Bucket, WrongCodes
from palace_tui.net.protocol import (
    MAX_REQUEST_BYTES,
    BadMessage,
    ErrorUpdate,
    JoinRequest,
    Message,
    decode_request,
    encode,
)
from palace_tui.net.room import Refusal, Room
from palace_tui.web.origin import own_names, own_origin
from palace_tui.words import remote as words

#: Seconds a new connection has to send its join.
JOIN_SECONDS = 10.0
#: Updates queued for one device before it counts as not reading (a real table queues a handful).
MAX_QUEUE = 500
#: What aiohttp itself refuses outright (frames past our own limit get our reason first).
FRAME_LIMIT = 4 * MAX_REQUEST_BYTES
#: The headers on every response: no other site may frame a page of the host, nor read its addresses.
SAFE_HEADERS = {
    "Content-Security-Policy": "frame-ancestors 'self'",
    "X-Frame-Options": "SAMEORIGIN",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}

log = logging.getLogger("palace.host")


class WsLink:
    """A room's :class:`~palace_tui.net.room.Link` over one websocket: updates queue and are sent in order."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.reason: str | None = None

    def send(self, text: str) -> None:
        if self.reason is not None:
            return
        if self.queue.qsize() >= MAX_QUEUE:
            self.close(words.TOO_SLOW)
            return
        self.queue.put_nowait(text)

    def close(self, reason: str) -> None:
        if self.reason is not None:
            return
        self.reason = reason
        self.queue.put_nowait(encode(ErrorUpdate(reason)))
        self.queue.put_nowait(None)

    async def pump(self) -> None:
        """Send the queued updates until the link closes, then close the websocket with the reason."""
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    break
                await self.ws.send_str(text)
        except (ConnectionError, RuntimeError):
            pass  # the device went away: its drop is the room's business, not an error
        finally:
            reason = (self.reason or "").encode()[:120]
            code = WSCloseCode.POLICY_VIOLATION if self.reason else WSCloseCode.OK
            try:
                await self.ws.close(code=code, message=reason)
            except (ConnectionError, RuntimeError):
                pass


#: The one change a page may make to the safe headers: the phone's seat picker posts the seat
#: chosen back to this host, and a browser says which page it came from (``Origin``, checked)
#: only if the page's referrer policy lets it. Still no address goes to another site.
SAME_ORIGIN_REFERRER = "same-origin"


def _safe_headers(request: web.Request, response: web.StreamResponse) -> None:
    for name, value in SAFE_HEADERS.items():
        if name == "Referrer-Policy" and response.headers.get(name) == SAME_ORIGIN_REFERRER:
            continue
        response.headers[name] = value


async def _on_prepare(request: web.Request, response: web.StreamResponse) -> None:
    _safe_headers(request, response)


class RoomPages(Protocol):
    """Pages a host serves at ``/r/CODE`` beside its own (the phone's door,
    :class:`~palace_tui.net.phone.PhoneDoor`). The host only asks them for their routes, so it
    needs no textual-serve and does not know the door; the door knows the host."""

    def add_routes(self, app: web.Application) -> None:
        """Add the pages' addresses to the host's application."""


PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Palace</title></head><body>
<h1>Palace</h1>
<p>{body}</p>
</body></html>
"""


class Host:
    """The rooms of one host process, and the aiohttp application that serves them."""

    def __init__(
        self, *, bind: str = "127.0.0.1", codes: WrongCodes | None = None, rate: tuple[float, float] = (20.0, 60.0)
    ) -> None:
        self.rooms: dict[str, Room] = {}
        #: Requests a second one device may send, and at once (a person sends a few a second; scripted
        #: devices in tests and the benchmark, many more).
        self.rate = rate
        self.codes = codes or WrongCodes()
        #: The names (besides addresses and localhost) a browser may call this machine.
        self.names = own_names(bind)
        self._tasks: dict[str, asyncio.Task[None]] = {}
        #: Called when a connection is refused or closed for a bad message (the host's own screen).
        self.on_refusal: Callable[[str], None] | None = None
        #: The phone's pages at ``/r/CODE`` (:class:`~palace_tui.net.phone.PhoneDoor`); None: a note
        #: saying how to join from a terminal.
        self.phone: RoomPages | None = None

    def add(self, room: Room) -> Room:
        """Open ``room`` here and start its computer players."""
        self.rooms[room.code] = room
        self._tasks[room.code] = asyncio.get_running_loop().create_task(room.run())
        return room

    async def remove(self, code: str, reason: str = words.ROOM_CLOSED) -> None:
        """Close room ``code``: its devices are told ``reason``; its game stays saved."""
        room = self.rooms.pop(code, None)
        if room is not None:
            room.close(reason)
        task = self._tasks.pop(code, None)
        if task is not None:
            task.cancel()
            try:
                await task
            except asyncio.CancelledError:
                pass

    async def close(self) -> None:
        """Close every room."""
        for code in list(self.rooms):
            await self.remove(code)

    def app(self) -> web.Application:
        """The aiohttp application: ``/ws`` for devices, ``/`` and ``/r/CODE`` pages."""
        app = web.Application(client_max_size=MAX_REQUEST_BYTES)
        app.on_response_prepare.append(_on_prepare)
        app.router.add_get("/ws", self.websocket)
        app.router.add_get("/", self.index)
        if self.phone is not None:
            self.phone.add_routes(app)
        else:
            app.router.add_get("/r/{code}", self.index)
        return app

    async def index(self, request: web.Request) -> web.Response:
        """The host's front page, and a room's without the phone door: which command joins."""
        code = request.match_info.get("code", "")
        body = (
            f"This is room {html.escape(code[:12])}: in a terminal, run "
            f"<code>palace join {html.escape(str(request.url))}</code>."
            if code
            else "A Palace host: join with <code>palace join</code> and the room's address."
        )
        return web.Response(text=PAGE.format(body=body), content_type="text/html")

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        """One device's connection: its join, then its requests, until it leaves or is closed."""
        origin = request.headers.get("Origin")
        if origin is not None and not own_origin(origin, request.headers.get("Host"), self.names):
            raise web.HTTPForbidden(text="Only this host's own pages may join its tables.")
        ws = web.WebSocketResponse(max_msg_size=FRAME_LIMIT, heartbeat=30.0)
        await ws.prepare(request)
        link = WsLink(ws)
        pump = asyncio.get_running_loop().create_task(link.pump())
        room: Room | None = None
        try:
            room = await self._join(ws, link, request.remote or "?")
            if room is not None:
                await self._serve(ws, link, room)
        finally:
            if room is not None:
                room.drop(link)
            if link.reason is None:
                link.reason = ""  # the device left: nothing more to tell it
                link.queue.put_nowait(None)
            await pump
        return ws

    def _refuse(self, link: WsLink, reason: str) -> None:
        if self.on_refusal is not None:
            self.on_refusal(reason)
        link.close(reason)

    async def _join(self, ws: web.WebSocketResponse, link: WsLink, source: str) -> Room | None:
        try:
            frame = await asyncio.wait_for(ws.receive(), JOIN_SECONDS)
        except TimeoutError:
            self._refuse(link, words.JOIN_LATE)
            return None
        request = self._read(link, frame)
        if request is None:
            return None
        if not isinstance(request, JoinRequest):
            self._refuse(link, words.JOIN_FIRST)
            return None
        if not self.codes.allowed(source):
            self._refuse(link, words.TOO_MANY_CODES)
            return None
        room = self.rooms.get(request.room)
        if room is None:
            self.codes.wrong(source)
            self._refuse(link, words.WRONG_CODE)
            return None
        try:
            room.join(link, request)
        except Refusal as refusal:
            self._refuse(link, refusal.reason)
            return None
        return room

    def _read(self, link: WsLink, frame: object) -> Message | None:
        """The request in ``frame``, or None when the connection is over (closed, or refused with a reason)."""
        kind = getattr(frame, "type", None)
        if kind == WSMsgType.TEXT:
            try:
                return decode_request(getattr(frame, "data", ""))
            except BadMessage as exc:
                self._refuse(link, words.bad_message(str(exc)))
                return None
        if kind == WSMsgType.BINARY:
            self._refuse(link, words.bad_message("requests are JSON text, not binary"))
        elif kind == WSMsgType.ERROR:
            self._refuse(link, words.bad_message("the frame was too large or broken"))
        elif link.reason is None:
            link.reason = ""  # closed by the device: nothing to tell it
            link.queue.put_nowait(None)
        return None

    async def _serve(self, ws: web.WebSocketResponse, link: WsLink, room: Room) -> None:
        bucket = Bucket(*self.rate)
        while link.reason is None and not ws.closed:
            frame = await ws.receive()
            if link.reason is not None:
                return
            request = self._read(link, frame)
            if request is None:
                return
            if not bucket.take():
                room.drop(link)
                self._refuse(link, words.TOO_FAST)
                return
            try:
                room.handle(link, request)
            except Refusal as refusal:
                room.refuse(link, request.TYPE, refusal)
                if refusal.close:
                    return
