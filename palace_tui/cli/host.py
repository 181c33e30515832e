"""``palace host``: open a table that devices join over the network, each with its own seat.

The table is chosen with the same flags as ``palace`` (players, computers, preset, rules,
seed, level); with none, Ann and Ben are people and Cy is a computer. The host prints
the room code, its address, the ``palace join`` line and a QR code of the address, then
a line whenever someone comes or goes. The game is the ordinary autosave of the data
folder (saved after every move, so even SIGKILL loses nothing) and the room's code and
seat tokens are saved beside it: ``palace host --resume`` reopens the same room, and the
devices rejoin with their tokens. Every bad flag prints one sentence and exits with 2.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import secrets
import signal
import socket
import sys
from pathlib import Path
from typing import Any

from palace_tui.cli.usage import Parser, UsageError, check_terminal, refuse, say

#: The table ``palace host`` opens with no table flags.
DEFAULT_TABLE = ["--players", "Ann,Ben,Cy", "--computers", "1"]


def parser() -> Parser:
    """The host's own flags (the table's are ``palace``'s, read by :func:`palace_tui.cli.play.build`)."""
    from palace_tui.net.client import DEFAULT_PORT

    p = Parser(
        prog="palace host",
        description="Open a Palace table that phones, tablets and terminals join, each player on their own "
        "device. Takes the table flags of palace (--players, --computers, --preset, --rules, --option, --seed, "
        "--level, --resume, --data-dir, --ai-delay).",
        add_help=True,
    )
    p.add_argument(
        "--host",
        default="0.0.0.0",
        help="address to listen on (default 0.0.0.0: the local networks this computer is on; 127.0.0.1: "
        "this computer only)",
    )
    p.add_argument("--port", type=_port, default=DEFAULT_PORT, help=f"port to listen on (default {DEFAULT_PORT})")
    p.add_argument(
        "--grace",
        type=_grace,
        default=DEFAULT_GRACE,
        metavar="SECONDS",
        help=f"how long a seat whose device has gone waits before a computer plays it until its person is "
        f"back (default {DEFAULT_GRACE:g}; 0: wait for ever)",
    )
    p.add_argument(
        "--screen",
        action="store_true",
        help="show the public table on this terminal, for a TV (seats, pile, stock, log, never a hand), "
        "while every player plays on their own device",
    )
    return p


#: Seconds a seat whose device has gone waits before a computer plays it.
DEFAULT_GRACE = 60.0


