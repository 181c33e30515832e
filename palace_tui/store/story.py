"""The table's story: per player across a table's games, how many games, wins, the average
place, the best and the current streak, and the places in the table's last games.

Pure functions on the games the records keep (``record_game``'s shape, oldest first), so
``palace records``, the results screen and the tests all count alike. A streak is what
the table plays for: games in a row not left holding cards where someone loses (Palace,
Shithead), wins in a row where the first out wins. A table whose games were played under
different rules tells one story per set of rules: a house-rule set is its own table of
numbers.

>>> games = [
...     {"table_id": "t", "rules": {"finish": "last-loses"}, "players": ["Ann", "Ben", "Cy"],
...      "order": [0, 1, 2], "winner": 0, "loser": 2},
...     {"table_id": "t", "rules": {"finish": "last-loses"}, "players": ["Ann", "Ben", "Cy"],
...      "order": [2, 1, 0], "winner": 2, "loser": 0},
... ]
>>> [(p.name, p.games, p.wins, p.average_place, p.current_streak, p.best_streak) for p in story(games)]
[('Ann', 2, 1, 2.0, 0, 1), ('Cy', 2, 1, 2.0, 1, 1), ('Ben', 2, 0, 2.0, 2, 2)]
>>> story(games)[0].recent
((1, 3), (3, 3))
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from palace_tui.store.payloads import GameResult

#: How many of the table's last games the places chart shows.
RECENT = 10

#: One game in a player's chart: (their place, how many played), (None, n) when they had no
#: place (the game stopped at the first out), or None when they were not at the table.
Place = tuple[int | None, int] | None


@dataclass(frozen=True)
class PlayerStory:
    """One player's numbers across a table's games."""

    name: str
    games: int
    wins: int
    #: The mean finishing place over the games played out to the last (None: no such game).
    average_place: float | None
    best_streak: int
    current_streak: int
    #: The table's last games, oldest first: this player's :data:`Place` in each.
    recent: tuple[Place, ...]


@dataclass(frozen=True)
class TableStory:
    """A table's story under one set of rules: its players, best first."""

    table_id: str
    table_name: str
    rules: dict[str, Any]
    games: int
    #: True where the streak counts games not last (someone loses), False where it counts wins.
    streak_not_last: bool
    players: tuple[PlayerStory, ...]


def story(records: Sequence[GameResult | Mapping[str, Any]], recent: int = RECENT) -> list[PlayerStory]:
    """Every player's story over ``records`` (one table, one set of rules, oldest first), the best
    first: the lowest average place, then the most wins, then by name."""
    games = [GameResult.of(g) for g in records]
    names: list[str] = []
    for game in games:
        names += [n for n in game.players if n not in names]
    last = games[-recent:] if recent else []
    stories = []
    for name in names:
        played = wins = streak = best = 0
        places: list[int] = []
        for game in games:
            if name not in game.players:
                continue
            seat = game.players.index(name)
            played += 1
            wins += game.winner == seat
            order = game.order
            if seat in order and game.has_loser:  # a game stopped at the first out places no one else
                places.append(order.index(seat) + 1)
            good = game.loser != seat if game.has_loser else game.winner == seat
            streak = streak + 1 if good else 0
            best = max(best, streak)
        stories.append(
            PlayerStory(
                name,
                played,
                wins,
                round(sum(places) / len(places), 1) if places else None,
                best,
                streak,
                tuple(_place(game, name) for game in last),
            )
        )
    return sorted(stories, key=lambda p: (p.average_place is None, p.average_place or 0, -p.wins, p.name))


def _place(game: GameResult, name: str) -> Place:
    if name not in game.players:
        return None
    seat = game.players.index(name)
    order = game.order
    return (order.index(seat) + 1 if seat in order else None, len(game.players))


def table_stories(records: Sequence[GameResult | Mapping[str, Any]], recent: int = RECENT) -> list[TableStory]:
    """One story per table and set of rules among ``records`` (oldest first), the table played
    most lately first."""
    groups: dict[tuple[str, str], list[GameResult]] = {}
    latest: dict[tuple[str, str], int] = {}
    for i, game in enumerate(GameResult.of(g) for g in records):
        key = (game.table_id, json.dumps(game.rules, sort_keys=True))
        groups.setdefault(key, []).append(game)
        latest[key] = i
    ordered = [groups[key] for key in sorted(groups, key=latest.__getitem__, reverse=True)]
    return [
        TableStory(
            group[-1].table_id,
            group[-1].table_name,
            dict(group[-1].rules),
            len(group),
            group[-1].has_loser,
            tuple(story(group, recent)),
        )
        for group in ordered
    ]
