"""How the records hold up under load: a data folder with 100,000 recorded games.

Fills a fresh records database through the store's own ``record_game`` (so the
rows are exactly what the app writes), then measures, each the median of a few
runs: opening the store (what every start does, checks included), the results
screen's scoreboard query for the busiest table, and ``palace records`` as a
command (a new process, rich tables and all). Prints the figures and the bytes
per game.

    python scripts/bench_records.py [--games 100000] [--folder PATH]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from palace_tui.store import Store  # noqa: E402

NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kit", "Lu"]
SCORINGS = ("podium", "losses", "wins")


def fill(folder: Path, games: int, seed: int = 1) -> float:
    """Record ``games`` games at 200 tables of 2-6 players; returns the seconds it took."""
    rng = random.Random(seed)
    tables = [(f"table-{t:03d}", rng.sample(NAMES, rng.randint(2, 6)), SCORINGS[t % 3]) for t in range(200)]
    start = time.perf_counter()
    with Store(folder) as store:
        for g in range(games):
            # The first table is the busiest: a quarter of all games.
            key, players, scoring = tables[0] if g % 4 == 0 else rng.choice(tables)
            order = rng.sample(range(len(players)), len(players))
            points = [0] * len(players)
            if scoring == "podium":
                for place, seat in enumerate(order[:3]):
                    points[seat] = 3 - place
            elif scoring == "losses":
                points[order[-1]] = 1
            else:
                points[order[0]] = 1
            store.record_game(
                {
                    "table_id": key,
                    "game_id": f"{key}-{g}",
                    "players": players,
                    "preset": "palace",
                    "rules": {"scoring": scoring},
                    "seed": g,
                    "started": f"2026-01-01T{g % 24:02d}:00:00",
                    "ended": f"2026-{1 + g * 12 // games:02d}-01T{g % 24:02d}:{g % 60:02d}:00",
                    "order": order,
                    "points": points,
                    "scoring": scoring,
                    "winner": order[0],
                    "loser": order[-1] if scoring != "wins" else None,
                }
            )
    return time.perf_counter() - start


def timed(action, runs: int = 5) -> float:
    """The median wall time of ``action`` in seconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--folder", type=Path, default=None, help="reuse (or fill) this data folder")
    args = parser.parse_args(argv)
    folder = args.folder or Path(tempfile.mkdtemp(prefix="palace-bench-"))
    db = folder / "records.sqlite3"
    if not db.exists():
        seconds = fill(folder, args.games)
        print(f"filled {args.games:,} games in {seconds:.1f} s")
    with Store(folder) as store:
        count = store.game_count()
    size = db.stat().st_size + sum(p.stat().st_size for p in folder.glob("records.sqlite3-*"))

    def start() -> None:
        Store(folder).close()

    store = Store(folder)
    scoreboard = timed(lambda: store.scoreboard("table-000"))
    store.close()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "120"}
    records = timed(
        lambda: subprocess.run(
            [sys.executable, "-m", "palace_tui", "records", "--data-dir", str(folder)],
            env=env,
            capture_output=True,
            check=True,
        ),
        runs=3,
    )
    opened = timed(start)
    print(f"games recorded          {count:,}")
    print(f"database size           {size / 1e6:.1f} MB ({size / count:.0f} bytes per game)")
    print(f"open the store (start)  {opened * 1000:.0f} ms")
    print(f"results scoreboard      {scoreboard * 1000:.0f} ms (table with {count // 4:,} games)")
    print(f"palace records          {records * 1000:.0f} ms (whole command, new process)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
