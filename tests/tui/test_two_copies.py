"""Two copies of palace-tui on one data folder: the first owns the saved game, the second says so and plays on.

The first copy is a real ``palace --resume`` process in a pseudo-terminal (a copy is a
process: the folder lock belongs to it). The second is an app under Pilot in this
process: one sentence says another copy is playing; it offers no saved game to
continue, still opens the lessons, plays a whole game and records its result, never
writes the first copy's save, and on ctrl+q does not claim its game can be continued.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from palace_tui.store import Store
from palace_tui.tui.app import NOT_SAVED_LINE
from palace_tui.tui.screens.learn_list import LearnScreen
from palace_tui.tui.screens.new_table import NewTableScreen
from palace_tui.tui.screens.results import ResultsScreen
from tests.helpers.app import make_session, press, screen_text
from tests.helpers.app_driver import play_through
from tests.helpers.pty_app import PtyApp
from tests.helpers.settle import running, settle
from tests.helpers.told import told


@pytest.mark.slow
async def test_the_second_copy_says_so_and_plays_a_game_it_does_not_save(make_app, data_dir) -> None:
    folder = Path(data_dir)
    with Store(folder) as store:
        store.save_session(make_session(humans=("Ann", "Ben"), computers=("Cy",), seed=7).to_dict())
    first = PtyApp(["--resume", "--data-dir", str(folder), "--ai-delay", "0"])
    try:
        assert first.read_until(b"Pass to"), f"the first copy did not resume: {bytes(first.seen[-800:])!r}"
        saved = (folder / "session.json").read_bytes()  # as the first copy saved it on resuming
        assert b'"Ann"' in saved
        second = make_app()
        async with running(second, size=(100, 40)) as pilot:
            assert isinstance(second.screen, NewTableScreen), "no saved game offered: it is the other copy's"
            said = [m for m in told(second) if "Another copy" in m]
            assert len(said) == 1, told(second)
            [sentence] = said
            assert sentence.count(". ") == 0 and sentence.endswith(".") and str(folder) in sentence
            assert "will not save its game" in sentence and "lessons and records work" in sentence

            await press(pilot, "ctrl+l")
            assert isinstance(second.screen, LearnScreen), "the lessons open in the second copy"
            await press(pilot, "escape")
            assert isinstance(second.screen, NewTableScreen)

            second.start_session(make_session(humans=("Dee",), computers=("Eve", "Fay"), seed=11))
            await play_through(second, pilot, seed=2)
            assert isinstance(second.screen, ResultsScreen), "a whole game plays in the second copy"
            assert "Dee" in screen_text(second)
            assert (folder / "session.json").read_bytes() == saved, "the first copy's save is untouched"

            second.start_session(make_session(humans=("Dee", "Gus"), computers=(), seed=12))
            await settle(pilot)
            await press(pilot, "ctrl+q")
            # What the terminal is told on the way out (Textual prints it once the app has gone).
            assert second._exit_renderables == [NOT_SAVED_LINE], "ctrl+q does not claim the game can be continued"
        assert (folder / "session.json").read_bytes() == saved, "quitting the second copy does not save either"
        with Store(folder, claim_saves=False) as look:
            assert look.game_count() == 1, "the second copy's result is in the records"
            assert "Dee" in [row["name"] for rows in look.standings().values() for row in rows]

        first.type(b"\x11")  # ctrl+q: the first copy saves its game and quits
        assert first.finish() == 0
    finally:
        first.close()
    with Store(folder) as store:
        assert store.owns_saves, "once both have gone, the next copy owns the folder"
        resumed = store.load_session()
    assert resumed is not None and [seat["name"] for seat in resumed["seats"]] == ["Ann", "Ben", "Cy"]
