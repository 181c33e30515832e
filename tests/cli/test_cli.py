"""The ``palace`` command line: flags start a table; bad ones print one sentence and exit 2."""

from __future__ import annotations

import pytest

from palace_tui.cli.play import build, main


def test_flags_start_straight_at_the_deal():
    """--players, --computers, --preset, --option and --seed make the first game."""
    args = build(
        ["--players", "Ann,Ben,Cy", "--computers", "1", "--preset", "shithead", "--option", "seven=low", "--seed", "7"]
    )
    session = args["session"]
    assert session.names == ["Ann", "Ben", "Cy"]
    assert [s.human for s in session.seats] == [True, True, False]
    assert session.rules.scoring == "losses" and session.rules.seven == "low"
    assert session.game.seed == 7 and session.game.phase == "setup"


def test_no_flags_open_the_new_table_screen():
    assert build([])["session"] is None


def test_quiet_silences_the_bell_for_this_run():
    assert build(["--quiet"])["quiet"] is True and build([])["quiet"] is False


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--preset", "poker"], "invalid choice"),
        (["--option", "seven=sometimes"], "seven"),
        (["--option", "colour=red"], "no option"),
        (["--players", "Ann,Ben", "--computers", "3"], "--computers"),
        (["--players", "Ann,Ben,Cy,Dee,Eve,Fay"], "at most 5"),
        (["--players", "Ann,Ann"], "different name"),
        (["--seed", "seven"], "invalid int"),
        (["--bogus"], "unrecognized"),
        (["--option", "finish=first-out"], "needs a loser"),
    ],
)
def test_bad_flags_say_why_and_exit_2(argv, words, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words.lower() in err.lower()
    assert err.count("\n") == 1 and err.startswith("palace: ")


def test_help_lists_every_subcommand_and_each_one_answers_help(capsys):
    """``palace --help`` names every subcommand the dispatcher knows (review among them), and
    each of them answers its own ``--help`` (so the list names nothing that is not there)."""
    from palace_tui import cli
    from palace_tui.cli.commands import COMMAND_LINES

    assert set(cli.RUNNERS) == set(COMMAND_LINES)  # every command runs and has its line in the help
    assert {"learn", "review", "records", "simulate", "serve", "host", "join"} <= set(cli.RUNNERS)
    with pytest.raises(SystemExit) as done:
        cli.main(["--help"])
    assert done.value.code == 0
    shown = capsys.readouterr().out
    for name in cli.RUNNERS:
        assert f"palace {name} " in shown, name
        try:
            code = cli.main([name, "--help"])
        except SystemExit as sub:  # argparse's own exit; some commands return their status instead
            code = sub.code
        assert code in (0, None), name
        assert f"palace {name}" in capsys.readouterr().out, name
