#!/usr/bin/env python
"""Rank the computer players by self-play and print a Markdown table.

Each pairing puts two neighbouring levels against each other (random-easy,
easy-normal, normal-hard) for each preset, with ``palace simulate``: the levels swap
seats every round of deals and the dealer moves every game. Every row prints the
exact command that reproduces it. With ``--players 2`` (the default) the winner is
the one not last, so in last-loses presets the two rates agree; with 4 players the
seats alternate the two levels and the rates differ.

    python scripts/ai_ladder.py --players 2 --games 1000 --iterations 30
    python scripts/ai_ladder.py --table --games 2000 --iterations 30

With ``--field`` it runs the issue's headline format: one hard among three normals
(``--ai hard,normal,normal,normal``, hard's seat moving round the table), and prints
hard's win and last rates.

    python scripts/ai_ladder.py --field --games 2000 --iterations 30

With ``--match`` it measures which ``--iterations`` a time budget buys on this machine:
the app's own ``make_player("hard", budget_s=...)`` plays seeded games as one hard
among three normals, every decision that searched is timed and its sampled deals
counted, and the matching setting is the median deals once the stock is gone.

    python scripts/ai_ladder.py --match 50,200,1000 --games 4

With ``--table`` it runs the issue's own format instead: four seats, one of each level
(``--ai hard,normal,easy,random``), and ranks neighbouring levels head to head (the
share of games the upper level finished ahead of the lower one).

The hard player runs with an iteration budget (sampled deals per decision) instead of
a time budget, so the ladder is reproducible and does not depend on machine load.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from palace_tui.sim import wilson  # noqa: E402

PAIRINGS = (("easy", "random"), ("normal", "easy"), ("hard", "normal"))


def command(preset: str, players: int, ais: str, args) -> list[str]:
    """The ``palace simulate`` command line of one run (as shown in the tables)."""
    cmd = [
        "palace",
        "simulate",
        "--preset",
        preset,
        "--players",
        str(players),
        "--games",
        str(args.games),
        "--ai",
        ais,
        "--seed",
        str(args.seed),
    ]
    if "hard" in ais.split(",") and args.iterations is not None:
        cmd += ["--iterations", str(args.iterations)]
    if args.workers:
        cmd += ["--workers", str(args.workers)]
    return cmd


def simulate(cmd: list[str]) -> dict:
    """Run ``cmd`` with this Python and return its JSON report, with the wall time and
    the command that reproduces it."""
    real = [sys.executable, "-m", "palace_tui.cli", *cmd[1:], "--json"]
    t0 = time.time()
    data = json.loads(subprocess.run(real, cwd=ROOT, capture_output=True, text=True, check=True).stdout)
    data["wall_s"] = time.time() - t0
    data["command"] = " ".join(cmd)
    return data


def run_pairing(preset: str, upper: str, lower: str, args) -> dict:
    return simulate(command(preset, args.players, f"{upper},{lower}", args))


def row(preset: str, upper: str, lower: str, data: dict) -> str:
    finished = data["games"] - data["stalemates"]
    up, low = data["by_ai"][upper], data["by_ai"][lower]
    wins = up["wins"]  # games the upper level won (one winner per game)
    not_last = low["losses"]  # games whose last player was the lower level
    lo, hi = wilson(wins, finished)
    text = f"| {preset} | {upper} vs {lower} | {data['games']} | {wins / finished:.1%} ({lo:.1%}–{hi:.1%}) |"
    if data["rules"]["finish"] == "last-loses":
        lo2, hi2 = wilson(not_last, finished)
        text += f" {not_last / finished:.1%} ({lo2:.1%}–{hi2:.1%}) |"
    else:
        text += " – |"
    clear = "yes" if lo > 0.5 else "no"
    text += f" {data['stalemates']} | {clear} | {data['avg_moves_per_game']:.0f} | {data['wall_s']:.0f} s |"
    return text


def run_table(preset: str, args) -> dict:
    """One run with every level at the table, a seat each (the seats rotate every round)."""
    return simulate(command(preset, 4, "hard,normal,easy,random", args))


def table_rows(preset: str, data: dict) -> list[str]:
    """Rows for the one-table ladder: each level against the one below it, head to head."""
    out = []
    levels = list(data["by_ai"])  # weakest first
    for lower, upper in itertools.pairwise(levels):
        h = data["head_to_head"][f"{upper} vs {lower}"]
        lo, hi = h["ahead_ci95"]
        up, low = data["by_ai"][upper], data["by_ai"][lower]
        clear = "yes" if lo > 0.5 else "no"
        out.append(
            f"| {preset} | {upper} vs {lower} | {h['games']} | {h['ahead_rate']:.1%} ({lo:.1%}–{hi:.1%}) "
            f"| {up['win_rate']:.1%} vs {low['win_rate']:.1%} "
            f"| {up['not_last_rate']:.1%} vs {low['not_last_rate']:.1%} | {clear} |"
        )
    return out


def level_rows(preset: str, data: dict) -> list[str]:
    out = []
    for level, rec in reversed(list(data["by_ai"].items())):
        wl, wh = rec["win_ci95"]
        nl, nh = rec["not_last_ci95"]
        out.append(
            f"| {preset} | {level} | {rec['games']} | {rec['win_rate']:.1%} ({wl:.1%}–{wh:.1%}) "
            f"| {rec['not_last_rate']:.1%} ({nl:.1%}–{nh:.1%}) |"
        )
    return out


def main_table(args) -> int:
    lines = [
        "| preset | pairing | games | upper finished ahead (95% CI) | wins | not last | clear |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    levels = ["| preset | level | games | wins (95% CI) | not last (95% CI) |", "| --- | --- | --- | --- | --- |"]
    commands = []
    for preset in args.presets.split(","):
        data = run_table(preset, args)
        lines += table_rows(preset, data)
        levels += level_rows(preset, data)
        commands.append(
            f"{data['command']}   # {data['wall_s']:.0f} s, {data['stalemates']} stalemates, "
            f"{data['avg_moves_per_game']:.0f} moves a game"
        )
        print("\n".join(lines[-3:]), file=sys.stderr, flush=True)
    print("\n".join(lines + [""] + levels + ["", "```"] + commands + ["```"]))
    return 0


def main_field(args) -> int:
    """One hard among three normals at four seats: hard's wins and last places."""
    lines = [
        "| preset | --ai | games | finished | hard wins (95% CI) | hard last (95% CI) | stalemates |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    commands = []
    for preset in args.presets.split(","):
        data = simulate(command(preset, 4, "hard,normal,normal,normal", args))
        rec = data["by_ai"]["hard"]
        g = rec["games"]
        wl, wh = rec["win_ci95"]
        ll, lh = wilson(rec["losses"], g)
        lines.append(
            f"| {preset} | hard,normal,normal,normal | {data['games']} | {g} | {rec['win_rate']:.1%} "
            f"({wl:.1%}–{wh:.1%}) | {rec['losses'] / g:.1%} ({ll:.1%}–{lh:.1%}) | {data['stalemates']} |"
        )
        commands.append(f"{data['command']}   # {data['wall_s']:.0f} s")
        print(lines[-1], file=sys.stderr, flush=True)
    print("\n".join(lines + ["", "```"] + commands + ["```"]))
    return 0


def podium_points(rec: dict, players: int) -> tuple[float, float, float]:
    """One level's podium points a game and their 95% interval (normal approximation), from
    its wins (3 points), last places (0) and points: with four seats the 2nd and 3rd places
    (2 and 1 points) follow from those, so the spread is exact."""
    g, wins, last, points = rec["games"], rec["wins"], rec["losses"], rec["points"]
    if players != 4:
        raise ValueError("podium points are split into places only at four seats")
    middle = g - wins - last
    seconds = points - 3 * wins - middle  # each middle place is 1 point, a second one more
    counts = {3: wins, 2: seconds, 1: middle - seconds, 0: last}
    mean = points / g
    var = sum(n * (p - mean) ** 2 for p, n in counts.items()) / max(1, g - 1)
    half = 1.96 * (var / g) ** 0.5
    return mean, mean - half, mean + half


def combine(paths: list[str]) -> int:
    """One table of hard's results from saved ``palace simulate --json`` reports, added up by
    preset and seats (runs of the same setting with other seeds add up)."""
    import glob

    totals: dict[tuple[str, int], dict] = {}
    seeds: dict[tuple[str, int], list[int]] = {}
    for path in sorted(p for pattern in paths for p in glob.glob(pattern)):
        data = json.loads(Path(path).read_text())
        key = (data["preset"], data["players"])
        rec = data["by_ai"]["hard"]
        t = totals.setdefault(key, {"games": 0, "wins": 0, "losses": 0, "points": 0, "stalemates": 0, "runs": 0})
        for k in ("games", "wins", "losses", "points"):
            t[k] += rec[k]
        t["stalemates"] += data["stalemates"]
        t["runs"] += 1
        seeds.setdefault(key, []).append(data["seed"])
    print(
        "| preset | seats | runs | finished games | hard wins (95% CI) | hard last (95% CI) "
        "| podium points a game (95% CI) |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for (preset, players), t in sorted(totals.items()):
        g = t["games"]
        wl, wh = wilson(t["wins"], g)
        ll, lh = wilson(t["losses"], g)
        points = "–"
        if preset == "palace" and players == 4:
            mean, lo, hi = podium_points(t, players)
            points = f"{mean:.2f} ({lo:.2f}–{hi:.2f})"
        print(
            f"| {preset} | {players} | {t['runs']} (seeds {min(seeds[(preset, players)])}–"
            f"{max(seeds[(preset, players)])}) | {g} | {t['wins'] / g:.1%} ({wl:.1%}–{wh:.1%}) "
            f"| {t['losses'] / g:.1%} ({ll:.1%}–{lh:.1%}) | {points} |"
        )
    return 0


def budget_decisions(preset: str, games: int, seed: int, hard) -> dict[bool, list[tuple[float, int]]]:
    """``{stock left: [(seconds, deals), ...]}`` for every decision of ``hard(seed)`` that
    searched, one hard among three normals, hard's seat moving one place a game."""
    from palace_tui.ai import make_player
    from palace_tui.rules import Game, Rules

    out: dict[bool, list[tuple[float, int]]] = {True: [], False: []}
    for g in range(games):
        seat = g % 4
        game = Game.deal(Rules.preset(preset), [f"Seat {i + 1}" for i in range(4)], seed=seed + g, dealer=g % 4)
        players = [
            hard((seed + g) * 7919 + i) if i == seat else make_player("normal", seed=(seed + g) * 7919 + i)
            for i in range(4)
        ]
        while game.phase != "over" and game.moves < 5000:
            player = players[game.turn]
            timed = game.turn == seat and game.phase == "play"
            stock = bool(game.stock)
            t0 = time.perf_counter()
            move = player.choose(game)
            if timed and player.last_stats.get("iterations"):
                out[stock].append((time.perf_counter() - t0, player.last_stats["iterations"]))
            events = game.play(move)
            for p in players:
                p.observe(events)
    return out


def _median(xs: list) -> float:
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def main_match(args) -> int:
    """The ``--iterations`` that each time budget buys, with the times it took."""
    from palace_tui.ai import make_player

    lines = [
        "| preset | budget | games | decisions (stock / no stock) | stock: median / max ms, median deals "
        "| no stock: median / max ms, median deals (range) | matching --iterations |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for ms in (float(x) for x in args.match.split(",")):
        for preset in args.presets.split(","):
            found = budget_decisions(
                preset, args.games, args.seed, lambda seed, b=ms / 1000: make_player("hard", seed, budget_s=b)
            )
            cells = []
            for stock in (True, False):
                rows = found[stock]
                if not rows:
                    cells.append("–")
                    continue
                times, deals = [t * 1000 for t, _ in rows], [d for _, d in rows]
                cell = f"{_median(times):.0f} / {max(times):.0f}, {_median(deals):.0f}"
                cells.append(cell + ("" if stock else f" ({min(deals)}–{max(deals)})"))
            match = round(_median([d for _, d in found[False]])) if found[False] else "–"
            lines.append(
                f"| {preset} | {ms:g} ms | {args.games} | {len(found[True])} / {len(found[False])} "
                f"| {cells[0]} | {cells[1]} | {match} |"
            )
            print(lines[-1], file=sys.stderr, flush=True)
    print("\n".join(lines))
    return 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=1000, help="games per pairing (default 1000)")
    p.add_argument("--players", type=int, default=2, help="seats per game (default 2)")
    p.add_argument(
        "--iterations",
        type=int,
        default=None,
        help="hard's sampled deals per decision once the stock is gone (default: none, hard's own "
        "budget of work, the app's setting)",
    )
    p.add_argument("--presets", default="palace,shithead")
    p.add_argument(
        "--pairings", default=",".join(f"{a}-{b}" for a, b in PAIRINGS), help="upper-lower level pairs, comma separated"
    )
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=None)
    p.add_argument(
        "--table", action="store_true", help="one four-seat table with every level, a seat each, instead of pairings"
    )
    p.add_argument(
        "--field", action="store_true", help="one hard among three normals at four seats (the issue's headline format)"
    )
    p.add_argument(
        "--match",
        metavar="MS[,MS...]",
        help="measure the --iterations that these time budgets (ms a decision) buy here",
    )
    p.add_argument(
        "--combine",
        nargs="+",
        metavar="JSON",
        help="add up saved `palace simulate --json` reports (globs allowed) into one table of hard's results",
    )
    args = p.parse_args(argv)
    if args.combine:
        return combine(args.combine)
    if args.match:
        return main_match(args)
    if args.field:
        return main_field(args)
    if args.table:
        return main_table(args)
    pairings = [tuple(x.split("-")) for x in args.pairings.split(",")]
    lines = [
        (
            "Heads-up self-play"
            if args.players == 2
            else f"Self-play at {args.players} seats, the two levels alternating round the table"
        )
        + f", {args.games} games per pairing "
        + (
            f"(hard: {args.iterations} sampled deals per decision once the stock is gone, "
            f"{max(1, round(args.iterations * 0.25))} while it lasts; "
            if args.iterations
            else "(hard: its own budget of work, the app's setting; "
        )
        + "normal: 3 heads-up and 12 at bigger tables, endgame only, ordinary ranks only). "
        "Win rate: share of games the upper level won; not last: share of games whose last "
        "player was the lower level; 50% is even. 95% Wilson intervals; "
        "clear = the interval's lower end is above 50%.",
        "",
        "| preset | pairing | games | upper wins (95% CI) | upper not last (95% CI) | stalemates "
        "| clear | moves/game | wall time |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    commands = []
    for preset in args.presets.split(","):
        for upper, lower in pairings:
            data = run_pairing(preset, upper, lower, args)
            lines.append(row(preset, upper, lower, data))
            commands.append(data["command"])
            print(lines[-1], file=sys.stderr, flush=True)
    lines += ["", "Commands (add `--json` for the full report):", "", "```"]
    lines += commands
    lines += ["```", "", f"Run on {os.cpu_count()} cores; wall times include the other work on the machine."]
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
