"""House-rule sets on the command line: ``palace --rules NAME|LINE`` and ``palace rules``."""

from __future__ import annotations

import errno
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


# R1: a set the disk did not keep is never reported as saved.


def _disk_full(*_args: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


@pytest.mark.parametrize(
    "case, why",
    [
        ("folder where the file goes", "a folder stands where the file goes"),
        ("folder that cannot be made", "a file stands where a folder goes"),
        ("full disk", "the disk is full"),
    ],
)
def test_a_save_the_disk_refuses_says_why_and_exits_1(
    case: str, why: str, data_dir: Path, unwritable_dir: Path, monkeypatch, capsys
) -> None:
    where = data_dir
    if case == "folder where the file goes":
        (data_dir / "rule-sets.json").mkdir(parents=True)
    elif case == "folder that cannot be made":
        where = unwritable_dir
    else:
        monkeypatch.setattr("palace_tui.store.store.atomic_write", _disk_full)
    assert palace(["rules", "--data-dir", str(where), "--save", "Ours", "seven=low"]) == 1
    out, err = capsys.readouterr()
    assert "Saved" not in out
    last = err.strip().splitlines()[-1]
    assert last.startswith("palace rules: 'Ours' could not be saved in ") and why in last
    assert last.endswith("(nothing was written).")
    if case == "full disk":
        monkeypatch.undo()
        assert Store(data_dir).rule_sets() == {}


def test_a_forget_the_disk_refuses_says_it_is_still_saved(data_dir: Path, monkeypatch, capsys) -> None:
    where = _saved(data_dir, {"Ours": "seven=low"})
    monkeypatch.setattr("palace_tui.store.store.atomic_write", _disk_full)
    assert palace(["rules", "--data-dir", where, "--delete", "Ours"]) == 1
    out, err = capsys.readouterr()
    assert "forgotten" not in out and "the disk is full (it is still saved)" in err


# R2: a preset's name always means the preset.


def test_a_set_saved_by_hand_under_a_presets_name_never_takes_its_place(data_dir: Path, capsys) -> None:
    import json

    where = _saved(data_dir, {"palace": "seven=low", "Ours": "eight=skip"})  # as a hand-edited file holds it
    assert build(["--data-dir", where, "--rules", "palace"])["session"].rules == Rules.preset("palace")
    assert build(["--data-dir", where, "--rules", "PALACE"])["session"].rules == Rules.preset("palace")
    assert palace(["rules", "--data-dir", where]) == 0
    out = capsys.readouterr().out
    assert (
        "palace  seven=low   (not offered: 'palace' is a preset's name; palace --rules palace plays the preset)" in out
    )
    assert "Start a game with one:   palace --rules Ours" in out
    assert palace(["rules", "--data-dir", where, "palace"]) == 2, "the preset is no saved set"
    assert "No rules are saved under 'palace' (saved: 'Ours')" in capsys.readouterr().err
    from palace_tui.cli.simulate import main as simulate

    assert simulate(["--data-dir", where, "--rules", "palace", "--games", "1", "--workers", "1", "--json"]) == 0
    assert Rules(**json.loads(capsys.readouterr().out)["rules"]) == Rules.preset("palace")


# B-3, N-6: --rules reads the same on palace, palace rules --save and palace simulate.

SAME = [
    ("Ours", OURS),
    ("seven=low eight=invisible next_dealer=loser", OURS),
    ("palace seven=low eight=invisible", OURS),
    ("rules: palace seven=low eight=invisible", OURS),
    ("shithead seven=low", Rules.preset("shithead").replace(seven="low")),
    ("first-out", Rules.preset("first-out")),
]


@pytest.mark.parametrize("text, rules", SAME)
def test_rules_means_one_thing_on_every_command(text: str, rules: Rules, data_dir: Path, capsys) -> None:
    import json

    from palace_tui.cli.simulate import main as simulate

    where = _saved(data_dir, {"Ours": rules_line(OURS)})
    assert build(["--data-dir", where, "--rules", text])["session"].rules == rules
    assert palace(["rules", "--data-dir", where, "--save", "Copy", text]) == 0
    assert parse_rules_line(Store(data_dir).rule_sets()["Copy"]) == rules
    capsys.readouterr()
    argv = ["--data-dir", where, "--rules", text, "--games", "1", "--workers", "1", "--json"]
    assert simulate(argv) == 0
    assert Rules(**json.loads(capsys.readouterr().out)["rules"]) == rules


def test_simulate_refuses_rules_and_a_preset_together(capsys) -> None:
    from palace_tui.cli.simulate import main as simulate

    assert simulate(["--rules", "seven=low", "--preset", "shithead", "--games", "1"]) == 2
    assert "use one of them" in capsys.readouterr().err


# X1: names with control characters are refused, shown as their codes.


@pytest.mark.parametrize(
    "argv",
    [
        ["rules", "--save", "Ours\x1b[31m", "seven=low"],
        ["--players", "Ann\x1b]0;owned\x07,Ben"],
    ],
)
def test_a_name_holding_an_escape_is_refused_and_shown_visibly(argv, data_dir: Path, capsys) -> None:
    assert palace([*argv, "--data-dir", str(data_dir)]) == 2
    err = capsys.readouterr().err
    assert "cannot hold control characters" in err and "\\x1b" in err and "\x1b" not in err
    assert not (data_dir / "rule-sets.json").exists()


def test_a_table_started_with_a_saved_set_plays_under_its_name(data_dir: Path) -> None:
    """N-7: the name goes with the table; a set changed by --option is no longer that set."""
    where = _saved(data_dir, {"Our rules": rules_line(OURS)})
    assert build(["--data-dir", where, "--rules", "our rules"])["session"].rules_name == "Our rules"
    assert build(["--data-dir", where, "--rules", "Our rules", "--option", "jokers=true"])["session"].rules_name == ""
    assert build(["--rules", "seven=low"])["session"].rules_name == ""
