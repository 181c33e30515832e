"""Judging a game while it is played, so its review is ready when it ends.

Every decision the review judges (:func:`palace_tui.ai.analysis.jobs`) can be judged as
soon as it is made: its position and the events before it are known then. A
:class:`JudgeAhead` hands the game so far, after every move, to one process of its own
at the lowest priority (``nice 19``), which judges each move not judged yet, oldest
game first, in game order, while the players think. The judgements come back by their
keys; :func:`~palace_tui.ai.analysis.analyse` takes them as ``known`` and judges only
what is left, so the verdicts are those of an analysis from scratch.

Nothing judged here is shown while the game is on: the judgements are kept, and the
review reads them once the game is over. Pure: no Textual, no rich.
"""

from __future__ import annotations

import os
import pickle
import queue
import subprocess
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import palace_tui
from palace_tui.ai.analysis import Analysis, assemble, jobs, judge_step, measure_of
from palace_tui.ai.judge import Judged
from palace_tui.rules.gamefile import GameRecord, Replay, ReplayError, replay


@dataclass(frozen=True)
class Settings:
    """What the review will be asked for: the people's seats, the least worlds behind a
    chance and the coach's work (None: hard's own)."""

    humans: tuple[int, ...]
    iterations: int
    work: int | None = None


@dataclass
class _Game:
    """A game as the judging process last heard of it."""

    played: Replay
    settings: Settings
    left: list[tuple[int, str, str]]


def _judge_loop(inbox: queue.Queue[Any], send: Callable[[Any], None]) -> None:
    """Take the games as they are played, judge what is ready, send it back; ends on ``None``."""
    games: dict[str, _Game] = {}
    done: dict[str, set[str]] = {}

    def take(message: Any) -> bool:
        """Take one message in; False when told to stop."""
        if message is None:
            return False
        kind, game_id, *rest = message
        if kind == "game":
            record, settings = rest
            try:
                played = replay(record)
            except ReplayError:
                return True
            keys = done.setdefault(game_id, set())
            over = played.game.phase == "over"
            ready = jobs(played, settings.humans, settings.iterations, settings.work, finished=over)
            left = [(j.index, j.task, j.key) for j in ready if j.key not in keys]
            games[game_id] = _Game(played, settings, left)
        elif kind == "done":
            keys = done.setdefault(game_id, set())
            keys.update(rest[0])
            if game_id in games:
                games[game_id].left = [j for j in games[game_id].left if j[2] not in keys]
        elif kind == "stop":
            games.pop(game_id, None)
        return True

    while True:
        busy = any(g.left for g in games.values())
        try:
            message = inbox.get_nowait() if busy else inbox.get()
        except queue.Empty:
            game_id = next(g for g, game in games.items() if game.left)
            game = games[game_id]
            index, task, key = game.left.pop(0)
            judged = judge_step(game.played, index, task, game.settings.iterations, game.settings.work)
            done.setdefault(game_id, set()).add(key)
            send((game_id, key, None if judged is None else judged.to_data()))
            continue
        # Every message waiting is taken before the next judgement.
        if not take(message):
            return


def _serve(nice: int) -> None:
    """The judging process: messages come in on stdin and judgements go out on stdout, as
    pickles between this package and itself. The app's end closes stdin, which ends it."""
    if nice and hasattr(os, "nice"):
        os.nice(nice)  # the table comes first: this runs only on time nobody else wants
    incoming = sys.stdin.buffer
    outgoing = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # a stray print cannot land in the channel
    inbox: queue.Queue[Any] = queue.Queue()

    def read() -> None:
        while True:
            try:
                inbox.put(pickle.load(incoming))
            except (EOFError, OSError, pickle.UnpicklingError):
                inbox.put(None)  # the app is gone (or closed the channel): stop
                return

    def send(message: Any) -> None:
        pickle.dump(message, outgoing)
        outgoing.flush()

    threading.Thread(target=read, daemon=True).start()
    try:
        _judge_loop(inbox, send)
    except (BrokenPipeError, OSError):
        return  # the app stopped listening


def judge_command(nice: int) -> list[str]:
    """The judging process's command line: this interpreter with ``-P``, so that the folder the
    player started the game in (the current folder) is never on its import path: a ``queue.py``
    lying there would otherwise run inside the judge. PYTHONPATH still counts (``-P``, not ``-I``)."""
    return [sys.executable, "-P", "-m", "palace_tui.ai.ahead", str(nice)]


