"""The phone's door of ``palace host``: a browser opens the room's address and plays one seat by touch.

``GET /r/CODE`` is the seat picker: a plain page (no script, nothing from elsewhere) with a big
button for each person's seat this browser may take (a free one, or one it holds already: "back
to your seat"), and the others listed as not choosable (taken, the computer's). Choosing posts
the seat back to ``/r/CODE`` (from this host's own page only: its ``Origin``), which sends the
browser on to ``/r/CODE/seat/N``: textual-serve's terminal page (:mod:`palace_tui.web.tab_page`,
as ``palace serve`` serves it) whose websocket ``/r/CODE/ws/N`` runs, for as long as the tab is
open, ``palace join http://127.0.0.1:PORT/r/CODE --seat NAME`` in its own process: the same
screens as a terminal's ``palace join``, and a device of the room like any other.

The browser is known by a cookie (``palace-browser``: random, HttpOnly, SameSite=Strict), never
by its address: its seat token is kept in the host's data folder by a digest of the cookie and
the seat (:func:`palace_tui.net.seat_tokens.browser_key`), so a reload (a new process) takes the
same seat back and another browser cannot. The door takes a free seat's token from the room and
writes it there when the seat's page opens its socket, before the join process starts (which
then joins with it): from the moment the seat counts as taken, its browser holds it. Neither
the cookie nor a token is ever in an address or a page. A link from a QR scanner or a chat app
is a navigation from another site, which carries no SameSite=Strict cookie: the picker then
answers a tiny page that sets the cookie and reloads itself once (a navigation from this host's
own page carries it).

Every address checks the room code first: a wrong one is counted by the host's
:class:`~palace_tui.net.limits.WrongCodes` and answered with the same page whichever code it was
(rooms are never revealed). Pages are served only at this machine's own addresses
(:func:`~palace_tui.web.origin.trusted_host`), and the websocket only to this host's own page
(:func:`~palace_tui.web.origin.own_origin`). The host's safe headers are on every response.
A seat chosen is kept for its browser for a minute while its page opens (its token holds it
from then on): when two phones choose one seat at once, the second is told it is taken.
Needs textual-serve (the ``web`` extra), as ``palace serve`` does.
"""

from __future__ import annotations

import html
import re
import secrets
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from aiohttp import web
from textual_serve.download_manager import DownloadManager

from palace_tui.device import COOKIE as DEVICE_COOKIE
from palace_tui.device import ENV as DEVICE_ENV
from palace_tui.device import Device
from palace_tui.net import seat_tokens
from palace_tui.net.protocol import BadMessage, room_code
from palace_tui.net.room import Room
from palace_tui.net.server import SAME_ORIGIN_REFERRER, Host
from palace_tui.web.origin import own_origin, trusted_host
from palace_tui.web.tab import TabGame
from palace_tui.web.tab_page import add_page_files, page_html, page_response, serve_tab
from palace_tui.words import phone as words
from palace_tui.words import remote as remote_words

#: The cookie a browser is known by.
COOKIE = "palace-browser"
#: How long a browser keeps it (seconds): a month of game nights.
COOKIE_AGE = 30 * 24 * 3600
#: What a cookie of ours looks like (``secrets.token_urlsafe(24)``).
_COOKIE_TEXT = re.compile(r"[A-Za-z0-9_-]{32}")
#: The query the cookie's page reloads with: the second time round, go on without the cookie.
AGAIN = "again"
#: How long a seat chosen on the picker is kept for its browser before its page has taken it
#: (seconds): the page loads and its ``palace join`` starts in that time, even on a busy host.
CLAIM_SECONDS = 60.0

