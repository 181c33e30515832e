"""``palace serve``: put the table in a web page with textual-serve, for a tablet passed round.

textual-serve runs one copy of the game per browser tab: this same Python running this
same package (never a module of the current folder), with the same data folder, so
saves and records are the terminal game's. Every bad flag, a port in use, a host that
does not resolve or a missing ``web`` extra prints one sentence and exits with status 2.
"""

from __future__ import annotations

import ipaddress
import os
import socket
import sys
from pathlib import Path

from palace_tui.cli.usage import Parser, UsageError, refuse, say

#: What the page, its tab and the server's banner call the game.
PAGE_TITLE = {False: "Palace", True: "Learn Palace"}


def parser() -> Parser:
    """The command line of ``palace serve``."""
    p = Parser(
        prog="palace serve",
        description="Serve Palace as a web page: open it on a tablet or phone and pass it round. "
        "Every browser tab is its own table.",
    )
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1: this computer only; 0.0.0.0: every network it is on)",
    )
    p.add_argument("--port", type=_port, default=8000, help="port to listen on (default 8000)")
    p.add_argument("--learn", action="store_true", help="serve the lessons instead of the game")
    p.add_argument("--data-dir", default=None, help="where saves and records live (as for palace)")
    p.add_argument(
        "--a11y",
        action="store_true",
        help="turn on the page's screen-reader mode (a page asks for it with ?a11y=1; the page /plain "
        "plays in lines of text, for a screen reader, always)",
    )
    return p


def _port(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise UsageError(f"--port must be a number from 1 to 65535, not {text!r}")
    return int(text)


def app_argv(learn: bool, data_dir: str | None) -> list[str]:
    """The command line each browser tab's game runs: this Python, this package.

    ``-P`` keeps the current folder off the game's import path: ``python -m`` would put it
    first, and a ``queue.py`` lying in the folder ``palace serve`` was started from would
    run inside every tab's game. The environment passes through to it (``PALACE_DATA_DIR``;
    ``PYTHONPATH`` less its empty entries, which would name the current folder too).
    """
    argv = [sys.executable, "-P", "-m", "palace_tui"]
    if learn:
        argv.append("learn")
    if data_dir:
        argv += ["--data-dir", str(Path(data_dir).expanduser().resolve())]
    return argv


def check_address(host: str, port: int) -> bool:
    """Check that ``host:port`` can be listened on; True if only this computer can reach it."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError):
        raise UsageError(f"There is no address called {host!r} to listen on") from None
    for family, kind, proto, _, address in infos:
        with socket.socket(family, kind, proto) as probe:
            # As aiohttp does, so a port just freed by an earlier server counts as free.
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(address)
            except OSError as exc:
                raise UsageError(
                    f"Can't listen on {host} port {port} ({_why(exc)}): choose another with --port"
                ) from None
    return all(ipaddress.ip_address(str(info[4][0]).split("%")[0]).is_loopback for info in infos)


def _why(exc: OSError) -> str:
    import errno

    if exc.errno == errno.EADDRINUSE:
        return "something else is using that port"
    if exc.errno == errno.EADDRNOTAVAIL:
        return "that address is not this computer's"
    if exc.errno == errno.EACCES:
        return "ports below 1024 need an administrator"
    return (exc.strerror or str(exc)).lower()


def reach_sentence(host: str, port: int) -> str:
    """The one sentence said when the table is served beyond this computer."""
    where = (
        "any device on the networks this computer is on"
        if host in ("0.0.0.0", "::", "")
        else f"any device that can reach {host}"
    )
    return (
        f"Anyone with {where} can open http://{host}:{port} and join a table there "
        "(there is no password), so serve on a network you trust."
    )


def main(argv: list[str] | None = None) -> int:
    """Serve until Ctrl+C; 2 with one sentence for a bad command line, host, port or install."""
    try:
        args = parser().parse_args(sys.argv[1:] if argv is None else argv)
        try:
            from palace_tui.web.server import TEMPLATES, PalaceServer
        except ImportError:
            raise UsageError("palace serve needs the web extra: pip install 'palace-tui[web]'") from None
        local = check_address(args.host, args.port)
    except UsageError as exc:
        return refuse("palace serve", exc)
    if not local:
        say(reach_sentence(args.host, args.port), err=True)
    data_dir = args.data_dir or os.environ.get("PALACE_DATA_DIR") or None
    server = PalaceServer(
        app_argv(args.learn, data_dir),
        host=args.host,
        port=args.port,
        title=PAGE_TITLE[args.learn],
        templates_path=TEMPLATES,
        a11y=args.a11y,
    )
    try:
        server.serve()
    except OSError as exc:  # lost the port between the check and the start
        say(f"palace serve: Can't listen on {args.host} port {args.port} ({_why(exc)}).", err=True)
        return 2
    return 0
