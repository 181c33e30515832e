"""``palace serve`` answers only its own page: a websocket from a foreign page (another site open
in the same browser, or a name someone's DNS points at this machine) is refused before any game
starts; the served page's own websocket opens.

The real server runs (``palace serve`` on a free loopback port); aiohttp, which the web extra
brings, plays the browser and sends the Origin a foreign page would.
"""

from __future__ import annotations

import asyncio

import pytest

from palace_tui.web.origin import own_origin, trusted_host

NAMES = frozenset({"tabletop", "tabletop.local"})


@pytest.mark.parametrize(
    "origin, host, ok",
    [
        ("http://127.0.0.1:8000", "127.0.0.1:8000", True),
        ("http://localhost:8000", "localhost:8000", True),
        ("http://[::1]:8000", "[::1]:8000", True),
        ("http://192.168.1.20:8000", "192.168.1.20:8000", True),  # a tablet on the network
        ("http://tabletop.local:8000", "tabletop.local:8000", True),  # this machine's own name
        ("https://evil.example", "127.0.0.1:8000", False),  # another site's page
        ("http://127.0.0.1:9999", "127.0.0.1:8000", False),  # another local server's page
        ("http://evil.example:8000", "evil.example:8000", False),  # DNS rebinding
        ("null", "127.0.0.1:8000", False),  # a sandboxed frame or a file
        (None, "127.0.0.1:8000", False),  # no Origin: not a browser page
        ("http://127.0.0.1:8000", None, False),
        ("file:///tmp/x.html", "127.0.0.1:8000", False),
    ],
)
def test_only_the_served_page_at_an_address_of_this_machine_is_its_own_origin(origin, host, ok) -> None:
    assert own_origin(origin, host, NAMES) is ok


def test_a_host_header_that_is_no_address_is_not_trusted() -> None:
    assert not trusted_host("[::1", NAMES) and not trusted_host("", NAMES) and not trusted_host(":8000", NAMES)


def handshake(url: str, headers: dict[str, str]) -> int:
    """The HTTP status the server answers a websocket opening with (101: opened)."""
    aiohttp = pytest.importorskip("aiohttp")

    async def go() -> int:
        async with aiohttp.ClientSession() as session:
            try:
                socket = await session.ws_connect(url, headers=headers)
            except aiohttp.WSServerHandshakeError as refused:
                return refused.status
            await socket.close()
            return 101

    return asyncio.run(go())


def test_a_foreign_page_cannot_open_the_game(start_server) -> None:
    pytest.importorskip("textual_serve", reason="the web extra is not installed: pip install -e '.[web]'")
    url, data_dir = start_server()
    here = url.rstrip("/")
    host = here.split("//", 1)[1]
    ws = here + "/ws"
    assert handshake(ws, {"Origin": "https://evil.example"}) == 403
    assert handshake(ws, {}) == 403  # no Origin at all
    assert (
        handshake(
            ws,
            {
                "Origin": f"http://evil.example:{host.rsplit(':', 1)[1]}",
                "Host": f"evil.example:{host.rsplit(':', 1)[1]}",
            },
        )
        == 403
    )
    assert not (data_dir / "session.json").exists() and not (data_dir / "palace.lock").exists()  # no game started
    assert handshake(ws, {"Origin": here}) == 101  # the page's own websocket opens


def test_a_malformed_request_is_one_printable_line_in_the_log() -> None:
    """aiohttp logs a request it cannot parse with its traceback; textual-serve drew it a page
    long, locals and all. One line instead, with nothing a terminal would obey."""
    pytest.importorskip("textual_serve", reason="the web extra is not installed: pip install -e '.[web]'")
    import logging
    import sys

    from palace_tui.web.server import OneLine

    try:
        raise ValueError("Invalid header value char: b'User-Agent: evil\x1b]0;owned\x07'")
    except ValueError:
        record = logging.LogRecord(
            "aiohttp.server", logging.ERROR, __file__, 1, "Error handling request", (), sys.exc_info()
        )
    line = OneLine().format(record)
    assert "\n" not in line and "\x1b" not in line and "\x07" not in line
    assert line.startswith("palace serve: Error handling request (ValueError: Invalid header value char")
