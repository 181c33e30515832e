"""Shared helpers for the rules tests (a uniquely named module, imported by path)."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from palace_tui.rules import Card, Game, IllegalMove, Move, Rules
from palace_tui.rules.saving import from_dict, to_dict

C = Card.parse


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def codes(cs) -> list[str]:
    return [c.code for c in cs]


def bag(cs) -> Counter:
    return Counter(c.code if isinstance(c, Card) else Card.parse(c).code for c in cs)


def pos(rules: Rules | None = None, seats=None, **kw) -> Game:
    """A play-phase position; ``seats`` may be a list of (hand, face_up, face_down) tuples or dicts."""
    rules = rules or Rules.preset("palace")
    specs = []
    for i, s in enumerate(seats):
        if isinstance(s, dict):
            spec = {"name": f"P{i}", **s}
        else:
            hand, up, down = (list(s) + ["", "", ""])[:3]
            spec = {"name": f"P{i}", "hand": hand, "face_up": up, "face_down": down}
        specs.append(spec)
    return Game.from_position(rules, seats=specs, **kw)


def spare(count: int, *used: str, ranks: str = "56789") -> str:
    """``count`` cards of ``ranks`` that none of the ``used`` card texts holds (one pack).

    Positions built by hand may not hold a card twice, so a filler row (face-down
    cards that never decide a test) is taken from the cards left over.
    """
    taken = bag(" ".join(used).split())
    free = [r + s for r in ranks for s in "CDHS" if not taken[Card.parse(r + s).code]]
    assert len(free) >= count, "not enough spare cards"
    return " ".join(free[:count])


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def refused(game: Game, move: Move, *fragments: str) -> str:
    """Assert that ``move`` is refused, that the game did not change, and the message holds fragments."""
    before = game.to_json()
    turn = game.turn
    with pytest.raises(IllegalMove) as info:
        game.play(move)
    assert game.to_json() == before, "a refused move changed the game"
    assert game.turn == turn
    msg = str(info.value)
    for f in fragments:
        assert f in msg, f"{f!r} not in {msg!r}"
    assert msg[:1].isupper() and msg.rstrip().endswith("."), msg
    return msg


def hand(game: Game, seat: int) -> list[str]:
    return sorted(codes(game.seats[seat].hand))


def setup_position(rules: Rules, seats, dealer: int = 0, stock: str = "") -> Game:
    """A game in the setup phase with chosen cards: deal one, then replace the cards.

    ``seats`` is a list of (hand, face_up, face_down) strings. Built through the
    public save format, which must be able to hold any setup position.
    """
    names = [f"P{i}" for i in range(len(seats))]
    game = Game.deal(rules, names, seed=1, dealer=dealer)
    data = to_dict(game)
    for spec, (h, u, d) in zip(data["seats"], seats):
        spec["hand"], spec["face_up"], spec["face_down"] = h, u, d
    data["stock"] = stock
    data["full_deck"] = False  # chosen cards need not make up the deck
    return from_dict(data)


def finish_setup(game: Game) -> list:
    """Every seat says ready (deal=swap)."""
    events = []
    while game.phase == "setup":
        events += game.play(Move.ready())
    return events


#: Each dataclass's field names, read once (``dataclasses.fields`` is slow, and views are walked by the 100,000).
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def cards_in(obj):
    """Every Card object reachable from a view (dataclasses, tuples, lists, sets, dicts, moves)."""
    if isinstance(obj, Card):
        return [obj]
    if isinstance(obj, (list, tuple, set, frozenset)):  # most often a row of cards: no call per card
        out = []
        for v in obj:
            if isinstance(v, Card):
                out.append(v)
            else:
                out += cards_in(v)
        return out
    if isinstance(obj, (str, int, float, bool, type(None))):
        return []
    if isinstance(obj, Move):
        return list(obj.cards) + ([obj.adding] if obj.adding else [])
    kind = type(obj)
    names = _FIELD_NAMES.get(kind)
    if names is None and dataclasses.is_dataclass(obj):
        names = _FIELD_NAMES[kind] = tuple(f.name for f in dataclasses.fields(obj))
    if names is not None:
        out = []
        for name in names:
            out += cards_in(getattr(obj, name))
        return out
    if isinstance(obj, dict):
        out = []
        for k, v in obj.items():
            out += cards_in(k) + cards_in(v)
        return out
    return []


def assert_view_hides(game, seat):
    """One pack: every card is unique, so identity of card values says where it came from."""
    v = game.view(seat)
    every = Counter(game.all_cards())
    seen = {c for c in cards_in(v) if every[c] == 1}  # jokers come in pairs: not traceable
    assert list(v.hand) == game.seats[seat].hand
    for i, s in enumerate(game.seats):
        assert not seen & set(s.face_down), f"seat {seat} sees a face-down card of seat {i}"
        if i != seat:
            assert not seen & set(s.hand), f"seat {seat} sees seat {i}'s hand"
        o = v.seats[i]
        assert o.hand_count == len(s.hand) and o.face_down_count == len(s.face_down)
        assert list(o.face_up) == s.face_up
    assert not seen & set(game.stock)
    text = f" {v.observation_string()} ".replace(",", " ").replace("\n", " ")
    for i, s in enumerate(game.seats):
        hidden = list(s.face_down) + (list(s.hand) if i != seat else [])
        for c in hidden:
            if every[c] > 1:
                continue
            assert f" {c} " not in text, c
