"""The review's chances add up as a table allows, and a verdict's cost is what its chances say
(issue 35): with two seats left one of them is last, so they are not both "out of last place in
nearly every game", and "it cost you about X games in 100" is the difference of the two chances
it quotes."""

from __future__ import annotations

import re

import pytest

from palace_tui.ai import make_player
from palace_tui.ai.analysis import Chances, analyse, consistent
from palace_tui.rules import Game, Rules
from palace_tui.rules.gamefile import Replay, Step
from palace_tui.tui.screens.verdict_words import verdict_reason

EPS = 1e-4
COST = r"It cost you about (\d+) games in 100: .*?about (\d+), where the better move \D*(\d+)"


def _game(preset: str, players: int, seed: int) -> Replay:
    game = Game.deal(Rules.preset(preset), [f"P{i}" for i in range(players)], seed=seed)
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


def test_two_seats_left_share_one_last_place():
    """Both seats' own estimates said "nearly always out of last place": the fresher one stands,
    and the other is what is left."""
    game = Game.deal(Rules.preset("palace"), ["Ann", "Ben"], seed=1)
    stale = [Chances(0.99, 0.9, 100), Chances(0.2, 0.1, 100)]
    out = consistent(game, [stale[0], Chances(0.97, 0.95, 100)], fresh=1)
    assert out[1] == Chances(0.97, 0.95, 100)
    assert out[0].not_last == pytest.approx(0.03) and out[0].win == pytest.approx(0.05)


def test_the_others_share_what_the_mover_leaves_in_proportion():
    game = Game.deal(Rules.preset("palace"), ["Ann", "Ben", "Cy", "Dee"], seed=1)
    row = [Chances(0.5, 0.25, 100), Chances(0.9, 0.25, 100), Chances(0.7, 0.25, 100), Chances(0.4, 0.5, 100)]
    out = consistent(game, row, fresh=3)
    assert out[3] == row[3]
    assert sum(1 - c.not_last for c in out) == pytest.approx(1.0)
    assert sum(c.win for c in out) == pytest.approx(1.0)
    # Their order of danger is kept: Ann (0.5 before) is still likelier last than Cy, Cy than Ben.
    assert out[0].not_last < out[2].not_last < out[1].not_last


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "players", "seed"), [("palace", 2, 5), ("shithead", 3, 6), ("first-out", 3, 7)])
def test_every_row_of_chances_adds_up_and_every_cost_is_what_its_chances_say(preset, players, seed):
    played = _game(preset, players, seed)
    rules = played.start.rules
    analysis = analyse(played, set(range(players)), iterations=20, work=3_000, workers=1)
    rows = 0
    for i, row in enumerate(analysis.chances):
        if row is None:
            continue
        rows += 1
        after = played.steps[i].after
        playing = [s for s, seat in enumerate(after.seats) if seat.place is None]
        if after.phase != "over":
            assert sum(c.win for c in row) == pytest.approx(1.0, abs=EPS), (i, row)
            if rules.has_loser:
                assert sum(1 - row[s].not_last for s in playing) == pytest.approx(1.0, abs=EPS), (i, row)
                assert all(row[s].not_last == 1.0 for s in range(players) if s not in playing)
        if rules.has_loser and len(playing) == 2 and after.phase != "over":
            a, b = (row[s].not_last for s in playing)
            assert a + b == pytest.approx(1.0, abs=EPS)  # one of the two is last
    assert rows > 20
    costs = 0
    for i, verdict in analysis.verdicts.items():
        after = played.steps[i].after
        if verdict.kind == "play" and after.seats[verdict.seat].place is None and after.phase != "over":
            # The verdict's own chance is the chart's for that seat after the move (unless it went out).
            assert analysis.chances[i][verdict.seat].not_last == verdict.made_chances.not_last
        reason = verdict_reason(played.position(i), verdict, analysis.measure)
        found = re.search(COST, reason)
        if found:
            costs += 1
            points, made, better = map(int, found.groups())
            assert points == better - made and 0 < points <= better <= 100
    assert analysis.verdicts
