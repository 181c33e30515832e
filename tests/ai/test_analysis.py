"""The review's analysis: verdicts from the search, in the same worlds, reproducible and stoppable."""

from __future__ import annotations

import pytest

from palace_tui.ai.analysis import (
    Analysis,
    Cancelled,
    Chances,
    Verdict,
    analyse,
    turning_points,
)
from palace_tui.ai.policy import move_to_choice
from palace_tui.lessons.course import BY_ID
from palace_tui.rules import Move
from palace_tui.rules.gamefile import Replay, Step


def _one_move(lesson_id: str, move: Move) -> Replay:
    """A replay of one move from a lesson's position."""
    start = BY_ID[lesson_id].position()
    after = start.copy()
    events = after.play(move)
    return Replay(start, [Step(start.turn, move, tuple(events), after)])


@pytest.mark.parametrize(
    "lesson_id, made, right, mistake",
    [
        # two sevens on two sevens clear the pile; the king is close enough not to be called a mistake
        ("four", "play KC", "play 7D 7S", False),
        ("ten", "take", "play TD", True),  # a ten clears a big pile instead of taking it
        ("take", "take", "take", False),  # nothing beats the ace: the coach agrees
    ],
)
def test_verdict_gives_the_lessons_right_move(lesson_id: str, made: str, right: str, mistake: bool) -> None:
    """Where the lessons know the right move, the coach advised it; the longer look calls the
    other move a mistake (with the right move as the better one) only where it is clearly worse."""
    played = _one_move(lesson_id, Move.from_code(made))
    result = analyse(played, {played.start.turn}, workers=1)
    verdict = result.verdicts[0]
    assert Move.from_code(verdict.best) == Move.from_code(right)
    assert verdict.agrees == (made == right)
    assert verdict.mistake == mistake
    if verdict.mistake:
        assert Move.from_code(verdict.better) == Move.from_code(right)
        assert verdict.better_chances.not_last > verdict.made_chances.not_last and verdict.loss > 0
    else:
        assert verdict.loss == 0


def test_the_coachs_advice_in_the_review_is_the_coachs_advice_at_the_table() -> None:
    """One voice: for every decision of a person, the review's "coach advised" is exactly what
    advise() said for that position with the public events so far, and a move that followed it
    is marked as the coach's."""
    from palace_tui.ai.coach import advise

    played = _game(seed=21, players=3)
    result = analyse(played, {0}, iterations=20, work=4_000, workers=1)
    events: list = []
    checked = 0
    for i, step in enumerate(played.steps):
        before = played.position(i)
        if i in result.verdicts and result.verdicts[i].kind == "play":
            said = advise(before, 0, work=4_000, events=events).move
            v = result.verdicts[i]
            assert Move.from_code(v.best) == said
            assert v.agrees == (move_to_choice(before, step.move) == move_to_choice(before, said))
            checked += 1
        events.extend(step.events)
    assert checked > 10


def test_every_mistake_has_a_clearly_better_move() -> None:
    """A move is a mistake only with a better move ahead in the table's score (the longer
    look's two standard errors); otherwise it costs nothing."""
    played = _game(seed=22, players=3)
    result = analyse(played, {0, 1, 2}, iterations=20, work=4_000, workers=1)
    assert result.verdicts
    for v in result.verdicts.values():
        if v.mistake:
            assert v.better and v.better != v.made and v.edge > 0
        else:
            assert v.loss == 0 and v.better_chances is None


@pytest.mark.slow
def test_the_analysis_is_the_same_on_one_process_or_two() -> None:
    played = _game(seed=23, players=4)
    one = analyse(played, {0}, iterations=20, work=3_000, workers=1)
    two = analyse(played, {0}, iterations=20, work=3_000, workers=2)
    assert one.to_json() == two.to_json()


def test_every_chance_on_the_graph_is_within_ten_points() -> None:
    """At the review's default the 95% interval of every chance is within ten points either way."""
    played = _game(seed=24, players=4)
    result = analyse(played, {0}, work=3_000, workers=1)
    points = [c for row in result.chances if row is not None for c in row]
    assert points and all(c.settled for c in points)
    # With fewer worlds allowed a chance may be wider, and then it says so.
    few = analyse(played, {0}, iterations=4, work=3_000, workers=1)
    assert any(not c.settled for row in few.chances if row is not None for c in row)


def _game(seed: int, players: int) -> Replay:
    """A whole game between normal players (a person's kind of play), replayed."""
    from palace_tui.ai import make_player
    from palace_tui.rules import Game, Rules

    game = Game.deal(Rules.preset("palace"), [f"P{i}" for i in range(players)], seed=seed)
    start = game.copy()
    table = [make_player("normal", seed=seed * 10 + i) for i in range(players)]
    steps = []
    while game.phase != "over":
        seat = game.turn
        move = table[seat].choose(game)
        events = game.play(move)
        for p in table:
            p.observe(events)
        steps.append(Step(seat, move, tuple(events), game.copy()))
    return Replay(start, steps)


