"""``palace serve`` against a hostile folder or page (issue 31).

- S1: no module lying in the folder ``palace serve`` runs from is imported by a tab's game.
- F1: every answer the server gives (the page, its files, its errors) forbids framing by other sites.
- W1: no size a page names reaches a tab's game unbounded, a message no page sends is dropped,
  and a tab's game ends when its socket closes (by signal if it will not quit).

The real server runs (``palace serve`` on a free loopback port); aiohttp plays the browser.
The tab's game is found by its data folder in ``/proc`` (Linux).
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.served_page import PATIENCE
from tests.web.conftest import ROOT

pytest.importorskip("textual_serve", reason="the web extra is not installed: pip install -e '.[web]'")
aiohttp = pytest.importorskip("aiohttp")

pytestmark = pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="reads processes from /proc (Linux)")

#: How long a step may take on a loaded machine before the test gives up (s).
DEADLINE = PATIENCE / 1000

#: A module that, once imported, says so in ``marker`` (pid and command line), then puts the
#: real module of its name in its place so the program importing it goes on as usual.
PLANTED = """
import importlib, os, sys
with open({marker!r}, "a") as told:
    told.write(f"{{os.getpid()}} {{sys.argv!r}}\\n")
_here = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [entry for entry in sys.path if os.path.abspath(entry or ".") != _here]
del sys.modules[__name__]
importlib.import_module(__name__)
"""

#: The modules planted: the one the issue found (``queue``), and one every tab's game imports as it
#: starts (rich's colours import ``colorsys``), both pure-Python standard modules.
PLANTS = ("queue", "colorsys")


def plant(folder: Path) -> Path:
    """Plant :data:`PLANTS` in ``folder``; returns the marker file they would write."""
    marker = folder.parent / f"{folder.name}-imported.txt"
    for name in PLANTS:
        (folder / f"{name}.py").write_text(PLANTED.format(marker=str(marker)))
    return marker


# -- the tab's game, from /proc ---------------------------------------------------------------------


def _read(path: str) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:  # gone, or not ours
        return b""


def environ(pid: int) -> dict[str, str]:
    """The environment ``pid`` was started with."""
    pairs = (entry.split(b"=", 1) for entry in _read(f"/proc/{pid}/environ").split(b"\0") if b"=" in entry)
    return {key.decode(errors="replace"): value.decode(errors="replace") for key, value in pairs}


def tab_games(data_dir: Path) -> list[int]:
    """The running games of tabs served with ``data_dir`` (``-m palace_tui`` with no ``serve``)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        argv = _read(f"/proc/{entry}/cmdline").split(b"\0")
        if b"palace_tui" not in argv or b"serve" in argv or not alive(int(entry)):
            continue
        if environ(int(entry)).get("PALACE_DATA_DIR") == str(data_dir):
            found.append(int(entry))
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (not ended, not a zombie waiting to be reaped)."""
    stat = _read(f"/proc/{pid}/stat")
    return bool(stat) and stat.rsplit(b")", 1)[1].split()[0] != b"Z"


def peak_memory(pid: int) -> int:
    """The most memory ``pid`` has held at once (VmHWM), in bytes."""
    for line in _read(f"/proc/{pid}/status").splitlines():
        if line.startswith(b"VmHWM:"):
            return int(line.split()[1]) * 1024
    raise AssertionError(f"no VmHWM for {pid}")


def ignores_sigterm(pid: int) -> bool:
    """The kernel's word that ``pid`` ignores SIGTERM (the SigIgn mask in /proc/PID/status)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="ascii")
    except OSError:
        return False
    mask = next((line.split()[1] for line in status.splitlines() if line.startswith("SigIgn:")), "0")
    return bool(int(mask, 16) >> (signal.SIGTERM - 1) & 1)


