"""Who sits at the table: a seat's name, person or computer, level and coach.

>>> SeatConfig("  Ann ").name
'Ann'
>>> default_level() in computer_levels()
True
"""

from __future__ import annotations

from dataclasses import dataclass

from palace_tui.names import clean_name


def computer_levels() -> list[str]:
    """The computer levels on offer, weakest first (``palace_tui.ai.LEVELS``)."""
    # Imported on use: the players (and their search) load only when a table needs them.
    from palace_tui.ai import LEVELS

    return list(LEVELS) or ["random"]


def default_level() -> str:
    """The level a new computer seat gets: ``normal`` when offered."""
    levels = computer_levels()
    return "normal" if "normal" in levels else levels[0]


@dataclass
class SeatConfig:
    """Who sits in a seat: a name, and a human or a computer of some level."""

    name: str
    human: bool = True
    level: str = "random"
    #: Whether the coach (h) may advise this seat; only people get a coach.
    coach: bool = True

    def __post_init__(self) -> None:
        # Every way a seat is made (command line, new-table screen, a save) passes here.
        self.name = clean_name(self.name)
