"""The ``random`` player: the baseline the engine's benchmark and tests use.

It picks a playable rank uniformly at random and plays all its copies, takes the
pile only when it cannot play, flips a random face-down card and swaps nothing.
The decision itself is the engine's :func:`~palace_tui.rules.random_policy.random_choice`,
so the fast path (:meth:`act`) and the Move path (:meth:`choose`) always agree.
"""

from __future__ import annotations

import random

from palace_tui.ai.policy import wants_burn_in
from palace_tui.rules import Game, Move, MoveKind, SeatView
from palace_tui.rules.random_policy import random_choice, random_turn

# Read as globals for every move: an enum member lookup on 3.11 costs ten times more.
_PLAY, _TAKE, _FLIP = MoveKind.PLAY, MoveKind.TAKE, MoveKind.FLIP


class RandomPlayer:
    """Plays uniformly random legal ranks; deterministic for its seed."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Move:
        """The move for the seat to act (setup included)."""
        if game.phase == "setup":
            if game.rules.swap_deal:
                return Move.ready()
            hand = game.seats[game.turn].hand
            return Move.choose(self.rng.sample(hand, game.rules.face_up))
        kind, x = random_choice(game, self.rng)
        seat = game.seats[game.turn]
        if kind == "play":
            source = seat.hand if seat.hand_count else seat.face_up
            cards = tuple(c for c in source if c.rank == x)
            offer = game.drawn_offer()
            return Move(_PLAY, cards[-offer[1] :] if offer else cards)  # the last ones, as the quiet path plays
        if kind == "chance":
            return Move.chance()
        if kind == "take":
            return Move(_TAKE, (), seat.face_up[x] if x >= 0 else None)
        return Move(_FLIP, (), None, x)

    def wants_burn_in(self, view: SeatView) -> bool:
        """burn_in: it burns in whenever it can, as it plays whenever it can."""
        return wants_burn_in(view)

    def act(self, game: Game) -> None:
        """Make this player's move on ``game`` (the fast path in the play phase)."""
        if game.phase == "play":
            random_turn(game, self.rng)
        else:
            game.play(self.choose(game))
