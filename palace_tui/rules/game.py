"""The game: deal, setup, play and outcome, for every option in RULES.md.

A ``Game`` is the whole state. It is mutated only through :meth:`Game.play` (and
:meth:`Game.abandon`); everything a seat may see is in :meth:`Game.view`.

>>> g = Game.from_position(Rules.preset("palace"), seats=[
...     {"name": "Ann", "hand": "7D 7S 3C"}, {"name": "Ben", "hand": "9C"}],
...     pile="7H 7C")
>>> [e.kind for e in g.play(Move.play("7D 7S"))]
['played', 'cleared']
>>> g.turn, g.pile
(0, [])
"""

from __future__ import annotations

import json
from bisect import insort
from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Iterable, Sequence

from .cards import (JOKER, TEN, Card, cards_code, cards_words, make_deck, order_key, parse_cards, rank_name,
                    shuffled_deck)
from .events import Event
from .moves import IllegalMove, Move
from ..names import clean_name
from .options import OPTIONS, Rules
from .tables import RuleTables, tables_for
from .text import illegal_play_sentence, join_or, legal_summary, not_holding_sentence
from .validate import InvalidPosition, check_cards, check_game, check_position_args, check_save

SAVE_FORMAT = "palace-tui-game"
SAVE_VERSION = 1

#: Display order of ranks in a hand: 3..9, J..A, then 10, 2, joker.
_HAND_ORDER = (3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 10, 2, 15)
#: Starter search order (ruling 1): 3 up to ace, then 10, then 2 (jokers last of all).
_STARTER_ORDER = _HAND_ORDER
#: Rank lists of rank bit masks, filled as they are met (legal-move generation is hot).
_RANKS_OF_MASK: dict[int, list[int]] = {}


@dataclass(frozen=True)
class Outcome:
    """How a game ended.

    ``order`` lists seats in the order they went out (with last-loses the loser is
    last); ``points`` is a list by seat under the scoring option.
    """

    order: tuple[int, ...]
    winner: int | None
    loser: int | None
    points: tuple[int, ...]
    abandoned: bool = False

    def place(self, seat: int) -> int | None:
        """1-based finishing place of a seat, or None if it has none."""
        return self.order.index(seat) + 1 if seat in self.order else None


class Seat:
    """One player's cards. ``hand`` is a sorted copy; the engine keeps per-rank piles."""

    __slots__ = ("name", "_hb", "_hn", "_hm", "face_up", "face_down", "place")

    def __init__(self, name: str) -> None:
        self.name = name
        self._hb: list[list[Card]] = [[] for _ in range(JOKER + 1)]  # hand cards by rank
        self._hn = 0  # hand size
        self._hm = 0  # bit mask of ranks in hand
        self.face_up: list[Card] = []
        self.face_down: list[Card] = []
        self.place: int | None = None  # 1-based place when out

    @property
    def hand(self) -> list[Card]:
        """The hand in playing order (a fresh list: change it through moves only)."""
        out: list[Card] = []
        hb = self._hb
        for r in _HAND_ORDER:
            b = hb[r]
            if b:
                out.extend(sorted(b, key=_suit_key) if len(b) > 1 else b)
        return out

    @property
    def hand_count(self) -> int:
        return self._hn

    @property
    def out(self) -> bool:
        return self.place is not None

    def count_in_hand(self, rank: int) -> int:
        return len(self._hb[rank])

    def has_cards(self) -> bool:
        return bool(self._hn or self.face_up or self.face_down)

    def _add(self, cards: Iterable[Card]) -> None:
        hb = self._hb
        n = 0
        m = self._hm
        for c in cards:
            b = hb[c.rank]
            # Buckets stay in suit order, so the hand's inner order is a function of its
            # cards: a game read back from JSON lists and plays exactly as the original.
            if b and c.suit < b[-1].suit:
                insort(b, c, key=_suit_key)
            else:
                b.append(c)
            m |= 1 << c.rank
            n += 1
        self._hn += n
        self._hm = m

    def _take_rank(self, rank: int, want: Sequence[Card]) -> list[Card]:
        """Remove len(want) cards of ``rank`` from hand, preferring the named ones."""
        b = self._hb[rank]
        chosen = _pick(b, want)
        self._hn -= len(chosen)
        if not b:
            self._hm &= ~(1 << rank)
        return chosen

    def _copy(self) -> "Seat":
        s = Seat.__new__(Seat)
        s.name = self.name
        s._hb = [b[:] for b in self._hb]
        s._hn = self._hn
        s._hm = self._hm
        s.face_up = self.face_up[:]
        s.face_down = self.face_down[:]
        s.place = self.place
        return s

    def __repr__(self) -> str:
        return (f"Seat({self.name!r}, hand={cards_code(self.hand)!r}, face_up={cards_code(self.face_up)!r}, "
                f"face_down={cards_code(self.face_down)!r}, place={self.place})")


def _no_constant(text: str) -> float:
    raise ValueError(f"{text} is not a number a save can hold")


def _suit_key(c: Card) -> str:
    return c.suit


