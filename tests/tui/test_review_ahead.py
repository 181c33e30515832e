"""Pilot tests of a review made while the game was played: the results screen's r opens it at
once (the analysis is kept in the records too), and a review opened before the judging is
done judges only the rest; the verdicts are always those of an analysis from scratch."""

from __future__ import annotations

import pytest

from palace_tui.ai.analysis import analyse, jobs, judge_step, settings_key
from palace_tui.rules.gamefile import replay
from palace_tui.table.judging import TableJudge
from palace_tui.tui.screens.results import ResultsScreen
from palace_tui.tui.screens.review import ReviewScreen
from tests.helpers.app import make_session, press, screen_text
from tests.helpers.app_driver import play_through
from tests.helpers.settle import running, settle
from tests.tui.test_review import WORK, finished, reviewed_alone

ITERATIONS = 10


@pytest.mark.slow
async def test_a_game_judged_while_played_is_reviewed_at_once(make_app) -> None:
    """Two people and a computer play a whole game by keys (privacy checked at every screen)
    while the judge works; once it is over the analysis is kept in the records, equal to
    the one from scratch, and r shows it with nothing left to analyse."""
    session = make_session("palace", humans=("Ann", "Ben"), computers=("Cy",), seed=11)
    app = make_app(session, judge_ahead=True)
    app.review_iterations, app.review_coach_work = ITERATIONS, WORK
    # The app's own judge, but not starved by the other tests running beside this one.
    app.judge = TableJudge(lambda: (ITERATIONS, WORK), nice=0)
    async with running(app) as pilot:
        watch = await play_through(app, pilot, seed=3)
        assert isinstance(app.screen, ResultsScreen) and watch.table_checks > 5
        settings = settings_key(ITERATIONS, [0, 1], WORK)
        # The bound only keeps a hung judge from hanging the run; no time is asserted.
        await settle(
            pilot, lambda: app.store.analysis(session.game_id, settings), what="the judged game stored", timeout=900
        )
        played = replay(session.game_record())
        scratch = analyse(played, [0, 1], iterations=ITERATIONS, work=WORK, workers=1)
        assert app.store.analysis(session.game_id, settings) == scratch.to_json()
        await press(pilot, "r")
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        assert screen.analysis is not None and screen._worker is None  # no analysis to wait for
        assert "Analysing" not in screen_text(app)


class _Judged:
    """What a judge had made when r was pressed (half the moves)."""

    def __init__(self, known: dict) -> None:
        self.known = known
        self.taken: list[str] = []

    def take(self, game_id: str) -> dict:
        self.taken.append(game_id)
        return self.known


@pytest.mark.slow
async def test_a_review_opened_early_judges_only_the_rest() -> None:
    session = finished(4)
    record = session.game_record()
    played = replay(record)
    every = jobs(played, [0], ITERATIONS, WORK)
    half = _Judged({j.key: judge_step(played, j.index, j.task, ITERATIONS, WORK) for j in every[::2]})
    screen = ReviewScreen(record, game_key="g-1", humans=[0], iterations=ITERATIONS, coach_work=WORK, judged=half)
    async with reviewed_alone(screen, (100, 32)):
        assert half.taken == ["g-1"]
        scratch = analyse(played, [0], iterations=ITERATIONS, work=WORK, workers=1)
        assert screen.analysis is not None and screen.analysis.to_json() == scratch.to_json()
