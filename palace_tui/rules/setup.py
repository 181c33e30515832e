"""The setup phase: the deal, then each seat's swaps or choice of face-up cards, then
who leads. A mixin of :class:`~palace_tui.rules.game.Game`, which holds the state."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Self

from palace_tui.rules.cards import Card, WrongType, cards_code, make_deck, parse_cards, rank_name, shuffled_deck
from palace_tui.rules.events import Event
from palace_tui.rules.kinds import EventKind, MoveKind, Phase
from palace_tui.rules.moves import IllegalMove, Move
from palace_tui.rules.options import Rules
from palace_tui.rules.seat import _STARTER_ORDER
from palace_tui.rules.state import GameState

# Read as globals where every game passes: an enum member lookup on 3.11 costs ten times more.
_SWAP, _READY, _READY_EVENT = MoveKind.SWAP, MoveKind.READY, EventKind.READY


class SetupPhase(GameState):
    """Dealing and the setup moves (deal=swap: swap and ready; deal=choose: choose)."""

    __slots__ = ()

    @classmethod
    def deal(
        cls,
        rules: Rules,
        names: Sequence[str],
        seed: int | None = None,
        dealer: int = 0,
        deck: str | Iterable[Card | str] | None = None,
    ) -> Self:
        """Shuffle with ``seed`` and deal; the game starts in phase ``"setup"``.

        ``deck`` deals a chosen order instead of a shuffle (for lessons, tests and bug
        reports): the first card listed is dealt first, the cards left over are the
        stock, the last one listed at its bottom. It must hold at least one deal.
        """
        game = cls(rules, names)
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
            extra = Counter(cards) - Counter(make_deck(rules.packs, rules.jokers))
            if extra:
                raise ValueError(f"the deck holds cards these rules do not: {cards_code(sorted(extra))}")
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
        return game

    def setup_seat(self) -> int | None:
        """The seat making its setup now, or None outside setup."""
        return self.turn if self.phase == Phase.SETUP else None

    def _setup_moves(self) -> list[Move]:
        s = self.seats[self.turn]
        if not self.rules.swap_deal:
            seen = set()
            moves = []
            for combo in combinations(s.hand, self.rules.face_up):
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

    def _setup(self, move: Move) -> None:
        s_i = self.turn
        s = self.seats[s_i]
        kind = move.kind
        if self.rules.swap_deal:
            if kind == _SWAP:
                hand_card, up_card = move.cards
                if not s._hb[hand_card.rank]:
                    raise IllegalMove(
                        f"You have no {rank_name(hand_card.rank)} in your hand to swap: swap one "
                        f"of {', '.join(str(c) for c in s.hand)}, or say you are ready."
                    )
                match = [c for c in s.face_up if c.rank == up_card.rank]
                if not match:
                    raise IllegalMove(
                        f"You have no {rank_name(up_card.rank)} face up to swap: swap for one "
                        f"of {', '.join(str(c) for c in s.face_up)}, or say you are ready."
                    )
                h = s._take_rank(hand_card.rank, (hand_card,))[0]
                u = up_card if up_card in match else match[0]
                s.face_up[s.face_up.index(u)] = h
                s._add((u,))
                if self._events is not None:
                    self._events.append(Event(EventKind.SWAPPED, s_i, (u, h)))
                return
            if kind == _READY:
                if self._events is not None:
                    self._events.append(Event(_READY_EVENT, s_i))
                self._setup_next(s_i)
                return
            raise IllegalMove("With deal=swap, swap a hand card with a face-up card, or say you are ready.")
        if kind != MoveKind.CHOOSE:
            raise IllegalMove(f"With deal=choose, choose the {self.rules.face_up} cards to lay face up.")
        want = self.rules.face_up
        if len(move.cards) != want:
            raise IllegalMove(f"Choose exactly {want} cards to lay face up, not {len(move.cards)}.")
        counts: dict[int, int] = {}
        for c in move.cards:
            counts[c.rank] = counts.get(c.rank, 0) + 1
        for r, k in counts.items():
            if s.count_in_hand(r) < k:
                raise IllegalMove(self._not_holding(r, k, s.count_in_hand(r), "in your hand"))
        chosen: list[Card] = []
        for r in counts:
            chosen += s._take_rank(r, [c for c in move.cards if c.rank == r])
        s.face_up = chosen
        if self._events is not None:
            self._events.append(Event(EventKind.CHOSE, s_i, tuple(chosen)))
        self._setup_next(s_i)

    def _setup_next(self, s_i: int) -> None:
        self._setup_done[s_i] = True
        n = len(self.seats)
        for k in range(1, n + 1):
            i = (s_i + k) % n
            if not self._setup_done[i]:
                self.turn = i
                return
        self._start_play()

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        n = len(self.seats)
        dealer = self.dealer if self.dealer is not None else n - 1
        order = [(dealer + 1 + i) % n for i in range(n)]
        if self.rules.dealer_left_leads:
            self.turn = order[0]
            reason = "left of the dealer"
        else:
            self.turn, reason = order[0], "left of the dealer"
            # Rank masks of each row: the lowest rank held anywhere leads, face up before in hand.
            ups = [0] * n
            for i, seat in enumerate(self.seats):
                for c in seat.face_up:
                    ups[i] |= 1 << c.rank
            hands = [seat._hm for seat in self.seats]
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
                self.turn = next(i for i in order if masks[i] >> r & 1)
                reason = f"lowest card: {rank_name(r, True)} {where}"
                break
        if self._events is not None:
            self._events.append(Event(EventKind.STARTS, self.turn, (), 0, reason))
        self._begin_turn()
