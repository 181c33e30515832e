"""The phone's door of ``palace host`` (palace_tui/net/phone.py) on a real host on 127.0.0.1: the
seat picker, the browser's cookie, who may choose and open a seat, and a tab's ``palace join``
process that takes the seat and, on a reload, takes the same seat back."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

pytest.importorskip("textual_serve", reason="the phone page needs the web extra: pip install '.[web]'")

import aiohttp
from aiohttp import web

from palace_tui.net import seat_tokens
from palace_tui.net.phone import COOKIE, PhoneDoor
from palace_tui.net.room import Room
from palace_tui.net.server import SAFE_HEADERS, Host
from palace_tui.rules import Rules
from palace_tui.table.session import SeatConfig, Session
from palace_tui.words import phone as words
from palace_tui.words import remote as remote_words
from tests.helpers.settle import SCALE

CODE = "KX4P2M"


@dataclass
class Phoned:
    """A running host with its phone door: its room, the base address and the door."""

    host: Host
    room: Room
    base: str
    door: PhoneDoor

    @property
    def own(self) -> dict[str, str]:
        """The Origin a page of this host sends."""
        return {"Origin": self.base}


@pytest.fixture
async def phoned(tmp_path: Path) -> AsyncIterator[Phoned]:
    host = Host()
    door = PhoneDoor(host, tmp_path / "data")
    host.phone = door
    seats = [SeatConfig("Ann"), SeatConfig("Ben"), SeatConfig("Cy", human=False, level="random")]
    room = host.add(Room(CODE, Session.new(seats, Rules.preset("palace"), seed=3), ai_delay=0))
    runner = web.AppRunner(host.app())
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    base = f"http://127.0.0.1:{runner.addresses[0][1]}"
    door.join_url = base
    try:
        yield Phoned(host, room, base, door)
    finally:
        await host.close()
        await runner.cleanup()


def browser() -> aiohttp.ClientSession:
    """A browser: it keeps the cookies an address (not a name) sets, and follows no redirect by itself."""
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))


async def _with_cookie(client: aiohttp.ClientSession, phoned: Phoned) -> str:
    """Open the room as a QR code's link would (no cookie yet), then the page it reloads to: the picker."""
    async with client.get(f"{phoned.base}/r/{CODE}") as first:
        assert first.status == 200
        assert f'url=/r/{CODE}?again=1"' in await first.text()
    async with client.get(f"{phoned.base}/r/{CODE}?again=1") as picker:
        return await picker.text()


def _safe(response: aiohttp.ClientResponse, referrer: str = SAFE_HEADERS["Referrer-Policy"]) -> None:
    for name, value in {**SAFE_HEADERS, "Referrer-Policy": referrer}.items():
        assert response.headers.get(name) == value, (response.url, name)


async def test_the_picker_lists_the_free_seats_as_buttons_and_the_computer_as_not_choosable(phoned):
    async with browser() as client:
        page = await _with_cookie(client, phoned)
        async with client.get(f"{phoned.base}/r/{CODE}") as again:
            # Its form posts the seat back: the browser must send its Origin (no referrer at all: "null").
            _safe(again, referrer="same-origin")
    assert words.pick_intro(CODE) in page
    assert '<button type="submit" name="seat" value="Ann" class="free">Ann</button>' in page
    assert '<button type="submit" name="seat" value="Ben" class="free">Ben</button>' in page
    assert f'<li class="off">{words.seat_line("Cy", "computer")}</li>' in page
    assert "min-height: 56px" in page  # a fingertip's button (48 px at least)
    assert "<script" not in page and "http" not in page.split("</style>")[1]  # nothing from elsewhere


async def test_the_browsers_cookie_is_random_httponly_samesite_strict_and_set_once(phoned):
    async with browser() as client, client.get(f"{phoned.base}/r/{CODE}") as first:
        cookie = first.cookies[COOKIE]
        assert len(cookie.value) == 32
        assert cookie["httponly"] is True
        assert cookie["samesite"] == "Strict"
        assert cookie["path"] == "/"
        async with client.get(f"{phoned.base}/r/{CODE}?again=1") as again:
            assert COOKIE not in again.cookies  # kept: not set again
    async with browser() as other, other.get(f"{phoned.base}/r/{CODE}") as theirs:
        assert theirs.cookies[COOKIE].value != cookie.value


