"""Every computer player makes only legal moves, never peeks, and sets up sensibly."""

from __future__ import annotations

import random
import zlib

import pytest

from palace_tui.ai import LEVELS, make_player
from palace_tui.ai.policy import keep_up_value
from palace_tui.rules import Game, Move, Rules
from palace_tui.rules.fast import determinize
from palace_tui.rules.saving import to_dict
from tests.helpers.ai import positions


def test_levels_and_factory():
    assert LEVELS == ("random", "easy", "normal", "hard")
    for level in LEVELS:
        player = make_player(level, seed=1)
        assert hasattr(player, "choose") and hasattr(player, "act")
    with pytest.raises(ValueError, match="no computer player"):
        make_player("grandmaster")


@pytest.mark.slow
@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_only_legal_moves_whole_games(rules, level):
    """Whole games where every seat is this level, through choose() and play()."""
    players = min(4, rules.max_players)
    for k in range(3):
        game = Game.deal(rules, [f"P{i}" for i in range(players)], seed=k, dealer=k % players)
        player = make_player(level, seed=k)
        while game.phase != "over" and game.moves < 3000:
            move = player.choose(game)
            assert game.is_legal(move), (move, game.to_json())
            game.play(move)


@pytest.mark.slow
@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_only_legal_moves_random_positions(rules, level):
    # (the seed from the level's name, the same in every process: str hash() is salted per process)
    options = {"iterations": 2} if level == "hard" else {}
    count = 6 if level == "hard" else 25
    for game in positions(rules, min(3, rules.max_players), count, seed=zlib.crc32(level.encode()) % 97):
        before = game.to_json()
        move = make_player(level, seed=3, **options).choose(game)
        assert isinstance(move, Move)
        assert game.is_legal(move), (level, move, before)
        assert game.to_json() == before, "choose() must not change the game"


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_act_matches_choose(level):
    """The quiet fast path plays the same move as choose()."""
    rules = Rules.preset("palace")
    for game in positions(rules, 3, 40, seed=5):
        a, b = game.copy(), game.copy()
        make_player(level, seed=1).act(a)
        b.play(make_player(level, seed=1).choose(b))
        assert to_dict(a) | {"moves": 0} == to_dict(b) | {"moves": 0}


def _scrambled(game: Game, k: int) -> Game:
    """The same position with every card the seat to act cannot see dealt again."""
    return determinize(game, game.turn, random.Random(k))


@pytest.mark.parametrize("preset", ["palace", "shithead", "first-out"])
def test_heuristic_players_never_peek(preset):
    """easy and normal decide the same however the unseen cards lie."""
    rules = Rules.preset(preset)
    for game in positions(rules, 3, 60, seed=11):
        for level in ("easy", "normal"):
            expected = make_player(level, seed=7).choose(game)
            for k in range(3):
                assert make_player(level, seed=7).choose(_scrambled(game, k)) == expected


def test_hard_never_peeks():
    """hard with a seed and an iteration budget is unaffected by the real hidden cards."""
    for preset in ("palace", "shithead"):
        for game in positions(Rules.preset(preset), 2, 12, seed=13, setup_share=0):
            expected = make_player("hard", seed=9, iterations=4).choose(game)
            for k in range(2):
                assert make_player("hard", seed=9, iterations=4).choose(_scrambled(game, k)) == expected


def test_hard_deterministic_for_seed_and_iterations():
    game = positions(Rules.preset("palace"), 3, 1, seed=17, setup_share=0)[0]
    a = [make_player("hard", seed=4, iterations=5).choose(game) for _ in range(2)]
    assert a[0] == a[1]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("preset", ["palace", "first-out"])
def test_setup_lays_twos_tens_and_high_cards_up(level, preset):
    rules = Rules.preset(preset)
    for seed in range(15):
        game = Game.deal(rules, ["A", "B", "C"], seed=seed)
        player = make_player(level, seed=seed, iterations=1)
        while game.phase == "setup":
            game.play(player.choose(game))
        for seat in game.seats:
            up = [keep_up_value(c.rank, rules) for c in seat.face_up]
            hand = [keep_up_value(c.rank, rules) for c in seat.hand]
            assert min(up) >= max(hand), (seat, game.seed)


def test_random_setup_swaps_nothing():
    game = Game.deal(Rules.preset("palace"), ["A", "B"], seed=2)
    assert make_player("random", seed=1).choose(game) == Move.ready()


def test_random_plays_all_copies_and_takes_only_when_stuck():
    rules = Rules.preset("palace")
    for game in positions(rules, 3, 80, seed=19, setup_share=0):
        if game.phase != "play":
            continue
        move = make_player("random", seed=2).choose(game)
        stage = game.stage()
        if move.kind == "play":
            source = game.seats[game.turn].hand if stage == "hand" else game.seats[game.turn].face_up
            assert len(move.cards) == sum(1 for c in source if c.rank == move.rank)
        elif move.kind == "take":
            assert not game.playable_ranks()
        else:
            assert stage == "face_down"


@pytest.mark.slow
def test_normal_leaves_the_rule_of_thumb_only_for_another_ordinary_rank():
    """normal's search picks among ordinary ranks; spending a two or ten, or taking the
    pile on purpose, stays the rule of thumb's call (that judgement is hard's)."""
    from palace_tui.ai.hard import NormalPlayer
    from palace_tui.ai.policy import NORMAL, normal_choice

    rules = Rules.preset("shithead")
    departures = 0
    for seed in range(12):
        game = Game.deal(rules, list("ABCD"), seed=seed)
        players = [NormalPlayer(seed=seed * 4 + k) for k in range(4)]
        while game.phase != "over" and game.moves < 1500:
            player = players[game.turn]
            if game.phase == "play":
                default = normal_choice(game, NORMAL)
                choice = player.decide(game)
                if choice != default:
                    departures += 1
                    assert choice[0] == "play" and choice[1] not in (2, 10), (choice, default)
            events = game.play(player.choose(game))
            for p in players:
                p.observe(events)
    assert departures > 0  # the search does change some decisions
