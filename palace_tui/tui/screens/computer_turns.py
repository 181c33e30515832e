"""Computer seats at the table: think in a worker, play after a visible pause.

:class:`ComputerTurns` is mixed into the table screen. It expects the screen's
``session``, ``ai_delay``, ``after_computer(seat)`` (what happens after its move) and
``_advised()`` (the coach's answer, which arrives through the same worker message).
``_serial`` goes up on every change of the game, so an answer worked out for an
older position is dropped.
"""

from __future__ import annotations

import time

from textual.timer import Timer
from textual.worker import Worker, WorkerState

from palace_tui.rules import Move


class ComputerTurns:
    """Schedules computer moves without freezing the screen."""

    _timer: Timer | None = None
    #: A computer move worked out while another screen was on top, to play on return.
    _pending: tuple[int, Move | None] | None = None
    #: A computer turn that came up while another screen was on top (no pause wanted).
    _waiting = False
    _serial = 0

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

        def think() -> tuple:
            try:
                move = choose()
            except Exception:  # the table must go on: play_computer falls back to a legal move
                move = None
            return ("computer", serial, started, move)

        self.run_worker(think, thread=True, group="computer", exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A worker's answer: a computer's move or the coach's advice."""
        if event.state != WorkerState.SUCCESS or not isinstance(event.worker.result, tuple):
            return
        kind, serial, *rest = event.worker.result
        if serial != self._serial or not self.is_mounted:
            return  # the game moved on (a take-back, an abandon) since the question was asked
        if kind == "computer":
            started, move = rest
            remaining = self.ai_delay - (time.monotonic() - started)
            if remaining > 0:
                self._timer = self.set_timer(remaining, lambda: self._computer_play(serial, move))
            else:
                self._computer_play(serial, move)
        elif kind == "coach":
            self._advised(*rest)

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
