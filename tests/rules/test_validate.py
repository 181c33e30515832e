"""The loaders refuse positions no game could reach, with a ValueError that says what is wrong.

A property test feeds ``saving.from_dict`` / ``Game.from_json`` saves of real games
with one field mutated to hostile values: the only acceptable outcomes are a game
that plays on by the rules, or a ValueError.
"""

from __future__ import annotations

import contextlib
import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from palace_tui.rules import Game, IllegalMove, Rules
from palace_tui.rules.saving import from_dict, to_dict
from palace_tui.rules.validate import InvalidPosition
from palace_tui.table.session import SeatConfig, Session


def _game_at(seed: int, moves: int, preset: str = "palace") -> Game:
    game = Game.deal(Rules.preset(preset), ["Ann", "Ben", "Cy"], seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(rng.choice(legal))
    return game


HOSTILE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.sampled_from(["7H 7H", "JK", "AS KS QS JS", "10H", "setup", "play", "over", "ZZ"]),
    st.lists(st.integers(-3, 5), max_size=5),
    st.lists(st.booleans(), max_size=5),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


def _paths(data: dict) -> list[tuple]:
    out: list[tuple] = [(k,) for k in data if k != "format"]
    for i, seat in enumerate(data["seats"]):
        out += [("seats", i, k) for k in seat]
    out += [("rules", k) for k in data["rules"]]
    return out


def _set(data: dict, path: tuple, value) -> None:
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is _DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value


_DELETE = object()


def _plays_on(game: Game) -> None:
    """A game the loader accepted must play by the rules to its end, every card kept."""
    count = len(game.all_cards())
    rng = random.Random(1)
    for _ in range(3000):
        legal = game.legal_moves()
        if game.phase == "over":
            return
        assert legal, "an accepted game always has a move for the seat to act"
        game.play(rng.choice(legal))
        assert len(game.all_cards()) == count


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 50),
    moves=st.integers(0, 80),
    pick=st.integers(0, 10_000),
    value=st.one_of(HOSTILE, st.just(_DELETE)),
)
def test_mutated_saves_load_as_a_valid_game_or_raise_value_error(seed, moves, pick, value):
    data = to_dict(_game_at(seed, moves))
    paths = _paths(data)
    mutated = copy.deepcopy(data)
    _set(mutated, paths[pick % len(paths)], value)
    try:
        game = from_dict(mutated)
    except ValueError as err:
        assert str(err), "a refusal says what is wrong"
        return
    _plays_on(game)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 30), moves=st.integers(0, 60), where=st.integers(0, 10**6), byte=st.integers(0, 255))
def test_corrupted_json_text_loads_as_a_valid_game_or_raises_value_error(seed, moves, where, byte):
    text = bytearray(_game_at(seed, moves).to_json().encode())
    text[where % len(text)] = byte
    try:
        game = Game.from_json(text.decode("utf-8", errors="replace"))
    except ValueError:
        return
    _plays_on(game)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 30), moves=st.integers(1, 60), a=st.integers(0, 100), b=st.integers(0, 100))
def test_a_card_moved_duplicated_or_dropped_is_refused(seed, moves, a, b):
    data = to_dict(_game_at(seed, moves))
    zones = [("seats", i, z) for i in range(3) for z in ("hand", "face_up", "face_down")] + [
        ("pile",),
        ("stock",),
        ("cleared",),
    ]
    filled = [z for z in zones if _get(data, z)]
    src = filled[a % len(filled)]
    cards = _get(data, src).split()
    card = cards[b % len(cards)]
    dup = copy.deepcopy(data)
    _set(dup, src, " ".join(cards + [card]))
    with pytest.raises(ValueError, match="do not make up the deck"):
        from_dict(dup)
    drop = copy.deepcopy(data)
    _set(drop, src, " ".join(c for i, c in enumerate(cards) if i != b % len(cards)))
    with pytest.raises(ValueError, match="missing"):
        from_dict(drop)


def _get(data, path):
    for key in path:
        data = data[key]
    return data


@pytest.mark.parametrize(
    "change, says",
    [
        (lambda d: d.update(direction=0), "direction 0 is not 1 or -1"),
        (lambda d: d.update(turn=7), "turn 7 is not a seat"),
        (lambda d: d.update(turn=True), "turn True is not a seat"),
        (lambda d: d.update(setup_done="yes"), "setup_done"),
        (lambda d: d.update(moves=float("inf")), "count of moves"),
        (lambda d: d.update(phase="won"), "phase 'won'"),
        (lambda d: d.update(order=[0, 0]), "order"),
        (lambda d: d["seats"][0].update(hand=7), "hand cards are missing"),
        (lambda d: d["rules"].update(packs="2"), "rule 'packs'"),
        (lambda d: d["rules"].update(jokers=1), "rule 'jokers'"),
        (lambda d: d.update(version=10**5000 if False else 99), "newer palace-tui"),
        (lambda d: d.update(seats=d["seats"][:1]), "seats"),
    ],
)
def test_impossible_fields_are_refused_with_a_sentence(change, says):
    data = to_dict(_game_at(3, 30))
    change(data)
    with pytest.raises(InvalidPosition, match=says):
        from_dict(data)


def test_a_finished_seat_that_keeps_playing_is_refused():
    game = _game_at(5, 0)
    data = to_dict(game)
    data.update(phase="play", order=[0], setup_done=[True] * 3)
    data["seats"][0]["place"] = 1
    with pytest.raises(InvalidPosition, match="went out but still holds cards"):
        from_dict(data)


