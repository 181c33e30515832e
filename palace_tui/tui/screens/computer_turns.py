"""Computer seats at the table: think in a worker, play after a visible pause.

:class:`ComputerTurns` is a part of the table screen (its state is declared in
:class:`~.table_screen.TableScreen`). The worker posts a
:class:`~.table_messages.ComputerMoveReady`; ``after_computer(seat)`` is what happens
after the move. ``_serial`` goes up on every change of the game, so an answer worked
out for an older position is dropped.
"""

from __future__ import annotations

import time

from textual import on
from textual.worker import get_current_worker

from palace_tui.rules import Move
from palace_tui.tui.screens.table_messages import ComputerMoveReady
from palace_tui.tui.screens.table_screen import TableScreen


class ComputerTurns(TableScreen):
    """Schedules computer moves without freezing the screen."""

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _schedule_computer(self) -> None:
        """Let the computer seat to act think in a worker; its move lands after ``ai_delay``."""
        self._stop_timer()
        self._pending = None
        serial = self._serial
        if self.ai_delay <= 0:
            # No pause wanted (tests, or a player who set 0): play on at once.
            self.call_later(self._computer_now, serial)
            return
        choose = self.session.computer_chooser()
        started = time.monotonic()

        def think() -> None:
            try:
                move = choose()
            except Exception:  # the table must go on: play_computer falls back to a legal move
                move = None
            if not get_current_worker().is_cancelled:
                self.post_message(ComputerMoveReady(serial, started, move))

        self.run_worker(think, thread=True, group="computer", exit_on_error=False)

    @on(ComputerMoveReady)
    def _computer_ready(self, answer: ComputerMoveReady) -> None:
        """A computer's move: it lands once ``ai_delay`` has passed since it started thinking."""
        if answer.serial != self._serial or not self.is_mounted:
            return  # the game moved on (a take-back, an abandon) since the question was asked
        serial, move = answer.serial, answer.move
        remaining = self.ai_delay - (time.monotonic() - answer.started)
        if remaining > 0:
            self._timer = self.set_timer(remaining, lambda: self._computer_play(serial, move))
        else:
            self._computer_play(serial, move)

    def _computer_play(self, serial: int, move: Move | None) -> None:
        self._timer = None
        game = self.game
        if serial != self._serial or game.phase == "over" or self.session.is_human(game.turn):
            return
        if not self.is_current:
            self._pending = (serial, move)
            return
        self._serial += 1
        seat = game.turn
        self.session.play_computer(move)
        self.after_computer(seat)

    def _computer_now(self, serial: int) -> None:
        game = self.game
        if serial != self._serial or game.phase == "over" or self.session.is_human(game.turn):
            return
        if not self.is_current:
            self._waiting = True
            return
        self._serial += 1
        seat = game.turn
        self.session.computer_move()
        while self.game.phase != "over" and not self.session.is_human(self.game.turn):
            seat = self.game.turn
            self.session.computer_move()
        self.after_computer(seat)

    def on_screen_resume(self) -> None:
        if self._pending is not None:
            serial, move = self._pending
            self._pending = None
            self._computer_play(serial, move)
        elif self._waiting:
            self._waiting = False
            self._schedule_computer()

    def on_unmount(self) -> None:
        self._serial += 1
        self._stop_timer()
