"""Table records in SQLite: tables, players and finished games, and the scoreboards built from them.

One database file (``records.sqlite3``) in WAL mode, with foreign keys on and a
``schema_version`` table. A file that is not ours, is damaged or comes from a
newer palace-tui is moved aside by :class:`~palace_tui.store.Store` and a fresh
one is created; this module only says what is wrong with it (:class:`BadDatabase`).
"""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path
from typing import Any

from palace_tui.store.ranking import SCORINGS, rank

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

#: The most recent games one query returns (SQLite integers stop at 2**63).
MAX_LIMIT = 1_000_000

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

_REQUIRED = ("table_id", "game_id", "players", "rules", "started", "ended", "order", "points", "scoring")

_TOTALS = """
SELECT p.name AS name,
       COUNT(DISTINCT g.id) AS games,
       SUM(CASE WHEN g.winner = s.seat THEN 1 ELSE 0 END) AS wins,
       SUM(CASE WHEN g.loser = s.seat THEN 1 ELSE 0 END) AS losses,
       SUM(s.points) AS points
FROM seats s JOIN games g ON g.id = s.game_id JOIN players p ON p.id = s.player_id
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
        raise BadDatabase(f"comes from a newer palace-tui (schema version {version}; "
                          f"this one reads up to {SCHEMA_VERSION})")


class Records:
    """The table records in one SQLite connection (a file, or memory when nothing can be saved).

    Opening checks the file and raises BadDatabase when it is damaged, foreign or
    newer; RecordsBusy when it is locked or the disk is full; ``sqlite3.Error``/``OSError``
    when it cannot be opened at all. A file from an older schema would be migrated here
    (there is none yet). ``read_only`` reads a file in a folder that cannot be written.
    """

    def __init__(self, path: Path | None, read_only: bool = False) -> None:
        self.path = path
        #: Recorded games skipped by the last reads because their rows were damaged.
        self.unreadable = 0
        #: The app may record from a worker thread; SQLite objects must not be shared unguarded.
        self._lock = threading.Lock()
        fresh = True
        if path is not None:
            check_header(path)
            fresh = not path.exists() or path.stat().st_size == 0
            if not fresh and not read_only:
                inspect(path)
        if path is not None and read_only:
            self._db = _open_read_only(path)
            return
        self._db = sqlite3.connect(":memory:" if path is None else str(path), isolation_level=None,
                                   check_same_thread=False, timeout=WRITE_WAIT)
        try:
            if fresh or not self._db.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchone():
                self._create()
            if path is not None:
                self._db.execute("PRAGMA journal_mode = WAL")
                # In WAL mode NORMAL cannot corrupt the file; a power cut may lose the last game only.
                self._db.execute("PRAGMA synchronous = NORMAL")
            self._db.execute("PRAGMA foreign_keys = ON")
            self._migrate()
        except BaseException:
            self._db.close()
            raise

    def _create(self) -> None:
        db = self._db
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

    def _migrate(self) -> None:
        """Bring a file of an older schema up to :data:`SCHEMA_VERSION`, in one transaction.

        1 → 2: tables get readable names ("Table 1", ... in the order they were made)
        and games their number at their table; every recorded game gets a history row
        whose text is NULL (its moves were not kept), so the review lists it and says so.
        """
        db = self._db
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
                    games = db.execute("SELECT id, game_key, ended FROM games WHERE table_id = ?"
                                       " ORDER BY ended, id", (table,)).fetchall()
                    for number, (game, key, ended) in enumerate(games, 1):
                        db.execute("UPDATE games SET table_game = ? WHERE id = ?", (number, game))
                        names = [r[0] for r in db.execute(
                            "SELECT p.name FROM seats s JOIN players p ON p.id = s.player_id"
                            " WHERE s.game_id = ? ORDER BY s.seat", (game,))]
                        db.execute("INSERT INTO histories (game_key, table_id, table_game, ended, abandoned,"
                                   " players) VALUES (?, ?, ?, ?, 0, ?)",
                                   (key, table, number, ended, json.dumps(names)))
            db.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION,))
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise

    def close(self) -> None:
        """Close the connection (the WAL is checkpointed into the main file)."""
        with self._lock:
            self._db.close()

    # -- writing -------------------------------------------------------------------

    def record_game(self, record: dict[str, Any]) -> bool:
        """Store one finished game; False when it was abandoned or is already stored.

        Idempotent per ``game_id``: a game resumed after a crash and finished again counts once.
        Raises ValueError naming the first thing wrong with ``record``.
        """
        if record.get("abandoned"):
            self._record_history(record)
            return False
        _validate(record)
        players = [str(name) for name in record["players"]]
        order = [int(seat) for seat in record["order"]]
        points = [int(p) for p in record["points"]]
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                if db.execute("SELECT 1 FROM games WHERE game_key = ?", (str(record["game_id"]),)).fetchone():
                    db.execute("ROLLBACK")
                    return False
                table = self._table_row(str(record["table_id"]), record["scoring"], record["started"],
                                        record.get("table_name"))
                number = self._insert_history(record, table)
                cur = db.execute(
                    "INSERT INTO games (game_key, table_id, preset, options, seed, scoring, started, ended,"
                    " order_out, points, winner, loser, table_game) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (str(record["game_id"]), table, record.get("preset"),
                     json.dumps(record["rules"], sort_keys=True), json.dumps(record.get("seed")),
                     record["scoring"], str(record["started"]), str(record["ended"]),
                     json.dumps(order), json.dumps(points), record.get("winner"), record.get("loser"), number))
                game = cur.lastrowid
                for seat, name in enumerate(players):
                    db.execute("INSERT OR IGNORE INTO players (name) VALUES (?)", (name,))
                    player = db.execute("SELECT id FROM players WHERE name = ?", (name,)).fetchone()[0]
                    place = order.index(seat) + 1 if seat in order else None
                    db.execute("INSERT INTO seats (game_id, seat, player_id, place, points) VALUES (?, ?, ?, ?, ?)",
                               (game, seat, player, place, points[seat]))
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
        return True

    def _table_row(self, key: str, scoring: str, started: str, name: str | None = None) -> int:
        # A table's scoreboard follows the scoring of its latest game; a table named
        # at the new-table screen keeps the latest name, an unnamed one is "Table N".
        db = self._db
        row = db.execute("SELECT id FROM tables WHERE table_key = ?", (key,)).fetchone()
        name = str(name).strip() if name else None
        if row:
            db.execute("UPDATE tables SET scoring = ?, name = COALESCE(?, name) WHERE id = ?",
                       (scoring, name, row[0]))
            return row[0]
        if not name:
            name = f"Table {db.execute('SELECT COUNT(*) FROM tables').fetchone()[0] + 1}"
        return db.execute("INSERT INTO tables (table_key, scoring, created, name) VALUES (?, ?, ?, ?)",
                          (key, scoring, str(started), name)).lastrowid

    def _insert_history(self, record: dict[str, Any], table: int) -> int:
        """Add the game's history row (inside the caller's transaction); its number at the table."""
        db = self._db
        number = db.execute("SELECT COALESCE(MAX(table_game), 0) + 1 FROM histories WHERE table_id = ?",
                            (table,)).fetchone()[0]
        text = record.get("history")
        db.execute("INSERT INTO histories (game_key, table_id, table_game, ended, abandoned, players,"
                   " same_deal_as, text) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                   (str(record["game_id"]), table, number, str(record.get("ended", "")),
                    1 if record.get("abandoned") else 0, json.dumps([str(n) for n in record["players"]]),
                    record.get("same_deal_as") or None, None if text is None else str(text)))
        return number

    def _record_history(self, record: dict[str, Any]) -> None:
        """Keep an abandoned game's moves for its review (it counts in no score)."""
        for key in ("table_id", "game_id", "players", "started"):
            if key not in record:
                raise ValueError(f"the game record has no {key!r}")
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                if not db.execute("SELECT 1 FROM histories WHERE game_key = ?", (str(record["game_id"]),)).fetchone():
                    table = self._table_row(str(record["table_id"]), str(record.get("scoring") or "podium"),
                                            record["started"], record.get("table_name"))
                    self._insert_history(record, table)
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise

    def save_analysis(self, game_key: str, settings: str, data: str) -> None:
        """Keep a review's analysis of a game (replacing an older one with the same settings)."""
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO analyses (game_key, settings, data) VALUES (?, ?, ?)",
                             (str(game_key), str(settings), str(data)))

    # -- reading -------------------------------------------------------------------

    def _rows(self, sql: str, args: tuple[Any, ...]) -> list[dict[str, Any]]:
        with self._lock:
            cur = self._db.execute(sql, args)
            names = [d[0] for d in cur.description]
            return [dict(zip(names, row)) for row in cur.fetchall()]

    def scoreboard(self, table_id: str) -> list[dict[str, Any]]:
        """Rows ``{name, games, wins, losses, points, place}`` best first under the table's scoring."""
        found = self._rows("SELECT scoring FROM tables WHERE table_key = ?", (str(table_id),))
        if not found:
            return []
        rows = self._rows(_TOTALS + " JOIN tables t ON t.id = g.table_id WHERE t.table_key = ? GROUP BY p.id",
                          (str(table_id),))
        return rank(rows, found[0]["scoring"])

    def standings(self, scoring: str | None = None) -> dict[str, list[dict[str, Any]]]:
        """Each scoring (or just ``scoring``) with games → its rows over every table, best first."""
        if scoring is not None and scoring not in SCORINGS:
            raise ValueError(f"unknown scoring {scoring!r}: use one of {', '.join(SCORINGS)}")
        result: dict[str, list[dict[str, Any]]] = {}
        for name in (scoring,) if scoring else SCORINGS:
            rows = self._rows(_TOTALS + " WHERE g.scoring = ? GROUP BY p.id", (name,))
            if rows:
                result[name] = rank(rows, name)
        return result

    def recent_games(self, limit: int = 10) -> list[dict[str, Any]]:
        """The last ``limit`` finished games, newest first, in the shape ``record_game`` takes."""
        games = self._rows(
            "SELECT g.id AS id, g.game_key AS game_id, t.table_key AS table_id, g.preset AS preset,"
            " COALESCE(t.name, t.table_key) AS table_name, g.table_game AS table_game,"
            " (SELECT h.id FROM histories h WHERE h.game_key = g.game_key) AS number,"
            " g.options AS rules, g.seed AS seed, g.scoring AS scoring, g.started AS started,"
            " g.ended AS ended, g.order_out AS ord, g.points AS points, g.winner AS winner, g.loser AS loser"
            " FROM games g JOIN tables t ON t.id = g.table_id ORDER BY g.ended DESC, g.id DESC LIMIT ?",
            (min(max(0, int(limit)), MAX_LIMIT),))
        readable = []
        for game in games:
            seats = self._rows("SELECT p.name AS name FROM seats s JOIN players p ON p.id = s.player_id"
                               " WHERE s.game_id = ? ORDER BY s.seat", (game.pop("id"),))
            try:
                game["players"] = [str(s["name"]) for s in seats]
                game["rules"] = json.loads(game["rules"])
                game["seed"] = json.loads(game["seed"]) if game["seed"] is not None else None
                game["order"] = json.loads(game.pop("ord"))
                game["points"] = json.loads(game["points"])
                _validate(game)
                if not all(isinstance(p, int) and not isinstance(p, bool) for p in game["points"]):
                    raise ValueError("points are not whole numbers")
            except (ValueError, TypeError, KeyError, RecursionError):
                # A row edited by hand must not stop the others from showing.
                self.unreadable += 1
                continue
            readable.append(game)
        return readable

    def game_list(self, limit: int = 50) -> list[dict[str, Any]]:
        """Every kept game, newest first: ``number`` (for ``--export N``), ``game_id``, ``table``
        (its name), ``table_game``, ``ended``, ``abandoned``, ``players``, ``kept`` (moves kept),
        ``same_deal_as`` and, for finished games, ``order``."""
        rows = self._rows(
            "SELECT h.id AS number, h.game_key AS game_id, COALESCE(t.name, t.table_key) AS tab,"
            " h.table_game AS table_game, h.ended AS ended, h.abandoned AS abandoned, h.players AS players,"
            " h.text IS NOT NULL AS kept, h.same_deal_as AS same_deal_as, g.order_out AS ord"
            " FROM histories h JOIN tables t ON t.id = h.table_id LEFT JOIN games g ON g.game_key = h.game_key"
            " ORDER BY h.ended DESC, h.id DESC LIMIT ?", (max(0, int(limit)),))
        for row in rows:
            row["table"] = row.pop("tab")
            row["players"] = json.loads(row["players"])
            row["abandoned"] = bool(row["abandoned"])
            row["kept"] = bool(row["kept"])
            ord_ = row.pop("ord")
            row["order"] = json.loads(ord_) if ord_ else []
        return rows

    def game_text(self, number: int) -> dict[str, Any] | None:
        """Game ``number`` of :meth:`game_list` with its ``text`` (None when its moves were not kept),
        its table's key (``table_id``) and how many games that table has (``table_games``)."""
        rows = self._rows("SELECT h.id AS number, h.game_key AS game_id, COALESCE(t.name, t.table_key) AS tab,"
                          " h.table_game AS table_game, h.ended AS ended, h.abandoned AS abandoned,"
                          " h.text AS text, t.table_key AS table_id,"
                          " (SELECT MAX(x.table_game) FROM histories x WHERE x.table_id = t.id) AS table_games"
                          " FROM histories h JOIN tables t ON t.id = h.table_id WHERE h.id = ?",
                          (int(number),))
        if not rows:
            return None
        rows[0]["table"] = rows[0].pop("tab")
        return rows[0]

    def analysis(self, game_key: str, settings: str) -> str | None:
        """A kept review analysis, or None."""
        rows = self._rows("SELECT data FROM analyses WHERE game_key = ? AND settings = ?",
                          (str(game_key), str(settings)))
        return rows[0]["data"] if rows else None

    def same_deals(self) -> list[list[dict[str, Any]]]:
        """Finished games that share a deal (one played again as a duplicate), grouped, oldest first.

        Each game is ``{number, game_id, table, table_game, players, places}`` with
        ``places`` by seat (None for a seat that did not finish)."""
        rows = self._rows(
            "SELECT h.id AS number, h.game_key AS game_id, COALESCE(h.same_deal_as, h.game_key) AS deal,"
            " COALESCE(t.name, t.table_key) AS tab, h.table_game AS table_game, h.players AS players,"
            " g.id AS gid FROM histories h JOIN tables t ON t.id = h.table_id JOIN games g ON g.game_key = h.game_key"
            " WHERE COALESCE(h.same_deal_as, h.game_key) IN"
            " (SELECT same_deal_as FROM histories WHERE same_deal_as IS NOT NULL)"
            " ORDER BY h.ended, h.id", ())
        groups: dict[str, list[dict[str, Any]]] = {}
        for row in rows:
            places = self._rows("SELECT place FROM seats WHERE game_id = ? ORDER BY seat", (row.pop("gid"),))
            row["table"] = row.pop("tab")
            row["players"] = json.loads(row["players"])
            row["places"] = [p["place"] for p in places]
            groups.setdefault(row.pop("deal"), []).append(row)
        return [games for games in groups.values() if len(games) > 1]

    def game_count(self) -> int:
        """How many games are recorded (for checks that a resumed game counted once)."""
        return self._rows("SELECT COUNT(*) AS n FROM games", ())[0]["n"]


