"""Two rule sets side by side, generated from the options (never written per preset).

>>> from palace_tui.rules import Rules
>>> rows = compare(Rules.preset("palace"), Rules.preset("shithead"))
>>> [(r.name, r.left, r.right) for r in rows if r.differs]
[('Scoring', '3-2-1 points', 'count losses'), ('Next dealer', 'the loser', 'to the left')]
"""

from __future__ import annotations

from typing import NamedTuple

from palace_tui.rules import OPTIONS, PRESETS, Rules
from palace_tui.words.options import option_name, value_sentence, value_words


class Row(NamedTuple):
    """One option in a comparison: its name (the engine's, and a player's), its values on the
    left and right in a few words, and what each value does."""

    option: str
    name: str
    left: str
    right: str
    differs: bool
    left_means: str
    right_means: str


def compare(left: Rules, right: Rules) -> list[Row]:
    """Every option, in the engine's order, with both values and whether they differ."""
    return [
        Row(
            name,
            option_name(name),
            value_words(name, getattr(left, name)),
            value_words(name, getattr(right, name)),
            getattr(left, name) != getattr(right, name),
            value_sentence(name, getattr(left, name)),
            value_sentence(name, getattr(right, name)),
        )
        for name in OPTIONS
    ]


def preset_names() -> list[str]:
    """The presets on offer, in the engine's order."""
    return list(PRESETS)


def differences_text(left_name: str, right_name: str) -> str:
    """One line per option that differs between two presets: ``Scoring: 3-2-1 points / count losses``."""
    rows = [r for r in compare(Rules.preset(left_name), Rules.preset(right_name)) if r.differs]
    if not rows:
        return "The two presets are the same."
    return "\n".join(f"{r.name}: {r.left} / {r.right}" for r in rows)
