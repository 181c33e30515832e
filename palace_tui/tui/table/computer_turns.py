"""Computer seats at the table: think in a worker, play after a visible pause.

The table screen owns one :class:`ComputerTurns`. It asks the table's door for the
computer's thinker (:meth:`~palace_tui.table.door.TableDoor.computer_thinker`) and runs it
in a thread worker, which posts a :class:`~.table_messages.ComputerMoveReady` to the
screen; the screen hands it to :meth:`ComputerTurns.ready`, and the move lands (a
:class:`~palace_tui.table.door.ComputerMove` sent through the door) once ``delay`` has
passed since the thinking began. The table answers with a
:class:`~palace_tui.table.door.Moved`, which the screen follows. A table that plays its
computers itself (a remote host) has no thinker: then this part waits.

:attr:`ComputerTurns.serial` goes up on every change of the game, so an answer worked
out for an older position (a computer's move, the coach's advice) is dropped.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from textual.screen import Screen
from textual.timer import Timer
from textual.worker import get_current_worker

from palace_tui.rules import Move
from palace_tui.table.door import ComputerMove, TableDoor
from palace_tui.tui.table.table_messages import ComputerMoveReady


class ComputerTurns:
    """Schedules the computer seats' moves for ``screen`` without freezing it.

    ``delay`` is the pause, in seconds, before a computer's move lands (0: at once,
    every computer seat in a row), except for a move ``covered()`` says the pass screen
    covers at once; ``table`` is the screen's door to the table.
    """

    def __init__(
        self, screen: Screen[Any], table: TableDoor, delay: float, covered: Callable[[], bool] = lambda: False
    ) -> None:
        self.screen = screen
        self.table = table
        #: Seconds a computer seat waits before its move lands, so people can follow.
        self.delay = delay
        #: Whether the move of the computer to act now is to be covered by a pass screen at once
        #: (the next seat is a person who must be handed the screen): nobody would see it land,
        #: so it lands without its pause (the next person's recap tells it).
        self.covered = covered
        #: The move on the table is a computer's, landed since the last person's change: its
        #: pause is what lets people see it, so the next computer keeps its pause, covered or not.
        self._after_computer = False
        #: Bumped on every change of the game: a worker's answer for an older position is dropped.
        self.serial = 0
        #: The pause before a computer's move lands.
        self._timer: Timer | None = None
        #: A computer move worked out while another screen was on top, to play on return.
        self._pending: tuple[int, Move | None] | None = None
        #: A computer turn that came up while another screen was on top (no pause wanted).
        self._waiting = False

    def changed(self) -> None:
        """A person changed the game (a move, the end of a turn, a take-back, abandoning)."""
        self.serial += 1
        self._after_computer = False

    def stop(self) -> None:
        """Drop whatever was scheduled: the pause, and a move kept for when the screen is back."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._pending = None
        self._waiting = False

    def play(self) -> None:
        """Let the computer seat to act think in a worker; its move lands after ``delay``."""
        self.stop()
        serial = self.serial
        if self.delay <= 0:
            # No pause wanted (tests, or a player who set 0): play on at once.
            self.screen.call_later(self._play_now, serial)
            return
        choose = self.table.computer_thinker()
        if choose is None:
            return  # the table plays its computers itself: their moves come as events
        # A move the pass screen covers at once is never seen: its pause would be dead time (unless
        # it is the time another computer's move, just landed, is seen in).
        hurry = self.covered() and not self._after_computer
        started = time.monotonic() - (self.delay if hurry else 0)
        screen = self.screen

        def think() -> None:
            try:
                move: Move | None = choose()
            except Exception:  # the table must go on: play_computer falls back to a legal move
                move = None
            if not get_current_worker().is_cancelled:
                screen.post_message(ComputerMoveReady(serial, started, move))

        screen.run_worker(think, thread=True, group="computer", exit_on_error=False)

    def ready(self, answer: ComputerMoveReady) -> None:
        """A computer's move: it lands once ``delay`` has passed since it started thinking."""
        if answer.serial != self.serial or not self.screen.is_mounted:
            return  # the game moved on (a take-back, an abandon) since the question was asked
        serial, move = answer.serial, answer.move
        remaining = self.delay - (time.monotonic() - answer.started)
        if remaining > 0:
            self._timer = self.screen.set_timer(remaining, lambda: self._land(serial, move))
        else:
            self._land(serial, move)

    def _computer_to_act(self, serial: int) -> bool:
        to_act = self.table.now().to_act
        if serial != self.serial or to_act is None:
            return False
        seat = self.table.table().seats[to_act]
        return not seat.human and seat.here  # a computer another machine runs moves there

    def _land(self, serial: int, move: Move | None) -> None:
        self._timer = None
        if not self._computer_to_act(serial):
            return
        if not self.screen.is_current:
            self._pending = (serial, move)
            return
        self.serial += 1
        self._after_computer = True
        self.table.send(ComputerMove(move))

    def _play_now(self, serial: int) -> None:
        if not self._computer_to_act(serial):
            return
        if not self.screen.is_current:
            self._waiting = True
            return
        self.serial += 1
        self.table.send(ComputerMove(run=True))  # every computer seat in a row, then the table says who is next

    def resume(self) -> None:
        """The screen is on top again: play what was worked out, or start what came up, meanwhile."""
        if self._pending is not None:
            serial, move = self._pending
            self._pending = None
            self._land(serial, move)
        elif self._waiting:
            self._waiting = False
            self.play()

    def end(self) -> None:
        """The screen is gone: nothing may land any more."""
        self.serial += 1
        self.stop()
