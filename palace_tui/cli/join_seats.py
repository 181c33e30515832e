"""``palace join CODE --seat Ann --seat Ben``: several seats at one terminal, passed between their players.

Each seat is joined on its own connection, as if it had a terminal of its own (the host is
unchanged): the seat's token is kept in ``seats.json`` by the host's address, the room code and
the seat's name, so the same line takes every seat back. The connections are combined behind one
table's door (:class:`~palace_tui.net.remote_seats.RemoteSeats`), and the table screen shows one
seat at a time, with the hot seat's pass screen between them
(:class:`~palace_tui.tui.seats_join_app.SeatsJoinApp`).
"""

from __future__ import annotations

import asyncio
import shlex
from pathlib import Path
from typing import TYPE_CHECKING

from palace_tui.cli.seat_connection import connect
from palace_tui.cli.usage import UsageError, say

if TYPE_CHECKING:
    from palace_tui.net.remote_seats import RemoteSeats
    from palace_tui.net.remote_table import RemoteTable


def check(names: list[str], watch: bool) -> None:
    """UsageError unless ``names`` are several different seats to play (not watch)."""
    if watch:
        raise UsageError("--watch takes no seat: leave out --seat")
    folded = [n.strip().casefold() for n in names]
    if len(set(folded)) != len(folded) or not all(folded):
        raise UsageError("name each seat once: --seat Ann --seat Ben")


def rejoin_line(room: str, names: list[str]) -> str:
    """The line that takes these seats back.

    >>> rejoin_line("KX4P2M", ["Ann", "Ben Jo"])
    "palace join KX4P2M --seat Ann --seat 'Ben Jo'"
    """
    return " ".join(["palace join", shlex.quote(room), *(f"--seat {shlex.quote(n)}" for n in names)])


async def join_seats(url: str, code: str, room: str, names: list[str], folder: Path, quiet: bool) -> int:
    """Join every seat named and play them at this terminal until the players leave or the host goes."""
    from palace_tui.tui.seats_join_app import SeatsJoinApp

    table = await connect_seats(url, code, names, folder)
    if isinstance(table, str):
        say(f"palace join: {table}", err=True)
        return 1
    app = SeatsJoinApp(table, rejoin=f"Run {rejoin_line(room, names)} to take your seats back.", quiet=quiet)
    try:
        await app.run_async()
    finally:
        await table.close()
    return app.return_code or 0


async def connect_seats(url: str, code: str, names: list[str], folder: Path) -> RemoteSeats | str:
    """Sit at room ``code`` at ``url`` in every seat named, one connection each (a seat's kept token
    first, else its name); a string says why not (the seats already taken are left again)."""
    from palace_tui.net.remote_seats import RemoteSeats

    members: list[RemoteTable] = []
    for name in names:
        member = await connect_seat(url, code, name, folder)
        if isinstance(member, str):
            await asyncio.gather(*(m.close() for m in members))
            return member
        members.append(member)
    return RemoteSeats(members)


async def connect_seat(url: str, code: str, name: str, folder: Path) -> RemoteTable | str:
    """Sit in seat ``name``: with the token kept for it (the same seat back), else by its name; the
    token is kept for next time. A string says why not."""
    return await connect(url, code, name, folder, one_of_several=True)
