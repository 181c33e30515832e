"""``palace simulate``: headless games between computer players, and the engine benchmark.

Game ``i`` of a run uses seed ``seed + i`` and dealer ``i % players``, so a run gives
the same result however it is split up.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field
from typing import Sequence

from .rules import Game, Rules

DEFAULT_MOVE_CAP = 5000


@dataclass
class SimConfig:
    """Everything that decides a run's results."""

    rules: Rules
    players: int
    ais: tuple[str, ...]
    seed: int = 1
    move_cap: int = DEFAULT_MOVE_CAP

    def ai_for(self, game_index: int, seat: int) -> str:
        """The AI at a seat in one game: the list rotates one seat per game."""
        return self.ais[(seat + game_index) % len(self.ais)]


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
    by_ai: dict[str, dict[str, int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in ("wins", "losses", "points"):
            if not getattr(self, name):
                setattr(self, name, [0] * self.players)

    def merge(self, other: "SimStats") -> None:
        self.games += other.games
        self.moves += other.moves
        self.capped += other.capped
        self.pickups += other.pickups
        for name in ("wins", "losses", "points"):
            mine = getattr(self, name)
            for i, v in enumerate(getattr(other, name)):
                mine[i] += v
        for ai, counts in other.by_ai.items():
            mine = self.by_ai.setdefault(ai, {})
            for k, v in counts.items():
                mine[k] = mine.get(k, 0) + v

    def as_dict(self) -> dict:
        s = self.seconds or 1e-9
        return {
            "games": self.games,
            "moves": self.moves,
            "avg_moves_per_game": self.moves / self.games if self.games else 0.0,
            "stalemates": self.capped,
            "pickups_per_game": self.pickups / self.games if self.games else 0.0,
            "seat_wins": self.wins,
            "seat_losses": self.losses,
            "seat_points": self.points,
            "by_ai": self.by_ai,
            "elapsed_s": round(self.seconds, 4),
            "games_per_s": round(self.games / s, 2),
            "moves_per_s": round(self.moves / s, 1),
        }


def play_one(config: SimConfig, index: int, stats: SimStats) -> Game:
    """Play game ``index`` of a run to the end (or the move cap), adding to ``stats``."""
    from .ai import make_player

    n = config.players
    names = [f"Seat {i + 1}" for i in range(n)]
    game = Game.deal(config.rules, names, seed=config.seed + index, dealer=index % n)
    ai_names = [config.ai_for(index, i) for i in range(n)]
    players = [make_player(name, seed=(config.seed + index) * 7919 + i) for i, name in enumerate(ai_names)]
    cap = config.move_cap
    while game.phase != "over" and game.moves < cap:
        players[game.turn].act(game)
    stats.pickups += game.pickups
    stats.games += 1
    stats.moves += game.moves
    result = game.outcome()
    if result is None:
        stats.capped += 1
        return game
    for seat, pts in enumerate(result.points):
        stats.points[seat] += pts
    for seat in range(n):
        rec = stats.by_ai.setdefault(ai_names[seat], {"games": 0, "wins": 0, "losses": 0, "points": 0})
        rec["games"] += 1
        rec["points"] += result.points[seat]
    if result.winner is not None:
        stats.wins[result.winner] += 1
        stats.by_ai[ai_names[result.winner]]["wins"] += 1
    if result.loser is not None:
        stats.losses[result.loser] += 1
        stats.by_ai[ai_names[result.loser]]["losses"] += 1
    return game


def run(config: SimConfig, games: int, start: int = 0) -> SimStats:
    """Play games ``start`` .. ``start + games - 1`` in this process."""
    stats = SimStats(config.players)
    t0 = time.perf_counter()
    for i in range(start, start + games):
        play_one(config, i, stats)
    stats.seconds = time.perf_counter() - t0
    return stats


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="palace simulate",
                                description="Play headless games between computer players.")
    p.add_argument("--preset", default="palace", help="palace, shithead or first-out (default palace)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="change one option, e.g. seven=low (repeatable)")
    p.add_argument("--players", type=int, default=4, help="players per game (default 4)")
    p.add_argument("--games", type=int, default=1000, help="games to play (default 1000)")
    p.add_argument("--ai", default="random",
                   help="computer player, or a comma list rotated round the seats (default random)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    p.add_argument("--move-cap", type=int, default=DEFAULT_MOVE_CAP,
                   help="stop a game as a stalemate after this many moves")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return p


class _Parser(argparse.ArgumentParser):
    pass


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
        if args.games < 1:
            raise ValueError("--games must be at least 1")
        from .ai import make_player
        ais = tuple(a.strip() for a in args.ai.split(",") if a.strip())
        for a in ais:
            make_player(a)
    except ValueError as exc:
        print(f"palace simulate: {exc}", file=sys.stderr)
        return 2
    config = SimConfig(rules, args.players, ais, args.seed, args.move_cap)
    stats = run(config, args.games)
    report(config, stats, args.json)
    return 0


def report(config: SimConfig, stats: SimStats, as_json: bool) -> None:
    data = stats.as_dict()
    data.update(players=config.players, ai=list(config.ais), seed=config.seed,
                rules=config.rules.as_dict(), preset=config.rules.preset_name())
    if as_json:
        print(json.dumps(data))
        return
    print(f"games played      {data['games']}")
    print(f"average moves     {data['avg_moves_per_game']:.1f} per game")
    print(f"stalemates        {data['stalemates']} (stopped at {config.move_cap} moves)")
    print(f"pickups           {data['pickups_per_game']:.2f} per game")
    for seat in range(config.players):
        print(f"seat {seat + 1}            wins {stats.wins[seat]:>6}  losses {stats.losses[seat]:>6}  "
              f"points {stats.points[seat]:>6}")
    print(f"elapsed           {data['elapsed_s']:.2f} s")
    print(f"speed             {data['games_per_s']:.1f} games/s, {data['moves_per_s']:.0f} moves/s")