class JudgeAhead:
    """One judging process for the games of a table, started with the first game handed
    to it (:meth:`follow`) and ended by :meth:`close`; ``nice`` is how far below the table's
    priority it runs (19, the lowest; tests on a busy machine ask for less).

    A process that cannot start (no file descriptors left, the interpreter gone) is no judge:
    :attr:`unavailable` says why, nothing more is handed over, and each review judges its game
    itself, as it does a game nobody judged ahead. The table never waits on it or fails with it."""

    def __init__(self, nice: int = 19) -> None:
        self.nice = nice
        #: Why the judging process could not be started (None: it could, or was not needed yet).
        self.unavailable: str | None = None
        self._lock = threading.Lock()
        self._send_lock = threading.Lock()
        self._known: dict[str, dict[str, Judged | None]] = {}
        self._waiting: dict[str, tuple[Replay, Settings, Callable[[Analysis], None]]] = {}
        self._process: subprocess.Popen[bytes] | None = None
        self._outgoing: queue.Queue[Any] = queue.Queue()

    # ------------------------------------------------------------ the process

    def _start(self) -> None:
        # A fresh interpreter started as a plain command, keeping none of the app's open files:
        # not the terminal Textual holds (multiprocessing's start refused those from a real
        # terminal), nor the data folder's lock, should it outlive an app that was killed.
        root = str(Path(palace_tui.__file__).resolve().parents[1])
        paths = [root, *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
        try:
            process = subprocess.Popen(
                judge_command(self.nice),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                close_fds=True,
                start_new_session=True,  # no signal meant for the terminal's app reaches it
                env={**os.environ, "PYTHONPATH": os.pathsep.join(paths)},
            )
        except (OSError, ValueError, subprocess.SubprocessError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self.unavailable = f"the judging process could not start ({why})"
            return
        assert process.stdin is not None and process.stdout is not None
        self._process = process
        self._outgoing = queue.Queue()
        try:
            for target, channel in ((self._write, process.stdin), (self._read, process.stdout)):
                threading.Thread(target=target, args=(channel,), name="palace-judge-ahead", daemon=True).start()
        except RuntimeError as exc:  # no thread can be started: end the process, no judge
            self.unavailable = f"the judging process could not start ({exc})"
            self._process = None
            self._outgoing.put(None)
            process.kill()
            process.wait()
            process.stdin.close()
            process.stdout.close()

    def _send(self, message: Any) -> None:
        with self._send_lock:
            if self.unavailable is not None:
                return
            if self._process is None:
                self._start()
                if self._process is None:
                    return
            self._outgoing.put(message)

    def _write(self, channel: IO[bytes]) -> None:
        """Hand the messages over (a thread of the app's process: a busy judge never holds up the table)."""
        outgoing = self._outgoing
        while (message := outgoing.get()) is not None:
            try:
                pickle.dump(message, channel)
                channel.flush()
            except (OSError, ValueError):
                return  # the process is gone: the review judges what is left itself
        channel.close()  # the process reads the end of its input as the app's goodbye

    def _read(self, channel: IO[bytes]) -> None:
        """Take the judgements in as they come (a thread of the app's process), until the process ends."""
        while True:
            try:
                game_id, key, data = pickle.load(channel)
            except (EOFError, OSError, pickle.UnpicklingError, ValueError):
                return  # the process is gone
            with self._lock:
                self._known.setdefault(game_id, {})[key] = None if data is None else Judged.from_data(data)
            self._check(game_id)

    def close(self) -> None:
        """End the judging process (what it judged so far stays in :meth:`known`)."""
        with self._send_lock:
            process, self._process = self._process, None
        if process is None:
            return
        self._outgoing.put(None)
        # Ended mid-judgement if need be: it holds nothing the app needs, and the app closes at once.
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stdout is not None:
            process.stdout.close()

    # ------------------------------------------------------------ the games

    def follow(self, game_id: str, record: GameRecord, settings: Settings) -> None:
        """Hand over game ``game_id`` as played so far: what is ready and not judged yet gets judged."""
        self._send(("game", game_id, record, settings))

    def add(self, game_id: str, judged: Mapping[str, Judged | None]) -> None:
        """Judgements of ``game_id`` made before (a resumed save's): they are not made again."""
        with self._lock:
            self._known.setdefault(game_id, {}).update(judged)
        if judged:
            self._send(("done", game_id, list(judged)))

    def known(self, game_id: str) -> dict[str, Judged | None]:
        """Every judgement of game ``game_id`` made so far, by its key."""
        with self._lock:
            return dict(self._known.get(game_id, {}))

    def take(self, game_id: str) -> dict[str, Judged | None]:
        """The judgements of ``game_id`` so far, and no more made for it (the review takes over)."""
        with self._lock:
            self._waiting.pop(game_id, None)
        if self._process is not None:
            self._send(("stop", game_id))
        return self.known(game_id)

    def when_done(self, game_id: str, played: Replay, settings: Settings, finished: Callable[[Analysis], None]) -> None:
        """Call ``finished`` with the finished game's analysis once every move of it is judged
        (at once if it is; else from this object's reading thread); never, with no judge."""
        if self.unavailable is not None:
            return  # no judge: the review judges the game when it is opened
        with self._lock:
            self._waiting[game_id] = (played, settings, finished)
        self._check(game_id)

    def _check(self, game_id: str) -> None:
        with self._lock:
            waiting = self._waiting.get(game_id)
            known = self._known.get(game_id, {})
            if waiting is None:
                return
            played, settings, finished = waiting
            every = jobs(played, settings.humans, settings.iterations, settings.work)
            if any(job.key not in known for job in every):
                return
            del self._waiting[game_id]
            results = {job.index: known[job.key] for job in every}
        finished(assemble(played, results, {job.index: job.task for job in every}, measure_of(played.start.rules)))


def settings_of(humans: Sequence[int], iterations: int, work: int | None) -> Settings:
    """The :class:`Settings` for a review of ``humans`` with these settings."""
    return Settings(tuple(sorted(humans)), iterations, work)


if __name__ == "__main__":
    _serve(int(sys.argv[1]) if len(sys.argv) > 1 else 19)