def test_a_tampered_finished_game_is_not_a_result():
    data = to_dict(_game_at(5, 40))
    data.update(phase="over", order=[0, 1, 2], setup_done=[True] * 3)
    for i, seat in enumerate(data["seats"]):
        seat["place"] = i + 1
    with pytest.raises(InvalidPosition, match="went out but still holds cards"):
        from_dict(data)


def test_from_position_refuses_a_bad_turn_type_and_an_out_seat_to_play():
    rules = Rules.preset("palace")
    with pytest.raises(InvalidPosition, match="turn must be a seat number"):
        Game.from_position(rules, [{"hand": "3C"}, {"hand": "4C"}], turn="0")
    with pytest.raises(InvalidPosition, match="dealer"):
        Game.from_position(rules, [{"hand": "3C"}, {"hand": "4C"}], dealer=9)
    with pytest.raises(ValueError):
        Game.from_position(rules, [{"hand": "3C"}, {"hand": "4C"}], direction=0)


def test_every_refusal_is_a_value_error_not_a_crash():
    hostile = [
        "",
        "[]",
        "null",
        "1e400",
        "[" * 5000,
        '{"format": "palace-tui-game", "version": 1}',
        '{"format": "palace-tui-game", "version": 1, "rules": [], "seats": {}}',
        "9" * 5000,
    ]
    for text in hostile:
        with pytest.raises(ValueError):
            Game.from_json(text)


# ------------------------------------------------------------------ sessions


def _session_data() -> dict:
    s = Session.new(
        [SeatConfig("Ann"), SeatConfig("Ben"), SeatConfig("Cy", human=False)], Rules.preset("palace"), seed=4
    )
    for _ in range(12):
        s.apply(s.game.legal_moves()[0])
    return s.to_dict()


@pytest.mark.parametrize(
    "change, says",
    [
        (lambda d: d.update(viewer=9), "not a seat"),
        (lambda d: d.update(viewer="0"), "viewer"),
        (lambda d: d["events"].__setitem__(0, [0, "played", 99, "", 0, ""]), "names seat 99"),
        (lambda d: d["events"].__setitem__(0, [0, "bogus", 0, "", 0, ""]), "no known kind"),
        (lambda d: d["events"].__setitem__(0, [0, "played", 0, "", float("inf"), ""]), "damaged"),
        (lambda d: d["events"].__setitem__(0, "x"), "six values"),
        (lambda d: d.update(seats="x"), "seats"),
        (lambda d: d["seats"][0].update(human="no"), "human"),
        (lambda d: d.update(game_number=10**20), "game number"),
        (
            lambda d: d["game"].update(
                full_deck=False, stock=d["game"]["seats"][0]["hand"].split()[0] + " " + d["game"]["stock"]
            ),
            "is there 2 times",
        ),
        (lambda d: d["game"].update(setup_done=7), "setup_done"),
    ],
)
def test_damaged_sessions_are_refused_with_a_value_error(change, says):
    data = json.loads(json.dumps(_session_data()))
    change(data)
    with pytest.raises(ValueError, match=says):
        Session.from_dict(data)


def test_a_clean_session_still_loads():
    data = _session_data()
    assert Session.from_dict(data).to_dict()["game"] == data["game"]


def test_an_illegal_move_still_changes_nothing_after_loading():
    game = Game.from_json(_game_at(2, 20).to_json())
    before = game.to_json()
    for move in game.legal_moves():
        copy_ = game.copy()
        copy_.play(move)
    with contextlib.suppress(IllegalMove):
        game.play(type(game.legal_moves()[0])("flip", (), None, 99))
    assert game.to_json() == before or game.phase != "play"


def _session_paths(data: dict) -> list[tuple]:
    out: list[tuple] = [(k,) for k in data if k not in ("format", "game")]
    out += [("seats", i, k) for i, seat in enumerate(data["seats"]) for k in seat]
    out += [("events", i, j) for i in range(min(3, len(data["events"]))) for j in range(6)]
    return out


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pick=st.integers(0, 10_000), value=st.one_of(HOSTILE, st.just(_DELETE)))
def test_mutated_sessions_load_as_a_valid_session_or_raise_value_error(pick, value):
    data = json.loads(json.dumps(_session_data()))
    paths = _session_paths(data)
    _set(data, paths[pick % len(paths)], value)
    try:
        session = Session.from_dict(data)
    except ValueError:
        return
    # An accepted session can be shown and played: names, log and recap all read.
    assert all(isinstance(n, str) for n in session.names)
    assert session.viewer is None or 0 <= session.viewer < len(session.seats)
    Session.from_dict(session.to_dict())
    _plays_on(session.game)


@pytest.mark.parametrize(
    "rules,seats,pile,says",
    [
        (Rules(), [{"hand": "7H"}, {"hand": "7H"}], "", "7H is there 2 times but 1 pack holds only one"),
        (Rules(packs=2), [{"hand": "7H 7H"}, {"hand": "9C"}], "7H", "7H is there 3 times but 2 packs hold at most 2"),
        (
            Rules(jokers=True),
            [{"hand": "JK JK"}, {"hand": "9C"}],
            "JK",
            "JK is there 3 times but 1 pack holds at most 2",
        ),
    ],
)
def test_a_hand_built_position_may_not_hold_more_copies_than_the_packs(rules, seats, pile, says):
    with pytest.raises(InvalidPosition, match=says):
        Game.from_position(rules, seats=seats, pile=pile)
    data = to_dict(Game.from_position(rules, seats=[{"hand": "4S"}, {"hand": "5S"}]))
    data["stock"] = " ".join(s["hand"] for s in seats) + (" " + pile if pile else "")
    with pytest.raises(InvalidPosition, match="damaged: " + says):  # a save with its deck check off
        from_dict(data)
    Game.from_position(rules.replace(packs=3), seats=seats, pile=pile)  # three packs hold them all
