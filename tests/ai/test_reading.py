"""hard reads the table (palace_tui.ai.reading): the other seats' hands at their recent
decisions, rebuilt from the public events, and worlds kept by how well they explain them."""

from __future__ import annotations

import random
from collections.abc import Sequence

from palace_tui.ai.hard import HardPlayer, NormalPlayer
from palace_tui.ai.reading import OTHER_SLIP, RANK_SLIP, Reading
from palace_tui.ai.search import CanonicalShuffle
from palace_tui.rules import Card, Game, Move, Rules
from palace_tui.rules.fast import determinize

#: Cards that go on a king in palace: a king, an ace, a two or a ten.
GO_ON_KING = {13, 14, 2, 10}


def _table() -> Game:
    """Three seats, no stock. Ann (the reader) leads the king of clubs; Ben holds nothing
    that goes on it and takes; Cy leads his seven. One of the cards Ann cannot see, the two
    of clubs, goes on a king: about a world in four would have let Ben play it."""
    return Game.from_position(
        Rules.preset("palace"),
        seats=[
            {"name": "Ann", "hand": "KC 9D 5D", "face_up": "QS QD QC", "face_down": "2C 3C 4C"},
            {"name": "Ben", "hand": "3H 4H 5H 6H", "face_up": "AS AD AC", "face_down": "5S 6D 7D"},
            {"name": "Cy", "hand": "7C 8D", "face_up": "JS JD JC", "face_down": "8H 9H 4S"},
        ],
    )


def _play_round(reader: HardPlayer) -> tuple[Game, dict[int, list[Card]]]:
    """Play Ann's king, Ben's take and Cy's seven, the reader watching; each seat's real hand
    before its move."""
    game = _table()
    reader.choose(game)  # Ann's decision: the reader keeps this position
    before: dict[int, list[Card]] = {}
    for move in (Move.play("KC"), Move.take(), Move.play("7C")):
        before[game.turn] = game.seats[game.turn].hand
        events = game.play(move)
        reader.observe(events)
    return game, before


def _read_round() -> tuple[Game, dict[int, list[Card]], Reading, dict[int, Sequence[Card]]]:
    """The round played before a reading hard, then its reading at Ann's next decision:
    the game, each seat's real hand before its move, the reading and what Ann knows."""
    reader = HardPlayer(iterations=4, read_table=True)
    game, before = _play_round(reader)
    known = reader.memory.known_hands(game, 0)
    assert reader.reader is not None
    reading = reader.reader.read(game, 0, known)
    assert reading is not None
    return game, before, reading, known


def test_the_hands_at_the_other_seats_decisions_are_rebuilt_from_the_events():
    game, before, reading, _ = _read_round()
    assert game.turn == 0 and [c.code for c in game.pile] == ["7C"]
    assert [(d.seat, d.observed) for d in reading.decisions] == [(1, ("take", -1, 0)), (2, ("play", 7, 1))]
    for d in reading.decisions:
        # The hand then, from the real hand now and the public change: exactly the real hand then.
        assert sorted(d.hand_then(game.seats[d.seat].hand) or []) == sorted(before[d.seat])
        assert d.position.turn == d.seat and d.position.pile == ([Card.parse("KC")] if d.seat == 1 else [])


def test_a_seat_that_took_the_pile_is_dealt_nothing_that_would_have_gone():
    """Ben took the king rather than play: a world that gives him the two then explains that
    badly, and the worlds kept rule it out of his hand."""
    game, _, reading, known = _read_round()
    take = reading.decisions[0]

    def could_have_played(world: Game) -> bool:
        then = take.hand_then(world.seats[1].hand) or []
        return any(c.rank in GO_ON_KING for c in then)

    shuffle = CanonicalShuffle(random.Random(5))
    plain = [determinize(game, 0, shuffle, known) for _ in range(400)]
    assert 60 < sum(map(could_have_played, plain)) < 160  # 4 cards of Ben's 14 unseen: 2 worlds in 7
    assert all(take.slip(w) == (OTHER_SLIP if could_have_played(w) else 1.0) for w in plain)
    kept = [reading.deal(game, 0, shuffle, known)[0] for _ in range(200)]
    assert reading.kept > 190
    assert sum(map(could_have_played, kept)) <= 6  # 0.02 a world in about 60 such worlds dealt
    assert not could_have_played(game)  # the real world explains the take


def test_a_seat_that_led_its_seven_held_no_lower_ordinary_card():
    """Cy led the seven of clubs on an empty pile: the rule of thumb leads the lowest ordinary
    rank, every copy, so a world in which his hand then held a three to a six explains it
    less well (normal's own search leads another rank now and then: RANK_SLIP, not a rule),
    and one in which he held the other seven worse."""
    game, _, reading, known = _read_round()
    lead = reading.decisions[1]
    shuffle = CanonicalShuffle(random.Random(9))
    lower = 0
    for _ in range(200):
        world = determinize(game, 0, shuffle, known)
        then = lead.hand_then(world.seats[2].hand) or []
        held_lower = any(3 <= c.rank <= 6 for c in then)
        lower += held_lower
        # With the other seven he would have laid both (the seven of diamonds is unseen).
        pair = sum(c.rank == 7 for c in then) > 1
        assert lead.slip(world) == (RANK_SLIP if held_lower else OTHER_SLIP if pair else 1.0)
    assert 20 < lower < 180


def test_a_world_that_explains_every_move_is_always_kept():
    game, _, reading, known = _read_round()
    reading.calibrate([determinize(game, 0, CanonicalShuffle(random.Random(s)), known) for s in range(48)])
    assert reading.weight(game) >= 1.0


def test_reading_is_deterministic_and_sees_no_hidden_card():
    """The same history gives the same move and the same worlds, and so does the same
    history with the cards Ann cannot see dealt again (every one of them unseen, so the
    events are the same)."""
    results = []
    for redeal in (None, None, 3, 8):
        reader = HardPlayer(iterations=24, read_table=True)
        game, _ = _play_round(reader)
        if redeal is not None:
            game = determinize(game, 0, random.Random(redeal), reader.memory.known_hands(game, 0))
        move = reader.choose(game)
        reading = reader.last_stats["reading"]
        results.append((move, reader.last_stats["means"], reading.dealt, reading.kept))
    assert results[0][2] > 0
    assert results.count(results[0]) == len(results)


def test_the_switch_off_plays_as_today_and_the_stock_turns_the_reading_off():
    """Without read_table hard deals exactly as before; with it, while the stock lasts it reads
    nothing (hands then took cards nobody saw), so its moves are today's."""
    game = Game.deal(Rules.preset("palace"), ["A", "B", "C", "D"], seed=12)
    players = [HardPlayer(iterations=6), HardPlayer(iterations=6, read_table=True), HardPlayer(iterations=6)]
    table = [NormalPlayer(100 + i) for i in range(4)]
    compared = 0
    while game.phase != "over" and game.stock and game.moves < 400:
        if game.turn == 0 and game.phase == "play":
            moves = [p.choose(game) for p in players]
            assert moves[0] == moves[1] == moves[2]
            assert "reading" not in players[1].last_stats
            compared += 1
        events = game.play(table[game.turn].choose(game))
        for p in players:
            p.observe(events)
    assert compared >= 3