async def until(check, what: str) -> None:
    """Wait (polling) until ``check()`` is true; fail after :data:`DEADLINE` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + DEADLINE
    while not check():
        if loop.time() > deadline:
            raise AssertionError(f"waited {DEADLINE:.0f} s for {what}")
        await asyncio.sleep(0.1)


# -- what the game draws ---------------------------------------------------------------------------

_ESCAPE = re.compile(rb"\x1b\[[0-9;?$]*[A-Za-z]|\x1b\][^\x07]*\x07")
_ROW = re.compile(rb"\x1b\[(\d+);1H")


def screens(output: bytes) -> list[tuple[int, int]]:
    """The (columns, rows) of each whole screen drawn in ``output``: Textual draws one from the
    top-left cell (``ESC[1;1H``), every row at its start (``ESC[row;1H``), each row the screen's width."""
    from rich.cells import cell_len

    sizes = []
    for drawing in output.split(b"\x1b[1;1H")[1:]:
        first = _ESCAPE.sub(b"", drawing.split(b"\n", 1)[0]).decode("utf-8", "replace")
        sizes.append((cell_len(first), max((int(row) for row in _ROW.findall(drawing)), default=1)))
    return sizes


class Tab:
    """A websocket to the served game, as the page opens it: what it was sent, what it drew."""

    def __init__(self, socket) -> None:
        self.socket = socket
        self.output = bytearray()

    async def send(self, *messages: str) -> None:
        for message in messages:
            await self.socket.send_str(message)

    async def drawn(self, columns: int, rows: int) -> None:
        """Wait until the game has drawn a whole screen of ``columns`` x ``rows`` since the last wait."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + DEADLINE
        while (columns, rows) not in screens(bytes(self.output)):
            left = deadline - loop.time()
            if left <= 0:
                raise AssertionError(f"no {columns}x{rows} screen drawn; drew {screens(bytes(self.output))[-3:]}")
            try:
                # Not receive(timeout=...): aiohttp 3.14's own timeout was seen never to fire here.
                message = await asyncio.wait_for(self.socket.receive(), left)
            except TimeoutError:
                continue
            if message.type == aiohttp.WSMsgType.BINARY:
                self.output += message.data
            elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                raise AssertionError(f"the tab's socket closed before a {columns}x{rows} screen")
        self.output.clear()


async def open_tab(session, url: str, query: str = ""):
    here = url.rstrip("/")
    socket = await session.ws_connect(f"{here}/ws{query}", headers={"Origin": here})
    return Tab(socket)


# -- S1 --------------------------------------------------------------------------------------------


def test_a_tab_game_starts_without_the_current_folder_on_its_path(tmp_path) -> None:
    """The real command line a tab runs, up to ``-m``, imports nothing of the folder it runs in;
    the same interpreter without those flags does (so the plant would be caught)."""
    from palace_tui.cli.serve import app_argv
    from palace_tui.web.tab import child_environment

    argv = app_argv(learn=False, data_dir=None)
    flags = argv[: argv.index("-m")]
    assert argv[argv.index("-m") :] == ["-m", "palace_tui"] and "-P" in flags
    folder = tmp_path / "here"
    folder.mkdir()
    marker = plant(folder)
    importing = ["-c", "import colorsys, queue; assert hasattr(queue, 'Queue')"]
    # An empty entry in PYTHONPATH is the current folder too: the tab's environment drops it.
    env = child_environment({**os.environ, "PYTHONPATH": os.pathsep + str(ROOT)})
    subprocess.run([*flags, *importing], cwd=folder, env=env, check=True, timeout=DEADLINE)
    assert not marker.exists()
    subprocess.run([sys.executable, *importing], cwd=folder, env=env, check=True, timeout=DEADLINE)
    assert marker.exists()  # the plant works: -c puts the folder first


async def test_a_module_planted_where_palace_serve_runs_never_runs_in_a_tab(start_server, tmp_path) -> None:
    folder = tmp_path / "downloads"
    folder.mkdir()
    marker = plant(folder)
    url, data_dir = start_server(cwd=folder)
    async with aiohttp.ClientSession() as session:
        tab = await open_tab(session, url, "?width=80&height=24")
        await tab.drawn(80, 24)  # the game has started: rich's colours are imported
        [game] = tab_games(data_dir)
        assert Path(os.readlink(f"/proc/{game}/cwd")) == folder  # it runs in the planted folder
        await tab.socket.close()
    assert not marker.exists(), marker.read_text()


# -- F1 --------------------------------------------------------------------------------------------


def forbids_framing(headers) -> bool:
    """Whether a response's headers forbid framing by other sites, in both the old and the new way."""
    return headers.get("X-Frame-Options", "").upper() in ("DENY", "SAMEORIGIN") and re.search(
        r"(^|;)\s*frame-ancestors\s+('self'|'none')\s*(;|$)", headers.get("Content-Security-Policy", "")
    )


async def test_every_answer_of_the_server_forbids_framing_by_another_site(start_server) -> None:
    url, _ = start_server()
    here = url.rstrip("/")
    asked = {
        "the page": ("/", {}, 200),
        "its script": ("/static/js/textual.js", {}, 200),
        "its files' listing": ("/static/", {}, 200),
        "a missing file": ("/static/nothing.js", {}, 404),
        "a missing page": ("/nowhere", {}, 404),
        "a missing download": ("/download/nothing", {}, 404),
        "the page asked by a foreign name": ("/", {"Host": "evil.example"}, 403),
        "a foreign page's websocket": ("/ws", {"Origin": "https://evil.example"}, 403),
    }
    async with aiohttp.ClientSession() as session:
        for what, (path, headers, status) in asked.items():
            async with session.get(here + path, headers=headers) as response:
                assert response.status == status, what
                assert forbids_framing(response.headers), (what, dict(response.headers))
        socket = await session.ws_connect(f"{here}/ws", headers={"Origin": here})
        assert forbids_framing(socket._response.headers), "the game's own websocket"
        await socket.close()


# -- W1 --------------------------------------------------------------------------------------------

#: Messages no page sends: each is dropped, and the tab plays on.
NOT_A_PAGE_MESSAGE = (
    "not json",
    "[[[[[[[[",
    "[" * 100_000 + "]" * 100_000,
    "{}",
    "[]",
    "[5]",
    '["resize", "big"]',
    '["resize", {"width": 1e9, "height": 2.5}]',
    '["resize", {"width": "80", "height": [1]}]',
    '["resize", {"width": "100", "height": "30"}]',
    '["resize", {"width": true, "height": null}]',
    '["resize", {}]',
    '["stdin", 5]',
    '["stdin", "\\ud800"]',
    '["ping", {"a": 1}]',
    '["quit"]',
)

#: The most a game may hold at once at the largest size allowed (it held about 5 GB at 10**9 rows).
MEMORY_LIMIT = 1024**3


async def test_sizes_a_page_names_are_kept_within_bounds_and_the_game_ends_with_its_socket(start_server) -> None:
    url, data_dir = start_server()
    async with aiohttp.ClientSession() as session:
        tab = await open_tab(session, url, "?width=-1&height=1000000000")
        await until(lambda: len(tab_games(data_dir)) == 1, "the tab's game to start")
        [game] = tab_games(data_dir)
        told = environ(game)
        assert (told["COLUMNS"], told["ROWS"]) == ("10", "300")  # the address's size, kept within bounds
        await tab.drawn(10, 300)

        await tab.send(*NOT_A_PAGE_MESSAGE, '["resize", {"width": 60, "height": 20}]')
        await tab.drawn(60, 20)  # every message before it was dropped: the game plays on

        await tab.send('["resize", {"width": 1000000000, "height": 1000000000}]')
        await tab.drawn(500, 300)
        await tab.send('["resize", {"width": -1, "height": -1000000000}]')
        await tab.drawn(10, 5)
        await tab.send('["resize", {"width": 100, "height": 30}]')
        await tab.drawn(100, 30)
        assert peak_memory(game) < MEMORY_LIMIT, f"{peak_memory(game) / 1024**2:.0f} MiB"  # 66 MiB seen

        await tab.socket.close()
        await until(lambda: not alive(game), "the closed tab's game to end")
    assert tab_games(data_dir) == []


async def test_a_game_that_will_not_quit_is_ended_when_its_tab_closes() -> None:
    """A game that ignores both "quit" and SIGTERM is killed; stopping takes about two graces."""
    from textual_serve.download_manager import DownloadManager

    from palace_tui.web.tab import TabGame

    async def nothing(*_: object) -> None:
        pass

    stubborn = (
        "import signal, sys, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
        "print('__GANGLION__', flush=True); time.sleep(600)"
    )
    game = TabGame(
        [sys.executable, "-c", stubborn],
        {},
        write_bytes=nothing,
        write_str=nothing,
        close=nothing,
        download_manager=DownloadManager(),
        grace=0.5,
    )
    await game.start(80, 24)
    pid = game.pid
    assert pid is not None and alive(pid)
    # Started is not yet stubborn: on a busy machine SIGTERM came before the child ignored it.
    await until(lambda: ignores_sigterm(pid), "the stubborn game to ignore SIGTERM")
    await game.stop()
    assert game._process.returncode == -signal.SIGKILL and not alive(pid)
