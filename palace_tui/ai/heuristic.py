"""The ``easy`` player: fast rule-of-thumb play, no search.

easy plays the lowest card that goes (twos and tens last) and lays its highest
cards face up. :class:`HeuristicPlayer` with :func:`.policy.normal_choice` is the
rule of thumb that normal and hard start from (and play in their rollouts). Both
decide only from what their seat may see (see :mod:`.policy`).
"""

from __future__ import annotations

from palace_tui.ai.policy import Choice, choice_to_move, easy_choice, setup_move, wants_burn_in
from palace_tui.rules import Game, Move, SeatView
from palace_tui.rules.fast import apply


class HeuristicPlayer:
    """A player whose play-phase decision is one function of the visible position."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def decide(self, game: Game) -> Choice:
        raise NotImplementedError

    def choose(self, game: Game) -> Move:
        """The move for the seat to act (setup included). ``game`` is not changed."""
        if game.phase == "setup":
            return setup_move(game)
        if game.phase != "play":
            raise ValueError("the game is over: there is no move to choose")
        return choice_to_move(game, self.decide(game))

    def wants_burn_in(self, view: SeatView) -> bool:
        """burn_in: whether to complete the open burn out of turn (see :func:`.policy.wants_burn_in`)."""
        return wants_burn_in(view)

    def act(self, game: Game) -> None:
        """Make this player's move on ``game`` (quietly, in the play phase)."""
        if game.phase == "play":
            apply(game, self.decide(game))
        else:
            game.play(self.choose(game))


class EasyPlayer(HeuristicPlayer):
    """Plays the lowest card that goes; lays its highest cards face up."""

    name = "easy"

    def decide(self, game: Game) -> Choice:
        return easy_choice(game)