def _open_read_only(path: Path) -> sqlite3.Connection:
    # A WAL file in a read-only folder opens only when its -shm can be used; with no log
    # beside it the file is whole on its own and "immutable" reads it without one.
    uri = path.resolve().as_uri()
    db = sqlite3.connect(f"{uri}?mode=ro", uri=True, isolation_level=None, check_same_thread=False,
                         timeout=WRITE_WAIT)
    try:
        db.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchone()
        return db
    except sqlite3.Error:
        db.close()
    if path.with_name(path.name + "-wal").exists():
        raise RecordsBusy("its folder cannot be written and its log cannot be read without writing")
    return sqlite3.connect(f"{uri}?immutable=1", uri=True, isolation_level=None, check_same_thread=False)


def _validate(record: dict[str, Any]) -> None:
    for key in _REQUIRED:
        if key not in record:
            raise ValueError(f"the game record has no {key!r}")
    if record["scoring"] not in SCORINGS:
        raise ValueError(f"the game record has unknown scoring {record['scoring']!r}: "
                         f"use one of {', '.join(SCORINGS)}")
    n = len(record["players"])
    if len(record["points"]) != n:
        raise ValueError(f"the game record has {len(record['points'])} points for {n} players")
    for key in ("winner", "loser"):
        seat = record.get(key)
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < n):
            raise ValueError(f"the game record's {key} {seat!r} is not a seat index")
    if any(not (isinstance(s, int) and 0 <= s < n) for s in record["order"]):
        raise ValueError("the game record's order has a seat that is not a seat index")