def _setup_game(swaps: list[str]) -> Replay:
    """A two-seat swap deal (seed 13) where Ann holds K♠ 10♣ 10♥ with 3♦ J♣ 9♠ face up: she
    makes ``swaps`` then says ready; Ben then sets up as the coach would."""
    from palace_tui.ai.policy import setup_move
    from palace_tui.rules import Game, Rules

    game = Game.deal(Rules.preset("palace"), ["Ann", "Ben"], seed=13, dealer=1)
    assert game.turn == 0 and sorted(map(str, game.seats[0].hand)) == sorted(["K♠", "10♣", "10♥"])
    steps = []
    g = game
    moves = [Move.from_code(c) for c in [*swaps, "ready"]]
    while g.phase == "setup":
        before = g
        move = moves.pop(0) if before.turn == 0 else setup_move(before)
        g = before.copy()
        events = g.play(move)
        steps.append(Step(before.turn, move, tuple(events), g))
    return Replay(game, steps)


def test_setup_verdict_names_the_coachs_swaps_and_both_chances() -> None:
    """A seat that keeps 3♦ J♣ 9♠ face up gets the coach's setup (both tens and the king face
    up) as the verdict, with the chances of both rows from the same worlds."""
    played = _setup_game([])
    result = analyse(played, {0}, iterations=30, workers=1)
    v = result.verdicts[0]
    assert v.kind == "setup" and v.made == "ready" and not v.agrees
    coach = v.best_moves()
    assert [m.kind for m in coach] == ["swap", "swap", "swap", "ready"]
    assert sorted(str(m.cards[0]) for m in coach[:3]) == sorted(["K♠", "10♣", "10♥"])
    assert v.mistake and v.better == v.best
    assert v.better_chances.not_last > v.made_chances.not_last
    # Ben is not a person here: no verdict on his setup; and the JSON keeps the kind.
    assert [i for i, x in result.verdicts.items() if x.seat == 1] == []
    assert Analysis.from_json(result.to_json()).verdicts[0] == v


def test_setup_verdict_agrees_when_the_row_is_the_coachs() -> None:
    """Ann lays the same row as the coach (in another order of swaps): the coach agrees."""
    played = _setup_game(["swap KS 9S", "swap TC 3D", "swap TH JC"])
    v = analyse(played, {0}, iterations=5, workers=1).verdicts[0]
    assert v.kind == "setup" and v.agrees and v.loss == 0 and not v.mistake


def test_analysis_is_reproducible_and_round_trips() -> None:
    """Same game and settings: the same analysis; its JSON reads back equal."""
    played = _one_move("four", Move.from_code("play KC"))
    first = analyse(played, {0}, iterations=4, workers=1)
    assert analyse(played, {0}, iterations=4, workers=1).to_json() == first.to_json()
    again = Analysis.from_json(first.to_json())
    assert again.verdicts == first.verdicts and again.chances == first.chances
    with pytest.raises(ValueError):
        Analysis.from_json('{"version": -1}')


def test_cancel_stops_the_analysis() -> None:
    played = _one_move("four", Move.from_code("play KC"))
    with pytest.raises(Cancelled):
        analyse(played, {0}, iterations=2, cancelled=lambda: True)
    asked = []

    def after_the_first() -> bool:
        asked.append(1)
        return len(asked) > 1

    with pytest.raises(Cancelled):
        analyse(_game(seed=25, players=2), {0}, work=2_000, workers=2, cancelled=after_the_first)


def test_turning_points_are_each_persons_costliest_mistakes_numbered_per_person() -> None:
    """Up to three per person, each a mistake costing at least the minimum, listed in game
    order and numbered per person ("turning point 2 of 3")."""
    c = Chances(0.5, 0.1, 100)
    losses = {0: 0.3, 1: 0.01, 2: 0.2, 3: 0.4, 4: 0.1, 5: 0.25, 6: 0.06}
    verdicts = {
        i: Verdict(i, i % 2, "take", "play 2H", c, c, loss, better="play 2H", better_chances=c, edge=0.1)
        for i, loss in losses.items()
    }
    verdicts[7] = Verdict(7, 1, "take", "take", c, c, 0.0)  # no mistake: never a turning point
    # seat 0: moves 0 (0.3), 2 (0.2), 4 (0.1) (6 is its fourth); seat 1: 3 (0.4), 5 (0.25); 1 too small
    turning = turning_points(verdicts)
    assert turning == [0, 2, 3, 4, 5]
    analysis = Analysis([], verdicts, turning)
    assert [analysis.turning_number(i) for i in turning] == [(1, 3), (2, 3), (1, 2), (3, 3), (2, 2)]
    assert analysis.turning_number(1) is None


def test_analysis_and_game_files_load_no_ui() -> None:
    """The analysis and the game file format are pure: importing them loads neither Textual nor rich."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    script = (
        "import sys, palace_tui.ai.analysis, palace_tui.rules.gamefile\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        check=False,
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": str(root), "PATH": ""},
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
