"""Computer players. Each decides from what its seat may see.

>>> from palace_tui.ai import make_player, LEVELS
>>> LEVELS
('random', 'easy', 'normal', 'hard')
>>> from palace_tui.rules import Game, Rules
>>> game = Game.deal(Rules.preset("palace"), ["Ann", "Ben"], seed=3)
>>> player = make_player("normal", seed=1)
>>> while game.phase != "over":
...     player.act(game)
>>> game.outcome().loser in (0, 1)
True

Every player has ``choose(game) -> Move`` (the move for the seat to act, setup
included; the game is not changed, so it is safe on a copy in a worker thread) and
``act(game)`` (make that move). Players that can use public history have
``observe(events)``: pass them the events every :meth:`Game.play` returns; they stay
correct without it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from palace_tui.ai.hard import HardPlayer, NormalPlayer
from palace_tui.ai.heuristic import EasyPlayer
from palace_tui.ai.random_player import RandomPlayer
from palace_tui.rules import Event, Game

#: Computer player levels from weakest to strongest.
LEVELS = ("random", "easy", "normal", "hard")

__all__ = [
    "LEVELS",
    "EasyPlayer",
    "HardPlayer",
    "NormalPlayer",
    "Player",
    "RandomPlayer",
    "claim_burn_in",
    "make_player",
]

#: Any computer player: each has ``choose(game)`` and ``act(game)``.
Player = RandomPlayer | EasyPlayer | NormalPlayer | HardPlayer


def make_player(
    name: str,
    seed: int | None = None,
    *,
    budget_s: float | None = None,
    iterations: int | None = None,
    work: int | None = None,
    **options: Any,
) -> Player:
    """A computer player by level name (one of :data:`LEVELS`).

    random plays a random playable rank; easy the lowest card that goes; normal adds
    rules of thumb and, once the stock is gone, a short search of which ordinary rank
    to lead; hard searches every decision and every sensible move, twos, tens and
    taking the pile included. hard's search per decision is bounded by ``work``
    (default :data:`.hard.DEFAULT_WORK` simulated moves, the app's and the coach's),
    ``iterations`` (sampled deals) or ``budget_s`` (a clock: the only one that depends on
    the machine); without a clock hard makes the same move in the same position, whatever
    its seed. The other levels ignore them; ``options`` tune hard's search (see
    :class:`.hard.SearchPlayer`).
    """
    if name == "random":
        return RandomPlayer(seed)
    if name == "easy":
        return EasyPlayer(seed)
    if name == "normal":
        return NormalPlayer(seed)
    if name == "hard":
        return HardPlayer(seed, budget_s=budget_s, iterations=iterations, work=work, **options)
    raise ValueError(f"no computer player {name!r}: choose one of {', '.join(LEVELS)}")


def claim_burn_in(game: Game, players: Mapping[int, Player]) -> list[Event]:
    """burn_in (rulings 15-16 of docs/house_rules.md): the computers' answer to an open window,
    asked in turn order from the seat to act, each from its own view; the first that claims
    burns in. The events of that burn-in, or none when no computer claims (or none is open)."""
    if game.burn_in_open() is None:
        return []
    n = len(game.seats)
    for k in range(n):
        seat = (game.turn + k * game.direction) % n
        player = players.get(seat)
        if player is None or seat == game.pile_owner or game.seats[seat].out:
            continue
        if player.wants_burn_in(game.view(seat)):
            return game.burn_in(seat)
    return []
