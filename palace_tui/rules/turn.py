"""What a turn does once it is legal: the engine's hot path.

Cards go on the pile and the played rank's powers act (:func:`lay`, the one place
they do: the rule tables, compiled once per :class:`Rules`, say which rank clears,
reverses or is see-through), then the pile clears, the seat draws, goes out or the
turn passes; a seat takes the pile (:func:`pick_up`) or turns a face-down card
(:func:`turn_up`). Every way of playing runs this same code: :meth:`Game.play` after
the checks of :mod:`.legal`, and the quiet paths of computer players
(:meth:`Game.fast_turn`, :mod:`.fast`, :mod:`.random_policy`), which keep no events
(``game._events is None``) and skip the checks of a choice that is legal by
construction.

These functions change the :class:`~palace_tui.rules.game.Game` they are given and
check nothing: call them through the game.

An insider (ruff SLF001 allows it, pyproject.toml says why): it writes the pile's state
(``_eff``, ``_run_rank``, ``_run_len``, ``_owner``), the drawn offer (``_pending``), the order
out (``_order``) and the events (``_events``), and takes cards from a seat's hand by rank.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from palace_tui.rules.cards import JOKER, TEN, Card
from palace_tui.rules.events import Event
from palace_tui.rules.kinds import EventKind, Phase
from palace_tui.rules.text import number_word

if TYPE_CHECKING:
    from palace_tui.rules.game import Game
    from palace_tui.rules.seat import Seat
    from palace_tui.rules.tables import RuleTables

# The hot path reads these as globals: an enum member lookup on 3.11 costs ten times more.
_PLAYED, _REVERSED, _CLEARED, _DREW = EventKind.PLAYED, EventKind.REVERSED, EventKind.CLEARED, EventKind.DREW
_OVER = Phase.OVER


def apply_choice(game: Game, s_i: int, s: Seat, kind: str, x: int, count: int) -> None:
    """Play a legal decision tuple (:meth:`Game.fast_turn`'s) for seat ``s_i``, the seat to act."""
    if kind == "play":  # choices are plain strings (equal to MoveKind's), compared fast
        if s._hn:
            carried = 0
            pending = game._pending
            if pending is not None:  # playing the drawn match (play_drawn): count 0 is all it may
                game._pending = None
                carried = pending[2]
                if not count or count > pending[1]:
                    count = pending[1]
            lay(game, s_i, s, s._take_last(x, count) if count else s._take_all(x), True, carried)
        else:
            laid = [c for c in s.face_up if c.rank == x]
            if 0 < count < len(laid):
                laid = laid[:count]
            for c in laid:
                s.face_up.remove(c)
            lay(game, s_i, s, laid, False)
    elif kind == "take":
        if x >= 0:
            game.pile.append(s.face_up.pop(x))
        pick_up(game, s_i, s)
    elif kind == "flip":
        turn_up(game, s_i, s, x)
    elif kind == "done":
        end_drawn(game, s_i)
    else:
        take_chance(game, s_i, s)


def lay(game: Game, s_i: int, s: Seat, laid: list[Card], from_hand: bool, carried: int = 0) -> None:
    """Put legal cards on the pile and apply the rank's powers, then clear, draw, go out
    and pass the turn (the hottest path: locals instead of attribute chains).

    ``carried`` counts the players still to be skipped by this turn's earlier play (a
    drawn card played at once, ruling 13 of docs/house_rules.md)."""
    rank = laid[0].rank
    pile = game.pile
    pile.extend(laid)
    t = game._t
    ev = game._events
    if ev is not None:
        ev.append(Event(_PLAYED, s_i, tuple(laid)))
    if rank == game._run_rank and rank != JOKER:
        run = game._run_len = game._run_len + len(laid)
    else:
        game._run_rank = rank
        run = game._run_len = len(laid)
    skip = carried
    # An if, not a boolean expression: 3.11 specializes a comparison only before a jump.
    if t.plain[rank]:
        game._eff = rank
        if run >= t.burn:
            cleared = True
        else:
            cleared = False
    else:
        if not t.see_through >> rank & 1:
            game._eff = rank
        elif ev is not None and (run < t.burn or rank == JOKER):  # told unless it burns the pile
            ev.append(Event(EventKind.SEE_THROUGH, s_i, (*laid, *_answered(t, pile, len(laid))), len(laid)))
        if t.reversing >> rank & 1:
            game.direction = -game.direction
            if ev is not None:
                ev.append(Event(_REVERSED, s_i))
        if t.skipping >> rank & 1:
            skip += len(laid) if t.skip_each else 1
        if t.clearing >> rank & 1 or (run >= t.burn and rank != JOKER):
            cleared = True
        else:
            cleared = False
    game._owner = s_i
    if cleared:
        if ev is not None:
            ev.append(Event(_CLEARED, s_i, (laid[0],), len(pile), _clear_reason(t, rank)))
        game.cleared.extend(pile)
        pile.clear()
        game._eff = game._run_rank = game._run_len = 0
        game._owner = None
    stock = game.stock
    drawn_match = 0
    if from_hand and stock:
        k = t.hand_size - s._hn
        if k > 0:
            if k > len(stock):
                k = len(stock)
            drawn = stock[-k:]
            del stock[-k:]
            s._add(drawn)
            if ev is not None:
                ev.append(Event(_DREW, s_i, (), k))
            if game.rules.play_drawn:
                drawn_match = sum(1 for c in drawn if c.rank == rank)
    if not s._hn and not s.face_up and not s.face_down:
        go_out(game, s_i, s)
        if game.phase == _OVER:
            return
    elif cleared:
        if not s._hn and stock:
            begin_turn(game)
        return  # the same seat plays again
    elif drawn_match:
        # play_drawn: the mover may play the drawn match at once, or end the turn (Move.done).
        # No event: which cards were drawn is the mover's secret (the offer is in its legal moves).
        game._pending = (rank, drawn_match, skip)
        return
    if skip:
        pass_turn(game, s_i, skip)
        return
    seats = game.seats
    nxt = (s_i + game.direction) % len(seats)
    if seats[nxt].place is not None:
        nxt = next_active(game, nxt, game.direction)
    game.turn = nxt
    if not seats[nxt]._hn and stock:
        begin_turn(game)


def _answered(t: RuleTables, pile: list[Card], laid: int) -> tuple[Card, ...]:
    """The card a see-through play leaves to be answered: the first below the ``laid`` cards that is
    not see-through itself (none on an empty pile, or one of only see-through cards)."""
    for card in reversed(pile[: len(pile) - laid]):
        if not t.see_through >> card.rank & 1:
            return (card,)
    return ()


def _clear_reason(t: RuleTables, rank: int) -> str:
    """Why a play cleared: ``ten`` (the ten's own power), ``clear`` (another rank's) or a burn of
    so many of a kind, by its number: ``four`` (burn=4), ``three``, ``five``..."""
    if t.clearing >> rank & 1:
        return "ten" if rank == TEN else "clear"
    return number_word(t.burn)


def pass_turn(game: Game, s_i: int, skip: int) -> None:
    """Pass the turn on from seat ``s_i``, ``skip`` players (still in) missing theirs first."""
    seats = game.seats
    nxt = next_active(game, s_i, game.direction)
    for _ in range(skip):
        if game._events is not None:
            game._events.append(Event(EventKind.SKIPPED, nxt))
        nxt = next_active(game, nxt, game.direction)
    game.turn = nxt
    if not seats[nxt]._hn and game.stock:
        begin_turn(game)


def end_drawn(game: Game, s_i: int) -> None:
    """Decline the drawn match (``Move.done``): the turn passes, the earlier play's skips with it."""
    pending = game._pending
    game._pending = None
    pass_turn(game, s_i, pending[2] if pending else 0)


def take_chance(game: Game, s_i: int, s: Seat) -> None:
    """The chance card: turn the stock's top card; play it if it goes, else it joins the pile
    and the seat takes the pile (unchecked: :func:`~palace_tui.rules.legal.chance` checks first)."""
    card = game.stock.pop()
    goes = bool(game._t.allowed[game._eff] >> card.rank & 1)
    if game._events is not None:
        game._events.append(Event(EventKind.CHANCE, s_i, (card,), 0, "went" if goes else "failed"))
    if goes:
        lay(game, s_i, s, [card], False)  # the hand did not shrink: no draw
        return
    game.pile.append(card)
    if game._events is not None:
        game._events.append(Event(EventKind.TOOK, s_i, (), len(game.pile)))
    pick_up(game, s_i, s)


def go_out(game: Game, s_i: int, s: Seat) -> None:
    game._order.append(s_i)
    s.place = len(game._order)
    if game._events is not None:
        game._events.append(Event(EventKind.OUT, s_i, (), s.place))
    if should_end(game):
        finish(game)


def should_end(game: Game) -> bool:
    if not game.rules.has_loser:
        return bool(game._order)
    return len(game.seats) - len(game._order) <= 1


def finish(game: Game) -> None:
    if game.rules.has_loser:
        for i, s in enumerate(game.seats):
            if s.place is None:
                game._order.append(i)
                s.place = len(game._order)
    game.phase = Phase.OVER
    if game._events is not None:
        game._events.append(Event(EventKind.OVER))


def next_active(game: Game, i: int, direction: int) -> int:
    seats = game.seats
    n = len(seats)
    for _ in range(n):
        i = (i + direction) % n
        if seats[i].place is None:
            return i
    return i


def begin_turn(game: Game) -> None:
    """Ruling 15: a turn that begins with no hand while the stock lasts draws first."""
    s = game.seats[game.turn]
    if not s._hn and game.stock:
        k = min(game.rules.hand_size, len(game.stock))
        drawn = game.stock[-k:]
        del game.stock[-k:]
        s._add(drawn)
        if game._events is not None:
            game._events.append(Event(EventKind.DREW, game.turn, (), k))


def pick_up(game: Game, s_i: int, s: Seat) -> None:
    """The whole pile goes to the seat's hand; the turn passes per after_pickup."""
    owner = game._owner
    s._add(game.pile)
    game.pickups += 1
    game.pile = []
    game._eff = game._run_rank = game._run_len = 0
    game._owner = None
    seats = game.seats
    if game._t.builder_leads and owner is not None and owner != s_i and seats[owner].place is None:
        nxt = owner
    else:
        # The taker still holds cards, so the next seat in play is found before it.
        nxt = (s_i + game.direction) % len(seats)
        if seats[nxt].place is not None:
            nxt = next_active(game, nxt, game.direction)
    game.turn = nxt
    begin_turn(game)


def turn_up(game: Game, s_i: int, s: Seat, index: int) -> None:
    """Turn face-down card ``index`` and play it, or take the pile with it if it fails
    (unchecked: :func:`~palace_tui.rules.legal.flip_card` checks first)."""
    card = s.face_down.pop(index)
    if game._events is not None:
        game._events.append(Event(EventKind.FLIPPED, s_i, (card,)))
    if game._t.allowed[game._eff] >> card.rank & 1:
        lay(game, s_i, s, [card], False)
        return
    # A failed card joins the pile but is not "the card not beaten" (ruling 6).
    game.pile.append(card)
    if game._events is not None:
        game._events.append(Event(EventKind.FAILED, s_i, (card,), len(game.pile)))
    pick_up(game, s_i, s)


__all__ = [
    "apply_choice",
    "begin_turn",
    "end_drawn",
    "finish",
    "go_out",
    "lay",
    "next_active",
    "pass_turn",
    "pick_up",
    "should_end",
    "take_chance",
    "turn_up",
]
