"""Property tests: thousands of random games over every preset and every option value.

Each game is played by random players that take the pile only when they must
(palace_tui.ai.RandomPlayer); after every move every card is accounted for
(ruling 18) and the player to move has a legal move. At sampled moves every legal
move is tried on a copy, a play of every rank and count held is checked against
legal_moves, illegal candidates are refused without change, views are checked for
leaks, and the game survives a JSON round trip that then plays on to the same end.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from palace_tui.ai import RandomPlayer
from palace_tui.rules import OPTIONS, PRESETS, Card, Game, IllegalMove, Move, Rules
from tests.helpers.rules import assert_view_hides

#: Property runs over thousands of random games: the slow tier.
pytestmark = pytest.mark.slow

MOVE_CAP = 4_000  # generous: a random game takes a few hundred moves
#: Moves watched, once the cap is reached, for the position to come round again.
LOOP_WATCH = 400
NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"]


def rule_sets():
    """Every preset, and every preset with each single option value changed (when valid)."""
    out = []
    for preset in PRESETS:
        base = Rules.preset(preset)
        out.append(pytest.param(base, id=f"{preset}"))
        for name, values in OPTIONS.items():
            for value in values:
                if getattr(base, name) == value:
                    continue
                try:
                    rules = base.replace(**{name: value})
                except ValueError:
                    continue
                out.append(pytest.param(rules, id=f"{preset}-{name}={value}"))
    return out


def setup_randomly(game: Game, rng: random.Random) -> None:
    """Random setup moves: swaps, then ready; or a random choose."""
    while game.phase == "setup":
        moves = game.legal_moves()
        assert moves
        if game.rules.deal == "swap" and rng.random() < 0.6:
            move = Move.ready()
        else:
            move = rng.choice(moves)
        assert move in moves
        game.play(move)


def deck_bag(game: Game) -> dict[Card, int]:
    """Each card and how many of it are in the game (a plain dict: a Counter compares in Python,
    and this is compared after every move of thousands of games)."""
    return dict(Counter(game.all_cards()))


def check_invariants(game: Game, deck: dict[Card, int]) -> None:
    # ruling 18: every card is accounted for, each once
    assert deck_bag(game) == deck
    n = len(game.seats)
    if game.phase == "over":
        out = game.outcome()
        assert out is not None and not out.abandoned
        if game.rules.finish == "first-out":
            assert len(out.order) == 1 and out.loser is None
        else:
            assert sorted(out.order) == list(range(n)) and out.loser == out.order[-1]
            # the loser is the only one holding cards
            holding = [i for i, s in enumerate(game.seats) if s.hand or s.face_up or s.face_down]
            assert holding == [out.loser]
        assert out.winner == out.order[0]
        for seat in out.order[:-1] if game.rules.finish == "last-loses" else out.order:
            s = game.seats[seat]
            assert not (s.hand or s.face_up or s.face_down)
        scoring = game.rules.scoring
        if scoring == "podium":
            want = [0] * n
            for place, seat in enumerate(out.order[:3]):
                want[seat] = 3 - place
        elif scoring == "losses":
            want = [1 if i == out.loser else 0 for i in range(n)]
        else:
            want = [1 if i == out.winner else 0 for i in range(n)]
        assert list(out.points) == want
        assert game.legal_moves() == []
        return
    assert game.outcome() is None
    assert game.direction in (1, -1)
    me = game.seats[game.turn]
    assert not me.out
    for s in game.seats:  # out means no cards; still in means some
        hand = s.hand
        assert s.out == (not (hand or s.face_up or s.face_down))
        # a rank's cards stay in suit order as they come and go (the hand is never sorted when read)
        assert all(a.suit <= b.suit for a, b in pairwise(hand) if a.rank == b.rank)
    # a clearing card (the ten) clears at once and a burn (four of a kind) clears: neither rests on the pile
    clearing = clearing_ranks(game.rules)
    assert not any(c.rank in clearing for c in game.pile)
    burn = game.rules.burn
    top = [c.rank for c in game.pile[-burn:]]
    assert not (len(top) == burn and len(set(top)) == 1 and top[0] != 15)
    # the player to move always has a legal move
    assert game.legal_moves()


@functools.cache
def clearing_ranks(rules: Rules) -> frozenset[int]:
    """The ranks whose power clears the pile (read once per rule set: checked after every move)."""
    return frozenset(r for r in range(2, 16) if rules.power(r).clears)


def deep_check(game: Game, rng: random.Random, one_pack: bool) -> None:
    """Every legal move is accepted (on copies); a play of each rank and count held is accepted
    exactly when listed; illegal tries change nothing (a refused copy still equals the game:
    ``Game.__eq__`` compares everything a save holds, without writing 100,000 saves a run)."""
    before = game.to_json()
    moves = game.legal_moves()
    for move in moves:
        c = game.copy()
        c.play(move)
        assert c.moves == game.moves + 1
    assert game.to_json() == before
    plays = Counter()
    for m in moves:
        if m.kind == "play":
            r = m.cards[0].rank
            assert all(x.rank == r for x in m.cards)
            plays[r] = max(plays[r], len(m.cards))
    # each play listed once per rank and count
    shapes = [(m.kind, m.cards[0].rank, len(m.cards)) for m in moves if m.kind == "play"]
    assert len(shapes) == len(set(shapes))
    assert sorted(plays) == sorted(game.playable_ranks())
    s = game.seats[game.turn]
    stage = game.stage()
    source = s.hand if stage == "hand" else s.face_up if stage == "face_up" else []
    held = Counter(c.rank for c in source)
    for rank, count in held.items():
        of_rank = [c for c in source if c.rank == rank]
        for k in range(1, count + 1):
            c = game.copy()
            if plays.get(rank, 0) >= k:
                c.play(Move.play(of_rank[:k]))
                assert (rank, k) in {(m.cards[0].rank, len(m.cards)) for m in moves if m.kind == "play"}
            else:
                with pytest.raises(IllegalMove) as info:
                    c.play(Move.play(of_rank[:k]))
                assert c == game
                assert str(info.value).strip()
    # a move that is not listed is refused and changes nothing
    if stage == "face_down":
        assert {m.kind for m in moves} == {"flip"} and len(moves) == len(s.face_down)
        for bad in (Move.take(), Move.play(s.face_down[0].code), Move.flip(len(s.face_down))):
            c = game.copy()
            with pytest.raises(IllegalMove):
                c.play(bad)
            assert c == game
    else:
        if not any(m.kind == "take" and m.adding is None for m in moves):
            c = game.copy()
            with pytest.raises(IllegalMove):
                c.play(Move.take())
            assert c == game
        c = game.copy()
        with pytest.raises(IllegalMove):
            c.play(Move.flip(0))
        assert c == game
    if one_pack:
        for seat in range(len(game.seats)):
            assert_view_hides(game, seat)


def run_game(rules: Rules, n: int, seed: int, deep_every: int = 9) -> Game:
    rng = random.Random(seed * 7919 + n)
    game = Game.deal(rules, NAMES[:n], seed=seed, dealer=seed % n)
    deck = deck_bag(game)
    assert sum(deck.values()) == rules.packs * (54 if rules.jokers else 52)
    setup_randomly(game, rng)
    assert deck_bag(game) == deck
    one_pack = rules.packs == 1
    player = RandomPlayer(seed)
    json_at = rng.randrange(1, 120)
    steps = 0
    while game.phase != "over":
        check_invariants(game, deck)
        if steps % deep_every == 0:
            deep_check(game, rng, one_pack)
        if steps == json_at:
            back = Game.from_json(game.to_json())
            assert back == game
            # continuing both with the same moves gives the same game
            twin = RandomPlayer(0)
            twin.rng.setstate(player.rng.getstate())
            for _ in range(MOVE_CAP):
                if back.phase == "over":
                    break
                back.play(twin.choose(back))
                burn_in(back)
            json_twin = back
        move = player.choose(game)
        game.play(move)
        burn_in(game, check=steps % deep_every == 0)
        steps += 1
        if steps >= MOVE_CAP:
            assert_goes_round(game, player)
            return game
    check_invariants(game, deck)
    if json_at < steps:
        assert json_twin == game
    return game


def burn_in(game: Game, check: bool = False) -> None:
    """burn_in: the first seat in turn order that holds the missing cards claims them (with
    ``check``, every false claim is first refused without a change)."""
    window = game.burn_in_open()
    if window is None:
        return
    n = len(game.seats)
    for k in range(n):
        seat = (game.turn + k * game.direction) % n
        s = game.seats[seat]
        can = seat != game.pile_owner and not s.out and s.count_in_hand(window.rank) >= window.missing
        if can:
            game.burn_in(seat)
            return
        if check:
            before = game.to_json()
            with pytest.raises(IllegalMove):
                game.burn_in(seat)
            assert game.to_json() == before


def assert_goes_round(game: Game, player: RandomPlayer) -> None:
    """A game past the cap must be one the rules let go round for ever (RULES.md has no
    stalemate rule; the lab counts these as stalemates), not one the engine stopped moving:
    within a few hundred more moves the same position, turn included, comes back."""
    seen = set()
    for _ in range(LOOP_WATCH):
        # The position code without the running counts of moves and pickups.
        code = " ".join(f for f in game.code().split() if not f.startswith(("moves=", "pickups=")))
        if code in seen:
            return
        seen.add(code)
        game.play(player.choose(game))
        burn_in(game)
        assert game.phase != "over", "a game past the move cap ended: raise MOVE_CAP"
    raise AssertionError(f"a random game did not end in {MOVE_CAP} moves and its position does not repeat")


PLAYER_COUNTS = range(2, 7)


@pytest.mark.parametrize("rules", rule_sets())
def test_random_games(rules):
    for n in PLAYER_COUNTS:
        if n > rules.max_players:
            continue
        for k in range(5):
            # the first games check deeply at many moves, the rest at a few
            run_game(rules, n, seed=1000 * n + k, deep_every=9 if k < 2 else 60)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_many_quick_games_per_preset(preset):
    """Hundreds more games with only the per-move checks and rare deep checks."""
    rules = Rules.preset(preset)
    for seed in range(250):
        n = 2 + seed % (min(6, rules.max_players) - 1)
        run_game(rules, n, seed=seed, deep_every=97)


def valid_rules():
    return st.fixed_dictionaries({name: st.sampled_from(values) for name, values in OPTIONS.items()})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=valid_rules(), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_games_under_any_combination_of_options(options, seed, data):
    try:
        rules = Rules(**options)
    except ValueError as exc:
        # only the combinations RULES.md and docs/house_rules.md call meaningless are refused
        assert meaningless(options), exc
        return
    n = data.draw(st.integers(2, min(6, rules.max_players)))
    run_game(rules, n, seed=seed, deep_every=13)


def meaningless(options: dict) -> bool:
    """The combinations the rules refuse: no loser to score or deal under first-out; a burn of more
    cards than the packs hold of a rank; skips=each with no skip rank; low_binds_ten with no low
    rank or a ten that does not clear."""
    powers = [options[name] for name in RANK_NAMES]
    return (
        (
            options["finish"] == "first-out"
            and (options["scoring"] in ("podium", "losses") or options["next_dealer"] == "loser")
        )
        or options["burn"] > 4 * options["packs"]
        or (options["skips"] == "each" and "skip" not in powers)
        or (options["low_binds_ten"] and ("low" not in powers or options["ten"] not in ("anything", "not-on-picture")))
    )


RANK_NAMES = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")


def house_rules():
    """A preset with any power on any rank and any table options (the refused combinations left out)."""
    table = {name: st.sampled_from(OPTIONS[name]) for name in ("skips", "low_binds_ten", "must_play", "play_drawn")}
    table |= {name: st.sampled_from(OPTIONS[name]) for name in ("chance", "burn", "burn_in", "packs", "jokers")}
    return st.fixed_dictionaries(
        {"preset": st.sampled_from(list(PRESETS))},
        optional={name: st.sampled_from(OPTIONS[name]) for name in RANK_NAMES} | table,
    )


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=house_rules(), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_games_under_any_house_rules(spec, seed, data):
    """Card conservation, no refused legal move, no hidden card in a view, a JSON round trip,
    and every game ends or goes round for ever: under any powers and table options."""
    preset = spec.pop("preset")
    options = Rules.preset(preset).as_dict() | spec
    assume(not meaningless(options))
    rules = Rules(**options)
    n = data.draw(st.integers(2, min(6, rules.max_players)))
    run_game(rules, n, seed=seed, deep_every=11)


def test_every_game_is_deterministic_for_its_seed():
    for rules in (Rules.preset("palace"), Rules.preset("first-out").replace(jokers=True, seven="low")):
        a = run_game(rules, 4, seed=77)
        b = run_game(rules, 4, seed=77)
        assert a == b and a.to_json() == b.to_json()
        c = Game.deal(rules, NAMES[:4], seed=78, dealer=77 % 4)
        assert c != Game.deal(rules, NAMES[:4], seed=77, dealer=77 % 4)


def test_copy_is_independent_at_random_points():
    rules = Rules.preset("palace").replace(eight="reverse", jokers=True)
    for seed in range(20):
        game = Game.deal(rules, NAMES[:4], seed=seed)
        setup_randomly(game, random.Random(seed))
        p = RandomPlayer(seed)
        for _ in range(random.Random(seed).randrange(0, 80)):
            if game.phase == "over":
                break
            game.play(p.choose(game))
        before = game.to_json()
        c = game.copy()
        q = RandomPlayer(seed + 1)
        for _ in range(30):
            if c.phase == "over":
                break
            c.play(q.choose(c))
        assert game.to_json() == before
        if game.phase != "over":
            # and the original still plays on by itself
            game.play(p.choose(game))
