"""Two rule sets side by side, generated from the options (never written per preset).

>>> from palace_tui.rules import Rules
>>> rows = compare(Rules.preset("palace"), Rules.preset("shithead"))
>>> [(r.option, r.left, r.right) for r in rows if r.differs]
[('scoring', 'podium', 'losses'), ('next_dealer', 'loser', 'clockwise')]
"""

from __future__ import annotations

from typing import NamedTuple

from palace_tui.rules import OPTION_HELP, OPTIONS, PRESETS, Rules
from palace_tui.words import option_value_text


class Row(NamedTuple):
    """One option in a comparison: its values on the left and right, and what it means."""

    option: str
    left: str
    right: str
    differs: bool
    meaning: str


def compare(left: Rules, right: Rules) -> list[Row]:
    """Every option, in the engine's order, with both values and whether they differ."""
    return [
        Row(
            name,
            option_value_text(getattr(left, name)),
            option_value_text(getattr(right, name)),
            getattr(left, name) != getattr(right, name),
            OPTION_HELP[name],
        )
        for name in OPTIONS
    ]


def preset_names() -> list[str]:
    """The presets on offer, in the engine's order."""
    return list(PRESETS)


def differences_text(left_name: str, right_name: str) -> str:
    """One line per option that differs between two presets: ``scoring: podium / losses``."""
    rows = [r for r in compare(Rules.preset(left_name), Rules.preset(right_name)) if r.differs]
    if not rows:
        return "The two presets are the same."
    return "\n".join(f"{r.option}: {r.left} / {r.right}" for r in rows)
