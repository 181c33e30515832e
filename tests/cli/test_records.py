"""``palace records``: standings per scoring and recent games printed as tables; clean messages and exits."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from palace_tui.cli.records import main
from palace_tui.store import Store


def _fill(data_dir: Path, make_record) -> None:
    with Store(data_dir) as store:
        store.record_game(make_record(["Ada", "Bo", "[red]Cy"], [2, 0, 1], "losses", table_id="kitchen"))
        store.record_game(make_record(["Ada", "Bo", "[red]Cy"], [0, 2, 1], "losses", table_id="kitchen"))
        store.record_game(make_record(["Ada", "Dee"], [1, 0], "podium", table_id="train"))
        store.record_game(make_record(["Eve", "Dee"], [0], "wins", table_id="pub"))


def test_records_prints_standings_per_scoring_and_recent_games(data_dir: Path, make_record, capsys) -> None:
    """One table per scoring (wins, losses, podium), shared places marked, then the recent games."""
    _fill(data_dir, make_record)
    assert main(["--data-dir", str(data_dir)]) == 0
    out = capsys.readouterr().out
    wins, losses, podium, recent = (
        out.index(t) for t in ("Standings by wins", "Standings by losses", "Standings by podium", "Recent games")
    )
    assert wins < losses < podium < recent
    loss_lines = [line for line in out[losses:podium].splitlines() if "│" in line]
    assert [line.split("│")[1].strip() for line in loss_lines] == ["1=", "1=", "3"]
    assert "[red]Cy" in out, "names are printed as text, not markup"
    assert "Eve won" in out and "Bo lost" in out and "Dee 3, Ada 2" in out
    recent_lines = [line for line in out[recent:].splitlines() if "│" in line]
    # Tables are shown by readable name (in the order they first played), with the game's number there.
    assert len(recent_lines) == 4 and "Table 3" in recent_lines[0] and "Table 1" in recent_lines[-1]
    assert [line.split("│")[4].strip() for line in recent_lines] == ["1", "1", "2", "1"]


def test_limit_and_environment_folder(data_dir: Path, make_record, capsys, monkeypatch) -> None:
    """--limit caps the recent games; without --data-dir the PALACE_DATA_DIR folder is read."""
    _fill(data_dir, make_record)
    monkeypatch.setenv("PALACE_DATA_DIR", str(data_dir))
    assert main(["--limit", "1"]) == 0
    out = capsys.readouterr().out
    recent_lines = [line for line in out[out.index("Recent games") :].splitlines() if "│" in line]
    assert len(recent_lines) == 1 and "Table 3" in recent_lines[0]


def test_no_records_is_a_clean_message(tmp_path: Path, capsys) -> None:
    """No database yet: one line, exit 0, and no folder created just by looking."""
    folder = tmp_path / "never-played"
    assert main(["--data-dir", str(folder)]) == 0
    out = capsys.readouterr().out
    assert out.strip() == f"No games recorded yet (no records in {folder})."
    assert not folder.exists()


def test_empty_database_is_a_clean_message(data_dir: Path, capsys) -> None:
    """A database without games says so instead of printing empty tables."""
    Store(data_dir).close()
    assert main(["--data-dir", str(data_dir)]) == 0
    assert capsys.readouterr().out.strip() == f"No games recorded yet in {data_dir}."


@pytest.mark.parametrize(
    "argv", [["--limit", "many"], ["--limit", "-3"], ["--colour"], ["--scoring", "golf"], ["extra"]]
)
def test_bad_flag_exits_2_with_one_sentence(argv: list[str], capsys) -> None:
    """A bad command line: exit 2 and a single line on stderr, nothing on stdout."""
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("palace records: ") and lines[0].endswith(".")


def test_bad_database_warning_goes_to_stderr(data_dir: Path, capsys) -> None:
    """A damaged records file is moved aside by the command too, and the sentence says where."""
    data_dir.mkdir()
    (data_dir / "records.sqlite3").write_bytes(b"not a database at all" * 10)
    assert main(["--data-dir", str(data_dir)]) == 0
    captured = capsys.readouterr()
    assert "moved to" in captured.err and "No games recorded yet" in captured.out


def test_help_exits_0(capsys) -> None:
    """--help prints usage and succeeds."""
    assert main(["--help"]) == 0
    assert "--limit" in capsys.readouterr().out


def _deep(tmp_path: Path) -> Path:
    """A data folder 300 characters deep, as a test runner's temp folders can be."""
    folder = tmp_path
    while len(str(folder)) < 300:
        folder = folder / "a-long-folder-name-that-goes-on"
    return folder / "data"


