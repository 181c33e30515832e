"""A device's end of the wire: where a room is, and one connection to it.

``palace join`` takes a room code alone (a host on this computer, at :data:`DEFAULT_PORT`)
or the address the host prints (``http://192.168.1.5:8765/r/KX4P2M``); :func:`address`
reads either into the websocket's URL and the code. :class:`Connection` sends requests and
reads updates, every one checked by :mod:`~palace_tui.net.protocol` (a host that sends
something else is not believed).

>>> address("kx4p2m")
('ws://127.0.0.1:8765/ws', 'KX4P2M')
>>> address("http://192.168.1.5:9000/r/KX4P2M")
('ws://192.168.1.5:9000/ws', 'KX4P2M')
"""

from __future__ import annotations

from urllib.parse import urlsplit

import aiohttp

from palace_tui.net.protocol import (
    MAX_UPDATE_BYTES,
    BadMessage,
    ErrorUpdate,
    JoinRequest,
    Message,
    decode_update,
    encode,
    room_code,
)

#: The port ``palace host`` listens on unless told otherwise.
DEFAULT_PORT = 8765


def address(text: str, port: int = DEFAULT_PORT) -> tuple[str, str]:
    """The websocket URL and room code in ``text`` (a code, or the host's ``http://.../r/CODE``);
    ValueError says what is wrong."""
    text = text.strip()
    if "/" not in text:
        try:
            return f"ws://127.0.0.1:{port}/ws", room_code(text)
        except BadMessage as exc:
            raise ValueError(str(exc)) from None
    parts = urlsplit(text if "://" in text else "http://" + text)
    if parts.scheme not in ("http", "https", "ws", "wss") or not parts.hostname:
        raise ValueError(f"{text[:60]!r} is not a room's address like http://192.168.1.5:{port}/r/KX4P2M")
    pieces = [p for p in parts.path.split("/") if p]
    if len(pieces) != 2 or pieces[0] != "r":
        raise ValueError(f"{text[:60]!r} is not a room's address like http://192.168.1.5:{port}/r/KX4P2M")
    try:
        code = room_code(pieces[1])
    except BadMessage as exc:
        raise ValueError(str(exc)) from None
    scheme = "wss" if parts.scheme in ("https", "wss") else "ws"
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{scheme}://{host}:{parts.port or port}/ws", code


class Closed(Exception):
    """The host closed the connection; ``reason`` is its last word (empty when it gave none)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Connection:
    """One websocket to a host, joined to a room: send requests, read updates."""

    def __init__(self, http: aiohttp.ClientSession, ws: aiohttp.ClientWebSocketResponse, own_http: bool) -> None:
        self.http, self.ws, self._own_http = http, ws, own_http
        #: Every frame received, as text, when :attr:`keep` is on (the privacy tests read them).
        self.frames: list[str] = []
        self.keep = False

    @classmethod
    async def open(
        cls, url: str, join: JoinRequest, http: aiohttp.ClientSession | None = None, *, timeout: float = 10.0
    ) -> Connection:
        """Connect to ``url`` and send ``join`` (read the welcome with :meth:`receive`)."""
        own = http is None
        session = http or aiohttp.ClientSession()
        try:
            ws = await session.ws_connect(
                url, max_msg_size=MAX_UPDATE_BYTES, timeout=aiohttp.ClientWSTimeout(ws_close=timeout)
            )
        except BaseException:
            if own:
                await session.close()
            raise
        connection = cls(session, ws, own)
        await connection.send(join)
        return connection

    async def send(self, request: Message) -> None:
        """Send one request."""
        await self.ws.send_str(encode(request))

    async def send_text(self, text: str) -> None:
        """Send a frame as it is (tests send bad ones)."""
        await self.ws.send_str(text)

    async def receive(self) -> Message:
        """The next update; Closed with the host's reason when the connection ends."""
        frame = await self.ws.receive()
        if frame.type != aiohttp.WSMsgType.TEXT:
            extra = frame.extra if frame.type == aiohttp.WSMsgType.CLOSE else None
            raise Closed(extra if isinstance(extra, str) else "")
        if self.keep:
            self.frames.append(frame.data)
        try:
            update = decode_update(frame.data)
        except BadMessage as exc:
            await self.close()
            raise Closed(f"the host sent a message this palace cannot read ({exc})") from None
        if isinstance(update, ErrorUpdate):
            raise Closed(update.reason)
        return update

    async def close(self) -> None:
        """Close the websocket (and the HTTP session, if this connection made it)."""
        await self.ws.close()
        if self._own_http:
            await self.http.close()
