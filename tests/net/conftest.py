"""A host on 127.0.0.1 (an ephemeral port) for the network tests, and tables to open in it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest

pytest.importorskip("aiohttp", reason="the host needs the web extra: pip install '.[web]'")

from aiohttp import web

from palace_tui.net.room import Room
from palace_tui.net.server import Host
from palace_tui.rules import Rules
from palace_tui.table.session import SeatConfig, Session


@dataclass
class Served:
    """A running host: its rooms and the websocket's URL."""

    host: Host
    url: str

    def open(self, code: str, names: list[str], computers: int = 0, rules: Rules | None = None, seed: int = 1) -> Room:
        seats = [SeatConfig(n, human=i < len(names) - computers, level="random") for i, n in enumerate(names)]
        session = Session.new(seats, rules or Rules.preset("palace"), seed=seed)
        return self.host.add(Room(code, session, ai_delay=0))


@pytest.fixture
async def served() -> AsyncIterator[Served]:
    host = Host(rate=(10_000, 10_000))  # scripted devices move as fast as the host answers
    runner = web.AppRunner(host.app())
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    try:
        yield Served(host, f"ws://127.0.0.1:{port}/ws")
    finally:
        await host.close()
        await runner.cleanup()
