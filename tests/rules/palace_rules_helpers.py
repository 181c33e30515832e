"""Shared helpers for the rules tests (a uniquely named module, imported by path)."""

from __future__ import annotations

from collections import Counter

import pytest

from palace_tui.rules import Card, Game, IllegalMove, Move, Rules

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
    data = game.to_dict()
    for spec, (h, u, d) in zip(data["seats"], seats):
        spec["hand"], spec["face_up"], spec["face_down"] = h, u, d
    data["stock"] = stock
    data["full_deck"] = False  # chosen cards need not make up the deck
    return Game.from_dict(data)


def finish_setup(game: Game) -> list:
    """Every seat says ready (deal=swap)."""
    events = []
    while game.phase == "setup":
        events += game.play(Move.ready())
    return events
