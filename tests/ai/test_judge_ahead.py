"""Judging a game while it is played: the review then finds its verdicts made, and they are
exactly those of an analysis from scratch."""

from __future__ import annotations

import dataclasses
import os
import pty
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from palace_tui.ai.ahead import JudgeAhead, settings_of
from palace_tui.ai.analysis import Analysis, analyse, jobs, judge_step
from palace_tui.ai.judge import Judged
from palace_tui.rules import Game, Rules
from palace_tui.rules.cards import shuffled_deck
from palace_tui.rules.gamefile import GameRecord, SeatInfo, replay

REPO = Path(__file__).resolve().parents[2]

#: Small searches, so the tests are quick; the keys carry them, as the app's settings.
ITERATIONS, WORK = 20, 3_000


def _record(seed: int, players: int, preset: str = "palace") -> GameRecord:
    """A whole game between normal players (a person's kind of play, swaps included), as a record."""
    from palace_tui.ai import make_player

    rules = Rules.preset(preset)
    names = [f"P{i}" for i in range(players)]
    deck = shuffled_deck(rules.packs, rules.jokers, seed)[::-1]
    game = Game.deal(rules, names, seed=seed, dealer=seed % players, deck=deck)
    table = [make_player("normal", seed=seed * 10 + i) for i in range(players)]
    moves = []
    while game.phase != "over":
        assert len(moves) < 1000, "a game that goes round for ever: choose another seed"
        move = table[game.turn].choose(game)
        moves.append(move)
        events = game.play(move)
        for p in table:
            p.observe(events)
    return GameRecord(rules, [SeatInfo(n) for n in names], seed, seed % players, deck, moves)


def _judged_while_played(record: GameRecord, humans: set[int]) -> dict[str, Judged | None]:
    """What a judge that sees the game after every move makes, as the judging process does."""
    known: dict[str, Judged | None] = {}
    for k in range(1, len(record.moves) + 1):
        played = replay(dataclasses.replace(record, moves=record.moves[:k]))
        over = played.game.phase == "over"
        for job in jobs(played, humans, ITERATIONS, WORK, finished=over):
            if job.key not in known:
                known[job.key] = judge_step(played, job.index, job.task, ITERATIONS, WORK)
    return known


@pytest.mark.slow
@pytest.mark.parametrize("seed, players, humans", [(31, 4, {0}), (32, 3, {0, 2}), (44, 2, {0, 1}), (34, 4, {1, 3})])
def test_judged_while_played_is_the_analysis_from_scratch(seed: int, players: int, humans: set[int]) -> None:
    """Every decision judged as soon as it was made (setups once they end) gives, handed to the
    review, exactly the analysis the review makes from scratch; and nothing is left to judge."""
    record = _record(seed, players)
    played = replay(record)
    known = _judged_while_played(record, humans)
    assert {job.key for job in jobs(played, humans, ITERATIONS, WORK)} <= set(known)
    left: list[int] = []
    ahead = analyse(
        played, humans, iterations=ITERATIONS, work=WORK, workers=1, known=known, progress=lambda d, t: left.append(d)
    )
    scratch = analyse(played, humans, iterations=ITERATIONS, work=WORK, workers=1)
    assert ahead.to_json() == scratch.to_json()
    assert left == []  # nothing was judged again
    assert any(v.kind == "setup" for v in scratch.verdicts.values()) and scratch.verdicts


@pytest.mark.slow
def test_part_judged_is_finished_by_the_review_the_same() -> None:
    """Half the moves judged ahead (a quick player, a take-back's stale keys among them): the
    review judges the rest, and the analysis is the one from scratch."""
    record = _record(35, 3)
    played = replay(record)
    every = jobs(played, {0}, ITERATIONS, WORK)
    known: dict[str, Judged | None] = {
        job.key: judge_step(played, job.index, job.task, ITERATIONS, WORK) for job in every[::2]
    }
    stale = judge_step(played, every[1].index, every[1].task, ITERATIONS, WORK)
    known["a move taken back"] = stale
    counted: list[int] = []
    ahead = analyse(
        played, {0}, iterations=ITERATIONS, work=WORK, workers=1, known=known, progress=lambda d, t: counted.append(d)
    )
    assert ahead.to_json() == analyse(played, {0}, iterations=ITERATIONS, work=WORK, workers=1).to_json()
    assert len(counted) == len(every) - len(every[::2]) + 1  # the first call says where it starts


