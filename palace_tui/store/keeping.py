"""The records side of the store: the records database, the results kept aside, the read queries.

:class:`RecordKeeper` is the part of :class:`~palace_tui.store.store.Store` that owns
``records.sqlite3`` and the pending file of finished games waiting while the database
cannot take them (a lock, a full disk). Like the rest of the store it never raises on
a disk problem or a row edited by hand: a result the database refuses goes to the
pending file, or to memory until :meth:`RecordKeeper.close`, and a row that cannot be
read is skipped and counted, each with one sentence for the player in the store's
:class:`~palace_tui.store.notes.Notes`.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from palace_tui.names import clean_name, clean_text, printable
from palace_tui.store.checkpoint import finish_checkpoint
from palace_tui.store.files import BadFile
from palace_tui.store.notes import Notes
from palace_tui.store.pending import PENDING_FILE, has_room, keep_pending, read_pending
from palace_tui.store.records import BadDatabase, Records, RecordsBusy, is_temporary, why_not_now

T = TypeVar("T")

#: What a record that cannot go into the database raises (a pending file edited by hand).
_UNFIT = (ValueError, TypeError, KeyError, OverflowError, RecursionError)


class RecordKeeper:
    """The table records of one data folder: opened (or moved aside) at once, written and read safely.

    ``saving`` False opens the records read-only (a folder that cannot be written);
    ``notes`` receives every sentence for the player.
    """

    def __init__(self, folder: Path, path: Path, *, saving: bool, notes: Notes) -> None:
        self.folder = folder
        #: Where the records database is.
        self.path = path
        self.saving = saving
        self.notes = notes
        #: Why the records database cannot be used right now (a lock, a full disk), or "".
        self.busy = ""
        #: How many recorded games the last read skipped because their rows were edited by hand.
        self.unreadable = 0
        #: Finished games not yet in the records nor in the pending file (the disk refused both).
        self._unsaved: list[dict[str, Any]] = []
        self._records = self._open()

    @property
    def pending_path(self) -> Path:
        """Where finished games wait while the records database cannot take them."""
        return self.folder / PENDING_FILE

    # -- opening -------------------------------------------------------------------

    def _open(self) -> Records:
        path = self.path
        if not self.saving:
            return self._open_read_only(path)
        # A link, a folder or a pipe in the database's place was moved aside by the store already.
        for _ in range(3):  # a fresh file cannot be bad; the bound only guards against a loop
            try:
                finish_checkpoint(path)  # a full disk may have cut the last one short: that is not damage
                records = Records(path)
            except BadDatabase as bad:
                if not self.notes.set_aside(path, f"The records database {bad.problem}", "a fresh one was started"):
                    break
            except (RecordsBusy, sqlite3.Error, OSError) as err:
                if is_temporary(err):
                    self._unavailable(why_not_now(err) if has_room(self.folder) else "the disk is full")
                else:
                    self.notes.once(
                        "records-unopenable",
                        f"The records database {path} cannot be opened ({err}): "
                        f"game results are kept in {self.pending_path}.",
                    )
                    self.busy = str(err)
                return Records(None)
            else:
                self._merge_pending(records)
                return records
        self.notes.once("records-memory", "Game results are kept in memory only and are not being saved.")
        return Records(None)

    def _open_read_only(self, path: Path) -> Records:
        # A folder that cannot be written still has its records to show (a link to a file is read,
        # never written: nothing is written here; is_file also keeps a pipe from being opened).
        if not path.is_file():
            return Records(None)
        try:
            return Records(path, read_only=True)
        except (BadDatabase, RecordsBusy, sqlite3.Error, OSError) as err:
            self.notes.once("records-unreadable", f"The records in {path} could not be read ({err}).")
            return Records(None)

    def _unavailable(self, reason: str) -> None:
        self.busy = reason
        self.notes.once(
            "records-busy",
            f"The records database {self.path} cannot be used right now "
            f"({reason}); it was left as it is, and results of games finished now "
            "are kept aside and added to it next time.",
        )

    def _merge_pending(self, records: Records) -> None:
        """Add the results kept aside last time to ``records``, then remove the pending file.

        A result that cannot go in (edited by hand: a number too large for SQLite, a seat
        that is no seat) does not stop the others: they are added, and the file is moved
        aside with a sentence saying how many could not be.
        """
        path = self.pending_path
        if not has_room(self.folder):
            return  # still full: the results wait in the file
        try:
            results = read_pending(path)
        except BadFile as why:
            self.notes.set_aside(
                path,
                f"The file of game results waiting for the records {why.problem}",
                "its results could not be added",
            )
            return
        except OSError as err:
            self.notes.once(
                "pending-unreadable",
                f"The file of game results waiting for the records {path} cannot be read "
                f"({err.strerror or err}); it was left as it is.",
            )
            return
        if not results:
            return
        added, bad, first_problem = 0, 0, ""
        for record in results:
            try:
                added += records.record_game(record)
            except _UNFIT as err:
                bad, first_problem = bad + 1, first_problem or str(err)
            except sqlite3.Error as err:
                if is_temporary(err):
                    return  # still busy: the file stays for next time
                bad, first_problem = bad + 1, first_problem or str(err)
        if bad:
            self.notes.set_aside(
                path,
                f"The file of game results waiting for the records held {bad} result{'s' if bad > 1 else ''} "
                f"that could not be added ({clean_text(first_problem)[:200]})",
                f"the other {len(results) - bad} were added",
            )
        else:
            with contextlib.suppress(OSError):
                path.unlink()
        if added:
            self.notes.add(
                f"{added} game result{'s' if added > 1 else ''} kept aside while the records "
                "could not be written {} now in the records.".format("are" if added > 1 else "is")
            )

    def _retry(self) -> None:
        """The records were busy at the start: try once more (the lock may be gone)."""
        if not has_room(self.folder):
            return
        try:
            records = Records(self.path)
        except (BadDatabase, RecordsBusy, sqlite3.Error, OSError):
            return
        old, self._records, self.busy = self._records, records, ""
        old.close()
        self._merge_pending(records)

    # -- writing -------------------------------------------------------------------

    def record_game(self, record: dict[str, Any]) -> bool:
        """Add a finished game to the records; False if it was abandoned, already recorded or not saved.

        See :meth:`Store.record_game <palace_tui.store.store.Store.record_game>`.
        """
        if self.saving and not has_room(self.folder):  # a database write would take the room set aside
            if not record.get("abandoned"):
                self._keep_aside(record, "the disk is full")
            return False
        if self.busy and self.saving:
            self._retry()
        try:
            recorded = self._records.record_game(record)
        except (sqlite3.Error, OSError) as err:
            if not record.get("abandoned"):  # an abandoned game has no result to keep
                self._keep_aside(record, why_not_now(err))
            return False
        if self.busy and self.saving and not record.get("abandoned"):
            self._keep_aside(record, self.busy)  # the memory copy feeds this run's scoreboard only
        return recorded

    def _keep_aside(self, record: dict[str, Any], reason: str) -> None:
        try:
            keep_pending(self.pending_path, record)
        except BadFile as bad:  # never overwrite it: move it aside, then start a new one
            self.notes.set_aside(
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
        self.notes.once(
            f"pending-{record.get('game_id')}",
            f"The game result could not be written to the records ({reason}); it is kept in "
            f"{self.pending_path} and added to the records at the next start.",
        )

    def _keep_unsaved(self, record: dict[str, Any], reason: str, err: Exception) -> None:
        self._unsaved.append(record)
        self.notes.once(
            "unsaved-result",
            f"The game result could not be written to the records ({reason}) nor kept "
            f"aside ({getattr(err, 'strerror', None) or err}): it is tried again "
            "when this copy closes.",
        )

    def save_analysis(self, game_key: str, settings: str, data: str) -> None:
        """Keep a review analysis so the next review of the game is instant (a failure only costs time)."""
        with contextlib.suppress(sqlite3.Error, OSError):
            self._records.save_analysis(game_key, settings, data)

    # -- reading -------------------------------------------------------------------

    def read(self, read: Callable[[Records], T], empty: T, *, words: bool = True) -> T:
        """What ``read`` reads from the records, every word made printable (unless ``words`` is
        False: a kept analysis is data); ``empty`` (and a sentence) when it fails. Rows edited by
        hand are skipped and counted in :attr:`unreadable`."""
        self._records.unreadable = 0
        try:
            rows = read(self._records)
        except (sqlite3.Error, OSError) as err:
            when = " right now" if is_temporary(err) else ""
            self.notes.once(
                "records-unreadable",
                f"The records in {self.path} could not be read{when} ({why_not_now(err)}); they were left as they are.",
            )
            return empty
        except _UNFIT as err:  # a row edited by hand in a way no check foresaw: the records stay shown elsewhere
            self.notes.once("records-odd-rows", f"The records in {self.path} could not be read ({err}).")
            return empty
        self.unreadable = self._records.unreadable
        if self.unreadable:
            n = self.unreadable
            self.notes.once(
                "records-damaged-rows",
                f"{n} recorded game{'s' if n > 1 else ''} in {self.path} "
                "could not be read (edited by hand?) and are not shown.",
            )
        return _clean_rows(rows) if words else rows

    def close(self) -> None:
        """Keep any result the disk refused in the pending file, then close the database (safe twice)."""
        unsaved, self._unsaved = self._unsaved, []
        for record in unsaved:
            try:
                keep_pending(self.pending_path, record)
            except (BadFile, OSError) as err:
                print(printable(lost_result_text(record, err)), file=sys.stderr)
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


#: Fields read back that are not one line of words: a game file and a kept analysis.
_WHOLE_TEXTS = ("text", "data")


def _clean_rows(rows: Any) -> Any:
    """Rows read back from the database with every word made safe to print (a row may have been
    edited by hand to hold escape sequences): names, tables, presets, dates."""
    if isinstance(rows, dict):
        return {key: value if key in _WHOLE_TEXTS else _clean_rows(value) for key, value in rows.items()}
    if isinstance(rows, list):
        return [_clean_rows(row) for row in rows]
    if isinstance(rows, str):
        return clean_text(rows)
    return rows
