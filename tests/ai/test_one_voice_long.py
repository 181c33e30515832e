"""One voice in long games (issue 35): the table's ``h`` and the review's "the coach advised"
are the same call on the same information, past the recap's 120 events and the log's 200 lines.

A person (played here by the rule of thumb, following the coach in the setup) sits at a
table of computers; at each of the person's decisions the coach is asked exactly as the
table asks it (``advise`` on a copy of the game with the session's public events), and
after the game the review judges the same decisions (``jobs`` and ``judge_step``, as
``analyse`` does; the other seats' chances, which say nothing of the advice, are left out).
"""

from __future__ import annotations

import pytest

from palace_tui.ai import make_player
from palace_tui.ai.analysis import assemble, jobs, judge_step, measure_of
from palace_tui.ai.coach import advise
from palace_tui.rules import Rules
from palace_tui.rules.gamefile import replay
from palace_tui.table.history import EVENT_LIMIT
from palace_tui.table.session import SeatConfig, Session

WORK = 3_000  # small, so whole long games are judged; the default is the same call
WORLDS = 20


def _play_and_ask(preset: str, players: int, seed: int, level: str) -> tuple[Session, dict[int, str]]:
    """A whole game with Ann a person (playing as ``level``); the coach's advice at each of her decisions, by move index
    (a setup: her moves there joined as the review joins them)."""
    seats = [SeatConfig("Ann", human=True)] + [
        SeatConfig(name, human=False, level="normal") for name in ("Ben", "Cy", "Dee", "Eve", "Fay")[: players - 1]
    ]
    rules = Rules.preset(preset)
    session = Session.new(seats, rules.replace(packs=2) if players > rules.max_players else rules, seed=seed)
    ann = make_player(level, seed=seed)
    asked: dict[int, str] = {}
    setup_start: int | None = None
    while session.to_act is not None:
        game = session.game
        if game.turn != 0:
            session.computer_move()
            continue
        index = len(session.history or ())  # the move's index in the replay
        advice = advise(game.copy(), 0, work=WORK, events=session.public_events())  # as the table asks
        if game.phase == "setup":
            setup_start = index if setup_start is None else setup_start
            asked[setup_start] = "; ".join(filter(None, [asked.get(setup_start, ""), advice.move.code()]))
            move = advice.move
        else:
            asked[index] = advice.move.code()
            move = ann.choose(game)
        events = session.play_human(move)
        if hasattr(ann, "observe"):
            ann.observe(events)
    return session, asked


@pytest.mark.slow
@pytest.mark.parametrize(
    ("preset", "players", "seed", "level", "longer_than"),
    [("palace", 6, 10, "normal", 300), ("shithead", 3, 7, "random", 180)],
)
def test_the_coach_at_the_table_and_in_the_review_agree_in_a_long_game(preset, players, seed, level, longer_than):
    session, asked = _play_and_ask(preset, players, seed, level)
    events = session.public_events()
    assert events is not None and len(events) > longer_than > EVENT_LIMIT  # long past the recap's window
    played = replay(session.game_record())
    every = [job for job in jobs(played, {0}, WORLDS, WORK) if job.task in ("play", "setup")]
    results = {job.index: judge_step(played, job.index, job.task, WORLDS, WORK) for job in every}
    analysis = assemble(played, results, {job.index: job.task for job in every}, measure_of(played.start.rules))
    reviewed = {i: v.best for i, v in analysis.verdicts.items()}
    judged = {i: code for i, code in asked.items() if i in reviewed}
    assert len(judged) > 20 and max(judged) > 100  # decisions late in the game are compared
    assert {i: code for i, code in asked.items() if i in reviewed} == {i: reviewed[i] for i in judged}
    assert set(reviewed) <= set(asked)