def _pick(bucket: list[Card], want: Sequence[Card]) -> list[Card]:
    """Take len(want) cards out of ``bucket`` (all one rank), the named ones first."""
    n = len(want)
    if n == len(bucket):
        chosen = bucket[:]
        bucket.clear()
        return chosen
    chosen = []
    for c in want:
        if c in bucket:
            bucket.remove(c)
            chosen.append(c)
    while len(chosen) < n:
        chosen.append(bucket.pop())
    return chosen


class Game:
    """A game of Palace under one :class:`Rules`, from the deal to the outcome."""

    __slots__ = ("rules", "seats", "pile", "stock", "cleared", "turn", "direction", "phase",
                 "dealer", "seed", "moves", "pickups", "_t", "_eff", "_run_rank", "_run_len", "_owner",
                 "_order", "_setup_done", "_abandoned", "_events", "_dealt")

    # ----------------------------------------------------------------- creation

    def __init__(self, rules: Rules, names: Sequence[str]) -> None:
        if not isinstance(rules, Rules):
            raise TypeError("rules must be a Rules value: use Rules.preset(name)")
        names = [clean_name(n) for n in names]  # no terminal escapes in a name, wherever it came from
        n = len(names)
        if n < 2:
            raise ValueError("Palace needs at least 2 players")
        if n > rules.max_players:
            raise ValueError(
                f"{n} players need {n * rules.cards_per_seat} cards ({rules.cards_per_seat} each) but "
                f"there are only {rules.cards_in_play}: at most {rules.max_players} can play with these "
                "options (add jokers or a pack, or deal smaller rows)")
        self.rules = rules
        self.seats = [Seat(name) for name in names]
        self.pile: list[Card] = []
        self.stock: list[Card] = []
        self.cleared: list[Card] = []
        self.turn = 0
        self.direction = 1
        self.phase = "setup"
        self.dealer: int | None = None
        self.seed: int | None = None
        self.moves = 0
        self.pickups = 0  # takes and failed face-down cards, for statistics
        self._t: RuleTables = tables_for(rules)
        self._eff = 0  # requirement rank of the pile: 0 means anything goes
        self._run_rank = 0  # rank of the same-rank run on top of the pile
        self._run_len = 0
        self._owner: int | None = None  # seat that played the top card of the pile
        self._order: list[int] = []  # seats in the order they went out
        self._setup_done = [False] * n
        self._abandoned = False
        self._events: list[Event] | None = []  # None: quiet mode, no events kept
        self._dealt = False  # dealt from a full deck (so a save can be checked card by card)

    @classmethod
    def deal(cls, rules: Rules, names: Sequence[str], seed: int | None = None,
             dealer: int = 0, deck: str | Iterable | None = None) -> "Game":
        """Shuffle with ``seed`` and deal; the game starts in phase ``"setup"``.

        ``deck`` deals a chosen order instead of a shuffle (for lessons, tests and bug
        reports): the first card listed is dealt first, the cards left over are the
        stock, the last one listed at its bottom. It must hold at least one deal.
        """
        game = cls(rules, names)
        n = len(game.seats)
        if not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat from 0 to {n - 1}, not {dealer}")
        game.dealer = dealer
        game.seed = seed
        full = True
        if deck is None:
            deck = shuffled_deck(rules.packs, rules.jokers, seed)
        else:
            deck = parse_cards(deck)[::-1]  # dealt by popping from the end
            if len(deck) < n * rules.cards_per_seat:
                raise ValueError(f"a deal to {n} players needs {n * rules.cards_per_seat} cards, "
                                 f"not {len(deck)}")
            extra = Counter(deck) - Counter(make_deck(rules.packs, rules.jokers))
            if extra:
                raise ValueError(f"the deck holds cards these rules do not: {cards_code(sorted(extra))}")
            full = len(deck) == rules.cards_in_play
        order = [(dealer + 1 + i) % n for i in range(n)]
        for _ in range(rules.face_down):
            for i in order:
                game.seats[i].face_down.append(deck.pop())
        if rules.deal == "swap":
            for _ in range(rules.face_up):
                for i in order:
                    game.seats[i].face_up.append(deck.pop())
            private = rules.hand_size
        else:
            private = rules.face_up + rules.hand_size
        for _ in range(private):
            for i in order:
                game.seats[i]._add((deck.pop(),))
        game.stock = deck
        game.turn = order[0]
        game._dealt = full
        return game

    @classmethod
    def from_position(cls, rules: Rules, seats: Sequence[dict[str, Any]], pile: str | Iterable = "",
                      stock: str | Iterable = "", cleared: str | Iterable = "", turn: int = 0,
                      dealer: int | None = None, direction: int = 1,
                      pile_owner: int | None = None) -> "Game":
        """A position in the play phase. Pile and stock are listed bottom first.

        Each seat is a dict with ``name`` and any of ``hand``, ``face_up``,
        ``face_down`` (card strings) and ``place`` (already out in that place).
        A seat with no cards at all counts as out. ``pile_owner`` is who played the
        top card of the pile (for after_pickup=builder); by default the seat before
        ``turn``.
        """
        check_position_args(seats, turn, dealer, direction, pile_owner)
        game = cls(rules, [s.get("name", f"Seat {i + 1}") for i, s in enumerate(seats)])
        for seat, spec in zip(game.seats, seats):
            unknown = set(spec) - {"name", "hand", "face_up", "face_down", "place"}
            if unknown:
                raise ValueError(f"unknown seat fields: {', '.join(sorted(unknown))}")
            seat._add(parse_cards(spec.get("hand", "")))
            seat.face_up = parse_cards(spec.get("face_up", ""))
            seat.face_down = parse_cards(spec.get("face_down", ""))
        placed = sorted((s["place"], i) for i, s in enumerate(seats) if s.get("place"))
        game._order = [i for _, i in placed]
        game._order += [i for i, s in enumerate(game.seats) if not s.has_cards() and i not in game._order]
        for k, i in enumerate(game._order):
            game.seats[i].place = k + 1
        game.stock = parse_cards(stock)
        game.cleared = parse_cards(cleared)
        game._setup_done = [True] * len(game.seats)
        if direction not in (1, -1):
            raise ValueError("direction must be 1 (clockwise) or -1")
        game.direction = direction
        game.dealer = dealer
        game.phase = "play"
        game._set_pile(parse_cards(pile))
        if game._pile_rank_check():
            raise ValueError(game._pile_rank_check())
        if not 0 <= turn < len(game.seats) or game.seats[turn].out:
            raise ValueError(f"turn must be a seat still in play, not {turn}")
        game.turn = turn
        if game.pile:
            game._owner = pile_owner if pile_owner is not None else game._next_active(turn, -game.direction)
        game._check_cards()
        check_cards(game, full_deck=False, refuse=InvalidPosition)
        game._begin_turn()
        game._events.clear()
        if game._game_should_end():
            game._finish()
        check_game(game, refuse=InvalidPosition)
        return game

    def _pile_rank_check(self) -> str:
        if any(c.rank == TEN for c in self.pile):
            return "a ten clears the pile, so a pile can't hold one"
        if self._run_len >= 4 and self._run_rank != JOKER:
            return "four of a kind on top clears the pile, so a pile can't end with one"
        return ""

    def _check_cards(self) -> None:
        if not self.rules.jokers:
            for zone in self._zones():
                if any(c.rank == JOKER for c in zone):
                    raise ValueError("a joker is in the position but the rules have jokers=false")

    def _set_pile(self, cards: list[Card]) -> None:
        """Put cards on the pile and derive the requirement and the top run from them."""
        self.pile = cards
        self._eff = 0
        self._run_rank = 0
        self._run_len = 0
        transparent = self._t.transparent
        for c in cards:
            r = c.rank
            if r == self._run_rank and r != JOKER:
                self._run_len += 1
            else:
                self._run_rank, self._run_len = r, 1
            if not transparent >> r & 1:
                self._eff = r
        self._owner = None

    # ----------------------------------------------------------------- queries

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def abandoned(self) -> bool:
        return self._abandoned

    def requirement(self) -> int:
        """The rank the next ordinary play must answer (0: anything), looking through
        invisible eights and jokers."""
        return self._eff

    def allowed_mask(self) -> int:
        """Bit mask of the ranks that may be played on the pile now."""
        return self._t.allowed[self._eff]

    def can_play_rank(self, rank: int) -> bool:
        """Whether a card of this rank may go on the pile now."""
        return bool(self._t.allowed[self._eff] >> rank & 1)

    def stage(self, seat: int | None = None) -> str:
        """Where the seat plays from: ``hand``, ``face_up``, ``face_down`` or ``out``."""
        s = self.seats[self.turn if seat is None else seat]
        if s.place is not None:
            return "out"
        if s._hn or self.stock:
            return "hand"
        if s.face_up:
            return "face_up"
        return "face_down"

    def source_cards(self) -> list[Card]:
        """The cards the seat to act may play from in this stage (hand or face-up row)."""
        s = self.seats[self.turn]
        st = self.stage()
        return s.hand if st == "hand" else s.face_up[:] if st == "face_up" else []

    def playable_mask(self) -> int:
        """Bit mask (bit r for rank r) of the ranks the seat to act may play now from
        its hand, or from its face-up row at that stage; 0 at the face-down stage."""
        s = self.seats[self.turn]
        allowed = self._t.allowed[self._eff]
        if s._hn:
            return s._hm & allowed
        m = 0
        for c in s.face_up:
            m |= 1 << c.rank
        return m & allowed

    def playable_ranks(self) -> list[int]:
        """Ranks the seat to act may play now from its current stage (none at face-down)."""
        if self.phase != "play":
            return []
        m = self.playable_mask()
        ranks = _RANKS_OF_MASK.get(m)
        if ranks is None:
            ranks = _RANKS_OF_MASK[m] = [r for r in range(2, 16) if m >> r & 1]
        return ranks[:]

    def legal_moves(self) -> list[Move]:
        """Every legal move for the seat to act, each play listed once per rank and count."""
        if self.phase == "play":
            return self._play_moves()
        if self.phase == "setup":
            return self._setup_moves()
        return []

    def is_legal(self, move: Move) -> bool:
        """Whether ``game.play(move)`` would be accepted (the game is not changed)."""
        try:
            self.copy().play(move)
        except IllegalMove:
            return False
        return True

    def outcome(self) -> Outcome | None:
        """None until the game is over; then who went out when, and the points."""
        if self.phase != "over":
            return None
        n = len(self.seats)
        if self._abandoned:
            return Outcome((), None, None, (0,) * n, abandoned=True)
        order = tuple(self._order)
        winner = order[0] if order else None
        loser = order[-1] if self.rules.finish == "last-loses" and len(order) == n else None
        points = [0] * n
        scoring = self.rules.scoring
        if scoring == "podium":
            for place, seat in enumerate(order[:3]):
                points[seat] = 3 - place
        elif scoring == "losses":
            if loser is not None:
                points[loser] = 1
        elif winner is not None:
            points[winner] = 1
        return Outcome(order, winner, loser, tuple(points))

    def next_dealer(self) -> int:
        """Who deals the next game under the next_dealer option."""
        dealer = self.dealer if self.dealer is not None else 0
        result = self.outcome()
        if self.rules.next_dealer == "loser" and result and result.loser is not None:
            return result.loser
        return (dealer + 1) % len(self.seats)

    def active_seats(self) -> list[int]:
        """Seats still holding cards, in seat order."""
        return [i for i, s in enumerate(self.seats) if s.place is None]

    # ----------------------------------------------------------------- moves

    def play(self, move: Move) -> list[Event]:
        """Apply a move for the seat to act and return the public events it caused.

        An illegal move raises :class:`IllegalMove` and changes nothing.
        """
        if not isinstance(move, Move):
            raise TypeError(f"play() takes a Move, not {type(move).__name__}")
        if self.phase == "play":
            kind = move.kind
            if kind == "play":
                self._play_cards(move.cards)
            elif kind == "take":
                self._take(move.adding)
            elif kind == "flip":
                self._flip(move.index)
            else:
                raise IllegalMove(f"The game has started: '{move.kind}' is a setup move; "
                                  f"you can {self.legal_summary()}.")
            self.moves += 1
        elif self.phase == "setup":
            self._setup(move)
        elif self._abandoned:
            raise IllegalMove("The game was abandoned: no more moves.")
        else:
            raise IllegalMove("The game is over: no more moves.")
        events = self._events
        self._events = []
        return events

    def play_rank(self, rank: int, count: int | None = None) -> list[Event]:
        """Play ``count`` cards (all, if None) of one rank from the current stage."""
        s = self.seats[self.turn]
        src = s._hb[rank] if s._hn else [c for c in s.face_up if c.rank == rank]
        n = len(src) if count is None else count
        if self.phase == "play" and not (s._hn or s.face_up):
            raise IllegalMove("Your hand and face-up cards are gone: turn one of your face-down cards.")
        if not 0 < n <= len(src):
            where = "in your hand" if s._hn else "face up"
            raise IllegalMove(self._not_holding(rank, max(n, 1), len(src), where))
        return self.play(Move("play", tuple(src[:n])))

    def random_choice(self, rng) -> tuple[str, int]:
        """The ``random`` policy's decision for the seat to act in the play phase.

        ``("play", rank)`` plays every copy of a uniformly chosen playable rank;
        ``("take", i)`` takes the pile only when nothing can be played, adding
        face-up card ``i`` where stuck_face_up=add-one (else ``i`` is -1);
        ``("flip", i)`` turns a random face-down card.
        """
        s = self.seats[self.turn]
        if not (s._hn or s.face_up):
            return "flip", int(rng.random() * len(s.face_down))
        m = self.playable_mask()
        if m:
            ranks = _RANKS_OF_MASK.get(m)
            if ranks is None:
                ranks = _RANKS_OF_MASK[m] = [r for r in range(2, 16) if m >> r & 1]
            return "play", ranks[int(rng.random() * len(ranks))]
        if not s._hn and self.rules.stuck_face_up == "add-one":
            return "take", int(rng.random() * len(s.face_up))
        return "take", -1

    def random_turn(self, rng) -> None:
        """Play one turn of the ``random`` policy, without building Move or keeping events.

        The same rule code runs as in :meth:`play`; only the validation of a choice that
        is legal by construction is skipped. Simulations and rollouts use it for speed.
        """
        kind, x = self.random_choice(rng)
        self.fast_turn(kind, x)

    def abandon(self) -> list[Event]:
        """Stop the game with no result (ruling 11)."""
        if self.phase == "over":
            raise IllegalMove("The game is already over.")
        self._abandoned = True
        self.phase = "over"
        return [Event("abandoned")]

    # ----------------------------------------------------------------- play phase

    def _play_cards(self, cards: tuple[Card, ...]) -> None:
        if not cards:
            raise IllegalMove(f"Choose at least one card to play: you can {self.legal_summary()}.")
        rank = cards[0].rank
        for c in cards:
            if c.rank != rank:
                raise IllegalMove("Cards played together must all be the same rank, so "
                                  f"{' and '.join(sorted({rank_name(c.rank, True) for c in cards}))} can't go "
                                  f"together: play one rank at a time (you can {self.legal_summary()}).")
        s_i = self.turn
        s = self.seats[s_i]
        n = len(cards)
        if s._hn:
            bucket = s._hb[rank]
            if len(bucket) < n:
                raise IllegalMove(self._not_holding(rank, n, len(bucket), "in your hand"))
            if not self._t.allowed[self._eff] >> rank & 1:
                raise IllegalMove(self.explain_illegal(rank))
            laid = s._take_rank(rank, cards)
            self._lay(s_i, s, laid, from_hand=True)
        elif s.face_up:
            have = [c for c in s.face_up if c.rank == rank]
            if len(have) < n:
                raise IllegalMove(self._not_holding(rank, n, len(have), "face up"))
            if not self._t.allowed[self._eff] >> rank & 1:
                raise IllegalMove(self.explain_illegal(rank))
            laid = _pick(have, cards)
            for c in laid:
                s.face_up.remove(c)
            self._lay(s_i, s, laid, from_hand=False)
        else:
            raise IllegalMove("Your hand and face-up cards are gone: turn one of your face-down cards.")

    def _not_holding(self, rank: int, want: int, have: int, where: str) -> str:
        return not_holding_sentence(self, rank, want, have, where)

    def legal_summary(self) -> str:
        """What the seat to act may do now, as a clause for sentences:
        ``play a 4 or a jack, or take the pile``."""
        return legal_summary(self)

    def _lay(self, s_i: int, s: Seat, laid: list[Card], from_hand: bool) -> None:
        """Put legal cards on the pile, then clear, draw, go out and pass the turn.

        This is the engine's hot path: locals instead of attribute chains, and no
        events at all in quiet mode (``_events is None``, used by rollouts).
        """
        rank = laid[0].rank
        pile = self.pile
        pile.extend(laid)
        t = self._t
        ev = self._events
        if ev is not None:
            ev.append(Event("played", s_i, tuple(laid)))
        if rank == self._run_rank and rank != JOKER:
            run = self._run_len = self._run_len + len(laid)
        else:
            self._run_rank = rank
            run = self._run_len = len(laid)
        if not t.transparent >> rank & 1:
            self._eff = rank
        self._owner = s_i
        if t.reversing >> rank & 1:
            self.direction = -self.direction
            if ev is not None:
                ev.append(Event("reversed", s_i))
        cleared = rank == TEN or (run >= 4 and rank != JOKER)
        if cleared:
            if ev is not None:
                ev.append(Event("cleared", s_i, (laid[0],), len(pile), "ten" if rank == TEN else "four"))
            self.cleared.extend(pile)
            pile.clear()
            self._eff = self._run_rank = self._run_len = 0
            self._owner = None
        stock = self.stock
        if from_hand and stock:
            k = t.hand_size - s._hn
            if k > 0:
                if k > len(stock):
                    k = len(stock)
                drawn = stock[-k:]
                del stock[-k:]
                s._add(drawn)
                if ev is not None:
                    ev.append(Event("drew", s_i, (), k))
        if not s._hn and not s.face_up and not s.face_down:
            self._go_out(s_i, s)
            if self.phase == "over":
                return
        elif cleared:
            if not s._hn and stock:
                self._begin_turn()
            return  # the same seat plays again
        seats = self.seats
        nxt = (s_i + self.direction) % len(seats)
        if seats[nxt].place is not None:
            nxt = self._next_active(nxt, self.direction)
        self.turn = nxt
        if not seats[nxt]._hn and stock:
            self._begin_turn()

    def _go_out(self, s_i: int, s: Seat) -> None:
        self._order.append(s_i)
        s.place = len(self._order)
        if self._events is not None:
            self._events.append(Event("out", s_i, (), s.place))
        if self._game_should_end():
            self._finish()

    def _game_should_end(self) -> bool:
        if self.rules.finish == "first-out":
            return bool(self._order)
        return len(self.seats) - len(self._order) <= 1

    def _finish(self) -> None:
        if self.rules.finish == "last-loses":
            for i, s in enumerate(self.seats):
                if s.place is None:
                    self._order.append(i)
                    s.place = len(self._order)
        self.phase = "over"
        if self._events is not None:
            self._events.append(Event("over"))

    def _next_active(self, i: int, direction: int) -> int:
        seats = self.seats
        n = len(seats)
        for _ in range(n):
            i = (i + direction) % n
            if seats[i].place is None:
                return i
        return i

    def _begin_turn(self) -> None:
        """Ruling 15: a turn that begins with no hand while the stock lasts draws first."""
        s = self.seats[self.turn]
        if not s._hn and self.stock:
            k = min(self.rules.hand_size, len(self.stock))
            drawn = self.stock[-k:]
            del self.stock[-k:]
            s._add(drawn)
            if self._events is not None:
                self._events.append(Event("drew", self.turn, (), k))

    def _take(self, adding: Card | None) -> None:
        s_i = self.turn
        s = self.seats[s_i]
        stage = self.stage()
        if not self.pile:
            # Name only what is legal: anything goes on an empty pile, but not from face down.
            rest = "play any card" if stage != "face_down" else self.legal_summary()
            raise IllegalMove(f"The pile is empty, so there is nothing to take: {rest}.")
        if stage == "face_down":
            raise IllegalMove("At the face-down stage the only move is to turn a face-down card.")
        added: tuple[Card, ...] = ()
        if stage == "face_up" and self.rules.stuck_face_up == "add-one":
            if adding is None:
                raise IllegalMove("With no hand, taking the pile means adding one of your face-up cards to "
                                  "it first: choose which face-up card to add.")
            match = [c for c in s.face_up if c.rank == adding.rank]
            if not match:
                raise IllegalMove(f"You have no {rank_name(adding.rank)} face up to add: add "
                                  f"{join_or([cards_words([c]) for c in s.face_up])}.")
            card = adding if adding in match else match[0]
            s.face_up.remove(card)
            self.pile.append(card)
            added = (card,)
        elif adding is not None:
            why = ("You are playing from your hand, so no face-up card is added" if stage == "hand"
                   else "Under keep-row your face-up cards stay where they are")
            raise IllegalMove(f"{why}: take the pile without adding one.")
        self._events.append(Event("took", s_i, added, len(self.pile)))
        self._pick_up(s_i, s)

    def _pick_up(self, s_i: int, s: Seat) -> None:
        """The whole pile goes to the seat's hand; the turn passes per after_pickup."""
        owner = self._owner
        s._add(self.pile)
        self.pickups += 1
        self.pile = []
        self._eff = self._run_rank = self._run_len = 0
        self._owner = None
        if (self.rules.after_pickup == "builder" and owner is not None and owner != s_i
                and self.seats[owner].place is None):
            self.turn = owner
        else:
            self.turn = self._next_active(s_i, self.direction)
        self._begin_turn()

    def _flip(self, index: int | None) -> None:
        s_i = self.turn
        s = self.seats[s_i]
        stage = self.stage()
        if stage != "face_down":
            where = "hand" if stage == "hand" else "face-up row"
            if self.playable_mask():
                raise IllegalMove(f"Face-down cards come last: play from your {where} first.")
            raise IllegalMove(f"Face-down cards come last, and nothing in your {where} can go on the pile: "
                              f"you can {self.legal_summary()}.")
        if index is None or not 0 <= index < len(s.face_down):
            raise IllegalMove(f"Choose a face-down card from 1 to {len(s.face_down)}.")
        card = s.face_down.pop(index)
        if self._events is not None:
            self._events.append(Event("flipped", s_i, (card,)))
        if self._t.allowed[self._eff] >> card.rank & 1:
            self._lay(s_i, s, [card], from_hand=False)
            return
        # A failed card joins the pile but is not "the card not beaten" (ruling 6).
        self.pile.append(card)
        if self._events is not None:
            self._events.append(Event("failed", s_i, (card,), len(self.pile)))
        self._pick_up(s_i, s)

    def _play_moves(self) -> list[Move]:
        s = self.seats[self.turn]
        moves: list[Move] = []
        allowed = self._t.allowed[self._eff]
        if s._hn:
            for r in _HAND_ORDER:
                b = s._hb[r]
                if b and allowed >> r & 1:
                    for k in range(1, len(b) + 1):
                        moves.append(Move("play", tuple(b[:k])))
            if self.pile:
                moves.append(Move("take"))
        elif s.face_up:
            by_rank: dict[int, list[Card]] = {}
            for c in s.face_up:
                by_rank.setdefault(c.rank, []).append(c)
            for r, cs in sorted(by_rank.items(), key=lambda kv: order_key(kv[0])):
                if allowed >> r & 1:
                    for k in range(1, len(cs) + 1):
                        moves.append(Move("play", tuple(cs[:k])))
            if self.pile:
                if self.rules.stuck_face_up == "add-one":
                    for r, cs in sorted(by_rank.items(), key=lambda kv: order_key(kv[0])):
                        moves.append(Move("take", (), cs[0]))
                else:
                    moves.append(Move("take"))
        else:
            moves = [Move("flip", (), None, i) for i in range(len(s.face_down))]
        return moves

    # ----------------------------------------------------------------- explanations

    def explain_illegal(self, rank: int) -> str:
        """Why a card of ``rank`` can't go on the pile, and what could."""
        return illegal_play_sentence(self, rank)

    def requirement_text(self) -> str:
        """What may be played now, short: ``9 or higher`` (kept for outside callers; made by words)."""
        return self.view(self.turn).requirement

    @property
    def pile_owner(self) -> int | None:
        """The seat that played the card the pile now answers (None on an empty pile)."""
        return self._owner

    def setup_done(self, seat: int) -> bool:
        """Whether ``seat`` has finished its setup (swapped and said ready, or chosen)."""
        return self._setup_done[seat]

    # ----------------------------------------------------------------- setup phase

    def setup_seat(self) -> int | None:
        """The seat making its setup now, or None outside setup."""
        return self.turn if self.phase == "setup" else None

    def _setup_moves(self) -> list[Move]:
        s = self.seats[self.turn]
        if self.rules.deal == "choose":
            seen = set()
            moves = []
            for combo in combinations(s.hand, self.rules.face_up):
                key = tuple(c.rank for c in combo)
                if key not in seen:
                    seen.add(key)
                    moves.append(Move("choose", combo))
            return moves
        moves = []
        hand_firsts = {}
        for c in s.hand:
            hand_firsts.setdefault(c.rank, c)
        up_firsts = {}
        for c in s.face_up:
            up_firsts.setdefault(c.rank, c)
        for hr, hc in hand_firsts.items():
            for ur, uc in up_firsts.items():
                if hr != ur:
                    moves.append(Move("swap", (hc, uc)))
        moves.append(Move("ready"))
        return moves

    def _setup(self, move: Move) -> None:
        s_i = self.turn
        s = self.seats[s_i]
        kind = move.kind
        if self.rules.deal == "swap":
            if kind == "swap":
                hand_card, up_card = move.cards
                if not s._hb[hand_card.rank]:
                    raise IllegalMove(f"You have no {rank_name(hand_card.rank)} in your hand to swap: swap one "
                                      f"of {', '.join(str(c) for c in s.hand)}, or say you are ready.")
                match = [c for c in s.face_up if c.rank == up_card.rank]
                if not match:
                    raise IllegalMove(f"You have no {rank_name(up_card.rank)} face up to swap: swap for one "
                                      f"of {', '.join(str(c) for c in s.face_up)}, or say you are ready.")
                h = s._take_rank(hand_card.rank, (hand_card,))[0]
                u = up_card if up_card in match else match[0]
                s.face_up[s.face_up.index(u)] = h
                s._add((u,))
                self._events.append(Event("swapped", s_i, (u, h)))
                return
            if kind == "ready":
                self._events.append(Event("ready", s_i))
                self._setup_next(s_i)
                return
            raise IllegalMove("With deal=swap, swap a hand card with a face-up card, or say you are ready.")
        if kind != "choose":
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
        for r, k in counts.items():
            chosen += s._take_rank(r, [c for c in move.cards if c.rank == r])
        s.face_up = chosen
        self._events.append(Event("chose", s_i, tuple(chosen)))
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
        self.phase = "play"
        n = len(self.seats)
        dealer = self.dealer if self.dealer is not None else n - 1
        order = [(dealer + 1 + i) % n for i in range(n)]
        if self.rules.starter == "dealer-left":
            self.turn = order[0]
            reason = "left of the dealer"
        else:
            self.turn, reason = order[0], "left of the dealer"
            found = False
            for r in _STARTER_ORDER:
                for zone, where in (("face_up", "face up"), ("hand", "in hand")):
                    for i in order:
                        seat = self.seats[i]
                        has = (any(c.rank == r for c in seat.face_up) if zone == "face_up"
                               else bool(seat._hb[r]))
                        if has:
                            self.turn = i
                            reason = f"lowest card: {rank_name(r, True)} {where}"
                            found = True
                            break
                    if found:
                        break
                if found:
                    break
        self._events.append(Event("starts", self.turn, (), 0, reason))
        self._begin_turn()

    # ----------------------------------------------------------------- views, copies, saves

    def view(self, seat: int):
        """What ``seat`` may see: its own hand, the public table, counts of the rest."""
        from .view import SeatView
        return SeatView.of(self, seat)

    def copy(self) -> "Game":
        """An independent copy (cheap: cards are shared immutable values)."""
        g = Game.__new__(Game)
        g.rules = self.rules
        g.seats = [s._copy() for s in self.seats]
        g.pile = self.pile[:]
        g.stock = self.stock[:]
        g.cleared = self.cleared[:]
        g.turn = self.turn
        g.direction = self.direction
        g.phase = self.phase
        g.dealer = self.dealer
        g.seed = self.seed
        g.moves = self.moves
        g.pickups = self.pickups
        g._t = self._t
        g._eff = self._eff
        g._run_rank = self._run_rank
        g._run_len = self._run_len
        g._owner = self._owner
        g._order = self._order[:]
        g._setup_done = self._setup_done[:]
        g._abandoned = self._abandoned
        g._events = []
        g._dealt = self._dealt
        return g

    def determinize(self, seat: int, rng, known_hands: dict[int, Sequence[Card]] | None = None) -> "Game":
        """A copy in which every card ``seat`` cannot see is dealt again at random.

        Other hands, every face-down card (its own too) and the stock are shuffled
        together and dealt back in the same counts, so a computer player can search
        possible worlds without peeking. ``known_hands`` lists cards known to be in
        another seat's hand (seen picked up); they stay there.
        """
        g = self.copy()
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
                s._hb = [[] for _ in range(JOKER + 1)]
                s._hn = s._hm = 0
                s._add(keep[i])
                s._add([unseen.pop() for _ in range(n)])
        return g

    def _zones(self) -> list[list[Card]]:
        zones = [self.pile, self.stock, self.cleared]
        for s in self.seats:
            zones += [s.hand, s.face_up, s.face_down]
        return zones

    def all_cards(self) -> list[Card]:
        """Every card in every zone (for checks that no card is lost or made up)."""
        return [c for z in self._zones() for c in z]

    def to_dict(self) -> dict[str, Any]:
        """The whole state as plain data (see :meth:`to_json`)."""
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "rules": self.rules.as_dict(),
            "phase": self.phase,
            "turn": self.turn,
            "direction": self.direction,
            "dealer": self.dealer,
            "seed": self.seed,
            "moves": self.moves,
            "pickups": self.pickups,
            "seats": [{"name": s.name, "hand": cards_code(s.hand), "face_up": cards_code(s.face_up),
                       "face_down": cards_code(s.face_down), "place": s.place} for s in self.seats],
            "pile": cards_code(self.pile),
            "stock": cards_code(self.stock),
            "cleared": cards_code(self.cleared),
            "pile_owner": self._owner,
            "order": list(self._order),
            "setup_done": list(self._setup_done),
            "abandoned": self._abandoned,
            "full_deck": self._dealt,
        }

    def to_json(self) -> str:
        """A lossless JSON text of the game in any phase; :meth:`from_json` reads it back."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Game":
        """Read :meth:`to_dict` back; anything a game could not reach raises
        :class:`~palace_tui.rules.validate.InvalidPosition` (a ValueError) saying what."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise InvalidPosition("this is not a palace-tui game")
        check_save(data, SAVE_VERSION)  # types and ranges, before anything is built from them
        try:
            rules = Rules(**{k: v for k, v in data["rules"].items() if k in OPTIONS})
            game = cls(rules, [s["name"] for s in data["seats"]])
            for seat, spec in zip(game.seats, data["seats"]):
                seat._add(parse_cards(spec["hand"]))
                seat.face_up = parse_cards(spec["face_up"])
                seat.face_down = parse_cards(spec["face_down"])
                seat.place = spec.get("place")
            game.stock = parse_cards(data["stock"])
            game.cleared = parse_cards(data["cleared"])
            game._set_pile(parse_cards(data["pile"]))
            game._owner = data.get("pile_owner")
            game.phase = data["phase"]
            game.turn = int(data["turn"])
            game.direction = int(data["direction"])
            game.dealer = data.get("dealer")
            game.seed = data.get("seed")
            game.moves = int(data.get("moves", 0))
            game.pickups = int(data.get("pickups", 0))
            game._order = list(data.get("order", []))
            game._setup_done = list(data.get("setup_done", [True] * len(game.seats)))
            game._abandoned = bool(data.get("abandoned", False))
            game._dealt = bool(data.get("full_deck", False))
        except (KeyError, TypeError, AttributeError) as exc:
            raise InvalidPosition(f"the saved game is damaged: {exc!r} is missing or wrong") from None
        except InvalidPosition:
            raise
        except ValueError as exc:  # a card that is not a card, a rule value out of range, too many players
            raise InvalidPosition(f"the saved game is damaged: {exc}") from None
        check_cards(game, full_deck=game._dealt)
        check_game(game)
        return game

    @classmethod
    def from_json(cls, text: str) -> "Game":
        """Read a game written by :meth:`to_json`. Damaged text raises ValueError."""
        try:
            data = json.loads(text, parse_constant=_no_constant)
        except RecursionError:
            raise InvalidPosition("the saved game is not valid JSON (nested too deeply)") from None
        except (ValueError, TypeError) as exc:  # JSONDecodeError, a 5000-digit integer, NaN, bytes of the wrong kind
            raise InvalidPosition(f"the saved game is not valid JSON ({exc})") from None
        return cls.from_dict(data)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Game {self.phase} turn={self.turn} seats={self.names} pile={cards_code(self.pile)!r}>"

    def fast_turn(self, kind: str, x: int, count: int = 0) -> None:
        """Play one decision given as :meth:`random_choice` gives it, quietly (no events).

        ``("play", rank, count)`` lays ``count`` cards of ``rank`` (all of them when 0)
        from the current stage; ``("take", i)`` takes the pile, first adding face-up
        card ``i`` when ``i >= 0``; ``("flip", i)`` turns face-down card ``i``. The
        choice must be legal: computer players' rollouts call this on copies, for speed,
        and it skips the checks of :meth:`play`. (Added for palace_tui.ai.)
        """
        s_i = self.turn
        s = self.seats[s_i]
        events, self._events = self._events, None
        if kind == "play":
            if s._hn:
                b = s._hb[x]
                if 0 < count < len(b):
                    laid = b[-count:]
                    del b[-count:]
                else:
                    laid = b[:]
                    b.clear()
                    s._hm &= ~(1 << x)
                s._hn -= len(laid)
                self._lay(s_i, s, laid, True)
            else:
                laid = [c for c in s.face_up if c.rank == x]
                if 0 < count < len(laid):
                    laid = laid[:count]
                for c in laid:
                    s.face_up.remove(c)
                self._lay(s_i, s, laid, False)
        elif kind == "take":
            if x >= 0:
                self.pile.append(s.face_up.pop(x))
            self._pick_up(s_i, s)
        else:
            self._flip(x)
        self.moves += 1
        self._events = events
