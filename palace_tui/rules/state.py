"""What a game is made of: the attributes and methods the parts of :class:`Game` share.

:class:`~palace_tui.rules.game.Game` is assembled from mixins (the setup phase, the
play phase, saves, position codes), each in its own module, and every one of them
reads and writes the same state. :class:`GameState` declares that state once, with
its types and its slots, so each mixin type-checks on its own. At run time it holds
the slots and no code: the methods under ``TYPE_CHECKING`` are only the signatures a
mixin relies on from another part (the real ones are the mixins' and ``Game``'s
own), so nothing is added to the hot path.

Every part declares ``__slots__``, so a game keeps no ``__dict__`` (its attributes
stay slots, which the hot path reads fastest):

>>> from palace_tui.rules import Game, Rules
>>> g = Game.deal(Rules.preset("palace"), ["Ann", "Ben"], seed=1)
>>> hasattr(g, "__dict__"), g.phase, type(Game.from_json(g.to_json()).phase).__name__
(False, 'setup', 'Phase')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, Self

    from palace_tui.rules.cards import Card
    from palace_tui.rules.events import Event
    from palace_tui.rules.kinds import Phase, Stage
    from palace_tui.rules.moves import Move
    from palace_tui.rules.options import Rules
    from palace_tui.rules.seat import Seat
    from palace_tui.rules.tables import RuleTables
    from palace_tui.rules.view import SeatView


class RandomSource(Protocol):
    """What the ``random`` policy draws from: ``random.Random`` or anything with ``random()``."""

    def random(self) -> float: ...


class Shuffler(Protocol):
    """What :meth:`Game.determinize` deals the unseen cards with: ``random.Random`` or a wrapper."""

    def shuffle(self, x: list[Card], /) -> None: ...


class GameState:
    """The state of a game (the base of its mixins; see the module's docstring)."""

    __slots__ = (
        "_abandoned",
        "_dealt",
        "_eff",
        "_events",
        "_order",
        "_owner",
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

    rules: Rules
    seats: list[Seat]
    pile: list[Card]  # bottom first
    stock: list[Card]  # drawn from the end
    cleared: list[Card]
    turn: int
    direction: int  # 1 or -1
    phase: Phase
    dealer: int | None
    seed: int | None
    moves: int
    pickups: int  # takes and failed face-down cards, for statistics
    _t: RuleTables
    _eff: int  # requirement rank of the pile: 0 means anything goes
    _run_rank: int  # rank of the same-rank run on top of the pile
    _run_len: int
    _owner: int | None  # seat that played the top card of the pile
    _order: list[int]  # seats in the order they went out
    _setup_done: list[bool]
    _abandoned: bool
    _events: list[Event] | None  # None: quiet mode, no events kept
    _dealt: bool  # dealt from a full deck (so a save can be checked card by card)

    if TYPE_CHECKING:
        # Signatures only: each is defined by Game or by one of its mixins.
        def __init__(self, rules: Rules, names: Sequence[str]) -> None: ...

        # Game
        @property
        def abandoned(self) -> bool: ...
        def requirement(self) -> int: ...
        def stage(self, seat: int | None = None) -> Stage: ...
        def playable_mask(self) -> int: ...
        def playable_ranks(self) -> list[int]: ...
        def legal_moves(self) -> list[Move]: ...
        def setup_done(self, seat: int) -> bool: ...
        def play(self, move: Move) -> list[Event]: ...
        def view(self, seat: int) -> SeatView: ...
        def all_cards(self) -> list[Card]: ...
        def _set_pile(self, cards: list[Card]) -> None: ...

        # PlayPhase
        def legal_summary(self) -> str: ...
        def _not_holding(self, rank: int, want: int, have: int, where: str) -> str: ...
        def _begin_turn(self) -> None: ...
        def _game_should_end(self) -> bool: ...

        # Saving
        def to_dict(self) -> dict[str, Any]: ...
        @classmethod
        def from_dict(cls, data: dict[str, Any]) -> Self: ...


__all__ = ["GameState", "RandomSource", "Shuffler"]