def _grace(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds <= 86_400 or seconds != seconds:
        raise UsageError(f"--grace must be a number of seconds from 0 (never) to 86400, not {text!r}")
    return seconds


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise UsageError(f"--port must be a number from 0 to 65535, not {text!r}")
    return int(text)


def new_code() -> str:
    """A fresh room code (:mod:`secrets`)."""
    from palace_tui.net.protocol import CODE_LENGTH, CODE_LETTERS

    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def reachable_address(bind: str) -> str:
    """The address to print for devices: the bound one, or for 0.0.0.0 this computer's own on its network."""
    if bind not in ("0.0.0.0", "::", ""):
        return bind
    try:
        # A UDP "connect" sends nothing: it only asks the system which address would be used.
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"


def main(argv: list[str] | None = None) -> int:
    """Host until the room is closed; 2 with one sentence for a bad command line."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        own, rest = parser().parse_known_args(args)
        try:
            import aiohttp  # noqa: F401
        except ImportError:
            raise UsageError("palace host needs the web extra: pip install 'palace-tui[web]'") from None
        from palace_tui.cli.play import build

        table = build(rest)
        if table["session"] is None and not table["resume"]:
            table = build(DEFAULT_TABLE + rest)
        if own.screen:
            check_terminal("palace host --screen")
    except UsageError as exc:
        return refuse("palace host", exc)
    try:
        return asyncio.run(_host(own.host, own.port, table, grace=own.grace, screen=own.screen))
    except UsageError as exc:
        return refuse("palace host", exc)


async def _host(
    bind: str, port: int, table: dict[str, Any], *, grace: float = DEFAULT_GRACE, screen: bool = False
) -> int:
    from aiohttp import web

    from palace_tui.net.room import Room
    from palace_tui.net.room_file import RoomFile, load_room, save_room
    from palace_tui.net.server import Host
    from palace_tui.store import Store
    from palace_tui.table.session import Session
    from palace_tui.words import remote as words

    store = Store(table["data_dir"])
    folder = Path(store.data_dir)
    session: Session | None = table["session"]
    room_saved = None
    if table["resume"]:
        data = store.load_session()
        if not data:
            store.close()
            raise UsageError("There is no saved game to resume: start one with palace host and the table's flags")
        try:
            session = Session.from_dict(data)
        except ValueError as exc:
            store.close()
            raise UsageError(f"The saved game could not be used ({exc})") from None
        room_saved = load_room(folder, session.table_id)
    assert session is not None
    for warning in store.warnings:
        say(warning, err=True)

    def autosave(s: Session) -> None:
        if s.game.phase != "over" or not s.recorded:
            store.save_session(s.to_dict())

    def save_tokens(room: Room) -> None:
        if store.owns_saves:
            with contextlib.suppress(OSError):
                save_room(folder, RoomFile(room.code, room.session.table_id, dict(room.tokens)))

    def game_over(s: Session) -> None:
        if s.game.outcome() is not None:
            store.record_game(s.record())
        store.clear_session()
        names = s.names
        outcome = s.game.outcome()
        if outcome is not None and outcome.winner is not None and tv is None:
            say(f"Game {s.game_number + 1} is over: {names[outcome.winner]} went out first.")

    last_status = [""]
    #: The public table on this terminal (--screen), once it runs: it shows what would be printed.
    tv: Any = None

    def status(room: Room) -> None:
        s = room.session
        computers = [not s.is_human(i) for i in range(len(s.seats))]
        # The host's own screen watches: it is not one of the watchers a host is told about.
        watchers = room.watchers - (1 if screen else 0)
        line = words.host_status(s.names, computers, room.present, max(watchers, 0), room.stand_in)
        if tv is not None:
            tv.show_status(line, all(room.present[i] or i in room.stand_ins for i in s.humans))
        elif line != last_status[0] and not screen:
            say(line)
        last_status[0] = line

    def note(text: str) -> None:
        if not screen:  # the host's screen is a device of the room: it is sent the note itself
            say(text)

    session.saver = autosave
    code = room_saved.code if room_saved else new_code()
    room = Room(
        code,
        session,
        tokens=dict(room_saved.tokens) if room_saved else {},
        ai_delay=table["ai_delay"],
        on_tokens=save_tokens,
        on_over=game_over,
        on_change=status,
        grace=grace,
        on_note=note,
    )
    session.save()
    save_tokens(room)
    host = Host(bind=bind)
    host.on_refusal = lambda reason: None
    door = _phone_door(host, folder)
    host.phone = door
    runner = web.AppRunner(host.app(), handle_signals=False, access_log=None)
    await runner.setup()
    try:
        await web.TCPSite(runner, bind, port).start()
    except OSError as exc:
        await runner.cleanup()
        store.close()
        raise UsageError(
            f"Can't listen on {bind} port {port} ({exc.strerror or exc}): choose another with --port"
        ) from None
    bound = runner.addresses[0][1]
    if door is not None:
        door.join_url = f"http://{_here(bind)}:{bound}"  # where each phone tab's palace join connects
    host.add(room)
    where = reachable_address(bind)
    shown = f"[{where}]" if ":" in where else where
    url = f"http://{shown}:{bound}/r/{code}"
    local = _loopback(bind)
    joining = words.how_to_join(code, url, local)
    if not store.owns_saves:
        say("Another copy of palace owns this data folder: this table is not being saved.", err=True)
    if not screen:
        for line in joining:
            say(line)
        _print_qr(url)
    status(room)
    sys.stdout.flush()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    said = ""
    try:
        if screen:
            tv = await _open_screen(bind, bound, code, url, joining, stop)
            if isinstance(tv, str):
                said = tv
            else:
                status(room)
                await _run_screen(tv, stop)
        else:
            keys = loop.create_task(_read_commands(room, stop))
            try:
                await stop.wait()
            finally:
                keys.cancel()
    finally:
        await host.close()
        await runner.cleanup()
        store.release_saves()
        store.close()
    if said:
        say(f"palace host: {said}", err=True)
        return 1
    say("The room is closed; the game is saved: palace host --resume reopens it.")
    return 0


async def _open_screen(bind: str, port: int, code: str, url: str, lines: list[str], stop: asyncio.Event) -> Any:
    """The public table for this terminal: a watcher of the room (the public view, never a hand),
    joined over the host's own websocket like any device. A string says why it could not join."""
    import aiohttp

    from palace_tui.net.client import Closed
    from palace_tui.net.protocol import JoinRequest
    from palace_tui.net.remote_table import RemoteTable
    from palace_tui.tui.host_screen_app import HostScreenApp, RoomCard
    from palace_tui.words import remote as words

    try:
        table = await RemoteTable.join(f"ws://{_here(bind)}:{port}/ws", JoinRequest(code, watch=True))
    except Closed as closed:
        return closed.reason or "the host's own screen could not join its room"
    except (TimeoutError, aiohttp.ClientError, OSError) as exc:
        return f"the host's own screen could not join its room ({exc})"
    card = RoomCard(code, url, (*lines[:3], words.ON_A_PHONE, lines[3]), qr_matrix(url))
    return HostScreenApp(table, card, close_room=stop.set)


def _here(bind: str) -> str:
    """The host's address from this computer (for a URL): loopback when it listens on every address."""
    here = "127.0.0.1" if bind in ("0.0.0.0", "") else "::1" if bind == "::" else bind
    return f"[{here}]" if ":" in here else here


def _phone_door(host: Any, folder: Path) -> Any:
    """The pages a phone plays a seat from (:mod:`palace_tui.net.phone`); None without textual-serve
    (the room's address then says how to join from a terminal)."""
    try:
        from palace_tui.net.phone import PhoneDoor
    except ImportError:
        return None
    return PhoneDoor(host, folder)


async def _run_screen(app: Any, stop: asyncio.Event) -> None:
    """Run the host's screen until it is closed (ctrl+q) or the host is stopped (a signal)."""

    async def stopped() -> None:
        await stop.wait()
        app.exit()

    watch = asyncio.get_running_loop().create_task(stopped())
    try:
        await app.run_async()
    finally:
        watch.cancel()
        stop.set()
        await app.table.close(leave=False)


def qr_matrix(url: str) -> tuple[tuple[bool, ...], ...]:
    """The address's QR code as rows of modules (True: dark), with a quiet zone of two; empty without segno."""
    try:
        import segno
    except ImportError:
        return ()
    try:
        code = segno.make(url, error="m")
        return tuple(tuple(bool(m) for m in row) for row in code.matrix_iter(border=2))
    except Exception:  # a code that cannot be made still leaves the address on screen
        return ()


def _loopback(bind: str) -> bool:
    try:
        return ipaddress.ip_address(bind).is_loopback
    except ValueError:
        return bind == "localhost"


def _print_qr(url: str) -> None:
    """The address as a QR code drawn with text (a phone's camera opens it); nothing without segno."""
    try:
        import segno
    except ImportError:
        return
    with contextlib.suppress(Exception):  # a terminal that cannot print the blocks still has the address
        segno.make(url, error="m").terminal(out=sys.stdout, compact=True)


async def _read_commands(room: Any, stop: asyncio.Event) -> None:
    """The host's own keyboard: ``q`` closes the room, ``free NAME`` gives a seat back to the table."""
    if not sys.stdin or not sys.stdin.isatty():
        return
    while not stop.is_set():
        line = await asyncio.to_thread(sys.stdin.readline)
        if not line:
            return
        word, _, rest = line.strip().partition(" ")
        if word.lower() in ("q", "quit", "close"):
            stop.set()
        elif word.lower() == "free" and rest:
            names = [n.casefold() for n in room.session.names]
            if rest.strip().casefold() in names:
                room.free(names.index(rest.strip().casefold()))
                say(f"{rest.strip()}'s seat is free: the next device to join takes it.")
        elif word:
            say("Type q to close the room, or free NAME to give a seat back to the table.")
