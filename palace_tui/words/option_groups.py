"""The rule options in sections, as the new-table screen shows them: the deal, what each rank
does, the table's rules, the end of the game.

The grouping is a table keyed by option name, so an option the engine adds later lands
in its section with no change to a screen; an option the table does not know goes under
:data:`FALLBACK` (and in the engine's order after the ones named here).

>>> list(sections(["packs", "seven", "finish", "some_new_rule"]))
['Deal', 'Rank powers', 'Table rules', 'The end']
>>> sections(["packs", "seven", "finish", "some_new_rule"])["Table rules"]
['some_new_rule']
>>> changes_summary({"seven": "low", "packs": 1}, {"seven": "normal", "packs": 1})
'sevens low'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from palace_tui.words.options import option_name, value_words

#: Each section's options in the order shown. Ranks run 2 to ace, as a player counts them.
SECTIONS: dict[str, tuple[str, ...]] = {
    "Deal": ("packs", "jokers", "face_down", "face_up", "hand_size", "deal", "starter"),
    "Rank powers": (
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "jack",
        "queen",
        "king",
        "ace",
    ),
    "Table rules": (
        "must_play",
        "skips",
        "low_binds_ten",
        "play_drawn",
        "chance",
        "burn",
        "burn_in",
        "stuck_face_up",
        "after_pickup",
    ),
    "The end": ("finish", "scoring", "next_dealer"),
}
#: Where an option no section names goes.
FALLBACK = "Table rules"

#: One line under each section's title: what its options decide.
SECTION_HELP: dict[str, str] = {
    "Deal": "How many cards, and how the game begins.",
    "Rank powers": "What each rank does beyond beating an equal or lower card.",
    "Table rules": "Taking the pile, skipping, burning and the other table rules.",
    "The end": "When the game stops, how it is scored, who deals next.",
}


def sections(options: Iterable[str]) -> dict[str, list[str]]:
    """``options`` (the engine's names) by section, every section present, in the order shown."""
    names = list(options)
    placed = {name for listed in SECTIONS.values() for name in listed}
    out = {title: [name for name in listed if name in names] for title, listed in SECTIONS.items()}
    out[FALLBACK] += [name for name in names if name not in placed]
    return out


def changes_summary(values: dict[str, Any], defaults: dict[str, Any]) -> str:
    """The options in ``values`` that differ from ``defaults``, in a few words: ``sevens low, eights see-through``."""
    return ", ".join(
        f"{option_name(name).lower()} {value_words(name, value)}"
        for name, value in values.items()
        if defaults.get(name) != value
    )