def test_a_sentence_holding_a_long_path_is_one_line(tmp_path: Path, capsys, monkeypatch) -> None:
    """Not a terminal (captured, piped): nothing is wrapped, whatever COLUMNS says."""
    monkeypatch.setenv("COLUMNS", "40")
    folder = _deep(tmp_path)
    assert main(["--data-dir", str(folder)]) == 0
    assert capsys.readouterr().out == f"No games recorded yet (no records in {folder}).\n"
    Store(folder).close()
    assert main(["--data-dir", str(folder)]) == 0
    assert capsys.readouterr().out == f"No games recorded yet in {folder}.\n"
    assert main(["--data-dir", str(folder), "--scoring", "wins"]) == 0
    assert capsys.readouterr().out == f"No games recorded yet in {folder}.\n"


def test_tables_keep_their_width_in_a_pipe(tmp_path: Path, make_record) -> None:
    """Piped into another program: a long name keeps its table row on one line, every row as wide."""
    folder = _deep(tmp_path)
    long_name = "Bartholomew-the-very-long-named-" * 3
    with Store(folder) as store:
        store.record_game(make_record([long_name, "Bo"], [0, 1], "losses", table_id="kitchen"))
        store.record_game(make_record(["Ada", "Bo"], [1, 0], "podium", table_id="kitchen"))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    out = subprocess.run(
        [sys.executable, "-m", "palace_tui", "records", "--data-dir", str(folder)],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert any(long_name in line for line in lines), "the long name is on one line"
    for block in out.stdout.split("\n\n"):
        rows = [line for line in block.splitlines() if line[:1] in "│┃┏┗┡└┌╭╰+|"]
        assert len({len(row) for row in rows}) <= 1, f"a table's rows differ in width: {rows}"
    start = next(i for i, line in enumerate(lines) if line.startswith("Recent games"))
    recent = [line for line in lines[start:] if "Table 1" in line]
    assert len(recent) == 2 and all(long_name in line or "Ada" in line for line in recent)


def test_records_tell_each_tables_story(data_dir: Path, make_record, capsys) -> None:
    """Per player at a table: games, wins, average place, streak now (and best), and a chart of
    the last games' places; a house-rule set at the same table tells its own story."""
    shithead = {"scoring": "losses", "next_dealer": "clockwise"}
    with Store(data_dir) as store:
        for order in ([0, 1, 2], [0, 2, 1], [1, 0, 2], [0, 1, 2]):
            store.record_game(make_record(["Ada", "Bo", "Cy"], order, "losses", table_id="kitchen", rules=shithead))
        store.record_game(
            make_record(["Ada", "Bo"], [1, 0], "losses", table_id="kitchen", rules={**shithead, "seven": "low"})
        )
    assert main(["--data-dir", str(data_dir)]) == 0
    out = capsys.readouterr().out
    told = out[out.index("Ada, Bo and Cy, shithead: 4 games") :]  # a table is listed by its people
    rows = {
        line.split("│")[1].strip(): [c.strip() for c in line.split("│")[2:-1]]
        for line in told.splitlines()[:9]
        if "│" in line
    }
    # Ada: 1st, 1st, 2nd, 1st, never last; Bo: 2nd, 3rd, 1st, 2nd; Cy: 3rd, 2nd, 3rd, 3rd.
    assert rows["Ada"] == ["4", "3", "1.2", "4 (best 4)", "█ █ ▅ █"]
    assert rows["Bo"] == ["4", "1", "2.0", "2 (best 2)", "▅ ▁ █ ▅"]
    assert rows["Cy"] == ["4", "0", "2.8", "0 (best 1)", "▁ ▅ ▁ ▁"]
    assert list(rows) == ["Ada", "Bo", "Cy"]  # the best average place first
    assert "Not last in a row" in told and "Last games: a bar a game, oldest first" in told
    assert "Ada and Bo, shithead with Sevens: low: 1 game" in out


@pytest.mark.parametrize("name", ["game\x1b[2K.txt", "game\x1b]0;x\x07.txt", "game\tone.txt", "game\u202etxt.exe"])
def test_an_export_name_holding_a_control_character_is_refused_shown_as_typed(name: str, tmp_path, capsys) -> None:
    """X1: such a name would be written as typed and reported as another (the terminal hides its codes)."""
    from palace_tui.cli import main as palace

    assert palace(["records", "--data-dir", str(tmp_path), "--export", "1", str(tmp_path / name)]) == 2
    err = capsys.readouterr().err
    assert "--export's file name cannot hold control characters" in err and err.count("\n") == 1
    assert "\x1b" not in err and "\t" not in err and "\u202e" not in err
    assert ("\\x1b" in err) or ("\\x09" in err) or ("\\u202e" in err)
    assert list(tmp_path.iterdir()) == []
