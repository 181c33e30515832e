"""Hostile input through the app and the command line: nothing lost, nothing run, nothing crashes.

Names full of terminal escapes or markup, remembered settings of the wrong types,
saves that read but can't be used, Start pressed twice, crashes that must exit
non-zero, empty flags.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from palace_tui.cli.play import UsageError, build
from palace_tui.store import Store
from palace_tui.tui.screens.new_table import NewTableScreen
from palace_tui.tui.screens.pass_device import PassScreen
from palace_tui.tui.table.screen import TableScreen
from tests.helpers.app import make_session, screen_text
from tests.helpers.settle import running, settle
from tests.helpers.told import told

REPO = Path(__file__).resolve().parents[2]
ESCAPES = "\x1b]0;owned\x07Ann\x1b[31m"


@pytest.mark.parametrize("names", [f"{ESCAPES},Ben", "Ann,Ben\x07", "Ann,\x9b31mCy"])
def test_cli_names_holding_escape_sequences_are_refused_shown_as_codes(names):
    """X1: a name would be kept without what the terminal hides, another name than typed."""
    with pytest.raises(UsageError, match="cannot hold control characters") as refused:
        build(["--players", names, "--computers", "1"])
    assert not any(ch in str(refused.value) for ch in "\x1b\x07\x9b")


@pytest.mark.parametrize("flag", ["--players", "--level", "--data-dir"])
def test_empty_flags_are_refused(flag):
    with pytest.raises(UsageError, match=f"{flag} needs a value"):
        build([flag, ""] + (["--players", "Ann,Ben"] if flag != "--players" else []))


@pytest.mark.parametrize("delay", ["inf", "nan", "-1", "1e9"])
def test_ai_delay_must_be_a_sane_number(delay):
    with pytest.raises(UsageError, match="--ai-delay"):
        build(["--ai-delay", delay])


@pytest.mark.parametrize("argv", [["--games", "1000000000000"], ["--budget-ms", "nan"], ["--budget-ms", "inf"]])
def test_simulate_refuses_what_would_never_finish(argv, capsys):
    from palace_tui.cli.simulate import main

    assert main(argv) != 0
    assert "must be" in capsys.readouterr().err


async def test_escape_sequences_in_a_saved_name_never_reach_the_screen(make_app, data_dir):
    session = make_session(humans=("Ann", "Ben"))
    data = session.to_dict()
    data["seats"][0]["name"] = ESCAPES
    data["game"]["seats"][0]["name"] = ESCAPES
    with Store(data_dir) as store:
        store.save_session(data)
    app = make_app(resume=True)
    async with running(app, size=(100, 40)) as pilot:
        await pilot.press("enter")
        await settle(pilot)
        text = screen_text(app)
        assert "Ann" in text
        assert not any(ch in text for ch in "\x1b\x07\x9b")
        assert app.session.names[0] == "Ann"


async def test_markup_in_names_and_paths_is_shown_as_text(make_app, tmp_path):
    (tmp_path / "[bold red]a[").mkdir()
    blocker = tmp_path / "[bold red]a[" / "]b"  # the path holds "[bold red]" and "[/]"
    blocker.write_text("a file, so the folder inside it can't be made")
    session = make_session(humans=("[/]", "[bold red]Bo"))
    app = make_app(session, data_dir=str(blocker / "data"))
    async with running(app, size=(100, 40)) as pilot:
        assert any("[bold red]a[/]b" in m for m in told(app))
        for key in ["enter", "r", "enter", "r", "enter"]:
            await pilot.press(key)
            await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        text = screen_text(app)
        assert "[/]" in text and "[bold red]Bo" in text


async def test_start_pressed_twice_deals_once(make_app):
    app = make_app(table=None)
    async with running(app, size=(100, 40)) as pilot:
        assert isinstance(app.screen, NewTableScreen)
        screen = app.screen
        screen.action_start()
        screen.action_start()  # a second Enter before the screen has gone
        await settle(pilot, TableScreen)
        assert isinstance(app.screen, TableScreen)


@pytest.mark.parametrize(
    "settings",
    [
        {"players": "x"},
        {"players": 99},
        {"seats": "x"},
        {"seats": [7, None]},
        {"seats": [{"name": 5, "human": "y"}]},
        {"options": [1]},
        {"options": {"packs": "2"}},
        {"preset": 3},
        {"seed": {"a": 1}},
        {"seed": "abc"},
    ],
)
async def test_remembered_settings_of_the_wrong_type_fall_back_to_defaults(make_app, data_dir, settings):
    with Store(data_dir) as store:
        store.save_last_table(settings)
    app = make_app()
    async with running(app, size=(100, 40)) as pilot:
        assert isinstance(app.screen, NewTableScreen)
        await pilot.press("ctrl+s")
        await settle(pilot, TableScreen)
        assert isinstance(app.screen, TableScreen)


async def test_a_save_that_reads_but_cannot_be_used_is_moved_aside(make_app, data_dir):
    data = make_session().to_dict()
    data["viewer"] = 42
    with Store(data_dir) as store:
        store.save_session(data)
    before = (Path(data_dir) / "session.json").read_bytes()
    app = make_app()
    async with running(app, size=(100, 40)) as pilot:
        assert isinstance(app.screen, NewTableScreen)
        messages = told(app)
        assert any("moved to" in m and "not a seat" in m for m in messages), messages
        await pilot.press("ctrl+s")
        await settle(pilot)
    [moved] = [p for p in Path(data_dir).iterdir() if p.name.startswith("session.bad-")]
    assert moved.read_bytes() == before, "kept byte for byte, never overwritten by the next game"


async def test_warnings_survive_the_pass_screen_on_resume_with_two_humans(make_app, data_dir):
    with Store(data_dir) as store:
        store.save_session(make_session(humans=("Ann", "Ben")).to_dict())
    (Path(data_dir) / "records.sqlite3").write_bytes(b"not a database at all" * 10)
    app = make_app(resume=True)
    async with running(app, size=(100, 40)):
        assert isinstance(app.screen, PassScreen), "two humans: the resumed game starts behind the pass screen"
        messages = told(app)
        assert any("records database" in m and "moved to" in m for m in messages), messages


CRASH = r"""
import sys
from textual.app import App
from palace_tui.tui.app import PalaceApp
from palace_tui.cli import play
from palace_tui.cli.play import main
play.check_terminal = lambda prog: None  # headless here: there is no terminal to ask for
def boom(self):
    raise RuntimeError("a bug")
PalaceApp.on_mount = boom
PalaceApp.run = lambda self, **kw: App.run(self, headless=True)
raise SystemExit(main(["--data-dir", sys.argv[1]]))
"""


def test_a_crash_exits_non_zero(tmp_path):
    result = subprocess.run(
        [sys.executable, "-c", CRASH, str(tmp_path / "d")],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert result.returncode != 0
    assert "a bug" in result.stdout + result.stderr
