"""The Palace rules engine: pure Python, no UI, deterministic for a seed.

>>> from palace_tui.rules import Card, Rules, Game, Move, IllegalMove
>>> game = Game.deal(Rules.preset("palace"), ["Ann", "Ben", "Cy"], seed=7, dealer=0)
>>> game.phase
'setup'
"""

from .cards import Card
from .events import Event
from .game import Game, Outcome, Seat
from .moves import IllegalMove, Move
from .options import OPTION_HELP, OPTIONS, PRESET_HELP, PRESETS, Rules, option_value_help
from .text import explain_pile, rules_card
from .view import OtherSeat, SeatView

__all__ = ["Card", "Rules", "Game", "Move", "IllegalMove", "Event", "Outcome", "Seat", "SeatView",
           "OtherSeat", "OPTIONS", "OPTION_HELP", "option_value_help", "PRESETS", "PRESET_HELP", "rules_card", "explain_pile"]
