"""The computer players at a table: made on first use, one per game and seat, kept while the app runs.

A player that remembers (one with ``observe``) is shown every public event of its
game; one made mid-game, or after a take-back, starts from the game's events so far.

>>> from palace_tui.rules import Game, Rules
>>> computers = Computers()
>>> game = Game.deal(Rules.preset("palace"), ["Ann", "Ben"], seed=1)
>>> player = computers.player("t-1", 1, "easy", seed=9, so_far=[])
>>> computers.player("t-1", 1, "easy", seed=9, so_far=[]) is player
True
>>> game.is_legal(player.choose(game))
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from palace_tui.rules import Event, Game, Move


class ComputerPlayer(Protocol):
    """What the table needs of a computer player (``palace_tui.ai``)."""

    def choose(self, game: Game) -> Move:
        """The move to play in ``game``, for the seat to act."""
        ...


class EventMemory(Protocol):
    """What a remembering player keeps of the public events."""

    def reset(self) -> None:
        """Forget every event seen."""
        ...


@runtime_checkable
class Observer(Protocol):
    """A computer player that is shown every move's public events."""

    def observe(self, events: list[Event]) -> None:
        """See a move's public events."""
        ...


@runtime_checkable
class Remembering(Observer, Protocol):
    """An observer that remembers what it saw (``hard``), and can forget it (after a take-back)."""

    #: What it remembers.
    memory: EventMemory


def _make(level: str, seed: int) -> ComputerPlayer:
    """A player of ``level`` (an unknown level, from an edited save: random)."""
    # Imported on use: the players (and their search) load only when a computer seat plays.
    from palace_tui.ai import make_player

    # make_player is not annotated yet; this name gives its result the type the table relies on.
    make: Callable[[str, int], ComputerPlayer] = make_player
    try:
        return make(level, seed)
    except ValueError:
        return make("random", seed)


def _observe(player: ComputerPlayer, events: Sequence[Event]) -> None:
    if isinstance(player, Observer):
        player.observe(list(events))


class Computers:
    """The players made so far, by game id and seat (older games' players stay until the app ends)."""

    def __init__(self) -> None:
        self._players: dict[tuple[str, int], ComputerPlayer] = {}

    def player(self, game_id: str, seat: int, level: str, seed: int, so_far: Sequence[Event] | None) -> ComputerPlayer:
        """The player for ``seat`` in game ``game_id``, made now if needed; a new one that remembers
        sees ``so_far``, the game's public events until now (None or empty: nothing)."""
        key = (game_id, seat)
        if key not in self._players:
            self._players[key] = player = _make(level, seed)
            _observe(player, so_far or [])
        return self._players[key]

    def seat(self, game_id: str, seat: int, player: ComputerPlayer) -> None:
        """Use ``player`` for ``seat`` in game ``game_id`` (a test's spy, a caller's own player)."""
        self._players[(game_id, seat)] = player

    def of_game(self, game_id: str) -> list[ComputerPlayer]:
        """The players made for game ``game_id``."""
        return [p for (game, _), p in self._players.items() if game == game_id]

    def observe(self, game_id: str, events: Sequence[Event]) -> None:
        """Show a move's public events to the game's players that remember them."""
        for player in self.of_game(game_id):
            _observe(player, events)

    def restart(self, game_id: str, so_far: Sequence[Event] | None) -> None:
        """The game went back (a take-back): players that remember start again from ``so_far``."""
        for player in self.of_game(game_id):
            if isinstance(player, Remembering):
                player.memory.reset()
                player.observe(list(so_far or []))
