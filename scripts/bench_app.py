"""How fast the app feels: start to the first usable screen, and a key press to its redraw.

    python scripts/bench_app.py [--presses 60] [--size 80x24]

Startup is measured in a fresh interpreter (imports included) up to the first frame
of the table with the human's cards on it. A key press is timed from the moment the
key reaches the app to the end of the frame that shows its result. Headless: the
numbers leave out the terminal's own drawing. A benchmark to read, not a test.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

STARTUP = r"""
import time
t0 = time.perf_counter()
import asyncio, sys
sys.path.insert(0, {root!r})
from palace_tui.tui.app import PalaceApp
from palace_tui.rules import Rules
from palace_tui.table.session import MemoryStore, SeatConfig, Session
from palace_tui.tui.table.screen import TableScreen

async def main():
    seats = [SeatConfig("Ann"), SeatConfig("Ben", human=False), SeatConfig("Cy", human=False)]
    app = PalaceApp(Session.new(seats, Rules.preset("palace"), seed=7), ai_delay=0, store=MemoryStore())
    shown = []
    display = app._display
    def timed(screen, renderable):
        display(screen, renderable)
        if isinstance(screen, TableScreen) and renderable is not None and not shown:
            shown.append(time.perf_counter())
    app._display = timed
    async with app.run_test(size=({w}, {h})) as pilot:
        while not shown:
            await asyncio.sleep(0.001)
    print(shown[0] - t0)

asyncio.run(main())
"""


def startup(size: tuple[int, int], runs: int = 5) -> list[float]:
    """Seconds from interpreter start to the first frame of the table, per run."""
    code = STARTUP.format(root=str(ROOT), w=size[0], h=size[1])
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        wall = time.perf_counter() - t
        out.append((float(res.stdout.strip().splitlines()[-1]), wall))
    return out


async def presses(size: tuple[int, int], count: int) -> dict[str, list[float]]:
    """Seconds from a key event to the frame that shows it, by kind of key."""
    import asyncio

    sys.path.insert(0, str(ROOT))
    from textual import events

    from palace_tui.rules import Rules
    from palace_tui.table.session import MemoryStore, SeatConfig, Session
    from palace_tui.tui.app import PalaceApp
    from palace_tui.tui.table.screen import TableScreen

    seats = [SeatConfig("Ann")] + [SeatConfig(n, human=False) for n in ("Ben", "Cy", "Dee", "Eve")]
    app = PalaceApp(Session.new(seats, Rules.preset("palace"), seed=7), ai_delay=0, store=MemoryStore())
    frames: list[float] = []
    display = app._display

    def timed(screen, renderable):
        display(screen, renderable)
        if renderable is not None:
            frames.append(time.perf_counter())

    app._display = timed
    results: dict[str, list[float]] = {"cursor (← →)": [], "move (Enter/t)": []}

    async def press(key: str, char: str | None) -> float:
        frames.clear()
        t = time.perf_counter()
        app._driver.send_message(events.Key(key, char))
        for _ in range(2000):
            await asyncio.sleep(0.0005)
            if frames:
                return frames[0] - t
        raise RuntimeError("no frame")

    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        if screen.mode() == "swap":
            await pilot.press("r")
        for _i in range(count):
            await pilot.pause()
            screen = app.screen
            if not isinstance(screen, TableScreen) or screen.mode() in ("over", "wait"):
                break
            results["cursor (← →)"].append(await press("right", None))
            await pilot.pause()
            view = screen.view()
            key = "enter" if view.playable_ranks or view.stage == "face_down" else "t"
            if view.playable_ranks:  # put the cursor on a playable card first
                cards = list(view.hand) or list(view.face_up)
                screen.cursor[screen.cursor.row] = next(k for k, c in enumerate(cards) if c.rank in view.playable_ranks)
            results["move (Enter/t)"].append(await press(key, "\r" if key == "enter" else "t"))
    return results


def summary(values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    if not ms:
        return "no samples"
    p90 = ms[min(len(ms) - 1, int(len(ms) * 0.9))]
    return f"median {statistics.median(ms):6.1f} ms, p90 {p90:6.1f} ms, max {ms[-1]:6.1f} ms ({len(ms)} samples)"


def main() -> None:
    import asyncio

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=60)
    parser.add_argument("--size", default="80x24")
    args = parser.parse_args()
    size = tuple(int(x) for x in args.size.lower().split("x"))
    runs = startup(size)
    print(f"startup to first table frame: {summary([r[0] for r in runs])}")
    print(f"  whole process incl. exit:   {summary([r[1] for r in runs])}")
    for kind, values in asyncio.run(presses(size, args.presses)).items():
        print(f"key press to redraw, {kind:15} {summary(values)}")


if __name__ == "__main__":
    main()
