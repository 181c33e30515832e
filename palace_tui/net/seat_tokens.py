"""The seat tokens a device holds, kept in the data folder so ``palace join`` comes back to its seat.

One small JSON file, ``seats.json``: each room this device sat at (by its websocket address and
room code) to the seat token the host gave it. A device holding several seats of one room
(``palace join CODE --seat Ann --seat Ben``) keeps one token a seat, by the seat's name too.
Written atomically and readable by its owner only (a token takes the seat). A damaged file is
treated as empty: the worst is a free seat instead of the old one.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> remember(folder, "ws://127.0.0.1:8765/ws", "KX4P2M", "abc")
>>> token_for(folder, "ws://127.0.0.1:8765/ws", "KX4P2M"), token_for(folder, "ws://10.0.0.2:8765/ws", "KX4P2M")
('abc', None)
>>> forget(folder, "ws://127.0.0.1:8765/ws", "KX4P2M")
>>> token_for(folder, "ws://127.0.0.1:8765/ws", "KX4P2M") is None
True
>>> remember(folder, "ws://127.0.0.1:8765/ws", "KX4P2M", "ben's", seat="Ben")
>>> where = "ws://127.0.0.1:8765/ws"
>>> token_for(folder, where, "KX4P2M", seat="ben"), token_for(folder, where, "KX4P2M")
("ben's", None)

A browser tab's ``palace join`` (the phone door of ``palace host``, :mod:`palace_tui.net.phone`)
runs in the host's own data folder, one process per tab: its tokens are kept by the browser
and seat (:func:`browser_key`, handed over in :data:`ENV`) instead of by the host's address, so
a reload of the page (a new process) finds its seat again, one browser may hold several seats
(a tab each), and another browser's tab never finds them.

>>> key = browser_key("a cookie", 1)
>>> key.startswith("browser:"), key.endswith(":1"), len(key), "cookie" in key
(True, True, 74, False)
>>> device_key("ws://127.0.0.1:8765/ws", {ENV: key}) == key, device_key("ws://h/ws", {})
(True, 'ws://h/ws')
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path

#: The file's name in the data folder.
FILE = "seats.json"
#: The most rooms remembered (the oldest go first).
KEEP = 200
#: The environment variable that names the key to keep tokens by (a browser's, set by the host).
ENV = "PALACE_SEAT_KEY"
#: Held while the file is read and written (several tabs' processes share one folder).
LOCK = ".seats.lock"


def browser_key(cookie: str, seat: int) -> str:
    """The key a browser's token for ``seat`` is kept by: a digest of its cookie (the cookie itself
    is never written) and the seat."""
    return f"browser:{hashlib.sha256(cookie.encode('utf-8', 'replace')).hexdigest()}:{seat}"


def device_key(url: str, environ: Mapping[str, str] = os.environ) -> str:
    """The key this process keeps tokens by: the browser's when the host named one, else the host's address."""
    return environ.get(ENV) or url


@contextlib.contextmanager
def _locked(folder: Path) -> Iterator[None]:
    folder.mkdir(parents=True, exist_ok=True)
    fd = os.open(folder / LOCK, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _key(url: str, code: str, seat: str | None = None) -> str:
    # One seat of several on this device is kept by its name too (names are told apart by case-folding).
    return f"{url} {code}" if seat is None else f"{url} {code} {seat.strip().casefold()}"


def _read(folder: Path) -> dict[str, str]:
    try:
        data = json.loads((folder / FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}


def _write(folder: Path, tokens: dict[str, str]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".seats-", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(tokens, out, indent=1)
        os.chmod(tmp, 0o600)
        os.replace(tmp, folder / FILE)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def token_for(folder: Path, url: str, code: str, *, seat: str | None = None) -> str | None:
    """The token this device holds for room ``code`` at ``url`` (a key of :func:`device_key`; None:
    none); ``seat``: the one it holds for that seat's name, one of several seats on this device."""
    return _read(folder).get(_key(url, code, seat))


def remember(folder: Path, url: str, code: str, token: str, *, seat: str | None = None) -> None:
    """Keep ``token`` for room ``code`` at ``url`` (``seat``: for that seat's name); OSError if the
    folder cannot be written."""
    with _locked(folder):
        tokens = _read(folder)
        key = _key(url, code, seat)
        tokens.pop(key, None)
        tokens[key] = token
        _write(folder, dict(list(tokens.items())[-KEEP:]))


def forget(folder: Path, url: str, code: str, *, seat: str | None = None) -> None:
    """Drop the token for room ``code`` at ``url`` (``seat``: that seat's name's); the host no longer knows it."""
    with _locked(folder):
        tokens = _read(folder)
        if tokens.pop(_key(url, code, seat), None) is not None:
            _write(folder, tokens)
