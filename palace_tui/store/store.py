"""The one object the app talks to for everything that must survive a closed terminal.

:class:`Store` keeps the unfinished game (``session.json``), the new-table screen's
remembered settings (``last-table.json``) and the table records
(``records.sqlite3``) in the data folder. It never raises on a disk problem: a bad
file is moved aside, a folder that cannot be written turns saving off, and each
such event leaves one sentence in :attr:`Store.warnings` for the player.

This module is the folder and the JSON saves; the records side (the database, the
pending file of results kept aside, the read queries) is the
:class:`~palace_tui.store.keeping.RecordKeeper` it holds, and the sentences both leave
for the player are its :class:`~palace_tui.store.notes.Notes`.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import platformdirs

from palace_tui.names import clean_name, clean_text
from palace_tui.store.files import (
    BadFile,
    atomic_write,
    envelope,
    odd_kind,
    read_file,
    remove_stale_temps,
    unwrap,
    why_not_written,
)
from palace_tui.store.folder_lock import LOCK_FILE, FolderLock
from palace_tui.store.keeping import RecordKeeper
from palace_tui.store.notes import Notes
from palace_tui.store.payloads import GameResult
from palace_tui.store.pending import PENDING_FILE, RESERVE_FILE, reserve_space
from palace_tui.store.ranking import scoring_of

#: Environment variable naming the data folder (the ``--data-dir`` flag wins over it).
DATA_DIR_ENV = "PALACE_DATA_DIR"
SESSION_FILE = "session.json"
LAST_TABLE_FILE = "last-table.json"
RULE_SETS_FILE = "rule-sets.json"
RECORDS_FILE = "records.sqlite3"
#: Format names and versions inside the JSON envelopes; bump a version when its data changes shape.
#: Session 2: the session's dict holds the game's dict itself (1: the game as JSON text inside a
#: session dict of its own format and version; palace_tui.table.codec migrates it on load).
SESSION_FORMAT, SESSION_VERSION = "palace-tui/session", 2
LAST_TABLE_FORMAT, LAST_TABLE_VERSION = "palace-tui/last-table", 1
RULE_SETS_FORMAT, RULE_SETS_VERSION = "palace-tui/rule-sets", 1
#: The most rule sets kept, and the longest rules line read: a file edited to hold more is read up to them.
MAX_RULE_SETS, MAX_RULES_LINE = 100, 2000
#: A save larger than this is not read (a real one is a few kilobytes; a huge one would stall the start).
MAX_SAVE_BYTES = 1_000_000
#: The files of the records (the database, its companions, the results waiting for it) and of the
#: saved game: each must be a plain file, never a folder, a named pipe or a link (a pipe would hang
#: every start, a folder where the lock belongs would switch the two-copies protection off).
RECORDS_FILES = (RECORDS_FILE, RECORDS_FILE + "-wal", RECORDS_FILE + "-shm", RECORDS_FILE + "-journal", PENDING_FILE)
SAVES_FILES = (SESSION_FILE, LAST_TABLE_FILE, RULE_SETS_FILE, LOCK_FILE, RESERVE_FILE)

# How each kind of file is named in a warning, and what happens after it was moved aside.
_KINDS = {
    "session": (SESSION_FILE, SESSION_FORMAT, SESSION_VERSION, "The saved game", "a new game starts"),
    "last_table": (
        LAST_TABLE_FILE,
        LAST_TABLE_FORMAT,
        LAST_TABLE_VERSION,
        "The file of remembered table settings",
        "the default settings are used",
    ),
    "rule_sets": (
        RULE_SETS_FILE,
        RULE_SETS_FORMAT,
        RULE_SETS_VERSION,
        "The file of saved rule sets",
        "the presets are offered without them",
    ),
}


def rule_sets_from(data: dict[str, Any]) -> dict[str, str]:
    """The sets in a rule-sets file's data, names cleaned; BadFile when it holds no list of sets.

    An entry that is not a name and a line is skipped (the rest are still offered); so is a
    second entry under a name already read, whatever its case.
    """
    entries = data.get("sets")
    if not isinstance(entries, list):
        raise BadFile("was damaged (corrupt: no list of sets in it)")
    sets: dict[str, str] = {}
    for entry in entries[:MAX_RULE_SETS]:
        if not isinstance(entry, dict):
            continue
        name, line = entry.get("name"), entry.get("rules")
        if not isinstance(name, str) or not isinstance(line, str) or len(line) > MAX_RULES_LINE:
            continue
        name = clean_name(name)
        if not name:
            continue
        if name.casefold() not in {kept.casefold() for kept in sets}:
            sets[name] = clean_text(line)
    return sets


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

    def __init__(self, data_dir: str | Path | None = None, *, claim_saves: bool = True) -> None:
        self.notes = Notes()
        #: One-sentence messages for the player, oldest first; the app shows each once and may clear it.
        self.warnings: list[str] = self.notes.messages
        #: The folder every file lives in.
        self.data_dir: Path = resolve_data_dir(data_dir)
        # The last payload saved for each kind, so play goes on from memory when the disk fails.
        # None marks a cleared save, so a read-only folder's old file is not offered again.
        self._memory: dict[str, bytes | None] = {}
        self._failed: set[str] = set()
        #: Why the last save of each kind is not on disk, in a player's words (no entry: it is).
        self._why_not: dict[str, str] = {}
        #: Why the folder cannot be written, in a player's words ("" when it can).
        self._why_not_saving = ""
        #: False when the folder cannot be written: everything is then kept in memory only.
        self.saving: bool = self._prepare_folder()
        if self.saving:
            self._set_aside_odd_files(RECORDS_FILES + (SAVES_FILES if claim_saves else ()))
        self._lock = FolderLock(self.data_dir)
        #: False when another copy of palace-tui owns this folder's saved game: this copy's game
        #: is then kept in memory only (records and lessons still work). ``claim_saves=False``
        #: (``palace records``) never touches the saved game.
        self.owns_saves: bool = self.saving and claim_saves and self._lock.acquire()
        #: The warning given because another copy is playing from this folder (None: it is not);
        #: a browser tab words it for a player who never saw the folder.
        self.another_copy_warning: str | None = None
        if self.saving and claim_saves and not self.owns_saves:
            sentence = self._not_owner_sentence()
            self.notes.once("not-owner", sentence)
            if not self._lock.problem:
                self.another_copy_warning = self.notes.messages[-1]
        #: The table records (``records.sqlite3`` and the results waiting for it).
        self.records = RecordKeeper(self.data_dir, self.records_path, saving=self.saving, notes=self.notes)
        if self.saving and claim_saves:
            reserve_space(self.data_dir)  # room for the pending file when the disk fills up

    # -- folder and warnings -------------------------------------------------------

    def _not_owner_sentence(self) -> str:
        if self._lock.problem:
            return (
                f"The lock file {self._lock.path} cannot be used ({self._lock.problem}): so that two copies "
                "never overwrite each other's game, this copy will not save its game (lessons and records work)."
            )
        return (
            f"Another copy of palace-tui is playing from {self.data_dir}: "
            "this copy will not save its game (lessons and records work as usual)."
        )

    def _not_saving(self, reason: str) -> None:
        self.notes.once(
            "not-saving", f"The data folder {self.data_dir} cannot be written ({reason}): this game is not being saved."
        )

    def _prepare_folder(self) -> bool:
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
            # Permissions alone do not tell (root ignores them; read-only mounts do not show in them): try it.
            fd, probe = tempfile.mkstemp(prefix=".probe.", dir=self.data_dir)
            os.close(fd)
            os.unlink(probe)
        except OSError as err:
            self._why_not_saving = why_not_written(err)
            self._not_saving(err.strerror or str(err))
            return False
        for name in (SESSION_FILE, LAST_TABLE_FILE, RULE_SETS_FILE):
            remove_stale_temps(self.data_dir, name)
        return True

    def _set_aside_odd_files(self, names: tuple[str, ...]) -> None:
        """Move aside whatever stands where one of the folder's files belongs but is no plain file."""
        for name in names:
            path = self.data_dir / name
            kind = odd_kind(path)
            if kind is None:
                continue
            if kind == "a link":
                self.notes.set_aside(
                    path,
                    f"{path} was a link to {os.path.realpath(path)}, where palace-tui keeps a file of its own",
                    "a plain file is used in its place (the linked file was not touched)",
                )
            else:
                self.notes.set_aside(
                    path, f"{path} was {kind}, where palace-tui keeps a file", "a plain file is used in its place"
                )

    @property
    def session_path(self) -> Path:
        """Where the unfinished game is saved."""
        return self.data_dir / SESSION_FILE

    @property
    def records_path(self) -> Path:
        """Where the table records are kept."""
        return self.data_dir / RECORDS_FILE

    # -- JSON saves ----------------------------------------------------------------

    def _save(self, kind: str, data: dict[str, Any]) -> str:
        """Write one kind of save; "" when it is on disk, else why not in a player's words
        (it is kept in memory then, for the rest of this run)."""
        filename, fmt, version, _, _ = _KINDS[kind]
        if not isinstance(data, dict):
            raise TypeError(f"a save must be a dict, not {type(data).__name__}")
        payload = envelope(fmt, version, data)  # a TypeError here is a bug in the caller: let it show
        self._memory[kind] = payload
        if self._in_memory_only(kind):
            return self._why_not_saving or "another copy of palace-tui keeps this folder's saved game"
        try:
            atomic_write(self.data_dir / filename, payload)
        except OSError as err:
            self._failed.add(kind)
            self._why_not[kind] = why_not_written(err)
            self.notes.once(
                "save-failed",
                f"Saving to {self.data_dir} failed ({err.strerror or err}): "
                "play goes on, but this game is not being saved.",
            )
            return self._why_not[kind]
        self._failed.discard(kind)
        self._why_not.pop(kind, None)
        return ""

    @property
    def session_saved(self) -> bool:
        """Whether the last game saved is on disk, not only in memory (a second copy, a full disk...)."""
        return not self._in_memory_only("session") and "session" not in self._failed

    def _in_memory_only(self, kind: str) -> bool:
        # The saved game belongs to the copy that owns the folder; settings may be shared.
        return not self.saving or (kind == "session" and not self.owns_saves)

    def _load(self, kind: str) -> dict[str, Any] | None:
        filename, fmt, version, subject, consequence = _KINDS[kind]
        if kind == "session" and self.saving and not self.owns_saves:
            payload = self._memory.get(kind)
            return None if payload is None else unwrap(payload, fmt, version)
        if kind in self._memory and (not self.saving or kind in self._failed):
            payload = self._memory[kind]
            return None if payload is None else unwrap(payload, fmt, version)
        path = self.data_dir / filename
        try:
            raw = read_file(path, MAX_SAVE_BYTES)  # never waits: a named pipe here must not hang the start
        except (FileNotFoundError, NotADirectoryError):
            return None
        except OSError as err:
            self.notes.once(
                f"unreadable-{kind}", f"{subject} at {path} cannot be read ({err.strerror or err}); {consequence}."
            )
            return None
        try:
            if len(raw) > MAX_SAVE_BYTES:
                raise BadFile(f"is too large to be a palace-tui save (over {MAX_SAVE_BYTES:,} bytes)")
            return unwrap(raw, fmt, version)
        except BadFile as bad:
            self.notes.set_aside(path, f"{subject} {bad.problem}", consequence)
            return None

    def set_aside_session(self, problem: str) -> None:
        """The saved game read as a file but its contents are unusable (``problem``): move it aside.

        It is never overwritten by the next game; the warning says where it went.
        """
        self._memory.pop("session", None)
        if self._in_memory_only("session") or not self.session_path.exists():
            return
        self.notes.set_aside(self.session_path, f"The saved game could not be used ({problem})", "a new game starts")

    def set_aside_last_table(self, problem: str) -> None:
        """The remembered table settings are unusable (``problem``): move them aside."""
        path = self.data_dir / LAST_TABLE_FILE
        self._memory.pop("last_table", None)
        if self.saving and path.exists():
            self.notes.set_aside(
                path,
                f"The file of remembered table settings could not be used ({problem})",
                "the default settings are used",
            )

    def save_session(self, data: dict[str, Any]) -> None:
        """Save the unfinished game (the app's JSON-able session dict), replacing the last save atomically."""
        self._save("session", data)

    def load_session(self) -> dict[str, Any] | None:
        """The saved unfinished game, or None when there is none (or it was bad and has been moved aside)."""
        return self._load("session")

    def clear_session(self) -> None:
        """Forget the unfinished game (it ended, or the player chose New)."""
        self._memory["session"] = None
        if self._in_memory_only("session"):
            return
        try:
            self.session_path.unlink()
        except FileNotFoundError:
            pass
        except OSError as err:
            self._failed.add("session")
            self.notes.once(
                "clear-failed",
                f"The finished game's save {self.session_path} could not be removed "
                f"({err.strerror or err}); it will be offered to continue next time.",
            )
        else:
            self._failed.discard("session")

    def save_last_table(self, data: dict[str, Any]) -> None:
        """Remember the new-table screen's settings for next time."""
        self._save("last_table", data)

    def last_table(self) -> dict[str, Any] | None:
        """The remembered new-table settings, or None."""
        return self._load("last_table")

    def save_rule_sets(self, sets: dict[str, str]) -> str:
        """Keep the table's own rule sets (name to rules line, in the order offered), replacing them all.

        "" when they are on disk; else why not, in a player's words ("the disk is full"): they
        are then kept for this run only, and whoever saved them must be told.
        """
        return self._save("rule_sets", {"sets": [{"name": name, "rules": line} for name, line in sets.items()]})

    def rule_sets(self) -> dict[str, str]:
        """The saved rule sets, name to rules line; a file not shaped like them is moved aside."""
        data = self._load("rule_sets")
        if data is None:
            return {}
        try:
            return rule_sets_from(data)
        except BadFile as bad:
            self._memory.pop("rule_sets", None)
            path = self.data_dir / RULE_SETS_FILE
            if self.saving and path.exists():
                self.notes.set_aside(
                    path, f"The file of saved rule sets {bad.problem}", "the presets are offered without them"
                )
            return {}

    def release_saves(self) -> None:
        """Let another copy of palace-tui own this folder's saved game (at exit)."""
        self._lock.release()
        self.owns_saves = False

    # -- records (the keeper's, here because every screen asks the store) -----------

    def record_game(self, record: dict[str, Any]) -> bool:
        """Add a finished game to the records; False if it was abandoned, already recorded or not saved.

        ``record`` has table_id, game_id, players, preset, rules, seed, started, ended,
        order, points, scoring, winner, loser and optionally abandoned. Raises
        ValueError when a key is missing or a value is impossible. When the database
        is locked or the disk full the result is kept in the pending file (or, if even
        that fails, in memory, written at :meth:`close`) and added at the next start.
        """
        return self.records.record_game(record)

    @property
    def records_busy(self) -> str:
        """Why the records database cannot be used right now (a lock, a full disk), or ""."""
        return self.records.busy

    @property
    def pending_path(self) -> Path:
        """Where finished games wait while the records database cannot take them."""
        return self.records.pending_path

    @property
    def unreadable(self) -> int:
        """How many recorded games the last read skipped because their rows were edited by hand."""
        return self.records.unreadable

    def scoreboard(self, table_id: str) -> list[dict[str, Any]]:
        """Rows ``{name, games, wins, losses, points, place}`` for one table, best first under its scoring."""
        return self.records.read(lambda r: r.scoreboard(table_id), [])

    def standings(self, scoring: str | None = None) -> dict[str, list[dict[str, Any]]]:
        """Rows over all tables for each scoring that has games (``{"wins": [...], ...}``), best first."""
        if scoring is not None:
            scoring_of(scoring)  # ValueError naming the scorings
        return self.records.read(lambda r: r.standings(scoring), {})

    def recent_games(self, limit: int = 10) -> list[GameResult]:
        """The last ``limit`` recorded games, newest first."""
        empty: list[dict[str, Any]] = []
        return [GameResult.of(g) for g in self.records.read(lambda r: r.recent_games(limit), empty)]

    def table_games(self, table_id: str | None = None) -> list[GameResult]:
        """Every finished game of one table (of every table when None), oldest first: its story."""
        empty: list[dict[str, Any]] = []
        return [GameResult.of(g) for g in self.records.read(lambda r: r.table_games(table_id), empty)]

    def game_list(self, limit: int = 50) -> list[dict[str, Any]]:
        """Every kept game (finished and abandoned), newest first, numbered for ``--export N``;
        a game whose rows were edited by hand is skipped and counted in :attr:`unreadable`."""
        return self.records.read(lambda r: r.game_list(limit), [])

    def game_text(self, number: int) -> dict[str, Any] | None:
        """Kept game ``number`` with its game file ``text`` (None if its moves were not kept)."""
        return self.records.read(lambda r: r.game_text(number), None) or None

    def same_deals(self) -> list[list[dict[str, Any]]]:
        """Finished games grouped by the deal they share (duplicates), for side-by-side results."""
        return self.records.read(lambda r: r.same_deals(), [])

    def analysis(self, game_key: str, settings: str) -> str | None:
        """A review analysis kept earlier, or None."""
        return self.records.read(lambda r: r.analysis(game_key, settings), None, words=False) or None

    def save_analysis(self, game_key: str, settings: str, data: str) -> None:
        """Keep a review analysis so the next review of the game is instant (a failure only costs time)."""
        self.records.save_analysis(game_key, settings, data)

    def game_count(self) -> int:
        """How many games are in the records."""
        return self.records.read(lambda r: r.game_count(), 0)

    def close(self) -> None:
        """Keep any result the disk refused, close the records database (safe to call twice)."""
        self.records.close()
        self._lock.release()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
