"""What the records hand out, typed: a finished game (:class:`GameResult`) and a scoreboard
row (:class:`ScoreRow`).

The database and the pending file keep plain data (``record_game``'s dict); the store reads
it back into these at its edge, so callers read fields instead of keys, and ask the rules'
own predicates (``Scoring``, :func:`~palace_tui.rules.options.has_loser_of`) instead of
comparing option strings.

>>> game = GameResult.of({"table_id": "t", "game_id": "g1", "players": ["Ann", "Ben"], "order": [1, 0],
...     "points": [2, 3], "scoring": "podium", "rules": {"finish": "last-loses"}, "winner": 1, "loser": 0})
>>> game.scoring.counts_points, game.has_loser, game.players[game.winner]
(True, True, 'Ben')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NotRequired, TypedDict

from palace_tui.rules.options import Scoring, has_loser_of


class ScoreRow(TypedDict):
    """One player's totals at a table or across the records, and their place (shared on a tie).

    A typed dict: the screens and ``palace records`` read a row by its keys."""

    name: str
    games: int
    wins: int
    losses: int
    points: int
    place: NotRequired[int]


def score_total(scoring: Scoring, row: ScoreRow | Mapping[str, Any]) -> int:
    """The number ``row`` is ranked on under ``scoring``: higher is better."""
    return scoring.total(wins=int(row["wins"]), losses=int(row["losses"]), points=int(row["points"]))


@dataclass(frozen=True)
class GameResult:
    """A finished game as the records keep it: who played, the order out and what it scored."""

    table_id: str
    game_id: str
    players: tuple[str, ...]
    order: tuple[int, ...]
    points: tuple[int, ...]
    scoring: Scoring
    #: The options in force, as saves keep them (``Rules.saved_dict``), read as written.
    rules: dict[str, Any] = field(default_factory=dict, hash=False)
    winner: int | None = None
    loser: int | None = None
    seed: Any = None
    preset: str | None = None
    started: str = ""
    ended: str = ""
    #: The table's name (its id where it has none); "" for a game kept in memory.
    table_name: str = ""
    #: The game's number at its table, and its number among the games kept for review.
    table_game: int | None = None
    number: int | None = None

    @classmethod
    def of(cls, record: Mapping[str, Any] | GameResult) -> GameResult:
        """A result from a record in ``record_game``'s shape (a result is returned as it is)."""
        if isinstance(record, GameResult):
            return record
        return cls(
            table_id=str(record["table_id"]),
            game_id=str(record.get("game_id") or ""),
            players=tuple(record["players"]),
            order=tuple(record["order"]),
            points=tuple(record.get("points") or ()),
            scoring=Scoring(record.get("scoring") or Scoring.PODIUM),
            rules=dict(record.get("rules") or {}),
            winner=record.get("winner"),
            loser=record.get("loser"),
            seed=record.get("seed"),
            preset=record.get("preset"),
            started=str(record.get("started") or ""),
            ended=str(record.get("ended") or ""),
            table_name=str(record.get("table_name") or ""),
            table_game=record.get("table_game"),
            number=record.get("number"),
        )

    @property
    def has_loser(self) -> bool:
        """The game was played to the last with cards (else it stopped at the first out)."""
        return has_loser_of(self.rules)


__all__ = ["GameResult", "ScoreRow", "score_total"]
