"""The one object the app talks to for everything that must survive a closed terminal.

:class:`Store` keeps the unfinished game (``session.json``), the new-table screen's
remembered settings (``last-table.json``) and the table records
(``records.sqlite3``) in the data folder. It never raises on a disk problem: a bad
file is moved aside, a folder that cannot be written turns saving off, and each
such event leaves one sentence in :attr:`Store.warnings` for the player.
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

import platformdirs

from .files import BadFile, atomic_write, envelope, move_aside, remove_stale_temps, unwrap
from .records import BadDatabase, Records

#: Environment variable naming the data folder (the ``--data-dir`` flag wins over it).
DATA_DIR_ENV = "PALACE_DATA_DIR"
SESSION_FILE = "session.json"
LAST_TABLE_FILE = "last-table.json"
RECORDS_FILE = "records.sqlite3"
#: Format names and versions inside the JSON envelopes; bump a version when its data changes shape.
SESSION_FORMAT, SESSION_VERSION = "palace-tui/session", 1
LAST_TABLE_FORMAT, LAST_TABLE_VERSION = "palace-tui/last-table", 1

# How each kind of file is named in a warning, and what happens after it was moved aside.
_KINDS = {
    "session": (SESSION_FILE, SESSION_FORMAT, SESSION_VERSION, "The saved game", "a new game starts"),
    "last_table": (LAST_TABLE_FILE, LAST_TABLE_FORMAT, LAST_TABLE_VERSION,
                   "The file of remembered table settings", "the default settings are used"),
}


def resolve_data_dir(data_dir: str | Path | None = None) -> Path:
    """The data folder: ``data_dir`` if given, else ``$PALACE_DATA_DIR``, else the platform's user data folder."""
    if data_dir is not None and str(data_dir) != "":
        return _expand(Path(data_dir))
    env = os.environ.get(DATA_DIR_ENV, "")
    if env:
        return _expand(Path(env))
    return Path(platformdirs.user_data_dir("palace-tui"))


def _expand(path: Path) -> Path:
    try:
        return path.expanduser()
    except RuntimeError:  # "~nobody/...": no such home; the folder check then reports it plainly
        return path