async def test_a_browser_that_keeps_no_cookie_reloads_once_then_is_told_why(phoned):
    jar = aiohttp.DummyCookieJar()
    async with aiohttp.ClientSession(cookie_jar=jar) as client, client.get(f"{phoned.base}/r/{CODE}?again=1") as second:
        page = await second.text()
    assert "http-equiv" not in page  # no second reload: no loop
    assert words.COOKIES_OFF.replace("'", "&#x27;") in page
    assert "<button" not in page


async def test_a_wrong_code_is_refused_the_same_for_any_code_and_counted(phoned):
    async with browser() as client:
        pages = []
        for code in ("ZZZZZZ", "kx4p2n", "nonsense-and-long"):
            async with client.get(f"{phoned.base}/r/{code}") as wrong:
                assert wrong.status == 404
                _safe(wrong)
                pages.append(await wrong.text())
        assert len(set(pages)) == 1 and remote_words.WRONG_CODE in pages[0]
        assert CODE not in pages[0]
        for path in ("/r/ZZZZZZ/seat/0", "/r/ZZZZZZ/ws/0"):
            async with client.get(phoned.base + path) as wrong:
                assert wrong.status == 404
        # Five wrong codes a minute from one address: now even the right one waits.
        async with client.get(f"{phoned.base}/r/{CODE}") as limited:
            assert limited.status == 429
            assert "Too many wrong room codes" in await limited.text()
            _safe(limited)


async def test_a_seat_chosen_from_another_sites_page_or_name_is_refused(phoned):
    async with browser() as client:
        await _with_cookie(client, phoned)
        for origin in ("http://evil.example", None):
            headers = {"Origin": origin} if origin else {}
            async with client.post(
                f"{phoned.base}/r/{CODE}", data={"seat": "Ann"}, headers=headers, allow_redirects=False
            ) as foreign:
                assert foreign.status == 403
                assert "host&#x27;s own page" in await foreign.text()
        # Another site's name pointed at this machine (DNS rebinding): not served at all.
        async with client.get(f"{phoned.base}/r/{CODE}", headers={"Host": "evil.example"}) as rebound:
            assert rebound.status == 403
            _safe(rebound)
    assert 0 not in phoned.room.tokens


async def test_a_seat_that_does_not_exist_or_is_the_computers_is_refused_with_a_sentence(phoned):
    async with browser() as client:
        await _with_cookie(client, phoned)
        cases = [("Zed", 404, remote_words.no_such_seat("Zed")), ("Cy", 409, remote_words.computer_seat("Cy"))]
        for name, status, sentence in cases:
            async with client.post(
                f"{phoned.base}/r/{CODE}", data={"seat": name}, headers=phoned.own, allow_redirects=False
            ) as refused:
                assert refused.status == status
                assert sentence in await refused.text()
                _safe(refused)
        for seat, sentence in (("9", remote_words.no_such_seat("9")), ("2", remote_words.computer_seat("Cy"))):
            async with client.get(f"{phoned.base}/r/{CODE}/seat/{seat}") as refused:
                assert refused.status == 409
                assert sentence in await refused.text()


