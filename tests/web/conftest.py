"""Fixtures for the browser tests: ``palace serve`` on a free loopback port, headless Chromium.

Chromium is Debian's (``apt-get install chromium``), driven by Playwright with
``executable_path``: no browser is downloaded. Without it, or without the ``web``
extra or Playwright, the tests say so and skip.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: Chromium's flags for a machine with no network but loopback and no display.
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    """Debian's chromium (or $PALACE_CHROMIUM), if this machine has one."""
    for candidate in (
        os.environ.get("PALACE_CHROMIUM"),
        shutil.which("chromium"),
        shutil.which("chromium-browser"),
        "/usr/bin/chromium",
    ):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, proc: subprocess.Popen, limit: float = 60.0) -> None:
    """Wait until the server accepts connections (or died, or ``limit`` seconds passed)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"palace serve exited with {proc.returncode}: {proc.stderr.read()}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"palace serve did not listen on port {port}")


def serve_env(data_dir: Path) -> dict[str, str]:
    """The environment of the served game: this checkout first on the path, a private data folder."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
    env["PALACE_DATA_DIR"] = str(data_dir)
    env.pop("NO_COLOR", None)
    return env


@pytest.fixture
def start_server(tmp_path):
    """Start ``palace serve`` with extra flags (in folder ``cwd`` if given); returns (url, data
    folder). Stopped after the test.

    Started with ``-P`` as the ``palace`` command is (its folder, not the current one, leads
    the import path), so a module planted in ``cwd`` is never the server's own.
    """
    procs: list[subprocess.Popen] = []

    def start(*flags: str, cwd: Path | None = None) -> tuple[str, Path]:
        data_dir = tmp_path / "data"
        data_dir.mkdir(exist_ok=True)
        port = free_port()
        proc = subprocess.Popen(
            [sys.executable, "-P", "-m", "palace_tui", "serve", "--port", str(port), *flags],
            cwd=cwd,
            env=serve_env(data_dir),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        procs.append(proc)
        wait_for_port(port, proc)
        return f"http://127.0.0.1:{port}/", data_dir

    yield start
    for proc in procs:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)  # the server and the games it started
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


@pytest.fixture
def browser():
    """A fresh headless Chromium; ``browser(width, height, phone=False)`` opens a page."""
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="Playwright is not installed: pip install -e '.[test,web]'"
    )
    path = chromium_path()
    if path is None:
        pytest.skip(
            "No Chromium on this machine (Debian: apt-get install chromium); "
            "the browser test needs one and downloads none"
        )
    contexts = []
    with sync_api.sync_playwright() as playwright:

        def open_page(width: int, height: int, phone: bool = False):
            profile = tempfile.mkdtemp(prefix="palace-chromium-")
            context = playwright.chromium.launch_persistent_context(
                profile,
                executable_path=path,
                headless=True,
                args=CHROMIUM_FLAGS,
                viewport={"width": width, "height": height},
                has_touch=True,
                is_mobile=phone,
            )
            contexts.append((context, profile))
            return context.pages[0] if context.pages else context.new_page()

        yield open_page
        for context, profile in contexts:
            context.close()
            shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def shots(tmp_path) -> Path:
    """Where the screenshots go: $PALACE_WEB_SCREENSHOTS when set, else the test's own folder."""
    folder = Path(os.environ.get("PALACE_WEB_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder
