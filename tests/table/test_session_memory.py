"""The app shows every move's public events to computer players that remember them."""

from __future__ import annotations

from palace_tui.rules import Rules
from palace_tui.table.session import SeatConfig, Session


class Spy:
    """Plays like easy and records what it is shown."""

    def __init__(self) -> None:
        from palace_tui.ai import make_player

        self.inner = make_player("easy", seed=1)
        self.seen: list = []

    def observe(self, events) -> None:
        self.seen.extend(events)

    def choose(self, game):
        return self.inner.choose(game)


def test_computer_players_observe_every_move():
    seats = [
        SeatConfig("Ann", human=False, level="normal"),
        SeatConfig("Ben", human=False, level="easy"),
        SeatConfig("Cy", human=False, level="normal"),
    ]
    session = Session.new(seats, Rules.preset("palace"), seed=4)
    spies = {}
    for seat in (0, 2):
        spies[seat] = Spy()
        session.computers.seat(session.game_id, seat, spies[seat])
    moves = 0
    while session.to_act is not None and moves < 80:
        session.computer_move()
        moves += 1
    everything = session.public_events()
    assert everything and len(everything) > 20
    for spy in spies.values():
        assert spy.seen == everything


def test_late_player_catches_up_and_memory_is_fed():
    seats = [SeatConfig("Ann", human=False, level="normal"), SeatConfig("Ben", human=False, level="normal")]
    session = Session.new(seats, Rules.preset("palace"), seed=2)
    for _ in range(30):
        if session.to_act is None:
            break
        session.computer_move()
    player = session.computer_player(0)
    assert hasattr(player, "observe")
    # Made or not before, the player has seen the game's public events so far.
    pile = [c.code for c in player.memory.pile]
    assert pile == [c.code for c in session.game.pile]
