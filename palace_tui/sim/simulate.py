"""``palace simulate``: headless games between computer players, the engine benchmark
and the house-rule lab.

Game ``i`` of a run uses seed ``seed + i`` and dealer ``i % players``; the list of
computer players shifts one seat every ``players`` games, so every level meets every
seat and dealer. Totals are sums, so a run gives the same result however it is split
between processes (``--workers``) and in whatever order the parts finish.

The *first player* is the seat that makes the first play of the game (after setup):
with starter=lowest, whoever shows the lowest card; with dealer-left, the dealer's left.
Its *advantage* is its win rate minus 1/players (what a seat would win by chance).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from dataclasses import dataclass, field
from typing import Sequence

from palace_tui.rules import Game, Rules

DEFAULT_MOVE_CAP = 5000
#: Games per work unit handed to a process (also the progress bar's step).
CHUNK = 50


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a rate, as (low, high).

    >>> wilson(60, 100)
    (0.502, 0.6906)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    d = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / d
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / d
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


@dataclass
class SimConfig:
    """Everything that decides a run's results."""

    rules: Rules
    players: int
    ais: tuple[str, ...]
    seed: int = 1
    move_cap: int = DEFAULT_MOVE_CAP
    budget_s: float | None = None
    iterations: int | None = None

    def ai_for(self, game_index: int, seat: int) -> str:
        """The AI at a seat in one game: the list shifts one seat every ``players`` games."""
        return self.ais[(seat + game_index // self.players) % len(self.ais)]


@dataclass
class SimStats:
    """Totals of a run; ``merge`` adds runs done elsewhere (other processes)."""

    players: int
    games: int = 0
    moves: int = 0
    capped: int = 0
    pickups: int = 0
    seconds: float = 0.0
    wins: list[int] = field(default_factory=list)
    losses: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    #: Results by position after the dealer (0 is the dealer's left).
    pos_wins: list[int] = field(default_factory=list)
    pos_losses: list[int] = field(default_factory=list)
    first_games: int = 0
    first_wins: int = 0
    first_losses: int = 0
    by_ai: dict[str, dict[str, int]] = field(default_factory=dict)
    #: Head to head, for games where the two levels each held one seat:
    #: ``{"upper|lower": [games both finished with a place known, games upper ahead]}``.
    ahead: dict[str, list[int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in ("wins", "losses", "points", "pos_wins", "pos_losses"):
            if not getattr(self, name):
                setattr(self, name, [0] * self.players)

    def merge(self, other: "SimStats") -> None:
        for name in ("games", "moves", "capped", "pickups", "first_games", "first_wins", "first_losses"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("wins", "losses", "points", "pos_wins", "pos_losses"):
            mine = getattr(self, name)
            for i, v in enumerate(getattr(other, name)):
                mine[i] += v
        for ai, counts in other.by_ai.items():
            mine = self.by_ai.setdefault(ai, {})
            for k, v in counts.items():
                mine[k] = mine.get(k, 0) + v
        for pair, (met, ahead) in other.ahead.items():
            mine = self.ahead.setdefault(pair, [0, 0])
            mine[0] += met
            mine[1] += ahead

    def as_dict(self, has_loser: bool = True) -> dict:
        s = self.seconds or 1e-9
        n = self.players
        done = self.games - self.capped
        by_ai = {}
        for ai in sorted(self.by_ai, key=_level_key):
            rec = dict(self.by_ai[ai])
            g = rec["games"]
            rec["win_rate"] = round(rec["wins"] / g, 4) if g else 0.0
            rec["win_ci95"] = list(wilson(rec["wins"], g))
            if has_loser:
                rec["not_last_rate"] = round(1 - rec["losses"] / g, 4) if g else 0.0
                rec["not_last_ci95"] = list(wilson(g - rec["losses"], g))
            else:
                rec["not_last_rate"] = rec["not_last_ci95"] = None
            by_ai[ai] = rec
        head_to_head = {}
        for pair in sorted(self.ahead, key=lambda p: [_level_key(x) for x in p.split("|")]):
            met, ahead = self.ahead[pair]
            upper, lower = pair.split("|")
            head_to_head[f"{upper} vs {lower}"] = {
                "games": met, "ahead": ahead, "ahead_rate": round(ahead / met, 4) if met else 0.0,
                "ahead_ci95": list(wilson(ahead, met))}
        fg = self.first_games
        first_rate = self.first_wins / fg if fg else 0.0
        return {
            "games": self.games,
            "moves": self.moves,
            "avg_moves_per_game": self.moves / self.games if self.games else 0.0,
            "stalemates": self.capped,
            "pickups_per_game": self.pickups / self.games if self.games else 0.0,
            "seat_wins": self.wins,
            "seat_losses": self.losses,
            "seat_points": self.points,
            "position_wins": self.pos_wins,
            "position_losses": self.pos_losses,
            "first_player": {
                "definition": "the seat that makes the first play after setup",
                "games": fg,
                "wins": self.first_wins,
                "losses": self.first_losses,
                "win_rate": round(first_rate, 4),
                "win_ci95": list(wilson(self.first_wins, fg)),
                "loss_rate": round(self.first_losses / fg, 4) if fg and has_loser else None,
                "chance_rate": round(1 / n, 4),
                "advantage": round(first_rate - 1 / n, 4),
            },
            "finished_games": done,
            "by_ai": by_ai,
            "head_to_head": head_to_head,
            "elapsed_s": round(self.seconds, 4),
            "games_per_s": round(self.games / s, 2),
            "moves_per_s": round(self.moves / s, 1),
        }


def _level_key(name: str):
    from palace_tui.ai import LEVELS
    return (LEVELS.index(name) if name in LEVELS else len(LEVELS), name)


def make_players(config: SimConfig, index: int) -> tuple[list[str], list]:
    """The AI names and player objects of game ``index`` (seeded from the game)."""
    from palace_tui.ai import make_player

    names = [config.ai_for(index, i) for i in range(config.players)]
    players = []
    for i, name in enumerate(names):
        seed = (config.seed + index) * 7919 + i
        if name == "hard":
            players.append(make_player(name, seed=seed, budget_s=config.budget_s,
                                       iterations=config.iterations))
        else:
            players.append(make_player(name, seed=seed))
    return names, players


def play_one(config: SimConfig, index: int, stats: SimStats) -> Game:
    """Play game ``index`` of a run to the end (or the move cap), adding to ``stats``."""
    n = config.players
    game = Game.deal(config.rules, [f"Seat {i + 1}" for i in range(n)], seed=config.seed + index,
                     dealer=index % n)
    ai_names, players = make_players(config, index)
    observers = [p for p in players if hasattr(p, "observe")]
    cap = config.move_cap
    first = None
    if observers:
        # Players that remember public events see every move's events.
        while game.phase != "over" and game.moves < cap:
            if first is None and game.phase == "play":
                first = game.turn
            events = game.play(players[game.turn].choose(game))
            for p in observers:
                p.observe(events)
    else:
        while game.phase == "setup":
            players[game.turn].act(game)
        first = game.turn
        while game.phase != "over" and game.moves < cap:
            players[game.turn].act(game)
    stats.pickups += game.pickups
    stats.games += 1
    stats.moves += game.moves
    result = game.outcome()
    if result is None:
        stats.capped += 1
        return game
    dealer = game.dealer or 0
    for seat, pts in enumerate(result.points):
        stats.points[seat] += pts
    for seat in range(n):
        rec = stats.by_ai.setdefault(ai_names[seat], {"games": 0, "wins": 0, "losses": 0, "points": 0})
        rec["games"] += 1
        rec["points"] += result.points[seat]
    stats.first_games += 1
    if result.winner is not None:
        stats.wins[result.winner] += 1
        stats.pos_wins[(result.winner - dealer - 1) % n] += 1
        stats.by_ai[ai_names[result.winner]]["wins"] += 1
        stats.first_wins += result.winner == first
    if result.loser is not None:
        stats.losses[result.loser] += 1
        stats.pos_losses[(result.loser - dealer - 1) % n] += 1
        stats.by_ai[ai_names[result.loser]]["losses"] += 1
        stats.first_losses += result.loser == first
    count_head_to_head(stats, ai_names, result)
    return game


def count_head_to_head(stats: SimStats, ai_names: list[str], result) -> None:
    """For each pair of levels that held one seat each, count which finished ahead
    (an earlier place; the winner is ahead of everyone when only the winner has one)."""
    seat_of = {}
    for seat, name in enumerate(ai_names):
        seat_of[name] = None if name in seat_of else seat
    solo = sorted((name for name, seat in seat_of.items() if seat is not None), key=_level_key)
    for i, lower in enumerate(solo):
        for upper in solo[i + 1:]:
            a, b = result.place(seat_of[upper]), result.place(seat_of[lower])
            if a is None and b is None:
                continue
            rec = stats.ahead.setdefault(f"{upper}|{lower}", [0, 0])
            rec[0] += 1
            rec[1] += b is None or (a is not None and a < b)


def run(config: SimConfig, games: int, start: int = 0) -> SimStats:
    """Play games ``start`` .. ``start + games - 1`` in this process."""
    stats = SimStats(config.players)
    t0 = time.perf_counter()
    for i in range(start, start + games):
        play_one(config, i, stats)
    stats.seconds = time.perf_counter() - t0
    return stats


def _run_chunk(job: tuple[SimConfig, int, int]) -> SimStats:
    config, start, games = job
    return run(config, games, start)


def run_parallel(config: SimConfig, games: int, workers: int = 1, progress=None) -> SimStats:
    """Play ``games`` games on ``workers`` processes; ``progress(done)`` is told as
    chunks finish. The result does not depend on ``workers``."""
    jobs = [(config, s, min(CHUNK, games - s)) for s in range(0, games, CHUNK)]
    total = SimStats(config.players)
    t0 = time.perf_counter()
    done = 0
    if workers <= 1 or len(jobs) == 1:
        for job in jobs:
            total.merge(_run_chunk(job))
            done += job[2]
            if progress:
                progress(done)
    else:
        import multiprocessing as mp
        with mp.get_context("fork" if sys.platform.startswith("linux") else "spawn").Pool(
                min(workers, len(jobs))) as pool:
            for part in pool.imap_unordered(_run_chunk, jobs):
                total.merge(part)
                done += part.games
                if progress:
                    progress(done)
    total.seconds = time.perf_counter() - t0
    return total


#: Bounds on what one command may ask for: more games would not fit in memory's results,
#: a longer budget would never finish a game.
MAX_GAMES = 10_000_000
MAX_BUDGET_MS = 60_000


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="palace simulate",
                                description="Play headless games between computer players.")
    p.add_argument("--preset", default="palace", help="palace, shithead or first-out (default palace)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="change one option, e.g. seven=low (repeatable)")
    p.add_argument("--players", type=int, default=4, help="players per game (default 4)")
    p.add_argument("--games", type=int, default=1000, help="games to play (default 1000)")
    p.add_argument("--ai", default="random",
                   help="computer levels (random, easy, normal, hard), or a comma list that shifts "
                        "one seat every round of deals (default random)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    p.add_argument("--move-cap", type=int, default=DEFAULT_MOVE_CAP,
                   help="stop a game as a stalemate after this many moves")
    p.add_argument("--workers", type=int, default=None,
                   help="processes to use (default: all cores); results are the same for any number")
    p.add_argument("--budget-ms", type=float, default=None,
                   help="hard's time budget per decision in ms (default 200, or none with --iterations)")
    p.add_argument("--iterations", type=int, default=None,
                   help="hard's search limit per decision in sampled deals (deterministic)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        rules = Rules.preset(args.preset).with_text_options(args.option)
        if not 2 <= args.players <= rules.max_players:
            raise ValueError(f"--players must be from 2 to {rules.max_players} with these options")
        if not 1 <= args.games <= MAX_GAMES:
            raise ValueError(f"--games must be from 1 to {MAX_GAMES:,}")
        if args.workers is not None and args.workers < 1:
            raise ValueError("--workers must be at least 1")
        if args.iterations is not None and args.iterations < 1:
            raise ValueError("--iterations must be at least 1")
        if args.budget_ms is not None and not 0 < args.budget_ms <= MAX_BUDGET_MS:  # also refuses nan and inf
            raise ValueError(f"--budget-ms must be more than 0 and at most {MAX_BUDGET_MS:,}")
        if args.move_cap < 1:
            raise ValueError("--move-cap must be at least 1")
        if args.move_cap > MAX_GAMES:
            raise ValueError(f"--move-cap must be at most {MAX_GAMES:,}")
        from palace_tui.ai import make_player
        ais = tuple(a.strip() for a in args.ai.split(",") if a.strip())
        if not ais:
            raise ValueError("--ai needs at least one computer level")
        for a in ais:
            make_player(a)
    except ValueError as exc:
        print(f"palace simulate: {exc}", file=sys.stderr)
        return 2
    budget_s = args.budget_ms / 1000 if args.budget_ms is not None else None
    config = SimConfig(rules, args.players, ais, args.seed, args.move_cap, budget_s, args.iterations)
    workers = args.workers or os.cpu_count() or 1
    stats = _run_with_progress(config, args.games, workers)
    report(config, stats, args.json, workers)
    return 0


def _run_with_progress(config: SimConfig, games: int, workers: int) -> SimStats:
    """Run, with a rich progress bar on stderr when it is a terminal and the run is long."""
    slow = any(a != "random" for a in config.ais)
    long_run = games >= (200 if slow else 20000)
    if not (long_run and sys.stderr.isatty()):
        return run_parallel(config, games, workers)
    from rich.console import Console
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                               TimeElapsedColumn, TimeRemainingColumn)
    columns = (TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
               TimeElapsedColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("games", total=games)
        return run_parallel(config, games, workers, lambda done: bar.update(task, completed=done))


def report(config: SimConfig, stats: SimStats, as_json: bool, workers: int = 1) -> None:
    has_loser = config.rules.finish == "last-loses"
    data = stats.as_dict(has_loser)
    data.update(players=config.players, ai=list(config.ais), seed=config.seed,
                rules=config.rules.as_dict(), preset=config.rules.preset_name(), workers=workers,
                hard_budget_ms=None if config.budget_s is None else config.budget_s * 1000,
                hard_iterations=config.iterations)
    if as_json:
        print(json.dumps(data))
        return
    n = config.players
    print(f"games played      {data['games']} ({n} players, {workers} worker{'s' if workers != 1 else ''})")
    print(f"average length    {data['avg_moves_per_game']:.1f} moves per game")
    print(f"stalemates        {data['stalemates']} (stopped at {config.move_cap} moves)")
    print(f"pickups           {data['pickups_per_game']:.2f} per game")
    fp = data["first_player"]
    lo, hi = fp["win_ci95"]
    print(f"first player      wins {fp['win_rate']:.1%} (95% CI {lo:.1%}-{hi:.1%}) against {fp['chance_rate']:.1%} "
          f"by chance: advantage {fp['advantage']:+.1%}")
    for seat in range(n):
        print(f"seat {seat + 1:<12} wins {stats.wins[seat]:>6}  losses {stats.losses[seat]:>6}  "
              f"points {stats.points[seat]:>6}")
    for pos in range(n):
        label = "dealer's left" if pos == 0 else ("dealer" if pos == n - 1 else f"dealer + {pos + 1}")
        print(f"  {label:<15} wins {stats.pos_wins[pos]:>6}  losses {stats.pos_losses[pos]:>6}")
    if len(data["by_ai"]) > 1 or config.ais != ("random",):
        for ai, rec in data["by_ai"].items():
            lo, hi = rec["win_ci95"]
            line = f"{ai:<17} wins {rec['win_rate']:.1%} ({lo:.1%}-{hi:.1%})"
            if rec["not_last_rate"] is not None:
                lo, hi = rec["not_last_ci95"]
                line += f"  not last {rec['not_last_rate']:.1%} ({lo:.1%}-{hi:.1%})"
            print(line + f"  over {rec['games']} seat-games")
    for pair, rec in data["head_to_head"].items():
        lo, hi = rec["ahead_ci95"]
        print(f"{pair:<17} finished ahead in {rec['ahead_rate']:.1%} ({lo:.1%}-{hi:.1%}) of {rec['games']} games")
    print(f"elapsed           {data['elapsed_s']:.2f} s")
    print(f"speed             {data['games_per_s']:.1f} games/s, {data['moves_per_s']:.0f} moves/s")
