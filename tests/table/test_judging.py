"""A table's games judged while they are played: kept with the saved session, and the finished
game's analysis kept in the records, equal to the analysis from scratch."""

from __future__ import annotations

import threading

import pytest

from palace_tui.ai import make_player
from palace_tui.ai.analysis import analyse
from palace_tui.ai.judge import Judged
from palace_tui.rules import Rules
from palace_tui.rules.gamefile import replay
from palace_tui.table.judging import TableJudge
from palace_tui.table.seats import SeatConfig
from palace_tui.table.session import Session

ITERATIONS, WORK = 10, 2_000


def _table(seed: int = 5) -> Session:
    seats = [SeatConfig("Ann"), *(SeatConfig(name, human=False, level="easy") for name in ("Ben", "Cy"))]
    return Session.new(seats, Rules.preset("palace"), seed=seed)


def test_judgements_are_saved_with_the_session_and_old_saves_load() -> None:
    session = _table()
    judged = Judged("play 7H", "take", (0.5, 0.25), (0.75, 0.5), 120)
    session.judged = {"a": judged.to_data(), "b": None, "damaged": "text"}
    back = Session.from_dict(session.to_dict())
    assert back.judged == {"a": judged.to_data(), "b": None}
    assert Judged.from_data(back.judged["a"]) == judged
    old = session.to_dict()
    del old["judged"]  # a save from before the review was judged ahead
    assert Session.from_dict(old).judged == {}
    session.play_again()
    assert session.judged == {}  # a new game: nothing judged of it yet


@pytest.mark.slow
def test_the_table_judge_keeps_its_judgements_and_the_finished_analysis() -> None:
    """Played move by move with the judge watching: what it judged is kept with the session
    (as a save keeps it), and once the game is over the analysis it keeps is the one
    the review makes from scratch."""
    session = _table(6)
    judge = TableJudge(lambda: (ITERATIONS, WORK), nice=0)  # not starved by the other tests
    kept: list[tuple[str, str, str]] = []
    done = threading.Event()
    try:
        judge.attach(session)
        ann = make_player("normal", 1)
        while session.game.phase != "over":
            if session.is_human(session.game.turn):
                session.play_human(ann.choose(session.game))
            else:
                session.computer_move()
        judge.finish(session, lambda *args: (kept.append(args), done.set()))
        assert done.wait(900)  # a bound on a hung judge (it runs at the lowest priority), not a timing
    finally:
        judge.close()
    scratch = analyse(replay(session.game_record()), [0], iterations=ITERATIONS, work=WORK, workers=1)
    game_key, settings, data = kept[0]
    assert game_key == session.game_id and settings.startswith("v") and data == scratch.to_json()
    assert all(v is None or Judged.from_data(v) for v in session.judged.values())
