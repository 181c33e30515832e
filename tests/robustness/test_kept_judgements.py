"""Judgements edited by hand (issue 31, J2): a chance of 1e308 crashed the chance graph and was
kept in the records. Judgements are checked when read, from a save or from the records: a
chance is a finite number from 0 to 1 and a count of worlds a sane whole number; a bad one is
dropped and judged again (and a bad analysis in the records replaced)."""

from __future__ import annotations

import json
import math

import pytest

from palace_tui.ai.analysis import Analysis, analyse, jobs, judge_step
from palace_tui.ai.judge import Judged
from palace_tui.rules.gamefile import replay
from palace_tui.store import Store
from palace_tui.table.judging import _from_data
from palace_tui.table.session import Session
from palace_tui.tui.review_app import ReviewApp
from palace_tui.tui.screens.review import ReviewScreen
from palace_tui.tui.widgets.chance_graph import chance_graph
from tests.helpers.app import screen_text
from tests.helpers.settle import settle
from tests.tui.test_review import analysed, finished

ITERATIONS, WORK = 2, 3_000

#: Ways to edit a kept judgement's data (Judged.to_data's list) into one no judge makes.
EDITS = {
    "a chance of 1e308": lambda d: d.__setitem__(2, [1e308, 0.5]),
    "a chance that is NaN": lambda d: d.__setitem__(3, [0.5, math.nan]),
    "a negative chance": lambda d: d.__setitem__(2, [-0.25, 0.5]),
    "a chance of infinity": lambda d: d.__setitem__(6, [math.inf, 0.0]),
    "10^30 worlds": lambda d: d.__setitem__(4, 10**30),
    "-5 worlds": lambda d: d.__setitem__(4, -5),
    "worlds as text": lambda d: d.__setitem__(4, "100"),
    "an edge of 1e308": lambda d: d.__setitem__(7, 1e308),
    "a move that is no move": lambda d: d.__setitem__(0, "steal the pile"),
}


@pytest.mark.parametrize("edit", EDITS.values(), ids=EDITS.keys())
def test_an_edited_judgement_is_refused_when_read(edit) -> None:
    good = Judged("play 7H", "take", (0.5, 0.25), (0.75, 0.5), 120, "take", (0.75, 0.5), 0.125)
    data = good.to_data()
    edit(data)
    with pytest.raises(ValueError, match="a kept judgement is damaged"):
        Judged.from_data(data)
    assert Judged.from_data(good.to_data()) == good


def test_edited_judgements_in_a_save_are_dropped_and_judged_again() -> None:
    """A saved table's judgements, edited: the bad ones are left out as the save is read, judged
    again by the review, and the analysis (and its graph) is the one from scratch."""
    session = finished(4)
    played = replay(session.game_record())
    every = jobs(played, [0], ITERATIONS, WORK)
    known = {j.key: judge_step(played, j.index, j.task, ITERATIONS, WORK) for j in every}
    data = {key: None if j is None else j.to_data() for key, j in known.items()}
    judged_keys = [key for key, value in data.items() if value is not None]
    edited = dict(zip(judged_keys, EDITS.values(), strict=False))
    for key, edit in edited.items():
        edit(data[key])
    session.judged = data
    back = _from_data(Session.from_dict(json.loads(json.dumps(session.to_dict()))).judged)
    assert not set(edited) & set(back)  # dropped as read
    assert set(back) == set(known) - set(edited)
    scratch = analyse(played, [0], iterations=ITERATIONS, work=WORK, workers=1)
    again: list[int] = []
    analysis = analyse(
        played, [0], iterations=ITERATIONS, work=WORK, workers=1, known=back, progress=lambda d, t: again.append(d)
    )
    assert analysis.to_json() == scratch.to_json()
    assert again[-1] - again[0] == len(edited)  # the dropped ones, and only they, judged again
    chance_graph(played.start.names, analysis.chances, analysis.measure, 0, analysis.turning, 60)


def _edit_chance(data: dict, value: float) -> None:
    row = next(c for c in data["chances"] if c is not None)
    row[0][0] = value


ANALYSIS_EDITS = {
    "a chance of 1e308": lambda d: _edit_chance(d, 1e308),
    "a chance that is NaN": lambda d: _edit_chance(d, math.nan),
    "a negative chance": lambda d: _edit_chance(d, -3.0),
    "10^30 worlds": lambda d: next(c for c in d["chances"] if c is not None)[0].__setitem__(2, 10**30),
    "a move too many": lambda d: d["chances"].append(None),
    "a verdict's loss of 1e308": lambda d: d["verdicts"][0].__setitem__("loss", 1e308),
    "a verdict about another seat": lambda d: d["verdicts"][0].__setitem__("seat", 2),
    "a turning point with no verdict": lambda d: d["turning"].append(10**6),
}


@pytest.fixture(scope="module")
def kept() -> tuple:
    """A finished game's record, its replay and its analysis as the records keep it."""
    session = finished(4)
    record = session.game_record()
    played = replay(record)
    good = analyse(played, [0], iterations=ITERATIONS, work=WORK, workers=1).to_json()
    assert json.loads(good)["verdicts"], "a game with a person's verdict to edit"
    return record, played, good


@pytest.mark.parametrize("edit", ANALYSIS_EDITS.values(), ids=ANALYSIS_EDITS.keys())
def test_an_edited_analysis_is_refused_when_read(kept, edit) -> None:
    _record, played, good = kept
    Analysis.from_json(good).check_fits(played)
    data = json.loads(good)
    edit(data)
    with pytest.raises(ValueError, match="kept analysis"):
        Analysis.from_json(json.dumps(data)).check_fits(played)


@pytest.mark.slow
async def test_an_edited_analysis_in_the_records_is_judged_again_and_replaced(kept, tmp_path) -> None:
    """The review finds the analysis kept in the records edited to hold a chance of 1e308: it does
    not draw it (the chance graph crashed), judges the game again, and keeps the new one in its place."""
    record, _played, good = kept
    data = json.loads(good)
    _edit_chance(data, 1e308)
    with Store(tmp_path) as store:
        screen = ReviewScreen(record, store=store, game_key="g-1", iterations=ITERATIONS, coach_work=WORK)
        store.save_analysis("g-1", screen.settings, json.dumps(data))
        app = ReviewApp(record, store=store, iterations=ITERATIONS, coach_work=WORK)
        async with app.run_test(size=(100, 32)) as pilot:
            app.push_screen(screen)
            await settle(pilot, lambda: app.screen is screen, what="the review of the edited analysis up")
            await analysed(pilot, screen)
            await settle(pilot)  # the new analysis kept and drawn
            assert screen.analysis is not None and screen.analysis.to_json() == good
            assert "Chances over the game" in screen_text(app)
        assert store.analysis("g-1", screen.settings) == good  # the edited one replaced
