"""Every command on hostile input, run as a process: no escape byte on its output, one sentence
for every bad flag, no wait on a pipe or a device, no spinning core, no file replaced.

Each test builds its hostile files itself. Output is read as bytes: an escape sequence, a BEL
or a C1 control (U+0080-U+009F, or the raw byte an 8-bit terminal reads as one) on stdout or
stderr fails the test.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from palace_tui.rules import Rules
from palace_tui.rules.gamefile import format_game
from palace_tui.store import Store
from palace_tui.table.session import SeatConfig, Session

REPO = Path(__file__).resolve().parents[2]

#: An OSC that retitles the terminal, a CSI that recolours it, a C1 CSI and a BEL.
OSC = "\x1b]0;owned\x07"
CSI = "\x1b[31m"
C1 = "\x9b31m"


def run(*argv: str | bytes, timeout: float = 60, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """``python -m palace_tui ARGV`` with no terminal (stdin closed), this checkout first on the path."""
    environment = {**os.environ, "PYTHONPATH": str(REPO), **(env or {})}
    environment.pop("PALACE_DATA_DIR", None)
    return subprocess.run(
        [sys.executable, "-m", "palace_tui", *argv],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=timeout,
        cwd=REPO,
        env=environment,
    )


def assert_no_control(done: subprocess.CompletedProcess) -> str:
    """Neither stream holds ESC, BEL or a C1 control, decoded or raw; returns stderr + stdout as text."""
    for stream in (done.stdout, done.stderr):
        text = stream.decode("utf-8", "surrogateescape")
        bad = [ch for ch in text if ch in "\x1b\x07" or "\x80" <= ch <= "\x9f" or "\udc80" <= ch <= "\udc9f"]
        assert not bad, (bad, text[:500])
        assert "Traceback" not in text, text
    return done.stderr.decode("utf-8", "replace") + done.stdout.decode("utf-8", "replace")


def one_sentence(done: subprocess.CompletedProcess, prog: str) -> str:
    """Status 2, nothing on stdout, one line on stderr starting ``prog:`` and ending with a full stop."""
    text = assert_no_control(done)
    assert done.returncode == 2, text
    assert done.stdout == b""
    lines = done.stderr.decode().strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{prog}: ") and lines[0].endswith("."), lines
    return lines[0]


def finished_game_text(names: list[str], seed: int = 4) -> str:
    session = Session.new([SeatConfig(n, human=False, level="easy") for n in names], Rules.preset("palace"), seed=seed)
    while session.game.phase != "over":
        session.computer_move()
    return format_game(session.game_record())


# ------------------------------------------------------------------ escapes


def test_a_game_file_whose_seat_names_hold_escapes_never_reaches_the_terminal(tmp_path: Path) -> None:
    """The refusal quotes the seat's name: cleaned (before: the raw OSC retitled the terminal)."""
    text = finished_game_text(["Ann", "Ben", "Cy"])
    hostile = f"A{OSC}nn{C1}x"
    lines = [
        line.replace("Ann", hostile) if line.startswith(("seat 1: ", "dealer: ")) else line
        for line in text.splitlines()
    ]  # its moves still say Ann: refused, naming the seat whose move it is
    path = tmp_path / "game.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    line = one_sentence(run("review", str(path)), "palace review")
    assert "is not a game file palace can replay" in line and "Annx" in line


def test_an_illegal_move_by_a_named_seat_is_refused_cleanly(tmp_path: Path) -> None:
    text = finished_game_text([f"Ann{OSC}", f"{CSI}Ben", "Cy"])  # the engine cleans them on the deal
    lines = text.replace("seat 1: Ann", f"seat 1: Ann{OSC}").splitlines()
    move = next(i for i, line in enumerate(lines) if line.startswith("Ann: play"))
    lines[move] = f"Ann{CSI}: flip 7"
    path = tmp_path / "game.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    line = one_sentence(run("review", str(path)), "palace review")
    assert "Ann" in line


def test_two_seats_differing_only_by_escape_codes_are_refused_as_one_name(tmp_path: Path) -> None:
    text = finished_game_text(["Ann", "Ben"])
    path = tmp_path / "game.txt"
    path.write_text(text.replace("seat 2: Ben", f"seat 2: Ann{CSI}"), encoding="utf-8")
    assert "two seats have the same name" in one_sentence(run("review", str(path)), "palace review")


@pytest.mark.parametrize(
    "argv",
    [
        ["review", f"/no/such/{OSC}game{C1}.txt"],
        ["review", f"--bogus{OSC}"],
        ["review", "--iterations", f"7{CSI}"],
        ["learn", "--lesson", f"99{OSC}"],
        ["records", "--scoring", f"golf{OSC}"],
        ["records", "--export", f"1{CSI}", "x.txt"],
        ["simulate", "--preset", f"poker{OSC}"],
        ["simulate", "--option", f"seven=low{C1}"],
        ["serve", "--host", f"evil{OSC}"],
        ["--players", f"Ann{OSC},Ben", "--computers", "7"],
        ["--option", f"colour{CSI}=red"],
        [f"--bogus{OSC}{C1}"],
    ],
    ids=lambda argv: argv[0].strip("-")[:8],
)
def test_bad_flags_holding_escapes_are_one_clean_sentence(argv: list[str], tmp_path: Path) -> None:
    prog = "palace " + argv[0] if not argv[0].startswith("-") else "palace"
    one_sentence(run(*argv, "--data-dir", str(tmp_path / "data")), prog)


