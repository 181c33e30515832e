"""The records side of the store: the records database, the results kept aside, the read queries.

:class:`RecordKeeping` is the base of :class:`~palace_tui.store.store.Store` that owns
``records.sqlite3`` and the pending file of finished games waiting while the database
cannot take them (a lock, a full disk). Like the rest of the store it never raises on
a disk problem: a result the database refuses goes to the pending file, or to memory
until :meth:`~palace_tui.store.store.Store.close`, with one warning for the player.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from palace_tui.names import clean_name
from palace_tui.store.checkpoint import finish_checkpoint
from palace_tui.store.files import BadFile
from palace_tui.store.pending import PENDING_FILE, has_room, keep_pending, read_pending
from palace_tui.store.records import BadDatabase, Records, RecordsBusy, is_temporary, why_not_now

T = TypeVar("T")


class RecordKeeping:
    """Opening, filling and reading the records, for :class:`~palace_tui.store.store.Store`.

    It holds no state of its own: what it uses of the store (set by the store's
    ``__init__``, or defined by the store) is declared here.
    """

    data_dir: Path
    saving: bool
    warnings: list[str]
    #: Why the records database cannot be used right now (a lock, a full disk), or "".
    records_busy: str
    _records: Records
    #: Finished games not yet in the records nor in the pending file (the disk refused both).
    _unsaved: list[dict[str, Any]]

    if TYPE_CHECKING:

        @property
        def records_path(self) -> Path: ...

        def _warn(self, key: str, message: str) -> None: ...

        def _set_aside(self, path: Path, what: str, consequence: str) -> bool: ...

    @property
    def pending_path(self) -> Path:
        """Where finished games wait while the records database cannot take them."""
        return self.data_dir / PENDING_FILE

    def _open_records(self) -> Records:
        path = self.records_path
        if not self.saving:
            return self._open_read_only(path)
        if any(path.with_name(path.name + extra).is_symlink() for extra in ("", "-wal", "-shm", "-journal")):
            # Writing through a link would turn whatever it points at into a database: move the link
            # itself aside (its target is not touched) and start a fresh file, as the JSON saves do.
            target = os.path.realpath(path)
            self._set_aside(
                path,
                f"The records database {path} was a link to {target}",
                "a fresh one was started (the linked file was not touched)",
            )
        for _ in range(3):  # a fresh file cannot be bad; the bound only guards against a loop
            try:
                finish_checkpoint(path)  # a full disk may have cut the last one short: that is not damage
                records = Records(path)
            except BadDatabase as bad:
                if not self._set_aside(path, f"The records database {bad.problem}", "a fresh one was started"):
                    break
            except (RecordsBusy, sqlite3.Error, OSError) as err:
                if is_temporary(err):
                    self._records_unavailable(why_not_now(err) if has_room(self.data_dir) else "the disk is full")
                else:
                    self._warn(
                        "records-unopenable",
                        f"The records database {path} cannot be opened ({err}): "
                        f"game results are kept in {self.pending_path}.",
                    )
                    self.records_busy = str(err)
                return Records(None)
            else:
                self._merge_pending(records)
                return records
        self._warn("records-memory", "Game results are kept in memory only and are not being saved.")
        return Records(None)

    def _open_read_only(self, path: Path) -> Records:
        # A folder that cannot be written still has its records to show.
        if not path.is_file():
            return Records(None)
        try:
            return Records(path, read_only=True)
        except (BadDatabase, RecordsBusy, sqlite3.Error, OSError) as err:
            self._warn("records-unreadable", f"The records in {path} could not be read ({err}).")
            return Records(None)

    def _records_unavailable(self, reason: str) -> None:
        self.records_busy = reason
        self._warn(
            "records-busy",
            f"The records database {self.records_path} cannot be used right now "
            f"({reason}); it was left as it is, and results of games finished now "
            "are kept aside and added to it next time.",
        )

    def _merge_pending(self, records: Records) -> None:
        """Add the results kept aside last time to ``records``, then remove the pending file."""
        path = self.pending_path
        if not has_room(self.data_dir):
            return  # still full: the results wait in the file
        try:
            results = read_pending(path)
        except BadFile as why:
            self._set_aside(
                path,
                f"The file of game results waiting for the records {why.problem}",
                "its results could not be added",
            )
            return
        except OSError:
            return
        if not results:
            return
        added = bad = 0
        for record in results:
            try:
                added += records.record_game(record)
            except (ValueError, TypeError, KeyError):
                bad += 1
            except (sqlite3.Error, OSError):
                return  # still busy: the file stays for next time
        if bad:
            self._set_aside(
                path,
                f"The file of game results waiting for the records held {bad} unreadable "
                f"result{'s' if bad > 1 else ''}",
                f"the other {len(results) - bad} were added",
            )
        else:
            with contextlib.suppress(OSError):
                path.unlink()
        if added:
            self.warnings.append(
                f"{added} game result{'s' if added > 1 else ''} kept aside while the records "
                "could not be written {} now in the records.".format("are" if added > 1 else "is")
            )

    def _retry_records(self) -> None:
        """The records were busy at the start: try once more (the lock may be gone)."""
        if not has_room(self.data_dir):
            return
        try:
            records = Records(self.records_path)
        except (BadDatabase, RecordsBusy, sqlite3.Error, OSError):
            return
        old, self._records, self.records_busy = self._records, records, ""
        old.close()
        self._merge_pending(records)

    def record_game(self, record: dict[str, Any]) -> bool:
        """Add a finished game to the records; False if it was abandoned, already recorded or not saved.

        ``record`` has table_id, game_id, players, preset, rules, seed, started, ended,
        order, points, scoring, winner, loser and optionally abandoned. Raises
        ValueError when a key is missing or a value is impossible. When the database
        is locked or the disk full the result is kept in the pending file (or, if even
        that fails, in memory, written at :meth:`close`) and added at the next start.
        """
        if self.saving and not has_room(self.data_dir):  # a database write would take the room set aside
            if not record.get("abandoned"):
                self._keep_aside(record, "the disk is full")
            return False
        if self.records_busy and self.saving:
            self._retry_records()
        try:
            recorded = self._records.record_game(record)
        except (sqlite3.Error, OSError) as err:
            if not record.get("abandoned"):  # an abandoned game has no result to keep
                self._keep_aside(record, why_not_now(err))
            return False
        if self.records_busy and self.saving and not record.get("abandoned"):
            self._keep_aside(record, self.records_busy)  # the memory copy feeds this run's scoreboard only
        return recorded

    def _keep_aside(self, record: dict[str, Any], reason: str) -> None:
        try:
            keep_pending(self.pending_path, record)
        except BadFile as bad:  # never overwrite it: move it aside, then start a new one
            self._set_aside(
                self.pending_path,
                f"The file of game results waiting for the records {bad.problem}",
                "a new one was started",
            )
            try:
                keep_pending(self.pending_path, record)
            except (BadFile, OSError) as err:
                self._keep_unsaved(record, reason, err)
                return
        except OSError as err:
            self._keep_unsaved(record, reason, err)
            return
        self._warn(
            f"pending-{record.get('game_id')}",
            f"The game result could not be written to the records ({reason}); it is kept in "
            f"{self.pending_path} and added to the records at the next start.",
        )

    def _keep_unsaved(self, record: dict[str, Any], reason: str, err: Exception) -> None:
        self._unsaved.append(record)
        self._warn(
            "unsaved-result",
            f"The game result could not be written to the records ({reason}) nor kept "
            f"aside ({getattr(err, 'strerror', None) or err}): it is tried again "
            "when this copy closes.",
        )

    def _read(self, read: Callable[[], T], empty: T) -> T:
        """What ``read`` reads from the records, names made safe; ``empty`` (and a warning) when it fails."""
        try:
            rows = read()
        except (sqlite3.Error, OSError) as err:
            when = " right now" if is_temporary(err) else ""
            self._warn(
                "records-unreadable",
                f"The records in {self.records_path} could not be read{when} "
                f"({why_not_now(err)}); they were left as they are.",
            )
            return empty
        if getattr(self._records, "unreadable", 0):
            n = self._records.unreadable
            self._warn(
                "records-damaged-rows",
                f"{n} recorded game{'s' if n > 1 else ''} in {self.records_path} "
                "could not be read (edited by hand?) and are not shown.",
            )
        _clean_rows(rows)
        return rows

    def scoreboard(self, table_id: str) -> list[dict[str, Any]]:
        """Rows ``{name, games, wins, losses, points, place}`` for one table, best first under its scoring."""
        return self._read(lambda: self._records.scoreboard(table_id), [])

    def standings(self, scoring: str | None = None) -> dict[str, list[dict[str, Any]]]:
        """Rows over all tables for each scoring that has games (``{"wins": [...], ...}``), best first."""
        return self._read(lambda: self._records.standings(scoring), {})

    def recent_games(self, limit: int = 10) -> list[dict[str, Any]]:
        """The last ``limit`` recorded games, newest first, as dicts shaped like ``record_game``'s input."""
        return self._read(lambda: self._records.recent_games(limit), [])

    def game_list(self, limit: int = 50) -> list[dict[str, Any]]:
        """Every kept game (finished and abandoned), newest first, numbered for ``--export N``."""
        return self._read(lambda: self._records.game_list(limit), [])

    def game_text(self, number: int) -> dict[str, Any] | None:
        """Kept game ``number`` with its game file ``text`` (None if its moves were not kept)."""
        return self._read(lambda: self._records.game_text(number), None) or None

    def same_deals(self) -> list[list[dict[str, Any]]]:
        """Finished games grouped by the deal they share (duplicates), for side-by-side results."""
        return self._read(lambda: self._records.same_deals(), [])

    def analysis(self, game_key: str, settings: str) -> str | None:
        """A review analysis kept earlier, or None."""
        return self._read(lambda: self._records.analysis(game_key, settings), None) or None

    def save_analysis(self, game_key: str, settings: str, data: str) -> None:
        """Keep a review analysis so the next review of the game is instant (a failure only costs time)."""
        with contextlib.suppress(sqlite3.Error, OSError):
            self._records.save_analysis(game_key, settings, data)

    def game_count(self) -> int:
        """How many games are in the records."""
        return self._read(lambda: self._records.game_count(), 0)

    def _close_records(self) -> None:
        """Keep any result the disk refused in the pending file, then close the records database."""
        unsaved, self._unsaved = self._unsaved, []
        for record in unsaved:
            try:
                keep_pending(self.pending_path, record)
            except (BadFile, OSError) as err:
                print(lost_result_text(record, err), file=sys.stderr)
        with contextlib.suppress(sqlite3.Error):
            self._records.close()


