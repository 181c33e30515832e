"""Fast heuristic decisions shared by the easy and normal players and by hard's rollouts.

A decision is a tuple ``(kind, x, count)`` in the form :meth:`Game.fast_turn` plays:
``("play", rank, count)`` (count 0 means every copy), ``("take", i, 0)`` (``i`` is the
face-up card added, or -1) and ``("flip", i, 0)``.

These functions read the position through the engine's fast contract
(:mod:`palace_tui.rules.fast`), and only the parts the seat to act may see: its own
hand and face-up row, everybody's face-up cards and card counts, the pile, the stock
count and the direction. Never a face-down card, another
hand or the order of the stock; ``tests/ai`` proves it by re-dealing the unseen cards
and checking that the decision does not change.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from palace_tui.rules import Card, Game, Move, MoveKind, Rules, Seat, SeatView
from palace_tui.rules.cards import JOKER, TEN, TWO, order_key
from palace_tui.rules.fast import hand_by_rank, pile_state, ranks_of_mask, rule_tables

Choice = tuple[str, int, int]

#: Ranked cards up the climb (a 2 or a 10 is ranked only when the rules take its power away).
ORDINARY_LOW_FIRST = (TWO, 3, 4, 5, 6, 7, 8, 9, TEN, 11, 12, 13, 14)
ORDINARY_HIGH_FIRST = tuple(reversed(ORDINARY_LOW_FIRST))
_BITJ = 1 << JOKER
#: Move kinds read as globals: an enum member lookup on 3.11 costs ten times more.
_PLAY, _TAKE, _FLIP = MoveKind.PLAY, MoveKind.TAKE, MoveKind.FLIP

#: Parameters of the normal heuristic (kept together so experiments can vary them).
NORMAL = {
    "take_small_pile": 2,  # take a pile of at most this many low cards rather than spend a 2 or 10
    "take_small_max_rank": 7,
    "four": True,  # complete four of a kind
    "block": False,  # play high when the next player is about to go out
    "single": True,  # spend special cards one at a time
    # next player on its face-up row: play a rank those cards can't beat (1: only the lowest such, 2: any)
    "block_up": 1,
}


def _blocking_rank(game: Game, ordinary: int, mode: int) -> int:
    """The lowest of our ordinary ranks that the next player's face-up row cannot
    answer, when that player has no hand left (all public facts); 0 if none."""
    seats = game.seats
    nxt = seats[(game.turn + game.direction) % len(seats)]
    if nxt.place is not None:
        nxt = seats[next_seat(game)]
    if nxt.hand_count or not nxt.face_up:
        return 0
    theirs = 0
    for c in nxt.face_up:
        theirs |= 1 << c.rank
    allowed = rule_tables(game).allowed
    low = 0
    for r in ORDINARY_LOW_FIRST:
        if ordinary >> r & 1:
            if not low:
                low = r
            if not allowed[r] & theirs:
                return r
    return 0


# ---------------------------------------------------------------------- setup


def keep_up_value(rank: int, rules: Rules) -> float:
    """How much a card is worth on the face-up row (clearing and reset cards, high cards up)."""
    power = rules.power(rank)
    if power.clears:
        return 20.0 if rank != TEN or rules.tens_on_anything else 16.5
    if power.resets:
        return 19.0
    if rank == JOKER:
        return 18.0
    if power.on_anything:  # see-through or reversing
        return 17.0
    if power.low:
        return 15.0
    return strength(rank)


def strength(rank: int) -> float:
    """A ranked card's place in the climb, 3 as 0 up to the ace as 10 (a ranked 2 below them
    all, a ranked 10 between the 9 and the jack)."""
    if rank == TWO:
        return -1.0
    if rank == TEN:
        return 6.5
    return float(order_key(rank))


_ORDERS: dict[Rules, tuple[int, ...]] = {}


def low_first(rules: Rules) -> tuple[int, ...]:
    """Every rank, "lowest first": the ranked cards up the climb, then the cards that go on
    anything in the order of :func:`order_key` (3..A, 10, 2, joker). Under RULES.md's
    options, 3..9, J..A, 10, 2, joker."""
    order = _ORDERS.get(rules)
    if order is None:
        ranks = (*range(2, 15), JOKER)
        order = _ORDERS[rules] = tuple(
            sorted(ranks, key=lambda r: (1, order_key(r)) if rules.power(r).on_anything else (0, strength(r)))
        )
    return order


def setup_move(game: Game) -> Move:
    """The setup step for the seat to act: lay twos, tens and high cards face up.

    With deal=swap this is the next swap towards the best face-up row, or ``ready``;
    with deal=choose, the ``choose`` of the best cards. Low cards stay in hand, to be
    played while the stock lasts.
    """
    seat = game.seats[game.turn]
    rules = game.rules
    if not rules.swap_deal:
        return Move.choose(best_face_up(seat.hand, rules))
    best = best_face_up(list(seat.hand) + list(seat.face_up), rules)
    # Swap the worst face-up card that should not be up for the best hand card that should.
    need = list(best)
    surplus_up = []
    for c in seat.face_up:
        if c in need:
            need.remove(c)
        else:
            surplus_up.append(c)
    hand = seat.hand
    hand_in = [c for c in need if c in hand]
    if surplus_up and hand_in:
        up = min(surplus_up, key=lambda c: (keep_up_value(c.rank, rules), c))
        h = max(hand_in, key=lambda c: (keep_up_value(c.rank, rules), c))
        if keep_up_value(h.rank, rules) > keep_up_value(up.rank, rules):
            return Move.swap(h, up)
    return Move.ready()


def best_face_up(pool: Sequence[Card], rules: Rules) -> list[Card]:
    """The ``rules.face_up`` cards of ``pool`` most worth laying face up."""
    ranked = sorted(pool, key=lambda c: (-keep_up_value(c.rank, rules), c))
    return ranked[: rules.face_up]


# ---------------------------------------------------------------------- play


def easy_choice(game: Game) -> Choice:
    """Easy: play every copy of the lowest playable rank (twos and tens last); take
    only when nothing goes; when stuck on the face-up row add the lowest card."""
    s = game.seats[game.turn]
    if not (s.hand_count or s.face_up):
        return ("flip", 0, 0)
    m = game.playable_mask()
    if m:
        for r in low_first(game.rules):
            if m >> r & 1:
                return ("play", r, 0)
    return take_choice(game, s)


def take_choice(game: Game, s: Seat) -> Choice:
    """Taking the pile (turning the chance card first where the rules have it); stuck on the
    face-up row with add-one, adding the lowest face-up card."""
    if game.rules.chance and s.hand_count and game.stock:
        return ("chance", 0, 0)
    if not s.hand_count and game.rules.adds_face_up:
        up = s.face_up
        best = 0
        for i in range(1, len(up)):
            if order_key(up[i].rank) < order_key(up[best].rank):
                best = i
        return ("take", best, 0)
    return ("take", -1, 0)


def danger(game: Game, seat: int) -> bool:
    """Whether ``seat`` is close to going out (public facts only): no stock and at
    most its face-down cards, or very few cards left in all."""
    if game.stock:
        return False
    s = game.seats[seat]
    if s.place is not None:
        return False
    n = s.hand_count
    if not n and not s.face_up:
        return True
    return n + len(s.face_up) + len(s.face_down) <= 3


def next_seat(game: Game) -> int:
    """The next seat still in play, in the current direction."""
    seats = game.seats
    n = len(seats)
    i = game.turn
    for _ in range(n):
        i = (i + game.direction) % n
        if seats[i].place is None:
            return i
    return i


def normal_choice(game: Game, params: dict[str, Any] = NORMAL) -> Choice:
    """Normal: complete four of a kind; otherwise the lowest ordinary rank, or the
    highest when the next player is close to going out; save twos and tens (one at a
    time, cheapest first) for when nothing else goes; take a tiny low pile rather
    than spend one."""
    s = game.seats[game.turn]
    from_hand = bool(s.hand_count)
    if not (from_hand or s.face_up):
        return ("flip", 0, 0)
    t = rule_tables(game)
    offer = game.drawn_offer()
    if offer is not None:  # play_drawn: play a drawn ranked card at once; keep a drawn power card
        return ("play", offer[0], 0) if not t.anything >> offer[0] & 1 else ("done", 0, 0)
    m = game.playable_mask()
    if not m:
        return take_choice(game, s)
    hb = hand_by_rank(s) if from_hand else ()  # read only when playing from the hand
    pile = game.pile
    eff = 0
    if pile:
        eff, rr, run_len = pile_state(game)
        if params["four"] and rr and rr != JOKER and m >> rr & 1:
            have = len(hb[rr]) if from_hand else sum(1 for c in s.face_up if c.rank == rr)
            if run_len + have >= t.burn:
                return ("play", rr, 0)
    special = t.anything  # cards that go on anything: twos, tens, jokers and other powered ranks
    ordinary = m & ~special
    if ordinary:
        if params["block_up"] and not game.stock:
            r = _blocking_rank(game, ordinary, params["block_up"])
            if r:
                return ("play", r, 0)
        if params["block"] and danger(game, next_seat(game)):
            for r in ORDINARY_HIGH_FIRST:
                if ordinary >> r & 1:
                    return ("play", r, 0)
        for r in ORDINARY_LOW_FIRST:
            if ordinary >> r & 1:
                return ("play", r, 0)
    # Only special cards go.
    if pile and from_hand and len(pile) <= params["take_small_pile"] and game.stock and not t.must_play:
        top = eff
        if top and top <= params["take_small_max_rank"] and not danger(game, next_seat(game)):
            return ("take", -1, 0)
    one = 1 if params["single"] else 0
    if m & _BITJ:
        return ("play", JOKER, one)
    # See-through and reversing ranks first (as a powered 8), then reset (the 2), then clearing (the 10).
    powered = m & (t.see_through | t.reversing) & ~_BITJ
    if powered:
        return ("play", ranks_of_mask(powered)[0], one)
    for group in (t.resetting, t.clearing):
        if m & group:
            r = ranks_of_mask(m & group)[0]
            return ("play", r, one if len(hb[r]) > 1 else 0) if from_hand else ("play", r, 0)
    return ("play", ranks_of_mask(m)[0], one)  # unreachable: every special card is in a group above


# ---------------------------------------------------------------------- out of turn


def wants_burn_in(view: SeatView) -> bool:
    """burn_in: whether this seat completes the open burn out of turn (from its own view only).
    Always when it can and it did not play the cards on top: a burn-in sheds cards, clears the
    pile and gives it the lead, which no level would turn down."""
    window = view.burn_in
    if window is None or view.me.out:
        return False
    rank, missing = window
    return sum(1 for c in view.hand if c.rank == rank) >= missing


# ---------------------------------------------------------------------- moves


def choice_to_move(game: Game, choice: Choice) -> Move:
    """The :class:`Move` a decision stands for, for :meth:`Game.play`."""
    kind, x, count = choice
    s = game.seats[game.turn]
    if kind == "play":
        if s.hand_count:
            b = hand_by_rank(s)[x]
            offer = game.drawn_offer()
            if offer is not None and (not count or count > offer[1]):
                count = offer[1]  # a drawn match: at most the cards drawn
            cards = b[-count:] if 0 < count < len(b) else b[:]
        else:
            cards = [c for c in s.face_up if c.rank == x]
            if 0 < count < len(cards):
                cards = cards[:count]
        return Move(_PLAY, tuple(cards))
    if kind == "take":
        return Move(_TAKE, (), s.face_up[x] if x >= 0 else None)
    if kind == "done":
        return Move.done()
    if kind == "chance":
        return Move.chance()
    return Move(_FLIP, (), None, x)


def move_to_choice(game: Game, move: Move) -> Choice:
    """The decision tuple of a play-phase move (the inverse of :func:`choice_to_move`)."""
    s = game.seats[game.turn]
    if move.kind == "play":
        r = move.cards[0].rank
        have = s.count_in_hand(r) if s.hand_count else sum(1 for c in s.face_up if c.rank == r)
        n = len(move.cards)
        return ("play", r, 0 if n >= have else n)
    if move.kind == "take":
        if move.adding is None:
            return ("take", -1, 0)
        for i, c in enumerate(s.face_up):
            if c.rank == move.adding.rank:
                return ("take", i, 0)
    if move.kind in ("done", "chance"):
        return (str(move.kind), 0, 0)
    return ("flip", move.index or 0, 0)