def test_bytes_that_are_not_utf8_in_a_path_are_never_printed_raw(tmp_path: Path) -> None:
    """A path of raw bytes (0x9B is CSI to an 8-bit terminal): shown as replacement characters."""
    one_sentence(run("review", os.fsdecode(b"/no/such/\x9b31m\xff.txt")), "palace review")


def test_records_from_rows_edited_to_hold_escapes_print_clean(tmp_path: Path, make_record) -> None:
    data = tmp_path / f"data{OSC}"
    with Store(data) as store:
        store.record_game(make_record(["Ann", "Ben"], [0, 1], history="x"))
    db = sqlite3.connect(data / "records.sqlite3")
    with db:
        db.execute("UPDATE players SET name = ? WHERE name = 'Ann'", (f"Ann{OSC}{C1}",))
        db.execute("UPDATE tables SET name = ?", (f"Table{CSI} 1",))
        db.execute("UPDATE games SET preset = ?, ended = ?", (f"palace{OSC}", f"2026{C1}"))
        db.execute("UPDATE histories SET players = ?", (f'["Ann{CSI}", "Ben"]',))
    db.close()
    done = run("records", "--data-dir", str(data))
    text = assert_no_control(done)
    assert done.returncode == 0 and "Ann" in text and "Table 1" in text


# ------------------------------------------------------------------ one sentence for every bad flag


@pytest.mark.parametrize("command", ["", "learn", "review", "records", "simulate", "serve"])
@pytest.mark.parametrize("flag", ["--bogus", "--lesson"])
def test_every_bad_flag_of_every_command_is_one_sentence(command: str, flag: str) -> None:
    """``palace learn --lesson 99`` and ``palace review --bogus`` printed argparse's usage block."""
    argv = [command, flag, "99"] if command else [flag, "99"]
    line = one_sentence(run(*argv), f"palace {command}".strip())
    assert "--help" in line


@pytest.mark.parametrize(
    "argv, says",
    [
        (["review", "--iterations", "1" + "0" * 30], "--iterations must be from 1 to"),
        (["records", "--export", "1" + "0" * 30, "x.txt"], "there is no recorded game"),
        (["records", "--limit", "1" + "0" * 30], "--limit must be from 0 to"),
        (["simulate", "--iterations", "1" + "0" * 30], "--iterations must be from 1 to"),
        (["simulate", "--workers", "1000000000"], "--workers must be from 1 to"),
        (["simulate", "--games", "1" + "0" * 30], "--games must be from 1 to"),
    ],
)
def test_huge_numbers_are_refused_at_once(argv: list[str], says: str, tmp_path: Path) -> None:
    """Nothing is started: a number no run could finish is one sentence, in seconds."""
    Store(tmp_path / "data").close()
    folder = [] if argv[0] == "simulate" else ["--data-dir", str(tmp_path / "data")]
    assert says in one_sentence(run(*argv, *folder, timeout=30), f"palace {argv[0]}")


# ------------------------------------------------------------------ no terminal, no waiting


@pytest.mark.parametrize("argv", [["review"], ["learn"], []], ids=["review", "learn", "play"])
def test_a_game_command_with_no_terminal_says_so_and_ends(argv: list[str], tmp_path: Path) -> None:
    """With its input closed the app spun a core for ever (Textual read an input that had ended)."""
    prog = "palace " + argv[0] if argv else "palace"
    line = one_sentence(run(*argv, "--data-dir", str(tmp_path / "data"), timeout=30), prog)
    assert "terminal" in line


def test_review_refuses_a_named_pipe_a_device_and_a_folder_unread(tmp_path: Path) -> None:
    """A pipe nobody writes to would wait for ever; /dev/zero would be read until memory ran out."""
    fifo = tmp_path / "game.txt"
    os.mkfifo(fifo)
    for path, kind in ((fifo, "a named pipe"), ("/dev/zero", "a device"), (tmp_path, "a folder")):
        line = one_sentence(run("review", str(path), timeout=30), "palace review")
        assert f"is {kind}, not a game file" in line


def test_review_refuses_a_huge_file_without_reading_it(tmp_path: Path) -> None:
    huge = tmp_path / "huge.txt"
    with open(huge, "wb") as handle:
        handle.truncate(5_000_000_000)  # sparse: nothing is written, and it must not be read
    assert "too large to be a game file" in one_sentence(run("review", str(huge), timeout=30), "palace review")


def test_a_game_file_starting_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    """Some editors start a UTF-8 file with U+FEFF; before, the file was 'not a game file'."""
    from palace_tui.cli.review import read_game_file

    path = tmp_path / "game.txt"
    text = finished_game_text(["Ann", "Ben"])
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert read_game_file(str(path)).names == ["Ann", "Ben"]
    # As a command: read, then refused only for having no terminal to show it on.
    assert "terminal" in one_sentence(run("review", str(path)), "palace review")


# ------------------------------------------------------------------ --export


def test_export_never_replaces_a_file(tmp_path: Path, make_record) -> None:
    data = tmp_path / "data"
    with Store(data) as store:
        store.record_game(make_record(["Ann", "Ben"], [0, 1], history=finished_game_text(["Ann", "Ben"])))
    kept = tmp_path / "thesis.txt"
    kept.write_text("my thesis")
    done = run("records", "--data-dir", str(data), "--export", "1", str(kept))
    text = assert_no_control(done)
    assert done.returncode == 1 and "is there already" in text and kept.read_text() == "my thesis"
    fresh = tmp_path / "game.txt"
    done = run("records", "--data-dir", str(data), "--export", "1", str(fresh))
    assert done.returncode == 0 and fresh.read_text().startswith("palace-game 1")
