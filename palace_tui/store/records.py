"""Table records in SQLite: tables, players and finished games, and the scoreboards built from them.

:class:`Records` writes finished games (and abandoned games' histories) and reads
them back as scoreboards, standings, game lists and game files. The file itself
(schema, checks, migrations) is :mod:`palace_tui.store.schema`.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path
from typing import Any

from palace_tui.store.ranking import SCORINGS, rank, stored_scoring
from palace_tui.store.schema import (
    APPLICATION_ID,
    SCHEMA_VERSION,
    WRITE_WAIT,
    BadDatabase,
    RecordsBusy,
    check_header,
    create,
    inspect,
    is_temporary,
    migrate,
    open_read_only,
    why_not_now,
)

__all__ = [
    "APPLICATION_ID",
    "MAX_LIMIT",
    "SCHEMA_VERSION",
    "BadDatabase",
    "Records",
    "RecordsBusy",
    "is_temporary",
    "why_not_now",
]

#: The most recent games one query returns (SQLite integers stop at 2**63).
MAX_LIMIT = 1_000_000
#: The largest whole number SQLite keeps as one (a larger one raises OverflowError on the way in).
MAX_SQLITE_INT = 2**63 - 1

_REQUIRED = ("table_id", "game_id", "players", "rules", "started", "ended", "order", "points", "scoring")

# CAST and TOTAL: a row edited by hand (a name that is a number, points that are words or
# beyond any integer) still adds up to a number and a name instead of stopping the table.
_TOTALS = """
SELECT CAST(p.name AS TEXT) AS name,
       COUNT(DISTINCT g.id) AS games,
       SUM(CASE WHEN g.winner = s.seat THEN 1 ELSE 0 END) AS wins,
       SUM(CASE WHEN g.loser = s.seat THEN 1 ELSE 0 END) AS losses,
       TOTAL(CAST(s.points AS INTEGER)) AS points
