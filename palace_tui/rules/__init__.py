"""The Palace rules engine: pure Python, no UI, deterministic for a seed.

>>> from palace_tui.rules import Card, Rules, Game, Move, IllegalMove
>>> game = Game.deal(Rules.preset("palace"), ["Ann", "Ben", "Cy"], seed=7, dealer=0)
>>> game.phase
'setup'
"""

import importlib
from typing import Any

from palace_tui.rules.cards import Card
from palace_tui.rules.events import Event
from palace_tui.rules.game import Game, Outcome, Seat
from palace_tui.rules.moves import IllegalMove, Move
from palace_tui.rules.options import OPTION_HELP, OPTIONS, PRESET_HELP, PRESETS, Rules, option_value_help
from palace_tui.rules.view import OtherSeat, SeatView

__all__ = [
    "OPTIONS",
    "OPTION_HELP",
    "PRESETS",
    "PRESET_HELP",
    "Card",
    "Event",
    "Game",
    "IllegalMove",
    "Move",
    "OtherSeat",
    "Outcome",
    "Rules",
    "Seat",
    "SeatView",
    "explain_pile",
    "option_value_help",
    "rules_card",
]


def __getattr__(name: str) -> Any:
    # explain_pile and rules_card keep working here; their words live in palace_tui.words,
    # which the engine does not import (it is looked up on first use only).
    if name in ("explain_pile", "rules_card"):
        return getattr(importlib.import_module("palace_tui.words"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
