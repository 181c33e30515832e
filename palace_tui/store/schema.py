"""The records database as a file: its schema, its checks on opening, and its migrations.

One database file (``records.sqlite3``) in WAL mode, with foreign keys on and a
``schema_version`` table. A file that is not ours, is damaged or comes from a
newer palace-tui is moved aside by :class:`~palace_tui.store.Store` and a fresh
one is created; this module only says what is wrong with it (:class:`BadDatabase`).
What the records hold and how they are read is :mod:`palace_tui.store.records`.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

#: Bumped when the schema changes; older files are migrated, newer ones moved aside.
SCHEMA_VERSION = 2
#: Stamped in the SQLite header (``PRAGMA application_id``) so our files are recognised: "PALC".
APPLICATION_ID = 0x50414C43
_SQLITE_MAGIC = b"SQLite format 3\x00"

_SCHEMA = """
CREATE TABLE schema_version (version INTEGER NOT NULL);
CREATE TABLE tables (
    id INTEGER PRIMARY KEY,
    table_key TEXT NOT NULL UNIQUE,
    scoring TEXT NOT NULL,
    created TEXT NOT NULL,
    name TEXT
);
CREATE TABLE players (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    game_key TEXT NOT NULL UNIQUE,
    table_id INTEGER NOT NULL REFERENCES tables(id),
    preset TEXT,
    options TEXT NOT NULL,
    seed TEXT,
    scoring TEXT NOT NULL,
    started TEXT NOT NULL,
    ended TEXT NOT NULL,
    order_out TEXT NOT NULL,
    points TEXT NOT NULL,
    winner INTEGER,
    loser INTEGER,
    table_game INTEGER
);
CREATE TABLE seats (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players(id),
    place INTEGER,
    points INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX games_by_table ON games(table_id);
CREATE INDEX games_by_end ON games(ended);
CREATE INDEX seats_by_player ON seats(player_id);
"""

# Schema 2: every game's history (finished and abandoned; text NULL for games recorded
# before moves were kept) and the review analyses kept so a second review is instant.
_SCHEMA_2 = """
CREATE TABLE histories (
    id INTEGER PRIMARY KEY,
    game_key TEXT NOT NULL UNIQUE,
    table_id INTEGER NOT NULL REFERENCES tables(id),
    table_game INTEGER NOT NULL,
    ended TEXT NOT NULL,
    abandoned INTEGER NOT NULL,
    players TEXT NOT NULL,
    same_deal_as TEXT,
    text TEXT
);
CREATE INDEX histories_by_deal ON histories(same_deal_as);
CREATE TABLE analyses (
    game_key TEXT NOT NULL,
    settings TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (game_key, settings)
);
"""

#: How long a write waits for another program's lock before the result goes to the pending file
#: (a longer wait freezes the screen that shows the result).
WRITE_WAIT = 0.5
#: SQLite result codes that mean "not now" rather than "damaged": busy, locked, out of memory,
#: read-only, I/O error, disk full, cannot open, lock protocol.
_TEMPORARY_CODES = {5, 6, 7, 8, 10, 13, 14, 15}


class RecordsBusy(Exception):
    """The records cannot be used right now (locked by another program, disk full...); the file is fine.

    ``reason`` completes "The records database cannot be used right now (...)".
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def is_temporary(err: BaseException) -> bool:
    """Whether ``err`` is a condition that passes (a lock, a full disk) rather than a damaged file."""
    if isinstance(err, (RecordsBusy, OSError)):
        return True
    code = getattr(err, "sqlite_errorcode", None)
    if code is None:  # raised without a code: judge by SQLite's own words
        text = str(err).lower()
        return any(w in text for w in ("locked", "busy", "disk is full", "disk i/o", "unable to open", "readonly"))
    return code & 0xFF in _TEMPORARY_CODES


def why_not_now(err: BaseException) -> str:
    """A few words on a temporary problem: ``another program is using it (database is locked)``."""
    if isinstance(err, RecordsBusy):
        return err.reason
    code = getattr(err, "sqlite_errorcode", 0) & 0xFF
    text = str(err)
    if code in (5, 6) or "locked" in text or "busy" in text:
        return f"another program is using it ({text})"
    if code == 13 or "full" in text:
        return f"the disk is full ({text})"
    return text


class BadDatabase(ValueError):
    """A records file that cannot be used; ``problem`` completes "The records database ..."."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem


def check_header(path: Path) -> None:
    """Raise BadDatabase if the file at ``path`` is plainly not a whole SQLite database.

    An empty or missing file is fine (SQLite starts a new database in it).
    """
    try:
        with open(path, "rb") as handle:
            head = handle.read(100)
            size = handle.seek(0, 2)
    except FileNotFoundError:
        return
    if size == 0:
        return
    if not head.startswith(_SQLITE_MAGIC[: min(len(head), 16)]):
        raise BadDatabase("is not an SQLite database (foreign or corrupt file)")
    if len(head) < 100:
        raise BadDatabase("was damaged (truncated: shorter than its header)")
    page_size = int.from_bytes(head[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(head[28:32], "big")
    # The page count in the header is only trusted when it was written with the
    # current change counter (bytes 24 and 92 agree), as SQLite itself does.
    if head[24:28] == head[92:96] and pages and size < pages * page_size:
        raise BadDatabase(f"was damaged (truncated: {size} of {pages * page_size} bytes)")


def inspect(path: Path) -> None:
    """Raise BadDatabase if the database at ``path`` is damaged, foreign or newer than this palace-tui.

    The check runs on a read-only connection so a bad file is moved aside exactly as
    it was found (a read-write connection would checkpoint its log into it on close).
    """
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=WRITE_WAIT)
    except sqlite3.Error as err:
        if is_temporary(err):
            raise RecordsBusy(why_not_now(err)) from None
        raise BadDatabase(f"was damaged (corrupt: {err})") from None
    try:
        check = db.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise BadDatabase(f"was damaged (corrupt: {check.splitlines()[0]})")
        app_id = db.execute("PRAGMA application_id").fetchone()[0]
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if app_id != APPLICATION_ID:
            if tables:
                raise BadDatabase("is not a palace-tui database (foreign SQLite file)")
            return  # an empty SQLite file: it becomes ours
        if "schema_version" not in tables:
            raise BadDatabase("was damaged (corrupt: no schema version)")
        version = db.execute("SELECT MAX(version) FROM schema_version").fetchone()[0]
    except sqlite3.DatabaseError as err:
        if is_temporary(err):  # a lock or a full disk says nothing about the file
            raise RecordsBusy(why_not_now(err)) from None
        raise BadDatabase(f"was damaged (corrupt: {err})") from None
    finally:
        db.close()
    if not isinstance(version, int):
        raise BadDatabase("was damaged (corrupt: no schema version)")
    if version > SCHEMA_VERSION:
        raise BadDatabase(
            f"comes from a newer palace-tui (schema version {version}; this one reads up to {SCHEMA_VERSION})"
        )


def create(db: sqlite3.Connection) -> None:
    """Make the tables of a fresh database and stamp it as ours, in one transaction."""
    db.execute("BEGIN IMMEDIATE")
    try:
        for statement in (_SCHEMA + _SCHEMA_2).split(";"):
            if statement.strip():
                db.execute(statement)
        db.execute("INSERT INTO schema_version (version) VALUES (?)", (SCHEMA_VERSION,))
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise


def migrate(db: sqlite3.Connection) -> None:
    """Bring a file of an older schema up to :data:`SCHEMA_VERSION`, in one transaction.

    1 → 2: tables get readable names ("Table 1", ... in the order they were made)
    and games their number at their table; every recorded game gets a history row
    whose text is NULL (its moves were not kept), so the review lists it and says so.
    """
    version = db.execute("SELECT MAX(version) FROM schema_version").fetchone()[0]
    if version is None or version >= SCHEMA_VERSION:
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        if version < 2:
            db.execute("ALTER TABLE tables ADD COLUMN name TEXT")
            db.execute("ALTER TABLE games ADD COLUMN table_game INTEGER")
            for statement in _SCHEMA_2.split(";"):
                if statement.strip():
                    db.execute(statement)
            for k, (table,) in enumerate(db.execute("SELECT id FROM tables ORDER BY id").fetchall(), 1):
                db.execute("UPDATE tables SET name = ? WHERE id = ?", (f"Table {k}", table))
                games = db.execute(
                    "SELECT id, game_key, ended FROM games WHERE table_id = ? ORDER BY ended, id", (table,)
                ).fetchall()
                for number, (game, key, ended) in enumerate(games, 1):
                    db.execute("UPDATE games SET table_game = ? WHERE id = ?", (number, game))
                    names = [
                        r[0]
                        for r in db.execute(
                            "SELECT p.name FROM seats s JOIN players p ON p.id = s.player_id"
                            " WHERE s.game_id = ? ORDER BY s.seat",
                            (game,),
                        )
                    ]
                    db.execute(
                        "INSERT INTO histories (game_key, table_id, table_game, ended, abandoned,"
                        " players) VALUES (?, ?, ?, ?, 0, ?)",
                        (key, table, number, ended, json.dumps(names)),
                    )
        db.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION,))
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


def open_read_only(path: Path) -> sqlite3.Connection:
    """A read-only connection to the database at ``path`` (its folder cannot be written)."""
    # A WAL file in a read-only folder opens only when its -shm can be used; with no log
    # beside it the file is whole on its own and "immutable" reads it without one.
    uri = path.resolve().as_uri()
    db = sqlite3.connect(f"{uri}?mode=ro", uri=True, isolation_level=None, check_same_thread=False, timeout=WRITE_WAIT)
    try:
        db.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchone()
        return db
    except sqlite3.Error:
        db.close()
    if path.with_name(path.name + "-wal").exists():
        raise RecordsBusy("its folder cannot be written and its log cannot be read without writing")
    return sqlite3.connect(f"{uri}?immutable=1", uri=True, isolation_level=None, check_same_thread=False)