FROM seats s JOIN games g ON g.id = s.game_id JOIN players p ON p.id = s.player_id
"""


class Records:
    """The table records in one SQLite connection (a file, or memory when nothing can be saved).

    Opening checks the file and raises BadDatabase when it is damaged, foreign or
    newer; RecordsBusy when it is locked or the disk is full; ``sqlite3.Error``/``OSError``
    when it cannot be opened at all. A file of an older schema is migrated
    (:func:`~palace_tui.store.schema.migrate`). ``read_only`` reads a file in a folder that cannot be written.
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
            self._db = open_read_only(path)
            self._db.text_factory = _text
            return
        self._db = sqlite3.connect(
            ":memory:" if path is None else str(path), isolation_level=None, check_same_thread=False, timeout=WRITE_WAIT
        )
        self._db.text_factory = _text
        try:
            if fresh or not self._db.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchone():
                create(self._db)
            if path is not None:
                self._db.execute("PRAGMA journal_mode = WAL")
                # In WAL mode NORMAL cannot corrupt the file; a power cut may lose the last game only.
                self._db.execute("PRAGMA synchronous = NORMAL")
            self._db.execute("PRAGMA foreign_keys = ON")
            migrate(self._db)
        except BaseException:
            self._db.close()
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
        if not isinstance(record, dict):
            raise ValueError("the game record is not a record")
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
                table = self._table_row(
                    str(record["table_id"]), record["scoring"], record["started"], record.get("table_name")
                )
                number = self._insert_history(record, table)
                cur = db.execute(
                    "INSERT INTO games (game_key, table_id, preset, options, seed, scoring, started, ended,"
                    " order_out, points, winner, loser, table_game) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        str(record["game_id"]),
                        table,
                        record.get("preset"),
                        json.dumps(record["rules"], sort_keys=True),
                        json.dumps(record.get("seed")),
                        record["scoring"],
                        str(record["started"]),
                        str(record["ended"]),
                        json.dumps(order),
                        json.dumps(points),
                        record.get("winner"),
                        record.get("loser"),
                        number,
                    ),
                )
                game = cur.lastrowid
                for seat, name in enumerate(players):
                    db.execute("INSERT OR IGNORE INTO players (name) VALUES (?)", (name,))
                    player = db.execute("SELECT id FROM players WHERE name = ?", (name,)).fetchone()[0]
                    place = order.index(seat) + 1 if seat in order else None
                    db.execute(
                        "INSERT INTO seats (game_id, seat, player_id, place, points) VALUES (?, ?, ?, ?, ?)",
                        (game, seat, player, place, points[seat]),
                    )
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
            db.execute("UPDATE tables SET scoring = ?, name = COALESCE(?, name) WHERE id = ?", (scoring, name, row[0]))
            return int(row[0])
        if not name:
            name = f"Table {db.execute('SELECT COUNT(*) FROM tables').fetchone()[0] + 1}"
        table = db.execute(
            "INSERT INTO tables (table_key, scoring, created, name) VALUES (?, ?, ?, ?)",
            (key, scoring, str(started), name),
        ).lastrowid
        assert table is not None  # an INSERT always gives its row id
        return table

    def _insert_history(self, record: dict[str, Any], table: int) -> int:
        """Add the game's history row (inside the caller's transaction); its number at the table."""
        db = self._db
        number = int(
            db.execute(
                "SELECT COALESCE(MAX(table_game), 0) + 1 FROM histories WHERE table_id = ?", (table,)
            ).fetchone()[0]
        )
        text = record.get("history")
        db.execute(
            "INSERT INTO histories (game_key, table_id, table_game, ended, abandoned, players,"
            " same_deal_as, text) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                str(record["game_id"]),
                table,
                number,
                str(record.get("ended", "")),
                1 if record.get("abandoned") else 0,
                json.dumps([str(n) for n in record["players"]]),
                record.get("same_deal_as") or None,
                None if text is None else str(text),
            ),
        )
        return number

    def _record_history(self, record: dict[str, Any]) -> None:
        """Keep an abandoned game's moves for its review (it counts in no score)."""
        for key in ("table_id", "game_id", "players", "started"):
            if key not in record:
                raise ValueError(f"the game record has no {key!r}")
        _names(record["players"])
        _check_text(record)
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                if not db.execute("SELECT 1 FROM histories WHERE game_key = ?", (str(record["game_id"]),)).fetchone():
                    table = self._table_row(
                        str(record["table_id"]),
                        str(record.get("scoring") or "podium"),
                        record["started"],
                        record.get("table_name"),
                    )
                    self._insert_history(record, table)
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise

    def save_analysis(self, game_key: str, settings: str, data: str) -> None:
        """Keep a review's analysis of a game (replacing an older one with the same settings)."""
        with self._lock:
            self._db.execute(
                "INSERT OR REPLACE INTO analyses (game_key, settings, data) VALUES (?, ?, ?)",
                (str(game_key), str(settings), str(data)),
            )

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
        rows = self._rows(
            _TOTALS + " JOIN tables t ON t.id = g.table_id WHERE t.table_key = ? GROUP BY p.id", (str(table_id),)
        )
        scoring = found[0]["scoring"]
        return rank(_totals(rows), stored_scoring(scoring))

    def standings(self, scoring: str | None = None) -> dict[str, list[dict[str, Any]]]:
        """Each scoring (or just ``scoring``) with games → its rows over every table, best first."""
        if scoring is not None and scoring not in SCORINGS:
            raise ValueError(f"unknown scoring {scoring!r}: use one of {', '.join(SCORINGS)}")
        result: dict[str, list[dict[str, Any]]] = {}
        for name in (scoring,) if scoring else SCORINGS:
            rows = self._rows(_TOTALS + " WHERE g.scoring = ? GROUP BY p.id", (name,))
            if rows:
                result[name] = rank(_totals(rows), name)
        return result

    def recent_games(self, limit: int = 10) -> list[dict[str, Any]]:
        """The last ``limit`` finished games, newest first, in the shape ``record_game`` takes
        (the store hands them out as :class:`~palace_tui.store.payloads.GameResult`)."""
        return self._games("", (), "DESC", limit)

    def table_games(self, table_id: str | None = None) -> list[dict[str, Any]]:
        """Every finished game of the table ``table_id`` (of every table when None), oldest first,
        in the shape ``record_game`` takes (with ``table_name``): what the table's story is told from."""
        where, args = (" WHERE t.table_key = ?", (str(table_id),)) if table_id is not None else ("", ())
        return self._games(where, args, "ASC", MAX_LIMIT)

    def _games(self, where: str, args: tuple[Any, ...], order: str, limit: int) -> list[dict[str, Any]]:
        games = self._rows(
            "SELECT g.id AS id, g.game_key AS game_id, t.table_key AS table_id, g.preset AS preset,"
            " COALESCE(t.name, t.table_key) AS table_name, g.table_game AS table_game,"
            " (SELECT h.id FROM histories h WHERE h.game_key = g.game_key) AS number,"
            " g.options AS rules, g.seed AS seed, g.scoring AS scoring, g.started AS started,"
            " g.ended AS ended, g.order_out AS ord, g.points AS points, g.winner AS winner, g.loser AS loser"
            f" FROM games g JOIN tables t ON t.id = g.table_id{where} ORDER BY g.ended {order}, g.id {order} LIMIT ?",
            (*args, min(max(0, int(limit)), MAX_LIMIT)),
        )
        readable = []
        for game in games:
            seats = self._rows(
                "SELECT p.name AS name FROM seats s JOIN players p ON p.id = s.player_id"
                " WHERE s.game_id = ? ORDER BY s.seat",
                (game.pop("id"),),
            )
            try:
                game["players"] = [str(s["name"]) for s in seats]
                game["rules"] = json.loads(game["rules"])
                game["seed"] = json.loads(game["seed"]) if game["seed"] is not None else None
                game["order"] = json.loads(game.pop("ord"))
                game["points"] = json.loads(game["points"])
                _validate(game)
                _check_shown(game, ended=str, table_name=str, preset=(str, type(None)), table_game=(int, type(None)))
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
            " ORDER BY h.ended DESC, h.id DESC LIMIT ?",
            (min(max(0, int(limit)), MAX_LIMIT),),
        )
        readable = []
        for row in rows:
            row["table"] = row.pop("tab")
            row["abandoned"] = bool(row["abandoned"])
            row["kept"] = bool(row["kept"])
            ord_ = row.pop("ord")
            try:
                row["players"] = _names(json.loads(row["players"]))
                row["order"] = json.loads(ord_) if ord_ else []
                _check_seats(row["order"], len(row["players"]))
                _check_shown(row, ended=str, table=str, table_game=int, number=int)
            except (ValueError, TypeError, RecursionError):
                self.unreadable += 1  # edited by hand: the other games still show
                continue
            readable.append(row)
        return readable

    def game_text(self, number: int) -> dict[str, Any] | None:
        """Game ``number`` of :meth:`game_list` with its ``text`` (None when its moves were not kept),
        its table's key (``table_id``) and how many games that table has (``table_games``)."""
        rows = (
            self._rows(
                "SELECT h.id AS number, h.game_key AS game_id, COALESCE(t.name, t.table_key) AS tab,"
                " h.table_game AS table_game, h.ended AS ended, h.abandoned AS abandoned,"
                " h.text AS text, t.table_key AS table_id,"
                " (SELECT MAX(x.table_game) FROM histories x WHERE x.table_id = t.id) AS table_games"
                " FROM histories h JOIN tables t ON t.id = h.table_id WHERE h.id = ?",
                (int(number),),
            )
            if 0 < int(number) <= MAX_SQLITE_INT
            else []
        )
        if not rows:
            return None
        game = rows[0]
        game["table"] = game.pop("tab")
        try:
            _check_shown(game, text=(str, type(None)), ended=str, table=str, table_game=int, table_games=int)
        except ValueError:
            self.unreadable += 1
            return None
        return game

    def analysis(self, game_key: str, settings: str) -> str | None:
        """A kept review analysis, or None."""
        rows = self._rows(
            "SELECT data FROM analyses WHERE game_key = ? AND settings = ?", (str(game_key), str(settings))
        )
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
            " ORDER BY h.ended, h.id",
            (),
        )
        groups: dict[str, list[dict[str, Any]]] = {}
        for row in rows:
            places = self._rows("SELECT place FROM seats WHERE game_id = ? ORDER BY seat", (row.pop("gid"),))
            row["table"] = row.pop("tab")
            try:
                row["players"] = _names(json.loads(row["players"]))
                row["places"] = [p["place"] for p in places]
                _check_shown(row, table=str, table_game=int, number=int)
                if not all(p is None or (isinstance(p, int) and 0 < p <= len(row["players"])) for p in row["places"]):
                    raise ValueError("a place that is no place")
            except (ValueError, TypeError, RecursionError):
                self.unreadable += 1
                continue
            groups.setdefault(str(row.pop("deal")), []).append(row)
        return [games for games in groups.values() if len(games) > 1]

    def game_count(self) -> int:
        """How many games are recorded (for checks that a resumed game counted once)."""
        return int(self._rows("SELECT COUNT(*) AS n FROM games", ())[0]["n"])


