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

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from palace_tui.ai import claim_burn_in
from palace_tui.rules import Game, Rules
from palace_tui.rules.random_policy import play_random
from palace_tui.sim.stats import SimStats, count_head_to_head

DEFAULT_MOVE_CAP = 5000
#: Games per work unit handed to a process (also the progress bar's step).
CHUNK = 50


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


def make_players(config: SimConfig, index: int) -> tuple[list[str], list[Any]]:
    """The AI names and player objects of game ``index`` (seeded from the game)."""
    from palace_tui.ai import make_player

    names = [config.ai_for(index, i) for i in range(config.players)]
    players = []
    for i, name in enumerate(names):
        seed = (config.seed + index) * 7919 + i
        if name == "hard":
            players.append(make_player(name, seed=seed, budget_s=config.budget_s, iterations=config.iterations))
        else:
            players.append(make_player(name, seed=seed))
    return names, players


def play_one(config: SimConfig, index: int, stats: SimStats) -> Game:
    """Play game ``index`` of a run to the end (or the move cap), adding to ``stats``."""
    n = config.players
    game = Game.deal(config.rules, [f"Seat {i + 1}" for i in range(n)], seed=config.seed + index, dealer=index % n)
    ai_names, players = make_players(config, index)
    observers = [p for p in players if hasattr(p, "observe")]
    cap = config.move_cap
    first = None
    burn_in = config.rules.burn_in
    if observers or burn_in:
        # Players that remember public events see every move's events; with burn_in every
        # computer is asked after every move (claim_burn_in), as at the table.
        by_seat = dict(enumerate(players))
        while game.phase != "over" and game.moves < cap:
            if first is None and game.phase == "play":
                first = game.turn
            events = game.play(players[game.turn].choose(game))
            if burn_in and game.phase == "play":
                events += claim_burn_in(game, by_seat)
            for p in observers:
                p.observe(events)
    else:
        while game.phase == "setup":
            players[game.turn].act(game)
        first = game.turn
        if set(ai_names) == {"random"}:
            # A random table plays in one engine loop, each seat drawing from its own player's rng.
            play_random(game, [p.rng for p in players], cap - game.moves)
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


def run_parallel(
    config: SimConfig, games: int, workers: int = 1, progress: Callable[[int], None] | None = None
) -> SimStats:
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
            min(workers, len(jobs))
        ) as pool:
            for part in pool.imap_unordered(_run_chunk, jobs):
                total.merge(part)
                done += part.games
                if progress:
                    progress(done)
    total.seconds = time.perf_counter() - t0
    return total
