"""A store that keeps everything in memory: for tests, and for a run whose data folder won't open.

It answers like :class:`~palace_tui.store.Store` (the same scoreboard rows, ranked by
the same :func:`~palace_tui.store.ranking.rank`, ties by name) but saves nothing to disk;
both are a :class:`~palace_tui.store.protocol.GameStore`.

>>> store = MemoryStore()
>>> for game, winner in (("t-1", 1), ("t-2", 0)):
...     store.record_game({"table_id": "t", "game_id": game, "players": ["Cy", "Al"], "scoring": "wins",
...                        "winner": winner, "loser": 1 - winner, "points": [0, 0]})
True
True
>>> [(r["place"], r["name"]) for r in store.scoreboard("t")]
[(1, 'Al'), (1, 'Cy')]
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from palace_tui.names import printable
from palace_tui.rules.options import Scoring
from palace_tui.store.payloads import GameResult
from palace_tui.store.protocol import GameStore
from palace_tui.store.ranking import rank
from palace_tui.store.store import Store


class MemoryStore:
    """A stand-in for ``palace_tui.store.Store``: keeps this run's save and records in memory."""

    def __init__(self, data_dir: str | Path | None = None) -> None:
        #: One-sentence messages for the player (as the real store's).
        self.warnings: list[str] = []
        #: No other copy shares this memory.
        self.another_copy_warning: str | None = None
        self._session: dict[str, Any] | None = None
        self._last_table: dict[str, Any] | None = None
        self._rule_sets: dict[str, str] = {}
        self._records: dict[str, dict[str, Any]] = {}
        #: Why nothing here outlasts the run, when a data folder was asked for and would not open ("": none was).
        self.why_not_saving = ""
        #: Recorded games the last read skipped (none here: nothing is read from a file).
        self.unreadable = 0

    def save_session(self, data: dict[str, Any]) -> None:
        """Keep the unfinished game."""
        self._session = data

    def load_session(self) -> dict[str, Any] | None:
        """The unfinished game kept, or None."""
        return self._session

    def clear_session(self) -> None:
        """Forget the unfinished game."""
        self._session = None

    def set_aside_session(self, problem: str) -> None:
        """The kept game cannot be used (``problem``): forget it, and say so."""
        self._session = None
        self.warnings.append(f"The saved game could not be read ({problem}); start a new table.")

    @property
    def session_saved(self) -> bool:
        """A game kept in memory is kept until this run ends (and no further: nothing promises more)."""
        return True

    def release_saves(self) -> None:
        """Nothing to let go of: no other copy of the app shares this memory."""

    def save_last_table(self, data: dict[str, Any]) -> None:
        """Remember the new-table settings."""
        self._last_table = data

    def last_table(self) -> dict[str, Any] | None:
        """The remembered new-table settings, or None."""
        return self._last_table

    def rule_sets(self) -> dict[str, str]:
        """The saved rule sets, name to rules line."""
        return dict(self._rule_sets)

    def save_rule_sets(self, sets: dict[str, str]) -> str:
        """Keep these rule sets, replacing the ones kept; why they will not outlast the run, or ""."""
        self._rule_sets = dict(sets)
        return self.why_not_saving

    def record_game(self, record: dict[str, Any]) -> bool:
        """Keep a finished game once per game id; False when abandoned (it counts in no score) or kept already."""
        if record.get("abandoned") or record["game_id"] in self._records:
            return False
        self._records[record["game_id"]] = record
        return True

    def scoreboard(self, table_id: str) -> list[dict[str, Any]]:
        """Rows ``{name, games, wins, losses, points, place}`` best first, under the scoring of the
        table's latest game, ties by name (as :meth:`Store.scoreboard <palace_tui.store.Store.scoreboard>`)."""
        rows: dict[str, dict[str, Any]] = {}
        scoring: str = Scoring.PODIUM
        for r in self._records.values():
            if r["table_id"] != table_id:
                continue
            scoring = r["scoring"]
            for i, name in enumerate(r["players"]):
                row = rows.setdefault(name, {"name": name, "games": 0, "wins": 0, "losses": 0, "points": 0})
                row["games"] += 1
                row["wins"] += r["winner"] == i
                row["losses"] += r["loser"] == i
                row["points"] += r["points"][i]
        return rank(list(rows.values()), scoring)

    def table_games(self, table_id: str | None = None) -> list[GameResult]:
        """This run's finished games of one table (every table when None), oldest first."""
        return [GameResult.of(r) for r in self._records.values() if table_id is None or r["table_id"] == table_id]

    def game_list(self, limit: int) -> list[dict[str, Any]]:
        """No game here can be reviewed: a game in memory keeps no game file."""
        return []

    def game_text(self, number: int) -> dict[str, Any] | None:
        """No game's file is kept in memory (see :meth:`game_list`)."""
        return None

    def close(self) -> None:
        """Nothing to close: nothing was opened."""

    def same_deals(self) -> list[list[dict[str, Any]]]:
        """No deals side by side: their games' files are not kept in memory (see :meth:`game_list`)."""
        return []

    def analysis(self, game_key: str, settings: str) -> str | None:
        """No review's analysis is kept in memory."""
        return None

    def save_analysis(self, game_key: str, settings: str, data: str) -> None:
        """A review's analysis is not kept in memory: the next review works it out again."""


def open_store(data_dir: str | Path | None = None) -> GameStore:
    """The persistent store, or a :class:`MemoryStore` when its data folder fails to open."""
    try:
        return Store(data_dir=data_dir)
    except Exception as exc:  # the game must start even when the disk won't cooperate
        store = MemoryStore(data_dir)
        store.why_not_saving = "the data folder could not be opened"
        store.warnings.append(printable(f"Saving is off for this run: the data folder could not be opened ({exc})."))
        return store
