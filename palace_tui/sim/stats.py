"""The statistics of a simulated run: totals that add up across processes, and Wilson intervals."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from palace_tui.rules import Outcome


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

    def merge(self, other: SimStats) -> None:
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

    def as_dict(self, has_loser: bool = True) -> dict[str, Any]:
        s = self.seconds or 1e-9
        n = self.players
        done = self.games - self.capped
        by_ai = {}
        for ai in sorted(self.by_ai, key=_level_key):
            rec: dict[str, Any] = dict(self.by_ai[ai])
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
                "games": met,
                "ahead": ahead,
                "ahead_rate": round(ahead / met, 4) if met else 0.0,
                "ahead_ci95": list(wilson(ahead, met)),
            }
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


def _level_key(name: str) -> tuple[int, str]:
    from palace_tui.ai import LEVELS

    return (LEVELS.index(name) if name in LEVELS else len(LEVELS), name)


def count_head_to_head(stats: SimStats, ai_names: list[str], result: Outcome) -> None:
    """For each pair of levels that held one seat each, count which finished ahead
    (an earlier place; the winner is ahead of everyone when only the winner has one)."""
    seat_of: dict[str, int | None] = {}
    for seat, name in enumerate(ai_names):
        seat_of[name] = None if name in seat_of else seat
    solo = sorted((name for name, seat in seat_of.items() if seat is not None), key=_level_key)
    for i, lower in enumerate(solo):
        for upper in solo[i + 1 :]:
            upper_seat, lower_seat = seat_of[upper], seat_of[lower]
            assert upper_seat is not None and lower_seat is not None  # solo levels hold one seat
            a, b = result.place(upper_seat), result.place(lower_seat)
            if a is None and b is None:
                continue
            rec = stats.ahead.setdefault(f"{upper}|{lower}", [0, 0])
            rec[0] += 1
            rec[1] += b is None or (a is not None and a < b)
