"""``palace records``: standings per scoring and recent games printed as tables; clean messages and exits."""

from __future__ import annotations

from pathlib import Path

import pytest

from palace_tui.store import Store
from palace_tui.cli.records import main


@pytest.fixture(autouse=True)
def _wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fixed width so rich never wraps a name onto two lines."""
    monkeypatch.setenv("COLUMNS", "120")


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
    wins, losses, podium, recent = (out.index(t) for t in ("Standings by wins", "Standings by losses",
                                                            "Standings by podium", "Recent games"))
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
    recent_lines = [line for line in out[out.index("Recent games"):].splitlines() if "│" in line]
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


@pytest.mark.parametrize("argv", [["--limit", "many"], ["--limit", "-3"], ["--colour"], ["--scoring", "golf"],
                                  ["extra"]])
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
