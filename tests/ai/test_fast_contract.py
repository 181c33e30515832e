"""The engine's fast contract (palace_tui.rules.fast) agrees with the public API and
the fast path plays exactly as Game.play does."""

from __future__ import annotations

import random
from collections import Counter

from palace_tui.ai.policy import choice_to_move, normal_choice
from palace_tui.rules import Game, Rules, fast
from palace_tui.rules.cards import JOKER
from palace_tui.rules.saving import to_dict
from palace_tui.rules.text import top_run
from tests.helpers.ai import positions


def test_masks_and_counts_match_the_public_api():
    for preset in ("palace", "shithead"):
        for game in positions(Rules.preset(preset), 4, 20, seed=5, setup_share=0):
            for s in game.seats:
                by_rank = fast.hand_by_rank(s)
                assert sorted(c for b in by_rank for c in b) == sorted(s.hand)
                assert fast.hand_mask(s) == sum(1 << r for r in range(JOKER + 1) if s.count_in_hand(r))
                assert fast.face_up_mask(s) == sum({1 << c.rank for c in s.face_up})
            eff, run_rank, run_len = fast.pile_state(game)
            assert eff == game.requirement()
            if game.pile and game.pile[-1].rank != JOKER:
                assert (run_rank, run_len) == top_run(game.pile)
            assert fast.rule_tables(game).allowed[eff] == game.allowed_mask()


def test_apply_plays_as_play_does():
    rules = Rules.preset("shithead")
    for seed in range(6):
        game = Game.deal(rules, list("ABC"), seed=seed)
        while game.phase == "setup":
            game.play(game.legal_moves()[-1])
        quiet = game.copy()
        while game.phase == "play" and game.moves < 500:
            choice = normal_choice(game)
            game.play(choice_to_move(game, choice))
            fast.apply(quiet, choice)
            assert to_dict(quiet) == to_dict(game)


def test_determinize_keeps_what_the_seat_sees():
    for game in positions(Rules.preset("palace"), 3, 15, seed=9, setup_share=0):
        seat = game.turn
        world = fast.determinize(game, seat, random.Random(2))
        assert Counter(world.all_cards()) == Counter(game.all_cards())
        assert world.view(seat).hand == game.view(seat).hand
        assert [s.face_up for s in world.seats] == [s.face_up for s in game.seats]
        assert [len(s.face_down) for s in world.seats] == [len(s.face_down) for s in game.seats]
        assert [s.hand_count for s in world.seats] == [s.hand_count for s in game.seats]
        assert world.pile == game.pile and len(world.stock) == len(game.stock)


def test_play_out_is_apply_in_a_loop():
    from palace_tui.ai.search import canonical_shuffle

    for game in positions(Rules.preset("shithead"), 4, 12, seed=19, setup_share=0):
        world = fast.determinize(game, game.turn, canonical_shuffle(4))
        a, b = world.copy(), world.copy()
        fast.play_out(a, normal_choice, 600)
        while b.phase == "play" and b.moves < world.moves + 600:
            fast.apply(b, normal_choice(b))
        assert to_dict(a) == to_dict(b)
