"""Sitting at a room another machine hosts: one connection for one seat, its token kept in the data folder.

Both ways of ``palace join`` sit down here: one seat at this terminal (:mod:`palace_tui.cli.join`)
and each of several (:mod:`palace_tui.cli.join_seats`, one connection a seat). The token a host
gives a seat is kept by the host's address and the room code (and the seat's name, when this
device holds several), so the same line takes the same seat back.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from palace_tui.net.remote_table import RemoteTable

#: What is said when nothing answers at the address.
NO_HOST = "No palace host answers at {where}: is palace host running there, and is the code or address right?"


async def connect(
    url: str, code: str, seat: str | None, folder: Path, *, watch: bool = False, one_of_several: bool = False
) -> RemoteTable | str:
    """Sit at room ``code`` at ``url``: with the token kept for it (the same seat), else the seat
    named, else a free one; the token is kept for next time (``watch``: no seat, no token;
    ``one_of_several``: this device holds several seats, so the token is kept by the seat's name too).
    A string says why not."""
    import aiohttp

    from palace_tui.net import seat_tokens
    from palace_tui.net.client import Closed
    from palace_tui.net.protocol import JoinRequest
    from palace_tui.net.remote_table import RemoteTable
    from palace_tui.words import remote as words

    if watch:
        try:
            return await RemoteTable.join(url, JoinRequest(code, watch=True))
        except Closed as closed:
            return closed.reason or NO_HOST.format(where=url)
        except (TimeoutError, aiohttp.ClientError, OSError):
            return NO_HOST.format(where=url)
    key = seat_tokens.device_key(url)  # a browser tab's own, under palace host's phone door
    held = seat if one_of_several else None  # the token's seat name in seats.json, if any
    token = seat_tokens.token_for(folder, key, code, seat=held)
    where = url.removeprefix("ws://").removeprefix("wss://").removesuffix("/ws")
    try:
        try:
            table = await RemoteTable.join(url, JoinRequest(code, None if token else seat, token))
        except Closed as closed:
            if token is None or closed.reason != words.UNKNOWN_TOKEN:
                raise
            seat_tokens.forget(folder, key, code, seat=held)  # the host freed it (or a new room): afresh
            table = await RemoteTable.join(url, JoinRequest(code, seat, None))
    except Closed as closed:
        return closed.reason or NO_HOST.format(where=where)
    except (TimeoutError, aiohttp.ClientError, OSError):
        return NO_HOST.format(where=where)
    if table.token is not None:
        try:
            seat_tokens.remember(folder, key, code, table.token, seat=held)
        except OSError:
            pass  # the seat still plays; only a rejoin after a drop will need a free seat
    return table
