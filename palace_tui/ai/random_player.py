"""The ``random`` player: the baseline the engine's benchmark and tests use.

It picks a playable rank uniformly at random and plays all its copies, takes the
pile only when it cannot play, flips a random face-down card and swaps nothing.
"""

from __future__ import annotations

import random

from ..rules import Game, Move


class RandomPlayer:
    """Plays uniformly random legal ranks; deterministic for its seed."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Move:
        """The move for the seat to act (setup included)."""
        if game.phase == "setup":
            if game.rules.deal == "swap":
                return Move.ready()
            hand = game.seats[game.turn].hand
            return Move.choose(self.rng.sample(hand, game.rules.face_up))
        ranks = game.playable_ranks()
        seat = game.seats[game.turn]
        if ranks:
            rank = ranks[self.rng.randrange(len(ranks))]
            if seat.hand_count:
                cards = seat._hb[rank]
            else:
                cards = [c for c in seat.face_up if c.rank == rank]
            return Move("play", tuple(cards))
        if seat.hand_count or seat.face_up:
            adding = None
            if not seat.hand_count and game.rules.stuck_face_up == "add-one":
                adding = seat.face_up[self.rng.randrange(len(seat.face_up))]
            return Move("take", (), adding)
        return Move("flip", (), None, self.rng.randrange(len(seat.face_down)))

    def act(self, game: Game) -> list:
        """Choose and play one move; returns the public events."""
        return game.play(self.choose(game))
