"""The table's computer players: one per game and seat, caught up on the game when made."""

from __future__ import annotations

from palace_tui.ai import RandomPlayer
from palace_tui.rules import Event, Game, Move
from palace_tui.table.computers import Computers


class Spy:
    """Records what it is shown; has a memory that can be reset."""

    def __init__(self) -> None:
        self.seen: list[Event] = []
        self.memory = self

    def reset(self) -> None:
        self.seen.clear()

    def observe(self, events: list[Event]) -> None:
        self.seen.extend(events)

    def choose(self, game: Game) -> Move:
        return game.legal_moves()[0]


def test_one_player_per_game_and_seat_and_an_unknown_level_plays_random():
    computers = Computers()
    a = computers.player("t-1", 1, "no-such-level", seed=3, so_far=None)
    assert isinstance(a, RandomPlayer)
    assert computers.player("t-1", 1, "easy", seed=4, so_far=[]) is a
    b = computers.player("t-2", 1, "easy", seed=4, so_far=[])
    assert b is not a and computers.of_game("t-1") == [a] and computers.of_game("t-2") == [b]


def test_players_that_remember_see_every_event_and_start_again_after_a_take_back():
    computers = Computers()
    spy, other = Spy(), Spy()
    computers.seat("t-1", 0, spy)
    computers.seat("t-2", 0, other)
    first, second = Event("played", 1), Event("took", 1, (), 2)
    computers.observe("t-1", [first, second])
    assert spy.seen == [first, second] and other.seen == []
    computers.restart("t-1", [first])
    assert spy.seen == [first]
    computers.restart("t-1", None)  # the oldest events were dropped: nothing to catch up on
    assert spy.seen == []
