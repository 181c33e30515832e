"""A whole game played through key presses, with privacy checked throughout.

One preset here, played the plain way (no take-backs): every preset is played whole, two to
four people, frame by frame, in tests/robustness/test_privacy_sweep.py.
"""

from __future__ import annotations

import time

import pytest

from palace_tui.tui.screens.results import ResultsScreen
from tests.helpers.app import make_session
from tests.helpers.app_driver import play_through
from tests.helpers.settle import running


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["palace"])
async def test_two_humans_and_a_computer_play_a_whole_game(preset, make_app):
    """Two humans and a computer play to the result; the privacy screen comes between humans."""
    session = make_session(preset, humans=("Ann", "Ben"), computers=("Cy",), seed=11)
    app = make_app(session)
    t = time.perf_counter()
    async with running(app) as pilot:
        watch = await play_through(app, pilot, seed=3)
        assert isinstance(app.screen, ResultsScreen)
        assert session.game.phase == "over"
        assert watch.pass_screens >= 2
        assert watch.table_checks > 5
    print(preset, time.perf_counter() - t, session.game.moves)