async def test_choosing_a_seat_opens_its_terminal_page_with_the_safe_headers(phoned):
    async with browser() as client:
        await _with_cookie(client, phoned)
        async with client.post(
            f"{phoned.base}/r/{CODE}", data={"seat": "ben"}, headers=phoned.own, allow_redirects=False
        ) as chosen:
            assert chosen.status == 303
            assert chosen.headers["Location"] == f"/r/{CODE}/seat/1"
            _safe(chosen)
        async with client.get(f"{phoned.base}/r/{CODE}/seat/1") as terminal:
            page = await terminal.text()
            _safe(terminal)
        static = page.split('href="')[1].split('"')[0]  # xterm.js's stylesheet
        async with client.get(static) as css, client.get(f"{phoned.base}/palace/textual.js") as script:
            assert css.status == script.status == 200
            _safe(css)
            _safe(script)
    assert f'data-session-websocket-url="ws://127.0.0.1:{phoned.base.rsplit(":", 1)[1]}/r/{CODE}/ws/1"' in page
    assert "<title>Palace: Ben</title>" in page
    assert 'href="/plain"' not in page  # palace serve's pages for a screen reader are not the host's
    cookie = next(iter(client.cookie_jar)).value
    assert cookie not in page


async def test_the_websocket_is_refused_from_another_site_and_without_the_cookie(phoned):
    async with browser() as client:
        await _with_cookie(client, phoned)
        for headers in ({"Origin": "http://evil.example"}, {}):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await client.ws_connect(f"{phoned.base}/r/{CODE}/ws/0", headers=headers)
            assert refused.value.status == 403
        # A request at the socket's address that opens no socket is refused and takes no seat.
        async with client.get(f"{phoned.base}/r/{CODE}/ws/0", headers=phoned.own) as plain:
            assert plain.status == 400
    async with browser() as cookieless:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await cookieless.ws_connect(f"{phoned.base}/r/{CODE}/ws/0", headers=phoned.own)
        assert refused.value.status == 403
    assert not phoned.door.tabs and 0 not in phoned.room.tokens


async def _until(condition, what: str, limit: float = 60.0, seen: Callable[[], object] | None = None) -> None:
    """Wait for ``condition()`` (a process starting on a loaded machine takes seconds); failing,
    say what was waited for and, with ``seen``, what was seen instead."""
    loop = asyncio.get_running_loop()
    end = loop.time() + limit * SCALE
    while not condition():
        if loop.time() > end:
            raise AssertionError(f"waited {limit * SCALE:.0f} s for {what}" + (f"; saw {seen()}" if seen else ""))
        await asyncio.sleep(0.05)


async def _open_tab(client: aiohttp.ClientSession, phoned: Phoned, seat: int) -> aiohttp.ClientWebSocketResponse:
    ws = await client.ws_connect(f"{phoned.base}/r/{CODE}/ws/{seat}?width=60&height=30", headers=phoned.own)
    await ws.send_json(["resize", {"width": 60, "height": 30}])
    return ws


async def test_a_tab_plays_its_seat_and_a_reload_takes_the_same_seat_back_and_no_other_browser_can(phoned):
    room = phoned.room
    async with browser() as client:
        await _with_cookie(client, phoned)
        cookie = next(c for c in client.cookie_jar if c.key == COOKIE).value
        ws = await _open_tab(client, phoned, 0)
        # The seat's token is kept for this browser as its socket opens, before its game starts: a
        # reload at any moment from here on finds its own seat (a game that kept the token itself,
        # after sitting down, left a moment in which the reload found the seat taken).
        key = seat_tokens.browser_key(cookie, 0)
        await _until(lambda: 0 in room.tokens, "Ann's seat taken as its page's socket opened")
        token = room.tokens[0]
        assert room.seated(0) is None, "the seat was taken by its game, not for its browser before it"
        assert seat_tokens.token_for(phoned.door.folder, key, CODE) == token
        assert cookie not in (phoned.door.folder / seat_tokens.FILE).read_text()
        picker = await (await client.get(f"{phoned.base}/r/{CODE}")).text()
        assert words.seat_line("Ann", "yours") in picker
        await _until(
            lambda: room.seated(0) is not None,
            "the tab's palace join sat at Ann's seat",
            seen=lambda: f"{len(room.members)} devices in the room, tokens for seats {sorted(room.tokens)}",
        )
        assert room.tokens[0] == token  # it sat down with the token kept for it
        assert seat_tokens.token_for(phoned.door.folder, key, CODE) == token
        (pid,) = [tab.pid for tab in phoned.door.tabs]
        await ws.close()  # the tab is closed (a reload): its process ends, the seat waits
        await _until(lambda: room.seated(0) is None and not phoned.door.tabs, "the tab's process ended")
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
        page = await (await client.get(f"{phoned.base}/r/{CODE}")).text()
        assert words.seat_line("Ann", "yours") in page
        ws = await _open_tab(client, phoned, 0)  # the reload's page opens its socket again
        await _until(lambda: room.seated(0) is not None, "the reloaded tab sat at Ann's seat again")
        assert room.tokens[0] == token and 1 not in room.tokens
        async with browser() as other:
            theirs = await _with_cookie(other, phoned)
            assert f'<li class="off">{words.seat_line("Ann", "taken")}</li>' in theirs
            async with other.post(
                f"{phoned.base}/r/{CODE}", data={"seat": "Ann"}, headers=phoned.own, allow_redirects=False
            ) as refused:
                assert refused.status == 409
                assert remote_words.seat_taken("Ann").replace("'", "&#x27;") in await refused.text()
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await other.ws_connect(f"{phoned.base}/r/{CODE}/ws/0", headers=phoned.own)
        await ws.close()
        await _until(lambda: not phoned.door.tabs, "the tab's process ended")


