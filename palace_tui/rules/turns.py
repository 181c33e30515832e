"""The play phase: laying cards, clearing, drawing, taking the pile, flipping, going
out and passing the turn. A mixin of :class:`~palace_tui.rules.game.Game`.

``_lay`` is the engine's hot path; :meth:`PlayPhase.fast_turn` is its quiet entry for
rollouts (see :mod:`palace_tui.rules.fast`), and :meth:`PlayPhase.play_random` plays whole
games of the random policy through it.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import floor

from palace_tui.rules.cards import JOKER, TEN, Card, cards_words, order_key, rank_name
from palace_tui.rules.events import Event
from palace_tui.rules.kinds import EventKind, MoveKind, Phase, Stage
from palace_tui.rules.moves import IllegalMove, Move
from palace_tui.rules.seat import _HAND_ORDER, _RANKS_OF_MASK, Seat, _pick, ranks_of_mask
from palace_tui.rules.state import GameState, RandomSource
from palace_tui.rules.text import illegal_play_sentence, join_or, legal_summary, not_holding_sentence

# The hot path reads these as globals: an enum member lookup on 3.11 costs ten times more.
_PLAYED, _REVERSED, _CLEARED, _DREW = EventKind.PLAYED, EventKind.REVERSED, EventKind.CLEARED, EventKind.DREW
_OVER, _PLAY = Phase.OVER, Phase.PLAY
_FACE_DOWN = Stage.FACE_DOWN


class PlayPhase(GameState):
    """The rules of a turn in the play phase, and the errors that explain a refusal."""

    __slots__ = ()

    def play_rank(self, rank: int, count: int | None = None) -> list[Event]:
        """Play ``count`` cards (all, if None) of one rank from the current stage."""
        s = self.seats[self.turn]
        src = s._hb[rank] if s._hn else [c for c in s.face_up if c.rank == rank]
        n = len(src) if count is None else count
        if self.phase == Phase.PLAY and not (s._hn or s.face_up):
            raise IllegalMove("Your hand and face-up cards are gone: turn one of your face-down cards.")
        if not 0 < n <= len(src):
            where = "in your hand" if s._hn else "face up"
            raise IllegalMove(self._not_holding(rank, max(n, 1), len(src), where))
        return self.play(Move(MoveKind.PLAY, tuple(src[:n])))

    def random_choice(self, rng: RandomSource) -> tuple[str, int]:
        """The ``random`` policy's decision for the seat to act in the play phase.

        ``("play", rank)`` plays every copy of a uniformly chosen playable rank;
        ``("take", i)`` takes the pile only when nothing can be played, adding
        face-up card ``i`` where stuck_face_up=add-one (else ``i`` is -1);
        ``("flip", i)`` turns a random face-down card. An index is ``floor(random() * n)``:
        int() would give the same, as the draw is never negative, but it is a slower call.
        """
        s = self.seats[self.turn]
        if not (s._hn or s.face_up):
            return "flip", floor(rng.random() * len(s.face_down))
        m = self.playable_mask()
        if m:
            ranks = ranks_of_mask(m)
            return "play", ranks[floor(rng.random() * len(ranks))]
        if not s._hn and self.rules.adds_face_up:
            return "take", floor(rng.random() * len(s.face_up))
        return "take", -1

    def random_turn(self, rng: RandomSource) -> None:
        """Play one turn of the ``random`` policy, without building Move or keeping events.

        The same rule code runs as in :meth:`play`; only the validation of a choice that
        is legal by construction is skipped. Simulations and rollouts use it for speed.
        """
        self.play_random((rng,) * len(self.seats), 1)

    def play_random(self, rngs: Sequence[RandomSource], cap: int) -> None:
        """Play the ``random`` policy at every seat, seat ``i`` drawing from ``rngs[i]``,
        until the game is over or ``cap`` more moves were made, quietly.

        Each turn makes :meth:`random_choice`'s draws (the same calls of ``random()``, in
        the same order) and plays the choice at once, as :meth:`fast_turn` would: random
        tables in simulations play whole games in this one loop.
        """
        if self.phase is not _PLAY:
            return
        made = start = self.moves
        events, self._events = self._events, None
        seats = self.seats
        allowed = self._t.allowed
        lay = self._lay
        pick_up = self._pick_up
        ranks_of = _RANKS_OF_MASK
        try:
            # ``made`` counts this turn as made; self.moves is set from it when the loop ends.
            for made in range(start + 1, start + cap + 1):  # noqa: B007 (read after the loop)
                s_i = self.turn
                s = seats[s_i]
                if s._hn:  # the commonest turn, inlined: a uniform playable rank, all of it
                    m = s._hm & allowed[self._eff]
                    if m:
                        try:
                            ranks = ranks_of[m]
                        except KeyError:
                            ranks = ranks_of_mask(m)
                        lay(s_i, s, s._take_all(ranks[floor(rngs[s_i].random() * len(ranks))]), True)
                    else:
                        pick_up(s_i, s)
                else:  # face-up and face-down turns: random_choice's own decision
                    kind, x = self.random_choice(rngs[s_i])
                    self._apply_choice(s_i, s, kind, x, 0)
                if s.place is not None and self.phase is not _PLAY:
                    break  # only a seat going out ends a game
        finally:
            self.moves = made
            self._events = events

    def _play_cards(self, cards: tuple[Card, ...]) -> None:
        if not cards:
            raise IllegalMove(f"Choose at least one card to play: you can {self.legal_summary()}.")
        rank = cards[0].rank
        for c in cards:
            if c.rank != rank:
                raise IllegalMove(
                    "Cards played together must all be the same rank, so "
                    f"{' and '.join(sorted({rank_name(c.rank, True) for c in cards}))} can't go "
                    f"together: play one rank at a time (you can {self.legal_summary()})."
                )
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
            self._lay(s_i, s, laid, True)
        elif s.face_up:
            have = [c for c in s.face_up if c.rank == rank]
            if len(have) < n:
                raise IllegalMove(self._not_holding(rank, n, len(have), "face up"))
            if not self._t.allowed[self._eff] >> rank & 1:
                raise IllegalMove(self.explain_illegal(rank))
            laid = _pick(have, cards)
            for c in laid:
                s.face_up.remove(c)
            self._lay(s_i, s, laid, False)
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
            ev.append(Event(_PLAYED, s_i, tuple(laid)))
        if rank == self._run_rank and rank != JOKER:
            run = self._run_len = self._run_len + len(laid)
        else:
            self._run_rank = rank
            run = self._run_len = len(laid)
        if t.plain[rank]:
            self._eff = rank
        else:
            if not t.transparent >> rank & 1:
                self._eff = rank
            if t.reversing >> rank & 1:
                self.direction = -self.direction
                if ev is not None:
                    ev.append(Event(_REVERSED, s_i))
        self._owner = s_i
        # An if, not a boolean expression: 3.11 specializes a comparison only before a jump.
        if rank == TEN or (run >= 4 and rank != JOKER):
            cleared = True
            if ev is not None:
                ev.append(Event(_CLEARED, s_i, (laid[0],), len(pile), "ten" if rank == TEN else "four"))
            self.cleared.extend(pile)
            pile.clear()
            self._eff = self._run_rank = self._run_len = 0
            self._owner = None
        else:
            cleared = False
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
                    ev.append(Event(_DREW, s_i, (), k))
        if not s._hn and not s.face_up and not s.face_down:
            self._go_out(s_i, s)
            if self.phase == _OVER:
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
            self._events.append(Event(EventKind.OUT, s_i, (), s.place))
        if self._game_should_end():
            self._finish()

    def _game_should_end(self) -> bool:
        if not self.rules.has_loser:
            return bool(self._order)
        return len(self.seats) - len(self._order) <= 1

    def _finish(self) -> None:
        if self.rules.has_loser:
            for i, s in enumerate(self.seats):
                if s.place is None:
                    self._order.append(i)
                    s.place = len(self._order)
        self.phase = Phase.OVER
        if self._events is not None:
            self._events.append(Event(EventKind.OVER))

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
                self._events.append(Event(EventKind.DREW, self.turn, (), k))

    def _take(self, adding: Card | None) -> None:
        s_i = self.turn
        s = self.seats[s_i]
        stage = self.stage()
        if not self.pile:
            # Name only what is legal: anything goes on an empty pile, but not from face down.
            rest = "play any card" if stage != Stage.FACE_DOWN else self.legal_summary()
            raise IllegalMove(f"The pile is empty, so there is nothing to take: {rest}.")
        if stage == Stage.FACE_DOWN:
            raise IllegalMove("At the face-down stage the only move is to turn a face-down card.")
        added: tuple[Card, ...] = ()
        if stage == Stage.FACE_UP and self.rules.adds_face_up:
            if adding is None:
                raise IllegalMove(
                    "With no hand, taking the pile means adding one of your face-up cards to "
                    "it first: choose which face-up card to add."
                )
            match = [c for c in s.face_up if c.rank == adding.rank]
            if not match:
                raise IllegalMove(
                    f"You have no {rank_name(adding.rank)} face up to add: add "
                    f"{join_or([cards_words([c]) for c in s.face_up])}."
                )
            card = adding if adding in match else match[0]
            s.face_up.remove(card)
            self.pile.append(card)
            added = (card,)
        elif adding is not None:
            why = (
                "You are playing from your hand, so no face-up card is added"
                if stage == Stage.HAND
                else "Under keep-row your face-up cards stay where they are"
            )
            raise IllegalMove(f"{why}: take the pile without adding one.")
        if self._events is not None:
            self._events.append(Event(EventKind.TOOK, s_i, added, len(self.pile)))
        self._pick_up(s_i, s)

    def _pick_up(self, s_i: int, s: Seat) -> None:
        """The whole pile goes to the seat's hand; the turn passes per after_pickup."""
        owner = self._owner
        s._add(self.pile)
        self.pickups += 1
        self.pile = []
        self._eff = self._run_rank = self._run_len = 0
        self._owner = None
        seats = self.seats
        if self._t.builder_leads and owner is not None and owner != s_i and seats[owner].place is None:
            nxt = owner
        else:
            # The taker still holds cards, so the next seat in play is found before it.
            nxt = (s_i + self.direction) % len(seats)
            if seats[nxt].place is not None:
                nxt = self._next_active(nxt, self.direction)
        self.turn = nxt
        self._begin_turn()

    def _flip(self, index: int | None) -> None:
        s_i = self.turn
        s = self.seats[s_i]
        stage = self.stage()
        if stage != _FACE_DOWN:
            where = "hand" if stage == Stage.HAND else "face-up row"
            if self.playable_mask():
                raise IllegalMove(f"Face-down cards come last: play from your {where} first.")
            raise IllegalMove(
                f"Face-down cards come last, and nothing in your {where} can go on the pile: "
                f"you can {self.legal_summary()}."
            )
        if index is None or not 0 <= index < len(s.face_down):
            raise IllegalMove(f"Choose a face-down card from 1 to {len(s.face_down)}.")
        self._turn_up(s_i, s, index)

    def _turn_up(self, s_i: int, s: Seat, index: int) -> None:
        """Turn face-down card ``index`` and play it, or take the pile with it if it fails
        (unchecked: :meth:`_flip` checks first)."""
        card = s.face_down.pop(index)
        if self._events is not None:
            self._events.append(Event(EventKind.FLIPPED, s_i, (card,)))
        if self._t.allowed[self._eff] >> card.rank & 1:
            self._lay(s_i, s, [card], False)
            return
        # A failed card joins the pile but is not "the card not beaten" (ruling 6).
        self.pile.append(card)
        if self._events is not None:
            self._events.append(Event(EventKind.FAILED, s_i, (card,), len(self.pile)))
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
                        moves.append(Move(MoveKind.PLAY, tuple(b[:k])))
            if self.pile:
                moves.append(Move(MoveKind.TAKE))
        elif s.face_up:
            by_rank: dict[int, list[Card]] = {}
            for c in s.face_up:
                by_rank.setdefault(c.rank, []).append(c)
            for r, cs in sorted(by_rank.items(), key=lambda kv: order_key(kv[0])):
                if allowed >> r & 1:
                    for k in range(1, len(cs) + 1):
                        moves.append(Move(MoveKind.PLAY, tuple(cs[:k])))
            if self.pile:
                if self.rules.adds_face_up:
                    for _rank, cs in sorted(by_rank.items(), key=lambda kv: order_key(kv[0])):
                        moves.append(Move(MoveKind.TAKE, (), cs[0]))
                else:
                    moves.append(Move(MoveKind.TAKE))
        else:
            moves = [Move(MoveKind.FLIP, (), None, i) for i in range(len(s.face_down))]
        return moves

    # ----------------------------------------------------------------- explanations

    def explain_illegal(self, rank: int) -> str:
        """Why a card of ``rank`` can't go on the pile, and what could."""
        return illegal_play_sentence(self, rank)

    def requirement_text(self) -> str:
        """What may be played now, short: ``9 or higher`` (kept for outside callers; made by words)."""
        return self.view(self.turn).requirement

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
        self._apply_choice(s_i, s, kind, x, count)
        self.moves += 1
        self._events = events

    def _apply_choice(self, s_i: int, s: Seat, kind: str, x: int, count: int) -> None:
        """Play a legal decision tuple for seat ``s_i`` (the seat to act), unchecked."""
        if kind == "play":  # choices are plain strings (equal to MoveKind's), compared fast
            if s._hn:
                self._lay(s_i, s, s._take_last(x, count) if count else s._take_all(x), True)
            else:
                self._lay_face_up(s_i, s, x, count)
        elif kind == "take":
            self._take_adding(s_i, s, x)
        else:
            self._turn_up(s_i, s, x)

    def _lay_face_up(self, s_i: int, s: Seat, rank: int, count: int) -> None:
        """Lay ``count`` face-up cards of ``rank`` (all of them when 0), unchecked."""
        laid = [c for c in s.face_up if c.rank == rank]
        if 0 < count < len(laid):
            laid = laid[:count]
        for c in laid:
            s.face_up.remove(c)
        self._lay(s_i, s, laid, False)

    def _take_adding(self, s_i: int, s: Seat, index: int) -> None:
        """Take the pile, first adding face-up card ``index`` when it is not -1, unchecked."""
        if index >= 0:
            self.pile.append(s.face_up.pop(index))
        self._pick_up(s_i, s)
