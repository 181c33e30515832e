"""What a rank does beyond "equal or higher": its power, one option per rank.

A rule set names a power for every rank (``two`` .. ``ace``); the joker's power is
fixed. :meth:`Rules.power` reads it, and everything outside the engine asks the
power's predicates instead of comparing option strings:

>>> from palace_tui.rules import Rules
>>> r = Rules.preset("palace").replace(three="see-through", eight="skip")
>>> r.power(3), r.power(3).on_anything, r.power(8).skips, r.power(10)
('see-through', True, True, 'clear')
>>> r.ranks_with(Power.SKIP)
(8,)
"""

from __future__ import annotations

import re

from palace_tui.rules.cards import ACE, JACK, KING, QUEEN, TEN
from palace_tui.rules.kinds import Kind


class Power(Kind):
    """A rank's power (the values of the rank options; ``joker`` is the joker's own)."""

    NORMAL = "normal"  # ranked: the next play must equal or beat it
    RESET = "reset"  # goes on anything; after it anything goes (the 2)
    CLEAR = "clear"  # goes on anything and clears the pile; the same player plays again (the 10)
    SEE_THROUGH = "see-through"  # goes on anything; the next play answers the card below
    LOW = "low"  # ranked; after it the next ordinary play must be this rank or lower
    SKIP = "skip"  # ranked; the next player misses a turn
    REVERSE = "reverse"  # goes on anything; the direction of play reverses
    JOKER = "joker"  # the joker's: goes on anything, reverses and is see-through

    @property
    def on_anything(self) -> bool:
        """The card goes on anything (else it must be legal by rank)."""
        return self not in _RANKED

    @property
    def resets(self) -> bool:
        return self is Power.RESET

    @property
    def clears(self) -> bool:
        return self is Power.CLEAR

    @property
    def see_through(self) -> bool:
        return self is Power.SEE_THROUGH or self is Power.JOKER

    @property
    def low(self) -> bool:
        return self is Power.LOW

    @property
    def skips(self) -> bool:
        return self is Power.SKIP

    @property
    def reverses(self) -> bool:
        return self is Power.REVERSE or self is Power.JOKER


_RANKED = frozenset({Power.NORMAL, Power.LOW, Power.SKIP})

#: The option that names each rank's power, by rank.
RANK_OPTIONS = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    TEN: "ten",
    JACK: "jack",
    QUEEN: "queen",
    KING: "king",
    ACE: "ace",
}

#: The powers a rank option may name, in the one order every rank's list keeps after its default
#: (so a press of ↓ means the same on every rank): the ordinary card, then the classic powers in
#: the order RULES.md gives them (the 2 resets, the 10 clears, the 8 may be see-through, the 7
#: low), then the house powers. Values are names: the order is presentation only.
_ALL = ("normal", "reset", "clear", "see-through", "low", "skip", "reverse")

#: Values older palace-tui wrote, and what they are called now: saves, records, game files and
#: rules lines that say ``three=invisible`` still read (as ``three=see-through``).
OLD_VALUES = {"invisible": "see-through"}


def current_value(value: object) -> object:
    """A rank option's value as this version spells it (``invisible`` reads as ``see-through``).

    >>> current_value("invisible"), current_value("low"), current_value(3)
    ('see-through', 'low', 3)
    """
    return OLD_VALUES.get(value, value) if isinstance(value, str) else value


def rank_option_values(rank: int) -> tuple[str, ...]:
    """A rank option's values: its default first (a setup screen shows it first), then the rest
    in the one order of :data:`_ALL`.

    The ten's option keeps its own spelling: ``anything`` (its default: clears, goes on anything)
    and ``not-on-picture`` (clears, never on J Q K A) instead of ``clear``.
    """
    if rank == TEN:
        return ("anything", "not-on-picture", *(v for v in _ALL if v != "clear"))
    default = "reset" if rank == 2 else "normal"
    return (default, *(v for v in _ALL if v != default))


def current_line(line: str) -> str:
    """A rules line as this version spells it: ``eight=invisible`` (a set saved by an older
    version) reads ``eight=see-through``; everything else is left as it was.

    >>> current_line("palace eight=invisible seven=low")
    'palace eight=see-through seven=low'
    """
    return re.sub(r"=(\S+)", lambda m: f"={OLD_VALUES.get(m.group(1), m.group(1))}", line)


def power_of_value(value: str) -> Power:
    """The power an option value names (the ten's ``anything`` and ``not-on-picture`` clear)."""
    return Power.CLEAR if value in ("anything", "not-on-picture") else Power(OLD_VALUES.get(value, value))


__all__ = [
    "OLD_VALUES",
    "RANK_OPTIONS",
    "Power",
    "current_line",
    "current_value",
    "power_of_value",
    "rank_option_values",
]
