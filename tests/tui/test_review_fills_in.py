"""The review opens on what is judged and fills in (issue 35): a game that ends on a busy
machine, judged only in part while it was played, is reviewed at once for the moves judged,
says "still judging" for the rest, and fills them in as they are judged, without blocking."""

from __future__ import annotations

import threading

from textual.app import App
from textual.widgets import ProgressBar

from palace_tui.ai import analysis as analysis_module
from palace_tui.ai import make_player
from palace_tui.ai.analysis import jobs, judge_step
from palace_tui.rules.gamefile import replay
from palace_tui.tui.screens.review import STILL_JUDGING, ReviewScreen
from tests.helpers.app import make_session, screen_text
from tests.helpers.settle import settle

WORK = 3_000
WORLDS = 20


def _finished_record():
    session = make_session("palace", humans=("Ann",), computers=("Ben",), seed=4, level="easy")
    ann = make_player("random", 4)
    while session.game.phase != "over":
        if session.is_human(session.game.turn):
            session.play_human(ann.choose(session.game))
        else:
            session.computer_move()
    return session.game_record()


class _Ahead:
    """The judgements made while the game was played: here, the first half of them."""

    def __init__(self, known):
        self.known = known

    def take(self, game_id):
        return self.known


async def test_the_review_opens_on_what_is_judged_and_fills_in_the_rest(monkeypatch) -> None:
    record = _finished_record()
    played = replay(record)
    every = jobs(played, {0}, WORLDS, WORK)
    person = [j for j in every if j.task == "play"]
    assert len(person) >= 4
    half = every[: every.index(person[len(person) // 2])]
    known = {j.key: judge_step(played, j.index, j.task, WORLDS, WORK) for j in half}
    judged_first, judged_later = person[0].index, person[-1].index
    # The rest is judged only when the test lets it: the machine is "busy" for as long as it likes.
    gate = threading.Event()

    def slow_judged(played, todo, workers):
        for i, task, worlds, work in todo:
            gate.wait(120)
            yield i, judge_step(played, i, task, worlds, work)

    monkeypatch.setattr(analysis_module, "_judged", slow_judged)
    screen = ReviewScreen(record, game_key="g1", iterations=WORLDS, coach_work=WORK, judged=_Ahead(known))

    class One(App):
        def on_mount(self) -> None:
            self.push_screen(screen)

    app = One()
    async with app.run_test(size=(100, 32)) as pilot:
        # The judge's worker is kept busy by the gate: the app is not idle until the gate opens.
        await settle(pilot, lambda: screen.partial is not None, what="the judgements made ahead read", timeout=180)
        assert screen.analysis is None and screen.query_one(ProgressBar).display
        screen.action_jump(judged_first)
        await settle(pilot, "coach advised")  # a move judged ahead: its verdict  # a move judged ahead: its verdict
        screen.action_jump(judged_later)
        await settle(pilot, STILL_JUDGING.split("…")[0])  # one not judged yet says so
        assert screen.check_action("turning", ()) is None  # the turning points wait for the whole game
        gate.set()
        await settle(pilot, lambda: screen.analysis is not None, what="the whole game's analysis", timeout=180)
        await settle(pilot)  # the worker done, the rest filled in and drawn
        text = screen_text(app)
        assert "coach advised" in text and STILL_JUDGING.split("…")[0] not in text
        assert not screen.query_one(ProgressBar).display and screen.check_action("turning", ()) is True
