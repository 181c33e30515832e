"""The ``random`` policy, at the engine's speed: the baseline player of benchmarks and tests.

It plays every copy of a uniformly chosen playable rank, takes the pile only when it
cannot play, and turns a random face-down card. A policy is not part of a game (like
python-chess's ``Board``, :class:`~palace_tui.rules.game.Game` holds none): these are
functions over one. :func:`random_choice` is the decision; :func:`play_random` plays
whole games of it in one loop, quietly, which random tables in ``palace simulate``
use, and :func:`random_turn` one turn. An insider (ruff SLF001 allows it, pyproject.toml
says why): its loop reads the rule tables and the hands by rank, turns the events off
(``_events``) and takes the cards it plays from the hand, as :mod:`.turn` does. The player object that wraps them is
:class:`palace_tui.ai.random_player.RandomPlayer`.

>>> import random
>>> from palace_tui.rules import Game, Move, Rules
>>> g = Game.deal(Rules.preset("palace"), ["Ann", "Ben", "Cy"], seed=7)
>>> while g.phase == "setup":
...     _ = g.play(Move.ready())
>>> g.seats[g.turn].hand, random_choice(g, random.Random(1))
([Card.parse('3C'), Card.parse('4D'), Card.parse('JS')], ('play', 3))
>>> play_random(g, [random.Random(i) for i in range(3)], 10_000)
>>> g.phase, g.outcome().order
('over', (0, 2, 1))
"""

from __future__ import annotations

from collections.abc import Sequence
from math import floor
from typing import TYPE_CHECKING, Protocol

from palace_tui.rules.kinds import Phase
from palace_tui.rules.seat import _RANKS_OF_MASK, ranks_of_mask
from palace_tui.rules.turn import apply_choice, lay, pick_up

if TYPE_CHECKING:
    from palace_tui.rules.game import Game

_PLAY = Phase.PLAY  # read as a global in the loop: an enum member lookup on 3.11 costs ten times more


class RandomSource(Protocol):
    """What the ``random`` policy draws from: ``random.Random`` or anything with ``random()``."""

    def random(self) -> float: ...


def random_choice(game: Game, rng: RandomSource) -> tuple[str, int]:
    """The ``random`` policy's decision for the seat to act in the play phase.

    ``("play", rank)`` plays every copy of a uniformly chosen playable rank;
    ``("take", i)`` takes the pile only when nothing can be played, adding
    face-up card ``i`` where stuck_face_up=add-one (else ``i`` is -1);
    ``("flip", i)`` turns a random face-down card. Under the house rules it plays a drawn
    match at once (play_drawn) and turns the chance card rather than take (chance).
    An index is ``floor(random() * n)``:
    int() would give the same, as the draw is never negative, but it is a slower call.
    """
    s = game.seats[game.turn]
    if game._pending is not None:  # play_drawn: it plays the drawn match, as it plays whenever it can
        return "play", game._pending[0]
    if not (s._hn or s.face_up):
        return "flip", floor(rng.random() * len(s.face_down))
    m = game.playable_mask()
    if m:
        ranks = ranks_of_mask(m)
        return "play", ranks[floor(rng.random() * len(ranks))]
    if not s._hn and game.rules.adds_face_up:
        return "take", floor(rng.random() * len(s.face_up))
    if game.rules.chance and game.stock and s._hn:  # the chance card before the pile
        return "chance", -1
    return "take", -1


def random_turn(game: Game, rng: RandomSource) -> None:
    """Play one turn of the ``random`` policy, without building Move or keeping events.

    The same rule code runs as in :meth:`Game.play`; only the validation of a choice that
    is legal by construction is skipped. Simulations and rollouts use it for speed.
    """
    play_random(game, (rng,) * len(game.seats), 1)


def play_random(game: Game, rngs: Sequence[RandomSource], cap: int) -> None:
    """Play the ``random`` policy at every seat, seat ``i`` drawing from ``rngs[i]``,
    until the game is over or ``cap`` more moves were made, quietly.

    Each turn makes :func:`random_choice`'s draws (the same calls of ``random()``, in
    the same order) and plays the choice at once, as :meth:`Game.fast_turn` would: random
    tables in simulations play whole games in this one loop.
    """
    if game.phase is not _PLAY:
        return
    made = start = game.moves
    events, game._events = game._events, None
    seats = game.seats
    allowed = game._t.allowed
    simple = game._t.simple  # no house rule that changes what a hand turn may be
    ranks_of = _RANKS_OF_MASK
    try:
        # ``made`` counts this turn as made; game.moves is set from it when the loop ends.
        for made in range(start + 1, start + cap + 1):  # noqa: B007 (read after the loop)
            s_i = game.turn
            s = seats[s_i]
            if s._hn and simple:  # the commonest turn, inlined: a uniform playable rank, all of it
                m = s._hm & allowed[game._eff]
                if m:
                    try:
                        ranks = ranks_of[m]
                    except KeyError:
                        ranks = ranks_of_mask(m)
                    lay(game, s_i, s, s._take_all(ranks[floor(rngs[s_i].random() * len(ranks))]), True)
                else:
                    pick_up(game, s_i, s)
            else:  # face-up and face-down turns (and every turn under play_drawn or chance): random_choice
                kind, x = random_choice(game, rngs[s_i])
                apply_choice(game, s_i, s, kind, x, 0)
            if s.place is not None and game.phase is not _PLAY:
                break  # only a seat going out ends a game
    finally:
        game.moves = made
        game._events = events


__all__ = ["RandomSource", "play_random", "random_choice", "random_turn"]