def _validate(record: dict[str, Any]) -> None:
    """Raise ValueError naming the first thing in ``record`` the records cannot hold.

    A record can come from a pending file edited by hand, so every value is checked for
    its type and its range here: nothing else may raise on the way into SQLite.
    """
    if not isinstance(record, dict):
        raise ValueError("the game record is not a record")
    for key in _REQUIRED:
        if key not in record:
            raise ValueError(f"the game record has no {key!r}")
    if not isinstance(record["scoring"], str) or record["scoring"] not in SCORINGS:
        raise ValueError(f"the game record has unknown scoring {record['scoring']!r}: use one of {', '.join(SCORINGS)}")
    players, points = record["players"], record["points"]
    if not isinstance(players, list) or not all(isinstance(name, str) for name in players):
        raise ValueError("the game record's players are not a list of names")
    n = len(players)
    if not isinstance(points, list) or len(points) != n:
        raise ValueError(f"the game record does not have one number of points for each of its {n} players")
    if not all(_whole(p) and abs(p) <= MAX_SQLITE_INT for p in points):
        raise ValueError("the game record's points are not whole numbers the records can hold")
    for key in ("winner", "loser"):
        seat = record.get(key)
        if seat is not None and not (_whole(seat) and 0 <= seat < n):
            raise ValueError(f"the game record's {key} {seat!r} is not a seat index")
    _check_seats(record["order"], n)
    _check_text(record)
    try:
        json.dumps(record["rules"]), json.dumps(record.get("seed"))
    except (TypeError, ValueError, RecursionError):
        raise ValueError("the game record's rules or seed cannot be kept") from None


