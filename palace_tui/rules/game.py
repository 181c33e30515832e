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

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from palace_tui.names import clean_name
from palace_tui.rules.cards import JOKER, TEN, Card, WrongType, cards_code, parse_cards
from palace_tui.rules.events import Event
from palace_tui.rules.kinds import EventKind, MoveKind, Phase, Stage
from palace_tui.rules.moves import IllegalMove, Move, NotAMove
from palace_tui.rules.options import Rules
from palace_tui.rules.position import PositionCode
from palace_tui.rules.saving import SAVE_FORMAT, SAVE_VERSION, Saving
from palace_tui.rules.seat import Outcome, Seat, ranks_of_mask
from palace_tui.rules.setup import SetupPhase
from palace_tui.rules.state import Shuffler
from palace_tui.rules.tables import tables_for
from palace_tui.rules.turns import PlayPhase
from palace_tui.rules.validate import InvalidPosition, check_cards, check_game, check_position_args

if TYPE_CHECKING:
    from palace_tui.rules.view import SeatView


# Read as globals where every move passes: an enum member lookup on 3.11 costs ten times more.
_SETUP, _PLAY = Phase.SETUP, Phase.PLAY
_PLAY_CARDS, _TAKE, _FLIP = MoveKind.PLAY, MoveKind.TAKE, MoveKind.FLIP
_HAND, _FACE_UP, _FACE_DOWN, _OUT = Stage.HAND, Stage.FACE_UP, Stage.FACE_DOWN, Stage.OUT


class Game(SetupPhase, PlayPhase, Saving, PositionCode):
    """A game of Palace under one :class:`Rules`, from the deal to the outcome."""

    __slots__ = ()  # the slots are GameState's, where the mixins see them declared

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
        self.pile = []
        self.stock = []
        self.cleared = []
        self.turn = 0
        self.direction = 1
        self.phase = Phase.SETUP
        self.dealer = None
        self.seed = None
        self.moves = 0
        self.pickups = 0  # takes and failed face-down cards, for statistics
        self._t = tables_for(rules)
        self._eff = 0  # requirement rank of the pile: 0 means anything goes
        self._run_rank = 0  # rank of the same-rank run on top of the pile
        self._run_len = 0
        self._owner: int | None = None  # seat that played the top card of the pile
        self._order: list[int] = []  # seats in the order they went out
        self._setup_done = [False] * n
        self._abandoned = False
        self._events = []  # None: quiet mode, no events kept
        self._dealt = False  # dealt from a full deck (so a save can be checked card by card)

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
        game.phase = Phase.PLAY
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
        game._events = []  # the events of building the position are not the game's
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

    def source_cards(self) -> list[Card]:
        """The cards the seat to act may play from in this stage (hand or face-up row)."""
        s = self.seats[self.turn]
        st = self.stage()
        return s.hand if st == Stage.HAND else s.face_up[:] if st == Stage.FACE_UP else []

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
        if self.phase != Phase.PLAY:
            return []
        m = self.playable_mask()
        return ranks_of_mask(m)[:]

    def legal_moves(self) -> list[Move]:
        """Every legal move for the seat to act, each play listed once per rank and count."""
        if self.phase == Phase.PLAY:
            return self._play_moves()
        if self.phase == Phase.SETUP:
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
        if self.phase != Phase.OVER:
            return None
        n = len(self.seats)
        if self._abandoned:
            return Outcome((), None, None, (0,) * n, abandoned=True)
        order = tuple(self._order)
        winner = order[0] if order else None
        loser = order[-1] if self.rules.has_loser and len(order) == n else None
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
        if self.rules.loser_deals and result and result.loser is not None:
            return result.loser
        return (dealer + 1) % len(self.seats)

    def active_seats(self) -> list[int]:
        """Seats still holding cards, in seat order."""
        return [i for i, s in enumerate(self.seats) if s.place is None]

    @property
    def pile_owner(self) -> int | None:
        """The seat that played the card the pile now answers (None on an empty pile)."""
        return self._owner

    def setup_done(self, seat: int) -> bool:
        """Whether ``seat`` has finished its setup (swapped and said ready, or chosen)."""
        return self._setup_done[seat]

    # ----------------------------------------------------------------- moves

    def play(self, move: Move) -> list[Event]:
        """Apply a move for the seat to act and return the public events it caused.

        An illegal move raises :class:`IllegalMove` and changes nothing.
        """
        if not isinstance(move, Move):
            raise NotAMove(f"play() takes a Move, not {type(move).__name__}")
        if self.phase == _PLAY:
            kind = move.kind
            if kind == _PLAY_CARDS:
                self._play_cards(move.cards)
            elif kind == _TAKE:
                self._take(move.adding)
            elif kind == _FLIP:
                self._flip(move.index)
            else:
                raise IllegalMove(
                    f"The game has started: '{move.kind}' is a setup move; you can {self.legal_summary()}."
                )
            self.moves += 1
        elif self.phase == _SETUP:
            self._setup(move)
        elif self._abandoned:
            raise IllegalMove("The game was abandoned: no more moves.")
        else:
            raise IllegalMove("The game is over: no more moves.")
        events = self._events
        self._events = []
        return events if events is not None else []  # never None: quiet mode lives inside fast_turn only

    def abandon(self) -> list[Event]:
        """Stop the game with no result (ruling 11)."""
        if self.phase == Phase.OVER:
            raise IllegalMove("The game is already over.")
        self._abandoned = True
        self.phase = Phase.OVER
        return [Event(EventKind.ABANDONED)]

    # ----------------------------------------------------------------- views, copies, saves

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see: its own hand, the public table, counts of the rest."""
        from palace_tui.rules.view import SeatView

        if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(self.seats)):
            raise WrongType(f"a seat is a number from 0 to {len(self.seats) - 1}, not {seat!r}")
        return SeatView.of(self, seat)

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
        g._order = self._order[:]
        g._setup_done = self._setup_done[:]
        g._abandoned = self._abandoned
        g._events = []
        g._dealt = self._dealt
        return g

    def determinize(self, seat: int, rng: Shuffler, known_hands: dict[int, Sequence[Card]] | None = None) -> Game:
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
                s._set_hand(keep[i] + [unseen.pop() for _ in range(n)])
        return g

    def _zones(self) -> list[list[Card]]:
        zones = [self.pile, self.stock, self.cleared]
        for s in self.seats:
            zones += [s.hand, s.face_up, s.face_down]
        return zones

    def all_cards(self) -> list[Card]:
        """Every card in every zone (for checks that no card is lost or made up)."""
        return [c for z in self._zones() for c in z]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Game {self.phase} turn={self.turn} seats={self.names} pile={cards_code(self.pile)!r}>"


__all__ = ["SAVE_FORMAT", "SAVE_VERSION", "Game", "IllegalMove", "InvalidPosition", "Outcome", "Seat"]
