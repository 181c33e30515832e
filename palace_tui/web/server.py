"""textual-serve's server, told the address each browser used and our own banner.

Imported only by ``palace serve``, and only when the ``web`` extra is installed.
"""

from __future__ import annotations

from pathlib import Path

from aiohttp import web
from textual_serve.server import Server

#: The page around the terminal (textual-serve's own, with the game's title and the address fix).
TEMPLATES = Path(__file__).parent / "templates"


class PalaceServer(Server):
    """A :class:`textual_serve.server.Server` whose page links back to the address it was opened at.

    textual-serve writes one fixed address (``http://HOST:PORT``) into the page for its
    websocket and files; served on 0.0.0.0 that address means nothing to a tablet, so
    each page names the address in the browser's own request instead.
    """

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        # The template is filled in with no await between here and there: no other
        # request can change the address in between.
        self.public_url = f"{request.scheme}://{request.host}"
        return await super().handle_index(request)

    async def on_startup(self, app: web.Application) -> None:
        where = f"http://{'[' + self.host + ']' if ':' in self.host else self.host}:{self.port}"
        print(
            f"{self.title} is served at {where}: open it in a browser (each tab is its own table). Ctrl+C stops it.",
            flush=True,
        )
