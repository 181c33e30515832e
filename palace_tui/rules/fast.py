"""The engine's fast contract for search: read-only masks and counts, a quiet apply,
and re-deals of the unseen cards.

Computer players decide thousands of times a second inside rollouts, where building
:class:`Move` values and events costs more than the rules themselves. This module is
the public, documented way for them to read a position and play on a copy at speed;
it is part of the engine's promise like :class:`Game` itself (add freely, rename
nothing).

Rank bit masks use bit ``r`` for rank ``r`` (2..14, 15 for the joker). Everything
returned is **read-only**: the lists are the engine's own (returned without copying,
for speed), so change a game only through :func:`apply` or :meth:`Game.play`.

A *choice* is the tuple :meth:`Game.fast_turn` plays: ``("play", rank, count)``
(``count`` 0: every copy), ``("take", i, 0)`` (``i`` the face-up card added first,
or -1) and ``("flip", i, 0)``.

>>> from palace_tui.rules import Game, Rules
>>> g = Game.from_position(Rules.preset("palace"), seats=[
...     {"name": "Ann", "hand": "7D 7S 3C"}, {"name": "Ben", "hand": "9C"}], pile="5H")
>>> ann = g.seats[0]
>>> bin(hand_mask(ann)), len(hand_by_rank(ann)[7]), pile_state(g)
('0b10001000', 2, (5, 5, 1))
>>> bin(g.playable_mask() & hand_mask(ann))
'0b10000000'
>>> apply(g, ("play", 7, 1)); g.turn, pile_state(g)
(1, (7, 7, 1))

An insider (ruff SLF001 allows it, pyproject.toml says why): it hands out the hands by rank,
the rule tables and the pile's state (read-only), turns a copy's events off (``_events``) in
:func:`play_out`, takes the cards it plays from a hand and deals a copy's hands again.

Nothing here reveals a card to a player: a search must itself read only what its seat
may see (its own hand, face-up rows, counts, the pile), and deal the rest again with
:func:`determinize` before looking at it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from palace_tui.rules.cards import JOKER, Card
from palace_tui.rules.seat import ranks_of_mask
from palace_tui.rules.turn import apply_choice, lay

if TYPE_CHECKING:  # the game imports this module (Game.fast_turn): types only
    from palace_tui.rules.game import Game, Seat
    from palace_tui.rules.tables import RuleTables


class Shuffler(Protocol):
    """What :func:`determinize` deals the unseen cards with: ``random.Random`` or a wrapper."""

    def shuffle(self, x: list[Card], /) -> None: ...


def hand_mask(seat: Seat) -> int:
    """Bit mask of the ranks in this seat's hand."""
    return seat._hm


def hand_by_rank(seat: Seat) -> Sequence[Sequence[Card]]:
    """The seat's hand cards by rank (index = rank, 0..15), each list in suit order;
    playing ``count`` cards of a rank plays the last ``count`` of its list."""
    return seat._hb


def face_up_mask(seat: Seat) -> int:
    """Bit mask of the ranks in this seat's face-up row."""
    m = 0
    for c in seat.face_up:
        m |= 1 << c.rank
    return m


def rule_tables(game: Game) -> RuleTables:
    """The game's lookup tables: ``allowed[requirement]`` (mask of ranks that may go
    on it); the masks of the ranks that go on ``anything``, are ``see_through``, ``reversing``,
    ``clearing``, ``resetting``, ``skipping`` or ``low``; ``burn``, ``hand_size``, ``must_play``."""
    return game._t


def pile_state(game: Game) -> tuple[int, int, int]:
    """``(requirement, run_rank, run_length)``: the rank the next play must answer (0:
    anything), and the same-rank run on top of the pile (0, 0 when it is empty)."""
    return game._eff, game._run_rank, game._run_len


