"""The one way an app test waits: for a stated condition, with a generous deadline.

``await settle(pilot)`` waits until the app is idle: every message queued on the app and its
screens handled, no worker still thinking, no animation running, the same screen up twice in
a row. ``await settle(pilot, until)`` waits until ``until`` holds, where ``until`` is

- a screen class: that screen is up (``settle(pilot, ResultsScreen)``);
- a string: those words are on screen, whole, however the lines wrap (``settle(pilot, "Pass to Ann")``);
- a callable of no arguments: it returns something true (``settle(pilot, lambda: screen.mode() == "hand")``).

The deadline is 120 seconds (times ``PALACE_TEST_WAIT_SCALE``, for a very slow machine): it is
there so a broken app fails instead of hanging, never to time the app. When it passes, the
failure says what the test waited for and what it saw (the screen, its words, what was busy).
Textual's own wait for a screen's messages (``Pilot._wait_for_screen``, under every pause and
press) gives up after 30 seconds: on a machine at load 10 a screen that takes two seconds
of work to mount can take longer than that, so ``patient_pilot`` gives it the same deadline.

``running(app, size=(80, 24))`` starts an app as the tests run it and waits for its first
screen to settle: the preamble of every app test.
"""

from __future__ import annotations

import asyncio
import inspect
import os
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from textual.pilot import Pilot
from textual.screen import Screen
from textual.worker import WorkerState

from tests.helpers.app import reads, screen_text

#: How much longer (or shorter) than stated every deadline is: PALACE_TEST_WAIT_SCALE.
SCALE = float(os.environ.get("PALACE_TEST_WAIT_SCALE", "1"))

#: How long a wait may take before it is a failure, in seconds.
DEADLINE = 120.0 * SCALE

Until = type[Screen[Any]] | str | Callable[[], object] | None


def patient_pilot(monkeypatch: Any) -> None:
    """Give Textual's wait for a screen's pending messages the deadline of :func:`settle`."""
    wait = Pilot._wait_for_screen

    async def patient(self: Pilot[Any], timeout: float = DEADLINE) -> bool:
        return await wait(self, timeout=max(timeout, DEADLINE))

    monkeypatch.setattr(Pilot, "_wait_for_screen", patient)


def busy(app) -> str | None:
    """What the app still has to do, in a few words, or None when it is idle."""
    if asyncio.get_running_loop()._ready:  # type: ignore[attr-defined]
        return "the event loop has callbacks to run"
    screen = app.screen
    for node in (app, *app.screen_stack, *screen.walk_children()):
        if node._message_queue.qsize() or node._next_callbacks:
            return f"{type(node).__name__} has messages to handle"
    if screen._callbacks:
        return f"{type(screen).__name__} has callbacks waiting for a refresh"
    if screen._layout_required or screen._repaint_required:
        return f"{type(screen).__name__} has a layout or repaint to do"
    thinking = [w.name or w.group for w in app.workers if w.state in (WorkerState.PENDING, WorkerState.RUNNING)]
    if thinking:
        return "workers still running: " + ", ".join(thinking)
    animator = app.animator
    if animator._animations or animator._scheduled:
        return "an animation is running"
    return None


def _condition(app, until: Until) -> tuple[Callable[[], object], str]:
    """``until`` as a test of the app and the words that say what it waits for."""
    if until is None:
        return (lambda: busy(app) is None), "the app to be idle"  # settle checks it twice
    if isinstance(until, type):
        return (lambda: isinstance(app.screen, until)), f"the {until.__name__} to be up"
    if isinstance(until, str):
        return (lambda: reads(screen_text(app), until)), f"{until!r} on screen"
    return until, _source(until)


def _source(until: Callable[[], object]) -> str:
    """The words of a condition for a failure message: a lambda's own source, else its name."""
    name = getattr(until, "__name__", "the condition")
    if name != "<lambda>":
        return name
    try:
        text = " ".join(inspect.getsource(until).split())
    except (OSError, TypeError):
        return "the condition"
    text = text[text.index("lambda") :] if "lambda" in text else text
    while text.endswith(")") and text.count(")") > text.count("("):  # the call's own bracket
        text = text[:-1]
    return text.rstrip(",")


def _seen(app) -> str:
    """What the app shows and does now, for a failure message."""
    try:
        screen = app.screen
        text = "\n".join(line.rstrip() for line in screen_text(app).splitlines()).strip("\n")
    except Exception as error:  # the app may have closed: say so rather than hide the wait's failure
        return f"no screen to read ({error!r})"
    return f"screen {type(screen).__name__}, {busy(app) or 'idle'}; on screen:\n{text}"


async def settle(
    pilot: Pilot[Any],
    until: Until = None,
    *,
    what: str | None = None,
    timeout: float | None = None,
    progress: Callable[[], object] | None = None,
) -> None:
    """Wait until ``until`` holds (the app idle when it is None); fail, saying what was waited
    for and what was seen, if it has not after the deadline.

    ``progress`` (for a wait through a whole game, whose length no deadline can know): the
    deadline starts again whenever its value changes (a move count), so only a stall fails.
    """
    app = pilot.app
    holds, said = _condition(app, until)
    limit = DEADLINE if timeout is None else timeout * SCALE
    deadline = time.monotonic() + limit
    last = progress() if progress is not None else None
    screen = app.screen if app.is_running else None
    idle_before, rounds = False, 0
    while True:
        # One round: every message queued on the screen handled, then a short sleep, longer as
        # the wait goes on (pilot.pause guesses idleness from the CPU and sleeps 20 ms at least
        # each time: thousands of them left a core idle through the whole-game tests).
        await pilot._wait_for_screen()
        await asyncio.sleep(min(0.0005 * 2 ** min(rounds, 6), 0.02) if rounds else 0)  # 2**1100 overflows
        rounds += 1
        if not app.is_running or app._exit:
            if until is None or holds():
                return
            raise AssertionError(f"the app stopped while waiting for {what or said}")
        app.screen._on_timer_update()
        if until is None:
            # Idle twice in a row on the same screen: nothing was still on its way.
            idle = app.screen is screen and busy(app) is None
            if idle and idle_before:
                return
            idle_before = idle
        elif holds():
            return
        screen = app.screen
        if progress is not None and (now := progress()) != last:
            last, deadline = now, time.monotonic() + limit
        if time.monotonic() > deadline:
            stalled = " with nothing moving" if progress is not None else ""
            raise AssertionError(f"waited {limit:.0f} s{stalled} for {what or said}; saw {_seen(app)}")


@asynccontextmanager
async def running(
    app, size: tuple[int, int] = (80, 24), until: Until = None, **kwargs: Any
) -> AsyncIterator[Pilot[Any]]:
    """Run ``app`` headless at ``size`` and yield its pilot once the first screen is up and idle
    (or once ``until`` holds, for a first screen with long work in a worker); at the end of the
    block, wait for it to be idle again before it is closed."""
    async with app.run_test(size=size, **kwargs) as pilot:
        await settle(pilot, until)
        yield pilot
        if app.is_running and not app._exit:
            # Closed mid-mount, Textual trips on it (a Header's title set after its screen is gone).
            await settle(pilot)