async def test_a_seat_plays_in_two_pages_at_most_at_once(phoned):
    """A reload's new page may open before the old has closed; a third page (a process each) is refused."""
    async with browser() as client:
        await _with_cookie(client, phoned)
        first = await _open_tab(client, phoned, 1)
        second = await _open_tab(client, phoned, 1)
        await _until(lambda: len(phoned.door.tabs) == 2, "two pages on Ben's seat")
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect(f"{phoned.base}/r/{CODE}/ws/1", headers=phoned.own)
        assert refused.value.status == 429
        await first.close()
        await second.close()
        await _until(lambda: not phoned.door.tabs, "the pages' processes ended")


async def test_two_phones_choosing_one_seat_at_once_the_second_is_told_it_is_taken(phoned):
    """Ann's seat is kept for the first browser from its choice until its page's game sits down: the
    second sees it taken on the picker and is refused, with a sentence, not sent to a game that cannot sit."""
    async with browser() as first, browser() as second:
        await _with_cookie(first, phoned)
        await _with_cookie(second, phoned)
        async with first.post(
            f"{phoned.base}/r/{CODE}", data={"seat": "Ann"}, headers=phoned.own, allow_redirects=False
        ) as chosen:
            assert chosen.status == 303
        assert 0 not in phoned.room.tokens  # no page has opened yet: only the choice holds it
        page = await (await second.get(f"{phoned.base}/r/{CODE}")).text()
        assert f'<li class="off">{words.seat_line("Ann", "taken")}</li>' in page
        assert 'value="Ben" class="free"' in page
        async with second.post(
            f"{phoned.base}/r/{CODE}", data={"seat": "Ann"}, headers=phoned.own, allow_redirects=False
        ) as refused:
            assert refused.status == 409
            assert remote_words.seat_taken("Ann").replace("'", "&#x27;") in await refused.text()
        async with second.get(f"{phoned.base}/r/{CODE}/seat/0") as page_refused:
            assert page_refused.status == 409
        with pytest.raises(aiohttp.WSServerHandshakeError):
            await second.ws_connect(f"{phoned.base}/r/{CODE}/ws/0", headers=phoned.own)
        # The chooser itself goes on to the seat's page.
        mine = await (await first.get(f"{phoned.base}/r/{CODE}")).text()
        assert 'value="Ann" class="free"' in mine
        async with first.get(f"{phoned.base}/r/{CODE}/seat/0") as terminal:
            assert terminal.status == 200
        # A choice whose page never opened is let go after a minute.
        key, _until = phoned.door.claims[(CODE, 0)]
        phoned.door.claims[(CODE, 0)] = (key, time.monotonic() - 1)  # a minute on
        page = await (await second.get(f"{phoned.base}/r/{CODE}")).text()
        assert 'value="Ann" class="free"' in page
