#!/usr/bin/env python
"""Time hard's decisions: how long one decision takes at hard's default work (the app's
and the coach's setting), while the stock lasts and after it.

Plays seeded games, one hard among three normals (or heads-up against one normal with
``--players 2``), hard's seat moving one place a game, and times every hard decision
that searched, in wall-clock and CPU time. The search itself depends only on the
position, so the worlds and work counted are the same on any machine; only the times
move with the machine and its load.

    python scripts/bench_decision.py --games 8
    python scripts/bench_decision.py --games 8 --work 60000 --presets palace,shithead
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from palace_tui.ai.hard import DEFAULT_WORK, HardPlayer, NormalPlayer  # noqa: E402
from palace_tui.rules import Game, Rules  # noqa: E402


def decisions(
    preset: str, players: int, games: int, seed: int, work: int
) -> dict[bool, list[tuple[float, float, int]]]:
    """``{stock left: [(wall s, CPU s, worlds), ...]}`` for hard's searched decisions."""
    out: dict[bool, list[tuple[float, float, int]]] = {True: [], False: []}
    for g in range(games):
        seat = g % players
        game = Game.deal(
            Rules.preset(preset), [f"Seat {i + 1}" for i in range(players)], seed=seed + g, dealer=g % players
        )
        table = [HardPlayer(i, work=work) if i == seat else NormalPlayer((seed + g) * 7919 + i) for i in range(players)]
        while game.phase != "over" and game.moves < 5000:
            player = table[game.turn]
            timed = game.turn == seat and game.phase == "play"
            stock = bool(game.stock)
            w0, c0 = time.perf_counter(), time.process_time()
            move = player.choose(game)
            wall, cpu = time.perf_counter() - w0, time.process_time() - c0
            if timed and player.last_stats.get("iterations"):
                out[stock].append((wall, cpu, player.last_stats["iterations"]))
            events = game.play(move)
            for p in table:
                p.observe(events)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=8)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--presets", default="palace,shithead")
    p.add_argument("--work", type=int, default=DEFAULT_WORK, help=f"hard's work a decision (default {DEFAULT_WORK})")
    args = p.parse_args(argv)
    print(
        "| preset | seats | work | games | stock | decisions | wall ms: median / p90 / max "
        "| CPU ms: median / max | worlds: median (range) |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for preset in args.presets.split(","):
        found = decisions(preset, args.players, args.games, args.seed, args.work)
        for stock in (True, False):
            rows = found[stock]
            if not rows:
                continue
            wall = sorted(r[0] * 1000 for r in rows)
            cpu = [r[1] * 1000 for r in rows]
            worlds = [r[2] for r in rows]
            p90 = wall[int(0.9 * (len(wall) - 1))]
            print(
                f"| {preset} | {args.players} | {args.work} | {args.games} | {'yes' if stock else 'no'} | {len(rows)} "
                f"| {statistics.median(wall):.0f} / {p90:.0f} / {max(wall):.0f} "
                f"| {statistics.median(cpu):.0f} / {max(cpu):.0f} "
                f"| {statistics.median(worlds):.0f} ({min(worlds)}–{max(worlds)}) |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
