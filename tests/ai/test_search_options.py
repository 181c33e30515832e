"""hard's optional search settings: pruned candidates and inferred voids."""

from __future__ import annotations

import random
from collections import Counter

from palace_tui.ai import make_player
from palace_tui.ai.hard import _CanonicalShuffle, candidates, respect_voids
from palace_tui.ai.memory import Memory
from palace_tui.rules import Card, Game, Move, Rules
from palace_tui.rules.cards import TEN, TWO


def _game_with_takes(seed: int):
    """A four-seat game played by easy players until some seat took a pile of 3+ cards
    from its hand, with a memory that saw every event."""
    rules = Rules.preset("shithead")
    for k in range(40):
        game = Game.deal(rules, list("ABCD"), seed=seed + k)
        memory = Memory()
        easy = make_player("easy", seed=k)
        while game.phase != "over" and game.moves < 400:
            memory.observe(game.play(easy.choose(game)))
            if game.phase == "play" and memory.voids(game, game.turn):
                return game, memory
    raise AssertionError("no take seen")


def test_voids_come_from_takes_and_worlds_respect_them():
    game, memory = _game_with_takes(7)
    seat = game.turn
    voids = memory.voids(game, seat)
    known = memory.known_hands(game, seat)
    assert voids and seat not in voids
    for i, mask in voids.items():
        # Twos and tens go on anything: a seat that took a pile had none of them.
        assert mask >> TWO & 1 and mask >> TEN & 1
    rng = random.Random(1)
    for _ in range(20):
        world = game.determinize(seat, _CanonicalShuffle(rng), known)
        respect_voids(world, seat, known, voids, rng)
        assert Counter(world.all_cards()) == Counter(game.all_cards())
        for i, mask in voids.items():
            rest = Counter(world.seats[i].hand) - Counter(known.get(i, ()))
            assert world.seats[i].hand_count == game.seats[i].hand_count
            # Enough unseen cards of other ranks are left early in a game to respect every void.
            assert not [c for c in rest.elements() if mask >> c.rank & 1] or not world.stock


def test_pruned_candidates_keep_to_ordinary_ranks():
    rules = Rules.preset("palace")
    for seed in range(30):
        game = Game.deal(rules, list("ABC"), seed=seed)
        easy = make_player("easy", seed=seed)
        while game.phase == "setup":
            game.play(easy.choose(game))
        full, pruned = candidates(game), candidates(game, prune=True)
        assert set(pruned) <= set(full)
        ordinary = [c for c in full if c[0] == "play" and c[1] not in (TWO, TEN)]
        if ordinary:
            assert pruned == [c for c in ordinary if c[2] == 0]


def test_infer_player_plays_legal_moves():
    rules = Rules.preset("shithead")
    game = Game.deal(rules, list("ABCD"), seed=3)
    players = [make_player("hard", seed=i, iterations=3, infer=True, prune=True) for i in range(4)]
    while game.phase != "over" and game.moves < 400:
        move = players[game.turn].choose(game)
        assert game.is_legal(move)
        events = game.play(move)
        for p in players:
            p.observe(events)


def test_voids_from_plays_never_contradict_players_who_play_the_usual_way():
    # easy always plays every copy of its lowest rank that goes, and a two or ten only
    # when nothing else goes: the guessed voids must then hold for every real hand.
    rules = Rules.preset("shithead")
    checked = 0
    for seed in range(60):
        game = Game.deal(rules, list("ABCD"), seed=seed)
        memory = Memory()
        easy = make_player("easy", seed=seed)
        while game.phase != "over" and game.moves < 600:
            if game.phase == "play":
                known = memory.known_hands(game, game.turn)
                for i, mask in memory.voids(game, game.turn).items():
                    rest = Counter(game.seats[i].hand) - Counter(known.get(i, ()))
                    assert not [c for c in rest.elements() if mask >> c.rank & 1], (seed, i)
                    checked += 1
            memory.observe(game.play(easy.choose(game)))
    assert checked > 500


def test_a_play_says_which_lower_ranks_the_hand_lacked():
    rules = Rules.preset("shithead")
    game = Game.from_position(rules, [{"hand": ["4S", "9H", "JS"], "face_down": ["3C"]},
                                      {"hand": ["3H", "KD", "KH"], "face_down": ["3D"]}])
    memory = Memory()
    memory.observe(game.play(Move("play", (Card.parse("4S"),))))
    memory.observe(game.play(Move("play", (Card.parse("KD"), Card.parse("KH")))))  # kings over a 4
    mask = memory.voids(game, 0)[1]
    lacked = {r for r in range(2, 15) if mask >> r & 1}
    # Nothing from 4 to queen went instead, and no third king: a 3 does not go on a 4,
    # and a two or ten waits for a pile that needs one.
    assert lacked == {4, 5, 6, 7, 8, 9, 11, 12, 13}
