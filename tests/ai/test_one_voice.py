"""hard and the coach give one answer for one position: a budget of work, not of time, and
worlds dealt from what the seat may see."""

from __future__ import annotations

import random
import time

from palace_tui.ai import make_player
from palace_tui.ai.coach import advise
from palace_tui.ai.hard import DEFAULT_WORK, HardPlayer
from palace_tui.ai.search import position_seed
from palace_tui.rules import Game, Rules
from palace_tui.rules.fast import determinize
from tests.helpers.ai import positions

WORK = 3_000  # small, so many positions are tried; the default behaves the same way


def _searched(preset: str = "palace", players: int = 4, count: int = 20, seed: int = 31) -> list[Game]:
    return [
        g
        for g in positions(Rules.preset(preset), players, count, seed=seed, setup_share=0)
        if HardPlayer(work=WORK).searching(g)
    ]


def test_hards_default_budget_is_work_not_time():
    player = make_player("hard")
    assert player.work == DEFAULT_WORK and player.budget_s is None and player.iterations is None


def test_the_same_position_gets_the_same_move_whatever_the_seed_or_the_clock(monkeypatch):
    """A player's own seed does not change hard's move, and neither does a machine so slow that
    every clock reading is ten seconds on: the search never reads the clock."""
    games = _searched()
    assert games
    expected = [make_player("hard", seed=1, work=WORK).choose(g) for g in games]
    assert [make_player("hard", seed=99, work=WORK).choose(g) for g in games] == expected
    now = [0.0]

    def slow_clock() -> float:
        now[0] += 10.0
        return now[0]

    monkeypatch.setattr(time, "perf_counter", slow_clock)
    assert [make_player("hard", seed=5, work=WORK).choose(g) for g in games] == expected


def test_the_coach_advises_the_move_hard_makes():
    """Given the same public events, the coach's advice is hard's move, move for move, over
    whole games (hard's memory of cards picked up included)."""
    for preset in ("palace", "shithead"):
        game = Game.deal(Rules.preset(preset), ["Ann", "Ben", "Cy"], seed=12)
        hard = make_player("hard", seed=3, work=WORK)
        others = [make_player("normal", seed=i) for i in range(3)]
        events: list = []
        checked = 0
        while game.phase != "over" and game.moves < 400:
            if game.turn == 0:
                move = hard.choose(game)
                if game.phase == "play":
                    assert advise(game, 0, work=WORK, events=events).move == move
                    checked += 1
            else:
                move = others[game.turn].choose(game)
            new = game.play(move)
            events.extend(new)
            hard.observe(new)
            for p in others:
                p.observe(new)
        assert checked > 5


def test_the_position_seed_sees_only_what_the_seat_sees():
    """Re-dealing the cards the seat cannot see leaves the seed, and hard's move, as they were;
    its own hand does not."""
    for game in _searched("shithead", 3, 12, seed=37):
        seat = game.turn
        seed = position_seed(game, seat)
        move = HardPlayer(work=WORK).choose(game)
        for k in range(2):
            scrambled = determinize(game, seat, random.Random(k))
            assert position_seed(scrambled, seat) == seed
            assert HardPlayer(work=WORK).choose(scrambled) == move
        other = (seat + 1) % len(game.seats)
        if game.seats[other].place is None and game.seats[other].hand_count:
            assert position_seed(game, other) != seed


def test_the_reviews_judgement_does_not_depend_on_hidden_cards():
    """The review's verdict on a move (the advice, the longer look, the chances) is the same
    however the cards the mover could not see lie."""
    from palace_tui.ai.judge import judge_play, move_chances_of

    for game in _searched("palace", 3, 10, seed=41)[:5]:
        made = game.legal_moves()[0]
        expected = judge_play(game, made, [], min_worlds=30, work=WORK)
        chances = move_chances_of(game, made, [], min_worlds=30)
        for k in range(2):
            scrambled = determinize(game, game.turn, random.Random(k))
            assert judge_play(scrambled, made, [], min_worlds=30, work=WORK) == expected
            assert move_chances_of(scrambled, made, [], min_worlds=30) == chances
    from palace_tui.ai.judge import judge_setup
    from palace_tui.rules import Move

    setup = Game.deal(Rules.preset("palace"), ["Ann", "Ben", "Cy"], seed=43)
    expected_setup = judge_setup(setup, [Move.ready()], min_worlds=20)
    for k in range(2):
        scrambled = determinize(setup, setup.turn, random.Random(k))
        assert judge_setup(scrambled, [Move.ready()], min_worlds=20) == expected_setup


def test_hard_plays_for_the_tables_own_score():
    """A finished game scores each seat by the rules' own scoring: more podium points, never
    last, or first out is always worth more to hard, whatever the place behind it."""
    from palace_tui.ai.search import reward

    for preset, options in (("palace", {}), ("shithead", {}), ("first-out", {}), ("palace", {"scoring": "wins"})):
        rules = Rules.preset(preset).replace(**options)
        for seed in range(6):
            game = Game.deal(rules, ["A", "B", "C", "D"], seed=seed)
            players = [make_player("easy", seed=i) for i in range(4)]
            while game.phase != "over":
                players[game.turn].act(game)
            out = game.outcome()
            if rules.scoring == "podium":
                score = list(out.points)
            elif rules.scoring == "losses":
                score = [0 if out.loser == s else 1 for s in range(4)]
            else:
                score = [1 if out.winner == s else 0 for s in range(4)]
            for a in range(4):
                for b in range(4):
                    if score[a] > score[b]:
                        assert reward(game, a) > reward(game, b), (preset, options, a, b)
            # The score decides, the place only breaks ties: any step in score is worth more
            # than any difference of place within the same score.
            gaps = [(score[a] != score[b], abs(reward(game, a) - reward(game, b))) for a in range(4) for b in range(a)]
            across = [g for differ, g in gaps if differ]
            within = [g for differ, g in gaps if not differ]
            assert not within or min(across) > max(within), (preset, options)
