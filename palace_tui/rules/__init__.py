"""The Palace rules engine: pure Python, no UI, deterministic for a seed.

It imports nothing of the package above it: no Textual, no rich and no
``palace_tui.words`` (the engine hands out facts; sentences are made above it).

>>> from palace_tui.rules import Card, Rules, Game, Move, IllegalMove
>>> game = Game.deal(Rules.preset("palace"), ["Ann", "Ben", "Cy"], seed=7, dealer=0)
>>> game.phase
'setup'
"""

from palace_tui.rules.cards import Card
from palace_tui.rules.events import Event
from palace_tui.rules.game import Game, Outcome, Seat
from palace_tui.rules.kinds import EventKind, MoveKind, Phase, Stage
from palace_tui.rules.moves import IllegalMove, Move
from palace_tui.rules.options import OPTIONS, PRESETS, Rules
from palace_tui.rules.view import OtherSeat, SeatView

__all__ = [
    "OPTIONS",
    "PRESETS",
    "Card",
    "Event",
    "EventKind",
    "Game",
    "IllegalMove",
    "Move",
    "MoveKind",
    "OtherSeat",
    "Outcome",
    "Phase",
    "Rules",
    "Seat",
    "SeatView",
    "Stage",
]
