"""What the table's thread workers send back to the screen, as Textual messages.

A worker thinks (on a copy of the game, given by the table's door) and posts one of these to the table screen,
which handles it with ``@on(...)``. Each carries the screen's ``serial`` from when
the question was asked: the screen drops an answer for a position that has since
changed (a take-back, an abandon, a move).
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from palace_tui.rules import Move
from palace_tui.table.door import CoachAdvised


@dataclass
class ComputerMoveReady(Message, bubble=False):
    """A computer seat's move, worked out in a worker."""

    #: The screen's serial when the computer started thinking.
    serial: int
    #: ``time.monotonic()`` when it started (the move lands ``ai_delay`` after it).
    started: float
    #: The move, or None when the player failed (the table then plays a legal move).
    move: Move | None


@dataclass
class CoachAnswered(Message, bubble=False):
    """The coach's move and reason for a seat (h), worked out in a worker."""

    #: The screen's serial when the coach was asked.
    serial: int
    #: The seat that asked.
    seat: int
    #: The advice (its ``move`` None when the coach has none).
    advice: CoachAdvised