def lost_result_text(record: dict[str, Any], err: Exception) -> str:
    """What the terminal says of a result nothing could keep: which game, why, and the record to keep by hand."""
    players, order = record.get("players"), record.get("order")
    names = [clean_name(str(p)) for p in players] if isinstance(players, list) else []
    order = order if isinstance(order, list) else []
    first = names[order[0]] if order and isinstance(order[0], int) and 0 <= order[0] < len(names) else None
    game = f"the game of {', '.join(names)}" if names else "a game"
    if first is not None and not record.get("abandoned"):
        game += f" ({first} went out first)"
    why = getattr(err, "strerror", None) or err
    said = f"palace: the result of {game} could not be written to the records or kept aside ({why})."
    history = record.get("history")
    if isinstance(history, str) and history.strip():
        # The game file is what a player can use: `palace review` replays it.
        return f"{said} Its game file follows; save it as game.txt and `palace review game.txt` replays it.\n{history}"
    return f"{said} Its record follows:\n" + json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def _clean_rows(rows: Any) -> Any:
    """Names read back from the database, made safe to print (a row may have been edited by hand)."""
    if isinstance(rows, dict):
        return {key: _clean_rows(value) for key, value in rows.items()}
    if isinstance(rows, list):
        for row in rows:
            if isinstance(row, dict):
                if "name" in row:
                    row["name"] = clean_name(row["name"])
                if isinstance(row.get("players"), list):
                    row["players"] = [clean_name(p) for p in row["players"]]
    return rows