def _check_text(record: dict[str, Any]) -> None:
    for key in ("preset", "same_deal_as", "table_name", "history"):
        if record.get(key) is not None and not isinstance(record[key], str):
            raise ValueError(f"the game record's {key} is not text")


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_seats(order: object, n: int) -> None:
    if not isinstance(order, list) or not all(_whole(s) and 0 <= s < n for s in order) or len(set(order)) < len(order):
        raise ValueError("the game record's order has a seat that is not a seat index")


def _names(players: object) -> list[str]:
    """A history row's players, or ValueError when the row was edited into something else."""
    if not isinstance(players, list) or not players or not all(isinstance(p, str) for p in players):
        raise ValueError("the players are not a list of names")
    return players


def _check_shown(row: dict[str, Any], **types: type | tuple[type, ...]) -> None:
    """ValueError unless each named field of a row read back has the type the screens print it as."""
    for key, kind in types.items():
        value = row.get(key)
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
            raise ValueError(f"{key} is not what it should be")


def _totals(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Scoreboard rows with whole numbers (TOTAL adds up as a float) and a name as text."""
    for row in rows:
        row["name"] = str(row["name"])
        for key in ("games", "wins", "losses", "points"):
            row[key] = int(row[key] or 0)
    return rows


def _text(raw: bytes) -> str:
    # A text column edited by hand into bytes that are not UTF-8 reads as text, not an error.
    return raw.decode("utf-8", "replace")
