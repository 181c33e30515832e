"""The game: the whole state of one game of Palace, and the play of a turn.

A ``Game`` is the whole state. It is mutated only through :meth:`Game.play` (and
:meth:`Game.abandon`); everything a seat may see is in :meth:`Game.view`. The parts
that are not the state or a turn live beside it as module functions: the deal and
the setup moves (:mod:`.setup`), the checks of a play-phase move and their refusals
(:mod:`.legal`, :mod:`.text`), positions and their one-line code (:mod:`.position`),
saves (:mod:`.saving`) and the random policy (:mod:`.random_policy`).

>>> g = Game.from_position(Rules.preset("palace"), seats=[
...     {"name": "Ann", "hand": "7D 7S 3C"}, {"name": "Ben", "hand": "9C"}],
...     pile="7H 7C")
>>> [e.kind for e in g.play(Move.play("7D 7S"))]
['played', 'cleared']
>>> g.turn, g.pile
(0, [])

A game keeps no ``__dict__``: its attributes are slots, which the hot path reads fastest.
The private slots (``_eff``, ``_pending``, ``_order``...) are written only here and by the
engine's insiders, the modules ruff's SLF001 allowance in pyproject.toml names: :mod:`.turn`,
:mod:`.legal`, :mod:`.setup`, :mod:`.position`, :mod:`.saving`, :mod:`.fast` and
:mod:`.random_policy`; everything else, in the engine too, reads a game through its public
methods and properties.

>>> hasattr(g, "__dict__")
False
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from palace_tui.names import clean_name
from palace_tui.rules import setup
from palace_tui.rules.cards import JOKER, Card, WrongType, cards_code, rank_name
from palace_tui.rules.events import Event
from palace_tui.rules.kinds import EventKind, MoveKind, Phase, Stage
from palace_tui.rules.legal import chance, end_turn, flip_card, play_cards, play_moves, take_pile
from palace_tui.rules.moves import IllegalMove, Move, NotAMove
from palace_tui.rules.options import Rules
from palace_tui.rules.seat import Outcome, Seat, ranks_of_mask
from palace_tui.rules.tables import RuleTables, tables_for
from palace_tui.rules.text import legal_summary
from palace_tui.rules.turn import lay

if TYPE_CHECKING:
    from palace_tui.rules.view import SeatView


class BurnIn(NamedTuple):
    """An open burn-in window: the rank on top and how many cards complete the burn."""

    rank: int
    missing: int


# Read as globals where every move passes: an enum member lookup on 3.11 costs ten times more.
_SETUP, _PLAY, _OVER = Phase.SETUP, Phase.PLAY, Phase.OVER
_PLAY_CARDS, _TAKE, _FLIP = MoveKind.PLAY, MoveKind.TAKE, MoveKind.FLIP
_HAND, _FACE_UP, _FACE_DOWN, _OUT = Stage.HAND, Stage.FACE_UP, Stage.FACE_DOWN, Stage.OUT


class Game:
    """A game of Palace under one :class:`Rules`, from the deal to the outcome."""

    __slots__ = (
        "_abandoned",
        "_dealt",
        "_eff",
        "_events",
        "_order",
        "_owner",
        "_pending",
        "_run_len",
        "_run_rank",
        "_setup_done",
        "_t",
        "cleared",
        "dealer",
        "direction",
        "moves",
        "phase",
        "pickups",
        "pile",
        "rules",
        "seats",
        "seed",
        "stock",
        "turn",
    )

    # ----------------------------------------------------------------- creation

    def __init__(self, rules: Rules, names: Sequence[str]) -> None:
        if not isinstance(rules, Rules):
            raise WrongType("rules must be a Rules value: use Rules.preset(name)")
        if isinstance(names, str) or not isinstance(names, Sequence) or not all(isinstance(n, str) for n in names):
            raise WrongType("the players' names are a list of text, like ['Ann', 'Ben']")
        names = [clean_name(n) for n in names]  # no terminal escapes in a name, wherever it came from
        n = len(names)
        if n < 2:
            raise ValueError("Palace needs at least 2 players")
        if n > rules.max_players:
            raise ValueError(
                f"{n} players need {n * rules.cards_per_seat} cards ({rules.cards_per_seat} each) but "
                f"there are only {rules.cards_in_play}: at most {rules.max_players} can play with these "
                "options (add jokers or a pack, or deal smaller rows)"
            )
        self.rules = rules
        self.seats = [Seat(name) for name in names]
        self.pile: list[Card] = []  # bottom first
        self.stock: list[Card] = []  # drawn from the end
        self.cleared: list[Card] = []
        self.turn = 0
        self.direction = 1  # 1 or -1
        self.phase = Phase.SETUP
        self.dealer: int | None = None
        self.seed: int | None = None
        self.moves = 0
        self.pickups = 0  # takes and failed face-down cards, for statistics
        self._t: RuleTables = tables_for(rules)  # compiled once per Rules
        self._eff = 0  # requirement rank of the pile: 0 means anything goes
        self._run_rank = 0  # rank of the same-rank run on top of the pile
        self._run_len = 0
        self._owner: int | None = None  # seat that played the top card of the pile
        # play_drawn: (rank, count, skips) while the mover may play the drawn match at once,
        # with the players its earlier play still skips; else None.
        self._pending: tuple[int, int, int] | None = None
        self._order: list[int] = []  # seats in the order they went out
        self._setup_done = [False] * n
        self._abandoned = False
        self._events: list[Event] | None = []  # None: quiet mode, no events kept
        self._dealt = False  # dealt from a full deck (so a save can be checked card by card)

    @classmethod
    def deal(
        cls,
        rules: Rules,
        names: Sequence[str],
        seed: int | None = None,
        dealer: int = 0,
        deck: str | Iterable[Card | str] | None = None,
    ) -> Game:
        """Shuffle with ``seed`` and deal; the game starts in phase ``"setup"``.

        ``deck`` deals a chosen order instead of a shuffle (for lessons, tests and bug
        reports): the first card listed is dealt first, the cards left over are the
        stock, the last one listed at its bottom. It must hold at least one deal.
        """
        game = cls(rules, names)
        setup.deal(game, seed, dealer, deck)
        return game

    @classmethod
    def from_position(
        cls,
        rules: Rules,
        seats: Sequence[dict[str, Any]],
        pile: str | Iterable[Card | str] = "",
        stock: str | Iterable[Card | str] = "",
        cleared: str | Iterable[Card | str] = "",
        turn: int = 0,
        dealer: int | None = None,
        direction: int = 1,
        pile_owner: int | None = None,
    ) -> Game:
        """A position in the play phase (see :func:`palace_tui.rules.position.from_position`)."""
        from palace_tui.rules.position import from_position

        return from_position(rules, seats, pile, stock, cleared, turn, dealer, direction, pile_owner)

    @classmethod
    def from_code(cls, code: str) -> Game:
        """Read a position code (:meth:`code`); one no game could reach raises
        :class:`~palace_tui.rules.validate.InvalidPosition` (a ValueError) saying what."""
        from palace_tui.rules.position import from_code

        return from_code(code)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Read a game written by :meth:`to_json`. Damaged text raises ValueError."""
        from palace_tui.rules.saving import from_json

        return from_json(text)

    def code(self) -> str:
        """The position on one line, like chess's FEN; :meth:`from_code` reads it back to an equal game."""
        from palace_tui.rules.position import code

        return code(self)

    def to_json(self) -> str:
        """A lossless JSON text of the game in any phase; :meth:`from_json` reads it back."""
        from palace_tui.rules.saving import to_json

        return to_json(self)

    def _set_pile(self, cards: list[Card]) -> None:
        """Put cards on the pile and derive the requirement and the top run from them."""
        self.pile = cards
        self._eff = 0
        self._run_rank = 0
        self._run_len = 0
        see_through = self._t.see_through
        for c in cards:
            r = c.rank
            if r == self._run_rank and r != JOKER:
                self._run_len += 1
            else:
                self._run_rank, self._run_len = r, 1
            if not see_through >> r & 1:
                self._eff = r
        self._owner = None

    # ----------------------------------------------------------------- queries

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def abandoned(self) -> bool:
        return self._abandoned

    @property
    def pile_owner(self) -> int | None:
        """The seat that played the card the pile now answers (None on an empty pile)."""
        return self._owner

    def requirement(self) -> int:
        """The rank the next ordinary play must answer (0: anything), looking through
        see-through eights and jokers."""
        return self._eff

    def drawn_offer(self) -> tuple[int, int] | None:
        """play_drawn: ``(rank, count)`` while the seat to act may play the ``count`` cards of
        ``rank`` it just drew, at once (its only other move is :meth:`Move.done`); else None."""
        return None if self._pending is None else self._pending[:2]

    def allowed_mask(self) -> int:
        """Bit mask of the ranks that may be played on the pile now."""
        return self._t.allowed[self._eff]

    def stage(self, seat: int | None = None) -> Stage:
        """Where the seat plays from: ``hand``, ``face_up``, ``face_down`` or ``out``."""
        s = self.seats[self.turn if seat is None else seat]
        if s.place is not None:
            return _OUT
        if s._hn or self.stock:
            return _HAND
        if s.face_up:
            return _FACE_UP
        return _FACE_DOWN

    def playable_mask(self) -> int:
        """Bit mask (bit r for rank r) of the ranks the seat to act may play now from
        its hand, or from its face-up row at that stage; 0 at the face-down stage."""
        s = self.seats[self.turn]
        allowed = self._t.allowed[self._eff]
        if self._pending is not None:
            return 1 << self._pending[0]
        if s._hn:
            return s._hm & allowed
        m = 0
        for c in s.face_up:
            m |= 1 << c.rank
        return m & allowed

    def playable_ranks(self) -> list[int]:
        """Ranks the seat to act may play now from its current stage (none at face-down)."""
        if self.phase != _PLAY:
            return []
        return ranks_of_mask(self.playable_mask())[:]

    def legal_moves(self) -> list[Move]:
        """Every legal move for the seat to act, each play listed once per rank and count."""
        if self.phase == _PLAY:
            return play_moves(self)
        if self.phase == _SETUP:
            return setup.setup_moves(self)
        return []

    def is_legal(self, move: Move) -> bool:
        """Whether ``game.play(move)`` would be accepted (the game is not changed)."""
        try:
            self.copy().play(move)
        except IllegalMove:
            return False
        return True

    @property
    def order_out(self) -> tuple[int, ...]:
        """The seats that went out, first out first."""
        return tuple(self._order)

    def setup_done(self, seat: int) -> bool:
        """Whether ``seat`` has finished its setup (swapped and said ready, or chosen)."""
        return self._setup_done[seat]

    def outcome(self) -> Outcome | None:
        """None until the game is over; then who went out when, and the points."""
        if self.phase != _OVER:
            return None
        n = len(self.seats)
        if self._abandoned:
            return Outcome((), None, None, (0,) * n, abandoned=True)
        order = tuple(self._order)
        winner = order[0] if order else None
        loser = order[-1] if self.rules.has_loser and len(order) == n else None
        points = [0] * n
        if self.rules.scores_podium:
            for place, seat in enumerate(order[:3]):
                points[seat] = 3 - place
        elif self.rules.scores_losses:
            if loser is not None:
                points[loser] = 1
        elif winner is not None:
            points[winner] = 1
        return Outcome(order, winner, loser, tuple(points))

    def next_dealer(self) -> int:
        """Who deals the next game under the next_dealer option."""
        dealer = self.dealer if self.dealer is not None else 0
        result = self.outcome()
        if self.rules.loser_deals and result and result.loser is not None:
            return result.loser
        return (dealer + 1) % len(self.seats)

    # ----------------------------------------------------------------- moves

    def play(self, move: Move) -> list[Event]:
        """Apply a move for the seat to act and return the public events it caused.

        An illegal move raises :class:`IllegalMove` and changes nothing.
        """
        if not isinstance(move, Move):
            raise NotAMove(f"play() takes a Move, not {type(move).__name__}")
        move.check()
        if self.phase == _PLAY:
            kind = move.kind
            if kind == _PLAY_CARDS:
                play_cards(self, move.cards)
            elif kind == _TAKE:
                take_pile(self, move.adding)
            elif kind == _FLIP:
                flip_card(self, move.index)
            elif kind == MoveKind.DONE:
                end_turn(self)
            elif kind == MoveKind.CHANCE:
                chance(self)
            elif kind == MoveKind.BURN_IN:
                return self.burn_in(move.index)
            else:
                raise IllegalMove(
                    f"The game has started: '{move.kind}' is a setup move; you can {legal_summary(self)}."
                )
            self.moves += 1
        elif self.phase == _SETUP:
            setup.setup_move(self, move)
        elif self._abandoned:
            raise IllegalMove("The game was abandoned: no more moves.")
        else:
            raise IllegalMove("The game is over: no more moves.")
        events = self._events
        self._events = []
        return events if events is not None else []  # never None: quiet mode lives inside the quiet paths only

    def burn_in_open(self) -> BurnIn | None:
        """The burn-in window (burn_in, rulings 15-16 of docs/house_rules.md): after a play that
        leaves one card short of a burn on top, before the next move, the rank and how many
        cards complete it; None when closed, or when the public cards (the pile, the cleared
        cards, the face-up rows) show every missing card elsewhere. Public facts only."""
        rank, run = self._run_rank, self._run_len
        if not self.rules.burn_in or self.phase != _PLAY or self._pending is not None or not rank or rank == JOKER:
            return None
        missing = self._t.burn - run
        if missing != 1:
            return None
        seen = sum(1 for c in self.pile if c.rank == rank) + sum(1 for c in self.cleared if c.rank == rank)
        seen += sum(1 for s in self.seats for c in s.face_up if c.rank == rank)
        if 4 * self.rules.packs - seen < missing:
            return None
        return BurnIn(rank, missing)

    def burn_in(self, seat: int | None) -> list[Event]:
        """``seat`` completes the burn out of turn from its hand; the pile clears and that seat
        leads. Refused with :class:`IllegalMove` (a sentence that shows no hand) when no window
        is open or the seat may not or cannot."""
        if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(self.seats)):
            raise IllegalMove(f"A burn-in names a seat from 0 to {len(self.seats) - 1}, not {seat!r}.")
        window = self.burn_in_open() if self.phase == _PLAY else None
        if window is None:
            why = "these rules have no burn-in" if not self.rules.burn_in else "no burn is one card short on the pile"
            raise IllegalMove(f"Nobody can burn in now: {why}.")
        s = self.seats[seat]
        name = s.name
        if s.place is not None:
            raise IllegalMove(f"{name} is out and plays no more.")
        if seat == self._owner:
            raise IllegalMove(f"{name} played those cards: a burn-in is for the other players.")
        rank, missing = window
        if s.count_in_hand(rank) < missing:
            raise IllegalMove(f"{name} holds no {rank_name(rank)} to burn in with.")
        cards = s._take_last(rank, missing)
        self._events = events = [Event(EventKind.BURNED_IN, seat, tuple(cards))]
        self.turn = seat
        lay(self, seat, s, cards, True)
        self.moves += 1
        self._events = []
        return events

    def abandon(self) -> list[Event]:
        """Stop the game with no result (ruling 11)."""
        if self.phase == _OVER:
            raise IllegalMove("The game is already over.")
        self._abandoned = True
        self.phase = Phase.OVER
        return [Event(EventKind.ABANDONED)]

    def fast_turn(self, kind: str, x: int, count: int = 0) -> None:
        """Play one decision tuple quietly (no events, no checks): the fast contract's
        :func:`palace_tui.rules.fast.apply`, where the fast path lives, as a method.

        The choice must be legal: computer players' rollouts play this on copies, for speed.
        """
        from palace_tui.rules.fast import apply  # the fast path imports the game

        apply(self, (kind, x, count))

    # ----------------------------------------------------------------- views and copies

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see: its own hand, the public table, counts of the rest."""
        from palace_tui.rules.view import SeatView

        if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(self.seats)):
            raise WrongType(f"a seat is a number from 0 to {len(self.seats) - 1}, not {seat!r}")
        return SeatView.of(self, seat)

    def views(self, seats: Iterable[int]) -> list[SeatView]:
        """The views of ``seats`` at once (the public part worked out once): ``views(s)[k] == view(s[k])``."""
        from palace_tui.rules.view import SeatView

        seats = list(seats)
        for seat in seats:
            if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(self.seats)):
                raise WrongType(f"a seat is a number from 0 to {len(self.seats) - 1}, not {seat!r}")
        return SeatView.every(self, seats)

    def copy(self) -> Game:
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
        g._pending = self._pending
        g._order = self._order[:]
        g._setup_done = self._setup_done[:]
        g._abandoned = self._abandoned
        g._events = []
        g._dealt = self._dealt
        return g

    def _zones(self) -> list[list[Card]]:
        zones = [self.pile, self.stock, self.cleared]
        for s in self.seats:
            zones += [s.hand, s.face_up, s.face_down]
        return zones

    def all_cards(self) -> list[Card]:
        """Every card in every zone (for checks that no card is lost or made up)."""
        return [c for z in self._zones() for c in z]

    def _state(self) -> tuple[object, ...]:
        """Everything a save holds, as values (the events kept and the rule tables aside)."""
        seats = [(s.name, s.hand, s.face_up, s.face_down, s.place) for s in self.seats]
        return (
            self.rules,
            self.phase,
            self.turn,
            self.direction,
            self.dealer,
            self.seed,
            self.moves,
            self.pickups,
            seats,
            self.pile,
            self.stock,
            self.cleared,
            self._owner,
            self._order,
            self._setup_done,
            self._abandoned,
            self._dealt,
            self._pending,
        )

    def __eq__(self, other: object) -> bool:
        """Two games are equal when a save of each would be: the same state, compared directly."""
        if not isinstance(other, Game):
            return NotImplemented
        return self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Game {self.phase} turn={self.turn} seats={self.names} pile={cards_code(self.pile)!r}>"


__all__ = ["BurnIn", "Game", "IllegalMove", "Outcome", "Seat"]
