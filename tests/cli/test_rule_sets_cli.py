"""House-rule sets on the command line: ``palace --rules NAME|LINE`` and ``palace rules``."""

from __future__ import annotations

from pathlib import Path

import pytest

from palace_tui.cli import main as palace
from palace_tui.cli.play import build
from palace_tui.rules import Rules
from palace_tui.rules.gamefile import GameRecord, SeatInfo, format_game
from palace_tui.store import Store
from palace_tui.table.rule_sets import parse_rules_line, rules_line

OURS = Rules.preset("palace").replace(seven="low", eight="see-through")


def _saved(data_dir: Path, sets: dict[str, str]) -> str:
    with Store(data_dir) as store:
        store.save_rule_sets(sets)
    return str(data_dir)


def test_rules_by_name_start_the_table_with_them(data_dir: Path) -> None:
    """Any case and spacing of the name; the seats as --preset makes them; --option on top."""
    where = _saved(data_dir, {"Our rules": rules_line(OURS)})
    session = build(["--data-dir", where, "--rules", "our  RULES"])["session"]
    assert session.rules == OURS and session.names == ["Ann", "Ben", "Cy"]
    session = build(["--data-dir", where, "--rules", "Our rules", "--option", "jokers=true"])["session"]
    assert session.rules == OURS.replace(jokers=True)


def test_a_rules_line_starts_the_table_and_never_opens_the_data_folder(tmp_path: Path) -> None:
    where = tmp_path / "never-made"
    session = build(["--data-dir", str(where), "--rules", "seven=low eight=see-through next_dealer=loser"])["session"]
    assert session.rules == OURS
    assert not where.exists()


def test_the_game_files_rules_line_is_a_rules_line() -> None:
    """The line a game file writes (every option, after ``rules:``) reads as the same rules."""
    record = GameRecord(
        rules=OURS, seats=[SeatInfo("Ann", True, ""), SeatInfo("Bo", True, "")], seed=None, dealer=0, deck=[]
    )
    line = next(li for li in format_game(record).splitlines() if li.startswith("rules:"))
    assert parse_rules_line(line) == OURS
    assert build(["--rules", line])["session"].rules == OURS


def test_a_preset_name_is_rules_too() -> None:
    assert build(["--rules", "Shithead"])["session"].rules == Rules.preset("shithead")


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--rules", "Nobody else"], "no rules named 'Nobody else' (saved: 'Our rules'; presets: palace"),
        (["--rules", "seven=sometimes"], "'sometimes' is not a value of option 'seven'"),
        (["--rules", "colour=red"], "no option 'colour'"),
        (["--rules", "seven=low lowest"], "'lowest' in the rules line is not an option"),
        (["--rules", "seven=low seven=normal"], "says seven twice"),
        (["--rules", "rules:"], "the rules line is empty"),
        (["--rules", "finish=first-out"], "needs a loser"),
        (["--rules", "Our rules", "--preset", "palace"], "use one of them"),
        (["--rules", " "], "--rules needs a value"),
        (["--rules", "Nobody\x1b]0;owned\x07"], "no rules named 'Nobody'"),
    ],
)
def test_bad_rules_say_why_in_one_sentence(data_dir: Path, argv, words, capsys) -> None:
    where = _saved(data_dir, {"Our rules": rules_line(OURS)})
    assert palace(["--data-dir", where, *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and err.startswith("palace: ")
    assert "\x1b" not in err and "\x07" not in err


def test_a_saved_set_this_release_cannot_play_is_refused_by_name(data_dir: Path, capsys) -> None:
    where = _saved(data_dir, {"From the future": "seven=low colour=red"})
    assert palace(["--data-dir", where, "--rules", "From the future"]) == 2
    assert "'From the future' cannot be played here (no option 'colour'" in capsys.readouterr().err


def test_a_name_after_a_bad_file_says_what_happened_to_the_file(data_dir: Path, capsys) -> None:
    data_dir.mkdir()
    (data_dir / "rule-sets.json").write_text("{not json")
    assert palace(["--data-dir", str(data_dir), "--rules", "Our rules"]) == 2
    err = capsys.readouterr().err
    assert "no rules named 'Our rules'" in err and "The file of saved rule sets was damaged" in err
    assert err.count("\n") == 1


def test_palace_rules_lists_the_sets_with_their_lines_and_how_to_share_one(data_dir: Path, capsys) -> None:
    where = _saved(data_dir, {"Our rules": rules_line(OURS), "Future": "colour=red"})
    assert palace(["rules", "--data-dir", where]) == 0
    out = capsys.readouterr().out
    assert "Our rules  seven=low eight=see-through next_dealer=loser" in out
    assert "Future     colour=red   (not playable in this version)" in out
    assert "palace --rules 'Our rules'" in out
    assert "palace --rules 'seven=low eight=see-through next_dealer=loser'" in out
    assert palace(["rules", "--data-dir", where, "our rules"]) == 0
    assert capsys.readouterr().out == "seven=low eight=see-through next_dealer=loser\n", "the line alone, to copy"


def test_a_set_saved_when_see_through_was_invisible_is_listed_and_played_as_see_through(data_dir: Path, capsys) -> None:
    where = _saved(data_dir, {"Our rules": "seven=low eight=invisible next_dealer=loser"})
    assert palace(["rules", "--data-dir", where]) == 0
    out = capsys.readouterr().out
    assert "Our rules  seven=low eight=see-through next_dealer=loser" in out and "invisible" not in out
    assert palace(["rules", "--data-dir", where, "our rules"]) == 0
    assert capsys.readouterr().out == "seven=low eight=see-through next_dealer=loser\n"
    assert build(["--data-dir", where, "--rules", "Our rules"])["session"].rules == OURS


def test_palace_rules_with_nothing_saved_says_how_to_save_and_creates_no_folder(tmp_path: Path, capsys) -> None:
    where = tmp_path / "none"
    assert palace(["rules", "--data-dir", str(where)]) == 0
    assert "No rules saved yet" in capsys.readouterr().out and not where.exists()


def test_a_line_someone_sent_is_kept_under_a_name_and_forgotten(data_dir: Path, capsys) -> None:
    where = str(data_dir)
    assert palace(["rules", "--data-dir", where, "--save", "Sent\tto us", "rules: seven=low next_dealer=loser"]) == 0
    assert "Saved as 'Sent to us'" in capsys.readouterr().out
    assert Store(data_dir).rule_sets() == {"Sent to us": "seven=low next_dealer=loser"}
    assert build(["--data-dir", where, "--rules", "sent to us"])["session"].rules == OURS.replace(eight="normal")
    assert palace(["rules", "--data-dir", where, "--delete", "SENT TO US"]) == 0
    assert Store(data_dir).rule_sets() == {}


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--save", "palace", "seven=low"], "'palace' is a preset's name already"),
        (["--save", "Ours", "seven=sometimes"], "'sometimes' is not a value"),
        (["--save", "A=B", "seven=low"], "holds no '='"),
        (["--save", "x" * 30, "seven=low"], "at most 24 characters"),
        (["--delete", "Nobody"], "No rules are saved under 'Nobody'"),
        (["Nobody"], "No rules are saved under 'Nobody'"),
        (["Ours", "--delete", "Ours"], "one at a time"),
    ],
)
def test_palace_rules_refuses_bad_input_in_one_sentence(data_dir: Path, argv, words, capsys) -> None:
    where = _saved(data_dir, {"Ours": "seven=low"})
    assert palace(["rules", "--data-dir", where, *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and err.startswith("palace rules: ")
    assert Store(data_dir).rule_sets() == {"Ours": "seven=low"}, "nothing written"
