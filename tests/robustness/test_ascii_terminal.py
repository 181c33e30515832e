"""A pure ASCII terminal (``LC_ALL=C PYTHONIOENCODING=ascii``): every command prints ASCII.

No ``UnicodeEncodeError``, no ``\\u2660`` or ``\\xe9`` escapes: each command runs in a
subprocess under that locale and its whole output is checked, byte by byte. The app
runs in a pseudo-terminal and plays a whole computer game to the results screen.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from palace_tui.store import Store
from tests.helpers.pty_app import PtyApp

REPO = Path(__file__).resolve().parents[2]
NAMES = ["Zoë", "Åsa", "中"]


def ascii_env(**extra: str) -> dict[str, str]:
    """A pure ASCII locale and nothing inherited that could change the output."""
    return {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": str(REPO),
        "LC_ALL": "C",
        "LANG": "C",
        "PYTHONIOENCODING": "ascii",
        "COLUMNS": "100",
        "HOME": os.environ.get("HOME", "/tmp"),
        **extra,
    }


def run_ascii(*argv: str, cwd: Path = REPO) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "palace_tui", *argv], cwd=cwd, capture_output=True, timeout=300, env=ascii_env()
    )


def assert_ascii(output: bytes, what: str) -> None:
    """Every byte ASCII, and no escape Python writes for a character it could not encode."""
    odd = sorted({byte for byte in output if byte > 0x7F})
    assert not odd, f"{what}: bytes {odd[:8]} are not ASCII: {output[:300]!r}"
    for escape in (b"\\u", b"\\x", b"\\U", b"Traceback", b"UnicodeEncodeError"):
        assert escape not in output, f"{what} holds {escape!r}: {output[:600]!r}"


@pytest.fixture
def recorded(tmp_path: Path) -> Path:
    """A data folder whose records hold names an ASCII terminal cannot show, and one game file."""
    data = tmp_path / "data"
    with Store(data) as store:
        for n in range(2):
            store.record_game(
                {
                    "table_id": "t1",
                    "game_id": f"g{n}",
                    "players": NAMES,
                    "preset": "palace",
                    "rules": {"scoring": "podium", "jokers": False},
                    "seed": n,
                    "started": "2026-01-01T10:00:00",
                    "ended": f"2026-01-01T11:0{n}:00",
                    "order": [0, 1, 2],
                    "points": [3, 2, 1],
                    "scoring": "podium",
                    "winner": 0,
                    "loser": 2,
                }
            )
    return data


@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        ["records", "--help"],
        ["simulate", "--help"],
        ["learn", "--help"],
        ["review", "--help"],
        ["serve", "--help"],
        ["simulate", "--games", "3", "--seed", "1"],
        ["simulate", "--games", "2", "--json"],
        ["--players", "Zoë,Ben", "--level", "nope"],
        ["--preset", "nope"],
        ["simulate", "--games", "x"],
    ],
    ids=lambda argv: " ".join(argv),
)
def test_every_command_prints_ascii(argv: list[str]) -> None:
    out = run_ascii(*argv)
    assert out.returncode in (0, 2), out.stderr
    assert out.stdout or out.stderr
    assert_ascii(out.stdout, "stdout")
    assert_ascii(out.stderr, "stderr")


def test_records_show_names_as_their_nearest_letters(recorded: Path) -> None:
    out = run_ascii("records", "--data-dir", str(recorded))
    assert out.returncode == 0, out.stderr
    assert_ascii(out.stdout + out.stderr, "palace records")
    assert b"Zoe" in out.stdout and b"Asa" in out.stdout, out.stdout
    assert b"+---" in out.stdout or b"|" in out.stdout, "the tables are drawn in ASCII"


def test_paths_that_cannot_be_shown_are_not_escapes(tmp_path: Path, recorded: Path) -> None:
    """A path with an accent in a message: the sentence is ASCII, the path's letter its base letter."""
    missing = tmp_path / "dätä"
    for argv in (
        ["records", "--data-dir", str(missing)],
        ["review", str(tmp_path / "gämé.txt")],
        ["records", "--data-dir", str(recorded), "--export", "1", str(tmp_path / "nö" / "x.txt")],
    ):
        out = run_ascii(*argv)
        assert_ascii(out.stdout + out.stderr, " ".join(argv))
        assert out.stdout or out.stderr


@pytest.mark.slow
def test_the_app_draws_a_whole_game_in_ascii(tmp_path: Path) -> None:
    """Three computers play a game to the results screen in a pseudo-terminal; ctrl+q quits with status 0."""
    app = PtyApp(
        [
            "--players",
            "Zoë,Åsa,Cy",
            "--computers",
            "3",
            "--seed",
            "5",
            "--ai-delay",
            "0",
            "--data-dir",
            str(tmp_path / "data"),
        ],
        env=ascii_env(),
    )
    try:
        assert app.read_until(b"Play again"), f"no results screen: {bytes(app.seen[-1500:])!r}"
        # The bar can come a frame before the scoreboard's rows, and on a busy machine a computers'
        # game at no delay may end before the table is ever drawn: wait for a name to be drawn.
        assert app.read_until(b"Zoe"), f"no name drawn: {bytes(app.seen[-1500:])!r}"
        app.type(b"\x11")  # ctrl+q
        assert app.finish() == 0
    finally:
        app.close()
    screen = bytes(app.seen)
    assert_ascii(screen, "the app's screen")
    # Read without its colours: a border's corner and edge can be drawn in two colours, side by side.
    uncoloured = re.sub(rb"\x1b\[[0-9;]*m", b"", screen)
    assert b"Zoe" in uncoloured and b"+-" in uncoloured and b"|" in uncoloured, "names and borders in ASCII"
    assert b"enter" in screen, "the footer names the Enter key in words"
