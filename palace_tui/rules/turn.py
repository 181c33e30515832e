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
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from palace_tui.rules.cards import JOKER, TEN, Card
from palace_tui.rules.events import Event
from palace_tui.rules.kinds import EventKind, Phase

if TYPE_CHECKING:
    from palace_tui.rules.game import Game
    from palace_tui.rules.seat import Seat

# The hot path reads these as globals: an enum member lookup on 3.11 costs ten times more.
_PLAYED, _REVERSED, _CLEARED, _DREW = EventKind.PLAYED, EventKind.REVERSED, EventKind.CLEARED, EventKind.DREW
_OVER = Phase.OVER


def apply_choice(game: Game, s_i: int, s: Seat, kind: str, x: int, count: int) -> None:
    """Play a legal decision tuple (:meth:`Game.fast_turn`'s) for seat ``s_i``, the seat to act."""
    if kind == "play":  # choices are plain strings (equal to MoveKind's), compared fast
        if s._hn:
            lay(game, s_i, s, s._take_last(x, count) if count else s._take_all(x), True)
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
    else:
        turn_up(game, s_i, s, x)


def lay(game: Game, s_i: int, s: Seat, laid: list[Card], from_hand: bool) -> None:
    """Put legal cards on the pile and apply the rank's powers, then clear, draw, go out
    and pass the turn (the hottest path: locals instead of attribute chains)."""
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
    if t.plain[rank]:
        game._eff = rank
    else:
        if not t.transparent >> rank & 1:
            game._eff = rank
        if t.reversing >> rank & 1:
            game.direction = -game.direction
            if ev is not None:
                ev.append(Event(_REVERSED, s_i))
    game._owner = s_i
    # An if, not a boolean expression: 3.11 specializes a comparison only before a jump.
    if rank == TEN or (run >= 4 and rank != JOKER):
        cleared = True
        if ev is not None:
            ev.append(Event(_CLEARED, s_i, (laid[0],), len(pile), "ten" if rank == TEN else "four"))
        game.cleared.extend(pile)
        pile.clear()
        game._eff = game._run_rank = game._run_len = 0
        game._owner = None
    else:
        cleared = False
    stock = game.stock
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
    if not s._hn and not s.face_up and not s.face_down:
        go_out(game, s_i, s)
        if game.phase == _OVER:
            return
    elif cleared:
        if not s._hn and stock:
            begin_turn(game)
        return  # the same seat plays again
    seats = game.seats
    nxt = (s_i + game.direction) % len(seats)
    if seats[nxt].place is not None:
        nxt = next_active(game, nxt, game.direction)
    game.turn = nxt
    if not seats[nxt]._hn and stock:
        begin_turn(game)


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


__all__ = ["apply_choice", "begin_turn", "finish", "go_out", "lay", "next_active", "pick_up", "should_end", "turn_up"]