def apply(game: Game, choice: tuple[str, int, int]) -> None:
    """Play a legal choice quietly (no events, no checks): rollouts on copies only.

    ``("play", rank, count)`` lays ``count`` cards of ``rank`` (all of them when 0) from the
    current stage; ``("take", i, 0)`` takes the pile, first adding face-up card ``i`` when
    ``i >= 0``; ``("flip", i, 0)`` turns face-down card ``i``; ``("done", 0, 0)`` ends the turn
    instead of playing a drawn match and ``("chance", 0, 0)`` turns the stock's top card (the
    house rules play_drawn and chance). :meth:`Game.fast_turn` is this, as a method.
    """
    kind, x, count = choice
    s_i = game.turn
    events, game._events = game._events, None
    apply_choice(game, s_i, game.seats[s_i], kind, x, count)
    game.moves += 1
    game._events = events


def play_out(game: Game, policy: Callable[[Game], tuple[str, int, int]], cap: int) -> None:
    """Play ``policy(game) -> choice`` at every seat until the game is over or ``cap``
    more moves were made, quietly: exactly what calling :func:`apply` in a loop does,
    with the commonest turn (cards from the hand) inlined. Rollouts on copies only."""
    stop = game.moves + cap
    events, game._events = game._events, None
    seats = game.seats
    inline = not game.rules.play_drawn  # a drawn match is played through apply_choice, which limits it
    try:
        while game.phase == "play" and game.moves < stop:
            kind, x, count = policy(game)
            s_i = game.turn
            s = seats[s_i]
            if kind == "play" and s._hn and inline:
                lay(game, s_i, s, s._take_last(x, count) if count else s._take_all(x), True)
            else:
                apply_choice(game, s_i, s, kind, x, count)
            game.moves += 1
    finally:
        game._events = events


def determinize(game: Game, seat: int, rng: Shuffler, known_hands: dict[int, Sequence[Card]] | None = None) -> Game:
    """A copy in which every card ``seat`` cannot see is dealt again at random.

    The other hands (less the cards in ``known_hands``, seen going into them), every
    face-down card (the seat's own too) and the stock are shuffled together by
    ``rng.shuffle`` and dealt back in the same counts, so a computer player can search
    possible worlds without peeking. The world depends only on ``rng`` and on what
    ``seat`` may see when ``rng.shuffle`` sorts the cards before shuffling them.
    """
    g = game.copy()
    known = {i: list(cs) for i, cs in (known_hands or {}).items() if i != seat}
    unseen: list[Card] = list(g.stock)
    keep: dict[int, list[Card]] = {}
    for i, s in enumerate(g.seats):
        unseen += s.face_down
        if i != seat:
            hand = s.hand
            kept = []
            for c in known.get(i, ()):
                if c in hand:
                    hand.remove(c)
                    kept.append(c)
            keep[i] = kept
            unseen += hand
    rng.shuffle(unseen)
    g.stock = [unseen.pop() for _ in range(len(g.stock))]
    for i, s in enumerate(g.seats):
        s.face_down = [unseen.pop() for _ in range(len(s.face_down))]
        if i != seat:
            n = s._hn - len(keep[i])
            _deal_hand(s, keep[i] + [unseen.pop() for _ in range(n)])
    return g


def set_hand(game: Game, seat: int, cards: Sequence[Card]) -> None:
    """Replace seat ``seat``'s whole hand in a search's own copy with ``cards`` (a world
    in which that hand is supposed): copies only, never the game being played."""
    _deal_hand(game.seats[seat], cards)


def _deal_hand(seat: Seat, cards: Sequence[Card]) -> None:
    """Replace a copy's whole hand (the re-deals of unseen cards)."""
    seat._hb = [[] for _ in range(JOKER + 1)]
    seat._hn = seat._hm = 0
    seat._add(cards)


__all__ = [
    "Shuffler",
    "apply",
    "determinize",
    "face_up_mask",
    "hand_by_rank",
    "hand_mask",
    "pile_state",
    "play_out",
    "ranks_of_mask",
    "rule_tables",
    "set_hand",
]