def test_a_setup_is_judged_once_it_ends_and_keys_follow_the_settings() -> None:
    """While a person is still swapping, their setup is not judged (the plan is not known);
    once they are ready it is, with the key the finished game gives it. Other settings, other keys."""
    record = _record(36, 2)
    full = replay(record)
    setup = next(j for j in jobs(full, {0, 1}, ITERATIONS, WORK) if j.task == "setup")
    plan_end = next(k for k in range(setup.index, len(record.moves)) if record.moves[k].kind != "swap")
    if plan_end > setup.index:  # the seat swapped: mid-swap its setup waits
        mid = replay(dataclasses.replace(record, moves=record.moves[: setup.index + 1]))
        assert setup.index not in {j.index for j in jobs(mid, {0, 1}, ITERATIONS, WORK, finished=False)}
    done = replay(dataclasses.replace(record, moves=record.moves[: plan_end + 1]))
    again = next(j for j in jobs(done, {0, 1}, ITERATIONS, WORK, finished=False) if j.index == setup.index)
    assert again == setup
    assert setup.key not in {j.key for j in jobs(full, {0, 1}, ITERATIONS + 1, WORK)}
    assert setup.key not in {j.key for j in jobs(full, {0, 1}, ITERATIONS, None)}


def test_a_judgement_round_trips_as_data() -> None:
    judged = Judged("play 7H", "take", (0.5, 0.25), (0.75, 0.5), 120, "take", (0.75, 0.5), 0.125)
    assert Judged.from_data(judged.to_data()) == judged
    for damaged in (None, [], ["play 7H"], [1, 2, 3, 4, 5, 6, 7, 8], "text"):
        with pytest.raises(ValueError):
            Judged.from_data(damaged)


@pytest.mark.slow
def test_the_judging_process_finishes_the_analysis_as_the_game_is_played() -> None:
    """The process, handed the game after every move, ends with the analysis from scratch; a
    resumed table's judgements are not made again."""
    record = _record(37, 2)
    played = replay(record)
    settings = settings_of([0], ITERATIONS, WORK)
    ahead = JudgeAhead(nice=0)  # not starved by the other tests
    got: list[Analysis] = []
    ready = threading.Event()
    try:
        half = len(record.moves) // 2
        for k in range(1, half + 1):
            ahead.follow("g", dataclasses.replace(record, moves=record.moves[:k]), settings)
        # A table resumed from its save: what was judged comes back with it.
        again = JudgeAhead(nice=0)
        try:
            again.add("g", _judged_while_played(dataclasses.replace(record, moves=record.moves[:half]), {0}))
            ahead.close()
            for k in range(half, len(record.moves) + 1):
                again.follow("g", dataclasses.replace(record, moves=record.moves[:k]), settings)
            again.when_done("g", played, settings, lambda a: (got.append(a), ready.set()))
            assert ready.wait(120)
        finally:
            again.close()
    finally:
        ahead.close()
    scratch = analyse(played, {0}, iterations=ITERATIONS, work=WORK, workers=1)
    assert got[0].to_json() == scratch.to_json()


def test_take_stops_the_judging_of_that_game() -> None:
    """The review takes what was judged; the process judges no more of that game."""
    record = _record(38, 2)
    ahead = JudgeAhead()
    try:
        ahead.follow("g", record, settings_of([0, 1], ITERATIONS, WORK))
        taken = ahead.take("g")
        assert isinstance(taken, dict)
        assert ahead.known("g").keys() >= taken.keys()
    finally:
        ahead.close()
    assert ahead._process is None


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the process's state in /proc")
def test_the_judging_process_ends_with_an_app_that_is_killed(tmp_path: Path) -> None:
    """An app killed outright (no close) leaves no judge running: the end of its input stops it.
    The app here holds a pseudo-terminal as its input and output, as a person's terminal would."""
    script = (
        "import sys\n"
        "from palace_tui.ai.ahead import JudgeAhead, settings_of\n"
        "from tests.ai.test_judge_ahead import _record\n"
        "ahead = JudgeAhead(nice=0)\n"
        "ahead.follow('g', _record(38, 2), settings_of([], 20, 3000))  # nothing to judge: it waits\n"
        "print(ahead._process.pid, flush=True)\n"
        "sys.stdin.read()\n"
    )
    main, terminal = pty.openpty()
    app = subprocess.Popen(
        [sys.executable, "-c", script],
        stdin=terminal,
        stdout=subprocess.PIPE,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    os.close(terminal)
    try:
        assert app.stdout is not None
        judge = int(app.stdout.readline())
        status = Path(f"/proc/{judge}/status")
        for _ in range(300):  # started and waiting for the next move (not still starting)
            if "(sleeping)" in status.read_text():
                break
            time.sleep(0.1)
        app.kill()
        app.wait()
        for _ in range(100):
            try:
                os.waitpid(judge, os.WNOHANG)
            except ChildProcessError:
                pass  # not ours to reap: its parent was the app
            try:
                os.kill(judge, 0)
            except ProcessLookupError:
                return
            time.sleep(0.1)
        pytest.fail("the judging process outlived the app")
    finally:
        os.close(main)