#: Pages playing one seat at once (a reload's new page may open before the old one has closed;
#: every page is a process of about 55 MiB, so no more).
TABS_PER_SEAT = 2

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">{head}
<title>{title}</title>
<style>
body {{ font: 18px/1.4 system-ui, sans-serif; margin: 0 auto; padding: 16px; max-width: 32em;
  background: #0c181f; color: #f2f2f2; }}
h1 {{ font-size: 24px; }}
button, a.button {{ display: block; box-sizing: border-box; width: 100%; min-height: 56px; margin: 12px 0;
  padding: 12px 16px; font: inherit; font-size: 20px; text-align: left; border: 0; border-radius: 8px;
  background: #5e0ba7; color: #fff; text-decoration: none; }}
button.yours {{ background: #1f7a3a; }}
li {{ list-style: none; }}
li.off {{ color: #9aa5ab; min-height: 48px; padding: 12px 0; }}
ul {{ padding: 0; }}
p.note {{ color: #ffd479; }}
</style></head><body>
<h1>{title}</h1>
{body}
</body></html>
"""


@dataclass(frozen=True)
class Seat:
    """One seat as the picker shows it to one browser."""

    index: int
    name: str
    state: words.SeatState


def browser_of(request: web.Request) -> str | None:
    """The browser's cookie, if it sent one of ours."""
    cookie = request.cookies.get(COOKIE, "")
    return cookie if _COOKIE_TEXT.fullmatch(cookie) else None


def page(title: str, body: str, head: str = "", status: int = 200) -> web.Response:
    """A plain page (everything in it already escaped)."""
    text = PAGE.format(title=html.escape(title), body=body, head=head)
    return web.Response(text=text, content_type="text/html", charset="utf-8", status=status)


def sentence_page(text: str, status: int, code: str | None = None) -> web.Response:
    """A page of one sentence (and the way back to the seats, for a room that exists)."""
    back = f'<p><a class="button" href="/r/{code}">{html.escape(words.BACK)}</a></p>' if code else ""
    return page("Palace", f"<p>{html.escape(text)}</p>{back}", status=status)


class PhoneDoor:
    """The phone's pages and websockets of one :class:`~palace_tui.net.server.Host`.

    ``folder`` is the host's data folder (the tabs' seat tokens live there); ``join_url`` the
    address a tab's ``palace join`` reaches the host at (set once the host listens)."""

    def __init__(self, host: Host, folder: Path, join_url: str = "", *, python: str = sys.executable) -> None:
        self.host = host
        self.folder = folder
        self.join_url = join_url
        self.python = python
        self.download_manager = DownloadManager()
        #: Each running tab's game, and the room and seat it plays.
        self.tabs: dict[TabGame, tuple[str, int]] = {}
        #: A seat chosen (room, seat) but not yet taken at the room: by which browser (its token
        #: key, never the cookie) and until when. Two phones choosing one seat at once: the
        #: second is told it is taken, not sent to a page whose game cannot sit down.
        self.claims: dict[tuple[str, int], tuple[str, float]] = {}

    def add_routes(self, app: web.Application) -> None:
        """The door's addresses on the host's application."""
        add_page_files(app)
        app.router.add_get("/r/{code}", self.picker)
        app.router.add_post("/r/{code}", self.choose)
        app.router.add_get("/r/{code}/seat/{seat}", self.terminal)
        app.router.add_get("/r/{code}/ws/{seat}", self.websocket)

    # ------------------------------------------------------------ checks

    def _room(self, request: web.Request) -> Room | web.Response:
        """The room the address names, or the page that refuses it (wrong codes count, rooms never show)."""
        if not trusted_host(request.headers.get("Host"), self.host.names):
            return sentence_page(words.NOT_OUR_ADDRESS, 403)
        source = request.remote or "?"
        if not self.host.codes.allowed(source):
            return sentence_page(remote_words.TOO_MANY_CODES, 429)
        try:
            room: Room | None = self.host.rooms.get(room_code(request.match_info.get("code", "")))
        except BadMessage:
            room = None
        if room is None or room.closed:
            self.host.codes.wrong(source)
            return sentence_page(remote_words.WRONG_CODE, 404)
        return room

    def seats(self, room: Room, browser: str | None) -> list[Seat]:
        """Every seat of ``room`` as ``browser`` may see it."""
        s = room.session
        out = []
        for i, name in enumerate(s.names):
            state: words.SeatState
            if not s.is_human(i):
                state = "computer"
            elif i not in room.tokens:
                state = "taken" if self._claimed_by_another(room.code, i, browser) else "free"
            elif browser is not None and self._holds(room, browser, i):
                state = "yours"
            else:
                state = "taken"
            out.append(Seat(i, name, state))
        return out

    def _holds(self, room: Room, browser: str, seat: int) -> bool:
        kept = seat_tokens.token_for(self.folder, seat_tokens.browser_key(browser, seat), room.code)
        held = room.tokens.get(seat)
        return kept is not None and held is not None and secrets.compare_digest(kept.encode(), held.encode())

    def _claimed_by_another(self, code: str, seat: int, browser: str | None) -> bool:
        """Whether another browser chose ``seat`` moments ago and its page is still taking it."""
        claim = self.claims.get((code, seat))
        if claim is None:
            return False
        key, until = claim
        if until < time.monotonic():
            del self.claims[(code, seat)]
            return False
        return browser is None or not secrets.compare_digest(key, seat_tokens.browser_key(browser, seat))

    def _claim(self, code: str, seat: int, browser: str) -> None:
        """Keep ``seat`` for ``browser`` while its page opens and its game sits down."""
        self.claims[(code, seat)] = (seat_tokens.browser_key(browser, seat), time.monotonic() + CLAIM_SECONDS)

    def _take(self, room: Room, seat: int, key: str) -> None:
        """Take the free ``seat`` for the browser whose token key is ``key``, before its game starts:
        the room's token for it is made and kept in the data folder in one step (no await between),
        and the game joins with it. Were the game to take the seat and keep its token itself, a
        reload between the two (the old page's game ended, or the new page opened first) would find
        its own seat taken. If the folder cannot be written, the seat stays free for the game to
        take by name."""
        token = room.reserve(seat)
        try:
            seat_tokens.remember(self.folder, key, room.code, token)
        except OSError:
            room.free(seat)

    def _seat(self, room: Room, browser: str, text: str) -> Seat | str:
        """The seat ``text`` (its number in an address) if ``browser`` may take it, else why not."""
        names = room.session.names
        if not (text.isascii() and text.isdigit()) or int(text) >= len(names):
            return remote_words.no_such_seat(text[:40])
        seat = self.seats(room, browser)[int(text)]
        if seat.state == "computer":
            return remote_words.computer_seat(seat.name)
        if seat.state == "taken":
            return remote_words.seat_taken(seat.name)
        return seat

    # ------------------------------------------------------------ pages

    async def picker(self, request: web.Request) -> web.StreamResponse:
        """The seat picker; without the browser's cookie, the page that sets it and comes back once."""
        room = self._room(request)
        if isinstance(room, web.Response):
            return room
        browser = browser_of(request)
        if browser is None and AGAIN not in request.query:
            # A SameSite=Strict cookie is not sent on a navigation from another site (a QR scanner,
            # a chat app): set it, and come back from this page, which carries it.
            response = page(
                "Palace",
                f"<p>{html.escape(words.OPENING)}</p>",
                head=f'<meta http-equiv="refresh" content="0; url=/r/{room.code}?{AGAIN}=1">',
            )
            self._set_cookie(response)
            return response
        seats = self.seats(room, browser)
        items = []
        for seat in seats:
            line = html.escape(words.seat_line(seat.name, seat.state))
            if seat.state in ("free", "yours") and browser is not None:
                items.append(
                    f'<li><button type="submit" name="seat" value="{html.escape(seat.name)}" '
                    f'class="{seat.state}">{line}</button></li>'
                )
            else:
                items.append(f'<li class="off">{line}</li>')
        notes = []
        if browser is None:
            notes.append(f'<p class="note">{html.escape(words.COOKIES_OFF)}</p>')
        elif not any(seat.state in ("free", "yours") for seat in seats):
            notes.append(f'<p class="note">{html.escape(words.NO_FREE_SEAT)}</p>')
        body = (
            f"<p>{html.escape(words.pick_intro(room.code))}</p>{''.join(notes)}"
            f'<form method="post" action="/r/{room.code}"><ul>{"".join(items)}</ul></form>'
        )
        response = page(words.PICK_TITLE, body)
        # The seat is posted back here: the browser must name this page as its Origin (with no
        # referrer at all, it would say "null").
        response.headers["Referrer-Policy"] = SAME_ORIGIN_REFERRER
        if browser is None:
            self._set_cookie(response)
        return response

    def _set_cookie(self, response: web.Response) -> None:
        response.set_cookie(
            COOKIE, secrets.token_urlsafe(24), max_age=COOKIE_AGE, path="/", httponly=True, samesite="Strict"
        )

    async def choose(self, request: web.Request) -> web.StreamResponse:
        """A seat chosen on the picker (this host's own page only): on to its table."""
        room = self._room(request)
        if isinstance(room, web.Response):
            return room
        if not own_origin(request.headers.get("Origin"), request.headers.get("Host"), self.host.names):
            return sentence_page(words.NOT_FROM_HERE, 403, room.code)
        browser = browser_of(request)
        if browser is None:
            raise web.HTTPSeeOther(f"/r/{room.code}")
        form = await request.post()
        name = form.get("seat")
        name = name.strip()[:40] if isinstance(name, str) else ""
        names = [n.casefold() for n in room.session.names]
        if name.casefold() not in names:
            return sentence_page(remote_words.no_such_seat(name), 404, room.code)
        seat = self._seat(room, browser, str(names.index(name.casefold())))
        if isinstance(seat, str):
            return sentence_page(seat, 409, room.code)
        self._claim(room.code, seat.index, browser)
        raise web.HTTPSeeOther(f"/r/{room.code}/seat/{seat.index}")

    async def terminal(self, request: web.Request) -> web.StreamResponse:
        """The page that plays a seat (its game starts with the page's websocket)."""
        room = self._room(request)
        if isinstance(room, web.Response):
            return room
        browser = browser_of(request)
        if browser is None:  # a link from another site: the picker sets the cookie first
            raise web.HTTPSeeOther(f"/r/{room.code}")
        seat = self._seat(room, browser, request.match_info["seat"])
        if isinstance(seat, str):
            return sentence_page(seat, 409, room.code)
        ws_path = f"/r/{room.code}/ws/{seat.index}"
        return page_response(page_html(request, ws_path, words.terminal_title(seat.name), by_ear=False))

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        """The seat's game for one tab: ``palace join`` for that seat, as long as the socket lives."""
        room = self._room(request)
        if isinstance(room, web.Response):
            return room
        if not own_origin(request.headers.get("Origin"), request.headers.get("Host"), self.host.names):
            return sentence_page(words.NOT_FROM_HERE, 403)
        browser = browser_of(request)
        if browser is None:
            return sentence_page(words.COOKIES_OFF, 403)
        seat = self._seat(room, browser, request.match_info["seat"])
        if isinstance(seat, str):
            return sentence_page(seat, 409)
        if sum(1 for held in self.tabs.values() if held == (room.code, seat.index)) >= TABS_PER_SEAT:
            return sentence_page(words.TOO_MANY_PAGES, 429)
        key = seat_tokens.browser_key(browser, seat.index)
        self._claim(room.code, seat.index, browser)  # its game takes the seat in a moment
        device = Device.parse(request.cookies.get(DEVICE_COOKIE))
        environment = {seat_tokens.ENV: key}
        if device.web:
            environment[DEVICE_ENV] = device.code
        argv = [
            self.python, "-P", "-m", "palace_tui", "join", f"{self.join_url}/r/{room.code}",
            "--seat", seat.name, "--data-dir", str(self.folder),
        ]  # fmt: skip

        mine: list[TabGame] = []

        def make_tab(websocket: web.WebSocketResponse, close: Callable[[], Awaitable[None]]) -> TabGame:
            # The socket is open (a request that was no socket takes nothing): a free seat is
            # taken for its browser now, before its game starts.
            if seat.index not in room.tokens:
                self._take(room, seat.index, key)
            tab = TabGame(
                argv,
                environment,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=close,
                download_manager=self.download_manager,
            )
            self.tabs[tab] = (room.code, seat.index)
            mine.append(tab)
            return tab

        try:
            return await serve_tab(request, make_tab)
        finally:
            for tab in mine:
                self.tabs.pop(tab, None)
            if (room.code, seat.index) not in self.tabs.values():  # its game sat down, or never will
                self.claims.pop((room.code, seat.index), None)
