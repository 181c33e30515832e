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
    "lesson_id, made, right",
    [
        ("four", "play KC", "play 7D 7S"),  # two sevens on two sevens clear the pile
        ("ten", "take", "play TD"),  # a ten clears a big pile instead of taking it
        ("take", "take", "take"),  # nothing beats the ace: the coach agrees
    ],
)
def test_verdict_gives_the_lessons_right_move(lesson_id: str, made: str, right: str) -> None:
    """Where the lessons know the right move, the coach's verdict names it, and the chances of
    the move made are never better than the coach's in the same worlds."""
    played = _one_move(lesson_id, Move.from_code(made))
    result = analyse(played, {played.start.turn}, iterations=40, seed=1)
    verdict = result.verdicts[0]
    assert Move.from_code(verdict.best) == Move.from_code(right)
    assert verdict.agrees == (made == right)
    assert verdict.loss >= 0
    assert verdict.best_chances.not_last >= verdict.made_chances.not_last


def test_both_moves_are_searched_in_the_same_worlds_by_hards_move_chances(monkeypatch) -> None:
    """The made and the coach's move go to one call of hard's own move_chances, with the seat,
    fixed iterations and the public events so far."""
    from palace_tui.ai import hard

    calls = []
    real = hard.move_chances

    def spy(game, seat, moves, iterations, seed, events):
        calls.append((seat, [m.code() for m in moves], iterations))
        return real(game, seat, moves, iterations, seed, events)

    monkeypatch.setattr(hard, "move_chances", spy)
    played = _one_move("ten", Move.take())
    result = analyse(played, {0}, iterations=3, seed=2)
    assert calls == [(0, ["take", "play TD"], 3)]
    # The chances quoted are move_chances' own numbers for those moves.
    expected = real(played.start, 0, [Move.take(), Move.from_code("play TD")], 3, 2, [])
    v = result.verdicts[0]
    assert (v.made_chances.not_last, v.made_chances.win) == expected[Move.take()]
    assert (v.best_chances.not_last, v.best_chances.win) == expected[Move.from_code("play TD")]


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
    result = analyse(played, {0}, iterations=30, seed=3)
    v = result.verdicts[0]
    assert v.kind == "setup" and v.made == "ready" and not v.agrees
    coach = v.best_moves()
    assert [m.kind for m in coach] == ["swap", "swap", "swap", "ready"]
    assert sorted(str(m.cards[0]) for m in coach[:3]) == sorted(["K♠", "10♣", "10♥"])
    assert v.best_chances.not_last > v.made_chances.not_last
    # Ben is not a person here: no verdict on his setup; and the JSON keeps the kind.
    assert [i for i, x in result.verdicts.items() if x.seat == 1] == []
    assert Analysis.from_json(result.to_json()).verdicts[0] == v


def test_setup_verdict_agrees_when_the_row_is_the_coachs() -> None:
    """Ann lays the same row as the coach (in another order of swaps): the coach agrees."""
    played = _setup_game(["swap KS 9S", "swap TC 3D", "swap TH JC"])
    v = analyse(played, {0}, iterations=5, seed=3).verdicts[0]
    assert v.kind == "setup" and v.agrees and v.loss == 0


def test_analysis_is_reproducible_and_round_trips() -> None:
    """Same game, seed and iterations: the same analysis; its JSON reads back equal."""
    played = _one_move("four", Move.from_code("play KC"))
    first = analyse(played, {0}, iterations=4, seed=5)
    assert analyse(played, {0}, iterations=4, seed=5).to_json() == first.to_json()
    again = Analysis.from_json(first.to_json())
    assert again.verdicts == first.verdicts and again.chances == first.chances
    with pytest.raises(ValueError):
        Analysis.from_json('{"version": -1}')


def test_cancel_stops_the_analysis() -> None:
    played = _one_move("four", Move.from_code("play KC"))
    with pytest.raises(Cancelled):
        analyse(played, {0}, iterations=2, cancelled=lambda: True)


def test_turning_points_are_each_persons_biggest_losses() -> None:
    """Up to three per person, each at least the minimum, listed in game order."""
    c = Chances(0.5, 0.1)
    losses = {0: 0.3, 1: 0.01, 2: 0.2, 3: 0.4, 4: 0.1, 5: 0.25}
    verdicts = {i: Verdict(i, i % 2, "take", "take", c, c, loss) for i, loss in losses.items()}
    # seat 0: moves 0 (0.3), 2 (0.2), 4 (0.1); seat 1: 3 (0.4), 5 (0.25); move 1 is below the minimum
    assert turning_points(verdicts) == [0, 2, 3, 4, 5]


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
