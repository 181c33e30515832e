#!/usr/bin/env python
"""Paired duplicate deals: hard with a lever against today's hard, on the same deals.

Game ``i`` deals seed ``seed_start + i`` with dealer ``i % players``; hard sits at seat
``i % players`` among normals (seeded as ``palace simulate`` seeds them) and the game is
played twice, once by today's hard and once by hard with the lever, both at the app's
work (:data:`palace_tui.ai.hard.DEFAULT_WORK`). Each game appends one JSON line: both
arms' podium points (or the table's own score under other scorings), places, moves and
every searched decision's wall time. ``--summary`` combines any number of such files:
the mean difference with its standard error from the per-deal differences, and the
decision times side by side.

    nice -n 10 python scripts/paired_hard.py --games 100 --seed-start 1 --workers 1 --lever read --out paired-1.jsonl
    python scripts/paired_hard.py --summary 'paired-*.jsonl'
"""

from __future__ import annotations

import argparse
import glob
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from palace_tui.ai import claim_burn_in  # noqa: E402
from palace_tui.ai.hard import HardPlayer, NormalPlayer  # noqa: E402
from palace_tui.rules import Game, Rules  # noqa: E402

#: Each lever: the options it gives hard (today's hard has none).
LEVERS: dict[str, dict[str, Any]] = {"read": {"read_table": True}}
MOVE_CAP = 5000


def play(preset: str, players: int, seed: int, index: int, options: dict[str, Any]) -> dict[str, Any]:
    """One game of hard (with ``options``) among normals; hard's result and decision times."""
    n = players
    game = Game.deal(Rules.preset(preset), [f"Seat {i + 1}" for i in range(n)], seed=seed, dealer=index % n)
    seat = index % n
    table: list[Any] = [
        HardPlayer(seed * 7919 + i, **options) if i == seat else NormalPlayer(seed * 7919 + i) for i in range(n)
    ]
    by_seat = dict(enumerate(table))
    times: list[tuple[bool, float]] = []
    reads = {"decisions": 0, "read": 0, "dealt": 0, "kept": 0, "fallbacks": 0, "worlds": 0}
    t0 = time.perf_counter()
    while game.phase != "over" and game.moves < MOVE_CAP:
        player = table[game.turn]
        mine = game.turn == seat and game.phase == "play"
        stock = bool(game.stock)
        w0 = time.perf_counter()
        move = player.choose(game)
        wall = time.perf_counter() - w0
        if mine and player.last_stats.get("iterations"):
            times.append((stock, round(wall, 5)))
            reads["decisions"] += 1
            reads["worlds"] += player.last_stats["iterations"]
            reading = player.last_stats.get("reading")
            if reading is not None:
                reads["read"] += 1
                reads["dealt"] += reading.dealt
                reads["kept"] += reading.kept
                reads["fallbacks"] += reading.fallbacks
        events = game.play(move)
        if game.rules.burn_in and game.phase == "play":
            events += claim_burn_in(game, by_seat)
        for p in table:
            p.observe(events)
    result = game.outcome()
    out: dict[str, Any] = {"moves": game.moves, "seconds": round(time.perf_counter() - t0, 3), "times": times}
    out.update(reads)
    if result is None:
        out.update(points=None, place=None)
    else:
        out.update(points=result.points[seat], place=result.place(seat))
    return out


def pair(job: tuple[str, int, int, int, str]) -> dict[str, Any]:
    preset, players, seed_start, index, lever = job
    seed = seed_start + index
    base = play(preset, players, seed, index, {})
    with_lever = play(preset, players, seed, index, LEVERS[lever])
    return {
        "preset": preset,
        "players": players,
        "seed": seed,
        "index": index,
        "seat": index % players,
        "lever": lever,
        "base": base,
        "lever_arm": with_lever,
    }


def run(args: argparse.Namespace) -> None:
    jobs = [(args.preset, args.players, args.seed_start, i, args.lever) for i in range(args.games)]
    out = open(args.out, "a") if args.out else sys.stdout  # noqa: SIM115  # stdout or a file kept open for the run
    try:
        if args.workers <= 1:
            rows = map(pair, jobs)
            for row in rows:
                out.write(json.dumps(row) + "\n")
                out.flush()
        else:
            import multiprocessing as mp

            with mp.get_context("fork").Pool(args.workers) as pool:
                for row in pool.imap_unordered(pair, jobs):
                    out.write(json.dumps(row) + "\n")
                    out.flush()
    finally:
        if out is not sys.stdout:
            out.close()


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[int(q * (len(xs) - 1))]


def summary(pattern: str) -> str:
    """The paired difference and the decision times of every game in the files."""
    rows: dict[tuple[Any, ...], dict[str, Any]] = {}
    for name in sorted(glob.glob(pattern)):
        with open(name) as f:
            for line in f:
                if line.strip():
                    r = json.loads(line)
                    # A game run twice (chunks that overlap) counts once.
                    rows[(r["preset"], r["players"], r["seed"], r["index"], r["lever"])] = r
    done = [r for r in rows.values() if r["base"]["points"] is not None and r["lever_arm"]["points"] is not None]
    lines = [f"games: {len(rows)} ({len(rows) - len(done)} capped, left out)"]
    if len(done) < 2:
        return "\n".join(lines)
    diffs = [r["lever_arm"]["points"] - r["base"]["points"] for r in done]
    mean = statistics.fmean(diffs)
    se = statistics.stdev(diffs) / len(diffs) ** 0.5
    base = statistics.fmean(r["base"]["points"] for r in done)
    lever = statistics.fmean(r["lever_arm"]["points"] for r in done)
    same = sum(1 for d in diffs if d == 0)
    lines.append(f"podium points a game: today's hard {base:.3f}, with the lever {lever:.3f}")
    lines.append(
        f"paired difference: {mean:+.3f} (standard error {se:.3f}; 95%: {mean - 1.96 * se:+.3f} to "
        f"{mean + 1.96 * se:+.3f}); {same} of {len(done)} deals scored the same"
    )
    for arm in ("base", "lever_arm"):
        for stock in (True, False):
            ts = [t * 1000 for r in rows.values() for s, t in r[arm]["times"] if s == stock]
            if ts:
                lines.append(
                    f"{'today' if arm == 'base' else 'lever'} decisions, stock {'yes' if stock else 'no'}: {len(ts)}, "
                    f"wall ms median {statistics.median(ts):.0f} / p90 {percentile(ts, 0.9):.0f} / max {max(ts):.0f}"
                )
    arm = [r["lever_arm"] for r in rows.values()]
    read, dealt, kept, fallbacks = (sum(a[k] for a in arm) for k in ("read", "dealt", "kept", "fallbacks"))
    worlds = sum(a["worlds"] for a in arm)
    lines.append(
        f"lever: {read} of {sum(a['decisions'] for a in arm)} searched decisions read the table; worlds dealt "
        f"{dealt}, kept by their chance {kept}, kept as the likeliest when tries ran out {fallbacks}; "
        f"worlds searched: lever {worlds}, today {sum(r['base']['worlds'] for r in rows.values())}"
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed-start", type=int, default=1)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--lever", choices=sorted(LEVERS), default="read")
    p.add_argument("--preset", default="palace")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--out", help="append one JSON line a game to this file (default: standard output)")
    p.add_argument("--summary", metavar="GLOB", help="combine the files matching GLOB and print the result")
    args = p.parse_args(argv)
    if args.summary:
        print(summary(args.summary))
        return 0
    run(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
