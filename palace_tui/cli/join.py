"""``palace join CODE|URL [--seat NAME]...``: sit at a table another machine hosts, from this terminal.

It connects to the host (``palace host`` prints the line), takes a free seat (or the one named),
keeps the seat's token in the data folder (by the host's address and the room code), so running
the same line again comes back to the same seat with the same cards, and plays it with the
table screen of the hot seat (one person at this device: no pass screen). A wrong code, a full
table or a host that is gone is said in one sentence, with status 1 (2 for a bad command line).

This is where one seat and several part: the connection and its token are
:mod:`palace_tui.cli.seat_connection`'s, several seats at one terminal :mod:`palace_tui.cli.join_seats`'.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from palace_tui.cli import join_seats
from palace_tui.cli.seat_connection import connect
from palace_tui.cli.usage import Parser, UsageError, check_terminal, refuse, say


def parser() -> Parser:
    """``palace join``'s flags."""
    from palace_tui.net.client import DEFAULT_PORT

    p = Parser(
        prog="palace join",
        description="Sit at a Palace table that palace host opened, on this computer or another one. "
        "Running the same line again takes your seat back.",
        add_help=True,
    )
    p.add_argument(
        "room",
        help="the room code the host shows (KX4P2M: a host on this computer) or its address "
        f"(http://192.168.1.5:{DEFAULT_PORT}/r/KX4P2M)",
    )
    p.add_argument(
        "--seat",
        action="append",
        default=None,
        metavar="NAME",
        help="the seat to take (default: a free one); again for each seat this terminal holds, "
        "passed between its players: --seat Ann --seat Ben",
    )
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"the port with a bare code (default {DEFAULT_PORT})")
    p.add_argument("--data-dir", default=None, help="where the seat token is kept (default: palace's data folder)")
    p.add_argument("--watch", action="store_true", help="watch the public table (no seat, no hand)")
    p.add_argument("--quiet", action="store_true", help="no bell on your turn")
    return p


def main(argv: list[str] | None = None) -> int:
    """Join and play until the player leaves or the host goes."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        own = parser().parse_args(args)
        if own.seat and len(own.seat) > 1:
            join_seats.check(own.seat, own.watch)
        try:
            import aiohttp  # noqa: F401
        except ImportError:
            raise UsageError("palace join needs the web extra: pip install 'palace-tui[web]'") from None
        from palace_tui.net.client import address

        try:
            url, code = address(own.room, own.port)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        check_terminal("palace join")
    except UsageError as exc:
        return refuse("palace join", exc)
    from palace_tui.store.store import resolve_data_dir

    folder = resolve_data_dir(own.data_dir)
    seats: list[str] = own.seat or []
    if len(seats) > 1:  # several seats at this terminal, the pass screen between them
        return asyncio.run(join_seats.join_seats(url, code, own.room.strip(), seats, folder, own.quiet))
    seat = seats[0] if seats else None
    return asyncio.run(_join(url, code, own.room.strip(), seat, folder, own.quiet, own.watch))


async def _join(url: str, code: str, room: str, seat: str | None, folder: Path, quiet: bool, watch: bool) -> int:
    from palace_tui.tui.join_app import JoinApp

    table = await connect(url, code, seat, folder, watch=watch)
    if isinstance(table, str):
        say(f"palace join: {table}", err=True)
        return 1
    app = JoinApp(table, rejoin=f"Run palace join {room} to take your seat back.", quiet=quiet)
    try:
        await app.run_async()
    finally:
        await table.close()
    return app.return_code or 0