class Store:
    """Saves, records and their warnings, in one data folder.

    >>> import tempfile
    >>> store = Store(tempfile.mkdtemp())
    >>> store.save_session({"moves": 3})
    >>> store.load_session()
    {'moves': 3}
    >>> store.warnings
    []
    """

    def __init__(self, data_dir: str | Path | None = None) -> None:
        #: One-sentence messages for the player, oldest first; the app shows each once and may clear it.
        self.warnings: list[str] = []
        #: The folder every file lives in.
        self.data_dir: Path = resolve_data_dir(data_dir)
        self._warned: set[str] = set()
        # The last payload saved for each kind, so play goes on from memory when the disk fails.
        # None marks a cleared save, so a read-only folder's old file is not offered again.
        self._memory: dict[str, bytes | None] = {}
        self._failed: set[str] = set()
        #: False when the folder cannot be written: everything is then kept in memory only.
        self.saving: bool = self._prepare_folder()
        self._records = self._open_records()

    # -- folder and warnings -------------------------------------------------------

    def _warn(self, key: str, message: str) -> None:
        # Keyed so a problem that repeats on every move is reported once, even after the app clears the list.
        if key not in self._warned:
            self._warned.add(key)
            self.warnings.append(message)

    def _not_saving(self, reason: str) -> None:
        self._warn("not-saving", f"The data folder {self.data_dir} cannot be written ({reason}): "
                                 "this game is not being saved.")

    def _prepare_folder(self) -> bool:
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
            # Permissions alone do not tell (root ignores them; read-only mounts do not show in them): try it.
            fd, probe = tempfile.mkstemp(prefix=".probe.", dir=self.data_dir)
            os.close(fd)
            os.unlink(probe)
        except OSError as err:
            self._not_saving(err.strerror or str(err))
            return False
        for name in (SESSION_FILE, LAST_TABLE_FILE):
            remove_stale_temps(self.data_dir, name)
        return True

    @property
    def session_path(self) -> Path:
        """Where the unfinished game is saved."""
        return self.data_dir / SESSION_FILE

    @property
    def records_path(self) -> Path:
        """Where the table records are kept."""
        return self.data_dir / RECORDS_FILE

    # -- JSON saves ----------------------------------------------------------------

    def _save(self, kind: str, data: dict[str, Any]) -> None:
        filename, fmt, version, _, _ = _KINDS[kind]
        if not isinstance(data, dict):
            raise TypeError(f"a save must be a dict, not {type(data).__name__}")
        payload = envelope(fmt, version, data)  # a TypeError here is a bug in the caller: let it show
        self._memory[kind] = payload
        if not self.saving:
            return
        try:
            atomic_write(self.data_dir / filename, payload)
        except OSError as err:
            self._failed.add(kind)
            self._warn("save-failed", f"Saving to {self.data_dir} failed ({err.strerror or err}): "
                                      "play goes on, but this game is not being saved.")
        else:
            self._failed.discard(kind)

    def _load(self, kind: str) -> dict[str, Any] | None:
        filename, fmt, version, subject, consequence = _KINDS[kind]
        if kind in self._memory and (not self.saving or kind in self._failed):
            payload = self._memory[kind]
            return None if payload is None else unwrap(payload, fmt, version)
        path = self.data_dir / filename
        try:
            raw = path.read_bytes()
        except (FileNotFoundError, NotADirectoryError):
            return None
        except OSError as err:
            self._warn(f"unreadable-{kind}", f"{subject} at {path} cannot be read ({err.strerror or err}); "
                                             f"{consequence}.")
            return None
        try:
            return unwrap(raw, fmt, version)
        except BadFile as bad:
            self._set_aside(path, f"{subject} {bad.problem}", consequence)
            return None

    def _set_aside(self, path: Path, what: str, consequence: str) -> bool:
        """Move a bad file aside and say so; False (with a warning) when it cannot be moved."""
        try:
            dest = move_aside(path)
        except OSError as err:
            self._warn(f"stuck-{path.name}", f"{what} and could not be moved aside ({err.strerror or err}); "
                                            f"{consequence}.")
            return False
        # Not keyed: every bad file moved is news, and each names its own new place.
        self.warnings.append(f"{what}; it was moved to {dest} and {consequence}.")
        return True

    def save_session(self, data: dict[str, Any]) -> None:
        """Save the unfinished game (the app's JSON-able session dict), replacing the last save atomically."""
        self._save("session", data)

    def load_session(self) -> dict[str, Any] | None:
        """The saved unfinished game, or None when there is none (or it was bad and has been moved aside)."""
        return self._load("session")

    def clear_session(self) -> None:
        """Forget the unfinished game (it ended, or the player chose New)."""
        self._memory["session"] = None
        if not self.saving:
            return
        try:
            self.session_path.unlink()
        except FileNotFoundError:
            pass
        except OSError as err:
            self._failed.add("session")
            self._warn("clear-failed", f"The finished game's save {self.session_path} could not be removed "
                                       f"({err.strerror or err}); it will be offered to continue next time.")
        else:
            self._failed.discard("session")

    def save_last_table(self, data: dict[str, Any]) -> None:
        """Remember the new-table screen's settings for next time."""
        self._save("last_table", data)

    def last_table(self) -> dict[str, Any] | None:
        """The remembered new-table settings, or None."""
        return self._load("last_table")

    # -- records -------------------------------------------------------------------

    def _open_records(self) -> Records:
        if not self.saving:
            return Records(None)
        path = self.records_path
        for _ in range(3):  # a fresh file cannot be bad; the bound only guards against a loop
            try:
                return Records(path)
            except BadDatabase as bad:
                if not self._set_aside(path, f"The records database {bad.problem}", "a fresh one was started"):
                    break
            except (sqlite3.Error, OSError) as err:
                self._warn("records-unopenable", f"The records database {path} cannot be opened ({err}): "
                                                 "game results are not being saved.")
                return Records(None)
        self._warn("records-memory", "Game results are kept in memory only and are not being saved.")
        return Records(None)

    def record_game(self, record: dict[str, Any]) -> bool:
        """Add a finished game to the records; False if it was abandoned, already recorded or not saved.

        ``record`` has table_id, game_id, players, preset, rules, seed, started, ended,
        order, points, scoring, winner, loser and optionally abandoned. Raises
        ValueError when a key is missing or a value is impossible.
        """
        try:
            return self._records.record_game(record)
        except (sqlite3.Error, OSError) as err:
            self._warn("record-failed", f"The game result could not be written to {self.records_path} "
                                        f"({err}): it is not in the records.")
            return False

    def _read(self, method: str, *args: Any) -> Any:
        try:
            return getattr(self._records, method)(*args)
        except (sqlite3.Error, OSError) as err:
            self._warn("records-unreadable", f"The records in {self.records_path} could not be read ({err}).")
            return {} if method == "standings" else []

    def scoreboard(self, table_id: str) -> list[dict[str, Any]]:
        """Rows ``{name, games, wins, losses, points, place}`` for one table, best first under its scoring."""
        return self._read("scoreboard", table_id)

    def standings(self, scoring: str | None = None) -> dict[str, list[dict[str, Any]]]:
        """Rows over all tables for each scoring that has games (``{"wins": [...], ...}``), best first."""
        return self._read("standings", scoring)

    def recent_games(self, limit: int = 10) -> list[dict[str, Any]]:
        """The last ``limit`` recorded games, newest first, as dicts shaped like ``record_game``'s input."""
        return self._read("recent_games", limit)

    def game_list(self, limit: int = 50) -> list[dict[str, Any]]:
        """Every kept game (finished and abandoned), newest first, numbered for ``--export N``."""
        return self._read("game_list", limit)

    def game_text(self, number: int) -> dict[str, Any] | None:
        """Kept game ``number`` with its game file ``text`` (None if its moves were not kept)."""
        return self._read("game_text", number) or None

    def same_deals(self) -> list[list[dict[str, Any]]]:
        """Finished games grouped by the deal they share (duplicates), for side-by-side results."""
        return self._read("same_deals")

    def analysis(self, game_key: str, settings: str) -> str | None:
        """A review analysis kept earlier, or None."""
        return self._read("analysis", game_key, settings) or None

    def save_analysis(self, game_key: str, settings: str, data: str) -> None:
        """Keep a review analysis so the next review of the game is instant (a failure only costs time)."""
        try:
            self._records.save_analysis(game_key, settings, data)
        except (sqlite3.Error, OSError):
            pass

    def game_count(self) -> int:
        """How many games are in the records."""
        return self._read("game_count") or 0

    def close(self) -> None:
        """Close the records database (safe to call twice)."""
        try:
            self._records.close()
        except sqlite3.Error:
            pass

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
