"""The setup phase: the deal, then each seat's swaps or choice of face-up cards, then
who leads. Module functions over a :class:`~palace_tui.rules.game.Game`, which holds
the state: :meth:`Game.deal` deals through :func:`deal`, and :meth:`Game.play`
checks and applies a setup move through :func:`setup_move`.

An insider (ruff SLF001 allows it, pyproject.toml says why): it writes the seats' hands
(dealt, swapped, chosen), ``_dealt``, ``_setup_done`` and the events (``_events``).

>>> from palace_tui.rules import Game, Move, Rules
>>> g = Game.deal(Rules.preset("palace"), ["Ann", "Ben"], seed=1)
>>> [m.code() for m in setup_moves(g)][-1], g.turn
('ready', 1)
>>> g.play(Move.choose("3C 4C 5C"))
Traceback (most recent call last):
...
palace_tui.rules.moves.IllegalMove: Before play, swap a hand card with a face-up card, or say you are ready.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import combinations
from typing import TYPE_CHECKING

from palace_tui.rules.cards import Card, WrongType, cards_code, make_deck, parse_cards, rank_name, shuffled_deck
from palace_tui.rules.events import Event
from palace_tui.rules.kinds import EventKind, MoveKind, Phase
from palace_tui.rules.moves import IllegalMove, Move
from palace_tui.rules.seat import _STARTER_ORDER, not_among
from palace_tui.rules.text import not_held_sentence, not_holding_sentence
from palace_tui.rules.turn import begin_turn

if TYPE_CHECKING:
    from palace_tui.rules.game import Game

# Read as globals where every game passes: an enum member lookup on 3.11 costs ten times more.
_SWAP, _READY, _READY_EVENT = MoveKind.SWAP, MoveKind.READY, EventKind.READY


def deal(game: Game, seed: int | None, dealer: int, deck: str | Iterable[Card | str] | None) -> None:
    """Deal a new ``game`` (:meth:`Game.deal`): shuffled with ``seed``, or ``deck`` in that order."""
    rules = game.rules
    n = len(game.seats)
    if not isinstance(dealer, int) or isinstance(dealer, bool):
        raise WrongType(f"dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
    if seed is not None and not (isinstance(seed, int) and not isinstance(seed, bool)):
        raise WrongType(f"a seed is a whole number (or None for a new shuffle), not {seed!r}")
    if not 0 <= dealer < n:
        raise ValueError(f"dealer must be a seat from 0 to {n - 1}, not {dealer}")
    game.dealer = dealer
    game.seed = seed
    full = True
    if deck is None:
        cards = shuffled_deck(rules.packs, rules.jokers, seed)
    else:
        cards = parse_cards(deck)[::-1]  # dealt by popping from the end
        if len(cards) < n * rules.cards_per_seat:
            raise ValueError(f"a deal to {n} players needs {n * rules.cards_per_seat} cards, not {len(cards)}")
        _check_deck(cards, Counter(make_deck(rules.packs, rules.jokers)))
        full = len(cards) == rules.cards_in_play
    order = [(dealer + 1 + i) % n for i in range(n)]
    # Dealt one card a seat at a time from the top (the end of ``cards``): the j-th seat
    # in deal order gets every n-th card of each row's stretch of the deck, from j.
    top = cards[::-1]
    down = rules.face_down * n
    up = down + (rules.face_up * n if rules.swap_deal else 0)
    end = up + (rules.hand_size if rules.swap_deal else rules.face_up + rules.hand_size) * n
    for j, i in enumerate(order):
        seat = game.seats[i]
        seat.face_down = top[j:down:n]
        seat.face_up = top[down + j : up : n]
        seat._add(top[up + j : end : n])
    del cards[len(cards) - end :]
    game.stock = cards
    game.turn = order[0]
    game._dealt = full


def setup_moves(game: Game) -> list[Move]:
    """The legal setup moves of the seat to act (swaps and ready, or the choices of face-up cards)."""
    s = game.seats[game.turn]
    if not game.rules.swap_deal:
        seen = set()
        moves = []
        for combo in combinations(s.hand, game.rules.face_up):
            key = tuple(c.rank for c in combo)
            if key not in seen:
                seen.add(key)
                moves.append(Move(MoveKind.CHOOSE, combo))
        return moves
    moves = []
    hand_firsts: dict[int, Card] = {}
    for c in s.hand:
        hand_firsts.setdefault(c.rank, c)
    up_firsts: dict[int, Card] = {}
    for c in s.face_up:
        up_firsts.setdefault(c.rank, c)
    for hr, hc in hand_firsts.items():
        for ur, uc in up_firsts.items():
            if hr != ur:
                moves.append(Move(MoveKind.SWAP, (hc, uc)))
    moves.append(Move(MoveKind.READY))
    return moves


def setup_move(game: Game, move: Move) -> None:
    """Check and apply a setup move of the seat to act (IllegalMove says why not)."""
    s_i = game.turn
    s = game.seats[s_i]
    kind = move.kind
    if game.rules.swap_deal:
        if kind == _SWAP:
            hand_card, up_card = move.cards
            if hand_card not in s._hb[hand_card.rank]:  # a move names exact cards: another suit is another card
                raise IllegalMove(
                    f"You have no {_named(hand_card, s._hb[hand_card.rank])} in your hand to swap: swap one "
                    f"of {', '.join(str(c) for c in s.hand)}, or say you are ready."
                )
            if up_card not in s.face_up:
                raise IllegalMove(
                    f"You have no {_named(up_card, s.face_up)} face up to swap: swap for one "
                    f"of {', '.join(str(c) for c in s.face_up)}, or say you are ready."
                )
            h = s._take_rank(hand_card.rank, (hand_card,))[0]
            u = up_card
            s.face_up[s.face_up.index(u)] = h
            s._add((u,))
            if game._events is not None:
                game._events.append(Event(EventKind.SWAPPED, s_i, (u, h)))
            return
        if kind == _READY:
            if game._events is not None:
                game._events.append(Event(_READY_EVENT, s_i))
            _setup_next(game, s_i)
            return
        raise IllegalMove("Before play, swap a hand card with a face-up card, or say you are ready.")
    if kind != MoveKind.CHOOSE:
        raise IllegalMove(
            f"Before play, choose the {game.rules.face_up} cards to lay face up; this deal has no swapping."
        )
    want = game.rules.face_up
    if len(move.cards) != want:
        raise IllegalMove(f"Choose exactly {want} cards to lay face up, not {len(move.cards)}.")
    counts: dict[int, int] = {}
    for c in move.cards:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    for r, k in counts.items():
        if s.count_in_hand(r) < k:
            raise IllegalMove(not_holding_sentence(game, r, k, s.count_in_hand(r), "in your hand"))
    missing = not_among(move.cards, s.hand)
    if missing:
        raise IllegalMove(not_held_sentence(game, missing, s.hand, "in your hand"))
    chosen: list[Card] = []
    for r in counts:
        chosen += s._take_rank(r, [c for c in move.cards if c.rank == r])
    s.face_up = chosen
    if game._events is not None:
        game._events.append(Event(EventKind.CHOSE, s_i, tuple(chosen)))
    _setup_next(game, s_i)


def _setup_next(game: Game, s_i: int) -> None:
    game._setup_done[s_i] = True
    n = len(game.seats)
    for k in range(1, n + 1):
        i = (s_i + k) % n
        if not game._setup_done[i]:
            game.turn = i
            return
    _start_play(game)


def _start_play(game: Game) -> None:
    """Every seat is ready: play begins with the lowest card shown, or left of the dealer."""
    game.phase = Phase.PLAY
    n = len(game.seats)
    dealer = game.dealer if game.dealer is not None else n - 1
    order = [(dealer + 1 + i) % n for i in range(n)]
    if game.rules.dealer_left_leads:
        game.turn = order[0]
        reason = "left of the dealer"
    else:
        game.turn, reason = order[0], "left of the dealer"
        # Rank masks of each row: the lowest rank held anywhere leads, face up before in hand.
        ups = [0] * n
        for i, seat in enumerate(game.seats):
            for c in seat.face_up:
                ups[i] |= 1 << c.rank
        hands = [seat._hm for seat in game.seats]
        any_up = any_hand = 0
        for i in order:
            any_up |= ups[i]
            any_hand |= hands[i]
        for r in _STARTER_ORDER:
            if any_up >> r & 1:
                masks, where = ups, "face up"
            elif any_hand >> r & 1:
                masks, where = hands, "in hand"
            else:
                continue
            game.turn = next(i for i in order if masks[i] >> r & 1)
            reason = f"lowest card: {rank_name(r, True)} {where}"
            break
    if game._events is not None:
        game._events.append(Event(EventKind.STARTS, game.turn, (), 0, reason))
    begin_turn(game)


__all__ = ["deal", "setup_move", "setup_moves"]


def _named(card: Card, held: Iterable[Card]) -> str:
    """A card a swap names: by its rank when none of that rank is there, else as the exact card."""
    return str(card) if any(c.rank == card.rank for c in held) else rank_name(card.rank)


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _check_deck(cards: list[Card], packs: Counter[Card]) -> None:
    """ValueError naming a card these rules do not use, or one dealt more often than the packs hold it.

    >>> _check_deck(parse_cards("AH AH 3C"), Counter(make_deck(1, False)))
    Traceback (most recent call last):
    ...
    ValueError: the deck has AH twice where the packs hold it once
    """
    have = Counter(cards)
    unknown = sorted(c for c in have if c not in packs)
    if unknown:
        raise ValueError(f"the deck holds cards these rules do not use: {cards_code(unknown)}")
    doubled = sorted(c for c in have if have[c] > packs[c])
    if doubled:
        said = ", ".join(
            f"{cards_code([c])} {_times(have[c])} where the packs hold it {_times(packs[c])}" for c in doubled
        )
        missing = packs - have
        lacking = f", and no {cards_code(sorted(missing))}" if len(cards) == packs.total() and missing else ""
        raise ValueError(f"the deck has {said}{lacking}")
