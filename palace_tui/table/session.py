"""The app session: one table of seats playing one game after another.

A :class:`Session` is everything the app needs to put the same position back on
the screen: the table (seats, rules, seed), the current game (through the engine's
own ``Game.to_json``), the dealer, the recent public log and which human last saw
the screen. It never imports Textual, so it is tested on its own.

>>> s = Session.new([SeatConfig("Ann"), SeatConfig("Ben", human=False)], Rules.preset("palace"), seed=7)
>>> s.game.phase, s.game.seed
('setup', 7)
>>> Session.from_dict(s.to_dict()).game == s.game
True
"""

from __future__ import annotations

import random
import uuid
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from typing import Any, Callable

from palace_tui.rules import Card, Event, Game, IllegalMove, Move, Rules
from palace_tui.names import clean_name, clean_text
from palace_tui.rules.events import EVENT_KINDS
from palace_tui.rules.validate import check_no_extra_cards
from palace_tui.rules.cards import cards_code, parse_cards, shuffled_deck
from palace_tui.table.takeback import TakeBackBuffer
from palace_tui.words import log_sentence

SESSION_FORMAT = "palace-tui-session"
SESSION_VERSION = 1
#: How many public log lines a session keeps (and saves).
LOG_LIMIT = 200
#: How many public events (with their running indices) a session keeps for recaps.
EVENT_LIMIT = 120


def computer_levels() -> list[str]:
    """The computer levels on offer: ``palace_tui.ai.LEVELS`` when it exists."""
    try:
        from palace_tui.ai import LEVELS  # type: ignore[attr-defined]
    except ImportError:
        return ["random"]
    return list(LEVELS) or ["random"]


def default_level() -> str:
    """The level a new computer seat gets: ``normal`` when offered."""
    levels = computer_levels()
    return "normal" if "normal" in levels else levels[0]


def now_iso() -> str:
    """The current time as an ISO 8601 string in UTC, to the second."""
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()


@dataclass
class SeatConfig:
    """Who sits in a seat: a name, and a human or a computer of some level."""

    name: str
    human: bool = True
    level: str = "random"
    #: Whether the coach (h) may advise this seat; only people get a coach.
    coach: bool = True

    def __post_init__(self) -> None:
        # Every way a seat is made (command line, new-table screen, a save) passes here.
        self.name = clean_name(self.name)


@dataclass
class Session:
    """A table and its current game. Moves go through :meth:`apply` so the log follows."""

    table_id: str
    seats: list[SeatConfig]
    rules: Rules
    preset: str | None
    seed: int | None
    game: Game
    game_number: int = 0
    game_id: str = ""
    started: str = ""
    #: The recent public log: header lines ("Game 2: Ann deals") and the events themselves,
    #: worded on demand (:attr:`log` gives the lines as text).
    log_entries: list[str | Event] = field(default_factory=list)
    viewer: int | None = None
    recorded: bool = False
    #: How many log lines this game has had in all (the log keeps the last LOG_LIMIT).
    log_total: int = 0
    #: The game's recent public events with their running indices, for "since your last turn".
    events: list[tuple[int, Event]] = field(default_factory=list)
    #: The human moves that may still be taken back (not saved: a resume starts afresh).
    takeback: TakeBackBuffer = field(default_factory=TakeBackBuffer, repr=False, compare=False)
    #: The human who made the latest human move and still has the device, if any.
    undo_seat: int | None = field(default=None, repr=False, compare=False)
    _undo_logs: list = field(default_factory=list, repr=False, compare=False)
    #: This game's deck as dealt and every move since, so the records can replay it
    #: (None: a save from before histories were kept; that game is recorded without one).
    deck: list[Card] | None = field(default=None, repr=False)
    history: list[Move] | None = field(default=None, repr=False)
    #: The recorded game whose deal this game plays again (a duplicate), by its key.
    same_deal_as: str = ""

    @property
    def log(self) -> list[str]:
        """The recent public log as lines of text, in the log voice of ``palace_tui.words``."""
        return [log_entry_text(x, self.names) for x in self.log_entries]

    @log.setter
    def log(self, lines: list[str | Event]) -> None:
        self.log_entries = list(lines)

    # ------------------------------------------------------------ creation

    @classmethod
    def new(cls, seats: list[SeatConfig], rules: Rules, seed: int | None = None,
            preset: str | None = None, table_id: str | None = None, dealer: int = 0) -> "Session":
        """A new table with its first game dealt (ValueError if the seats don't fit the rules)."""
        names = [s.name for s in seats]
        if len(set(n.casefold() for n in names)) != len(names):
            raise ValueError("every seat needs a different name")
        if any(not n.strip() for n in names):
            raise ValueError("every seat needs a name")
        session = cls(table_id=table_id or uuid.uuid4().hex[:12], seats=list(seats), rules=rules,
                      preset=preset if preset is not None else rules.preset_name(), seed=seed,
                      game=Game(rules, names))
        session._deal(dealer)
        return session

    def _deal(self, dealer: int) -> None:
        if self.seed is None:
            game_seed = random.randrange(2**31)
        else:
            game_seed = self.seed + self.game_number
        # The shuffle is dealt from its end: the dealing order is that reversed.
        self.deal_deck(shuffled_deck(self.rules.packs, self.rules.jokers, game_seed)[::-1], dealer, game_seed)

    def deal_deck(self, deck: list[Card], dealer: int, seed: int | None = None, same_deal_as: str = "") -> None:
        """Deal this game from ``deck``, listed in dealing order (a replayed or duplicate deal)."""
        self.game = Game.deal(self.rules, self.names, seed=seed, dealer=dealer, deck=deck)
        self.deck = list(deck)
        self.history = []
        self.same_deal_as = same_deal_as
        self.game_id = f"{self.table_id}-{self.game_number + 1}"
        self.started = now_iso()
        self.recorded = False
        self.log = [f"Game {self.game_number + 1}: {self.names[dealer]} deals"]
        self.log_total = 1
        self.events = []
        self.viewer = None
        self.forget_take_back()

    @classmethod
    def from_record(cls, record, same_deal_as: str, *, shift: int = 1, table_id: str | None = None,
                    games_so_far: int = 0) -> "Session":
        """The same deal as a recorded game (a :class:`~palace_tui.store.gamefile.GameRecord`), played
        again at its table with every player moved ``shift`` seats round ("duplicate"): the cards
        seat 1 held go to the player who sat ``shift`` seats after it, and so on.

        ``games_so_far`` is how many games the table has had, so this one is numbered next.
        """
        infos = record.seats[shift % len(record.seats):] + record.seats[:shift % len(record.seats)]
        seats = [SeatConfig(s.name, s.human, s.level or default_level()) for s in infos]
        session = cls(table_id=table_id or uuid.uuid4().hex[:12], seats=seats, rules=record.rules,
                      preset=record.rules.preset_name(), seed=None, game=Game(record.rules, [s.name for s in seats]),
                      game_number=games_so_far)
        session._deal(record.dealer)
        session.deal_deck(list(record.deck), record.dealer, record.seed, same_deal_as=same_deal_as)
        session.log = [f"Game {session.game_number + 1}: the deal of an earlier game again, seats moved round; "
                       f"{session.names[record.dealer]} deals"]
        return session

    def duplicate(self, same_deal_as: str, shift: int = 1) -> "Session":
        """This table's game just played, dealt again with the players moved ``shift`` seats round."""
        record = self.game_record()
        return Session.from_record(record, same_deal_as, shift=shift, table_id=self.table_id,
                                   games_so_far=self.game_number + 1)

    def play_again(self) -> None:
        """Deal the next game at the same table; the next dealer follows the rules."""
        dealer = self.game.next_dealer()
        self.game_number += 1
        self._deal(dealer)

    # ------------------------------------------------------------ queries

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def humans(self) -> list[int]:
        """Seats played by people."""
        return [i for i, s in enumerate(self.seats) if s.human]

    def is_human(self, seat: int) -> bool:
        return self.seats[seat].human

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the game waits for, or None when it is over."""
        return None if self.game.phase == "over" else self.game.turn

    def needs_pass(self, seat: int) -> bool:
        """Whether the screen must go dark before ``seat`` (a human) sees its cards.

        With one human at the table there is nobody to hide from; with several, the
        screen is passed whenever a different human is to act.
        """
        return self.is_human(seat) and len(self.humans) > 1 and self.viewer != seat

    # ------------------------------------------------------------ moves

    def apply(self, move: Move) -> list[Event]:
        """Play a move for the seat to act; IllegalMove changes nothing."""
        events = self.game.play(move)
        if self.history is not None:
            self.history.append(move)
        self._log(events)
        self._observe(events)
        return events

    def _game_players(self):
        """The computer players made so far for this game (the cache keeps older games')."""
        for (game_id, _seat), player in self.__dict__.get("_players", {}).items():
            if game_id == self.game_id:
                yield player

    def _observe(self, events: list[Event]) -> None:
        """Show a move's public events to this game's computer players that remember them."""
        for player in self._game_players():
            if hasattr(player, "observe"):
                player.observe(events)

    def play_human(self, move: Move) -> list[Event]:
        """Play a person's move, keeping what is needed to take it back (IllegalMove changes nothing)."""
        seat = self.game.turn
        if self.takeback.seat != seat:
            self._undo_logs.clear()
        self.takeback.before(self.game, seat)
        kept = (list(self.log_entries), self.log_total, list(self.events))
        try:
            events = self.apply(move)
        except IllegalMove:
            self.takeback.refused()
            raise
        self.takeback.after(events)
        if self.takeback.seat == seat and self.takeback.status()[0]:
            self._undo_logs.append(kept)
        else:
            self._undo_logs.clear()
        self.undo_seat = seat
        return events

    def take_back_status(self) -> tuple[bool, str]:
        """Whether the latest human move may be taken back now, and the sentence why (not)."""
        return self.takeback.status()

    def take_back(self) -> int:
        """Put the game back as it was before the latest human move; returns that seat.

        ValueError with the reason when it can't be taken back.
        """
        seat = self.takeback.seat
        game = self.takeback.take_back()
        self.game = game
        self._trim_history()
        if self._undo_logs:
            self.log_entries, self.log_total, self.events = self._undo_logs.pop()
        # The computer players' memory went past the move taken back: start it again
        # from this game's public events (empty when the oldest have been dropped).
        for player in self._game_players():
            memory = getattr(player, "memory", None)
            if memory is not None:
                memory.reset()
                player.observe(self.public_events() or [])
        assert seat is not None
        return seat

    def _trim_history(self) -> None:
        """Drop the moves taken back: keep the longest start of the history that replays to this game."""
        if self.history is None or self.deck is None:
            return
        from palace_tui.store.gamefile import ReplayError, replay
        record = self.game_record()
        for keep in range(len(self.history), -1, -1):
            record.moves = self.history[:keep]
            try:
                if replay(record).game == self.game:
                    self.history = self.history[:keep]
                    return
            except ReplayError:
                continue
        self.history = None  # cannot happen while take-back restores a copy; never record a wrong history

    def device_passed(self, seat: int) -> None:
        """``seat``'s cards are shown now: another person's move can't be taken back any more."""
        if self.undo_seat is not None and self.undo_seat != seat:
            self.forget_take_back()

    def forget_take_back(self, why: str | None = None) -> None:
        """Nothing may be taken back any more."""
        if why:
            self.takeback.clear(why)
        else:
            self.takeback = TakeBackBuffer()
            self.undo_seat = None
        self._undo_logs.clear()

    def computer_move(self) -> list[Event]:
        """Let the computer seat to act choose and play one move."""
        return self.play_computer(self.computer_chooser()())

    def computer_chooser(self) -> Callable[[], Move]:
        """A function that picks the computer's move on a copy of the game (safe in a worker thread)."""
        player = self._player(self.game.turn)
        game = self.game.copy()
        return lambda: player.choose(game)

    def play_computer(self, move: Move | None) -> list[Event]:
        """Play the computer seat's chosen move (None or a refused move: the first legal one)."""
        seat = self.game.turn
        try:
            if move is None:
                raise IllegalMove("no move chosen")
            events = self.apply(move)
        except IllegalMove:
            # A computer player's mistake must not stop the table: play the first legal move.
            events = self.apply(self.game.legal_moves()[0])
        if self.takeback.seat is not None:
            self.forget_take_back(f"{self.names[seat]} has moved since, so that move can't be taken back.")
        return events

    def _player(self, seat: int):
        from palace_tui.ai import make_player
        cache = self.__dict__.setdefault("_players", {})
        key = (self.game_id, seat)
        if key not in cache:
            level = self.seats[seat].level
            seed = (self.game.seed or 0) * 8 + seat + self.game.moves
            try:
                cache[key] = make_player(level, seed)
            except ValueError:
                cache[key] = make_player("random", seed)
            if hasattr(cache[key], "observe"):
                # A player made mid-game catches up on the public events so far.
                cache[key].observe(self.public_events() or [])
        return cache[key]

    def abandon(self) -> list[Event]:
        """Stop the game with no result."""
        events = self.game.abandon()
        self._log(events)
        return events

    def _log(self, events: list[Event]) -> None:
        names = self.names
        index = self.events[-1][0] + 1 if self.events else 0
        for e in events:
            self.events.append((index, e))
            index += 1
            if e.kind == "over":
                continue
            self.log_entries.append(e)
            self.log_total += 1
        del self.log_entries[:-LOG_LIMIT]
        del self.events[:-EVENT_LIMIT]

    def public_events(self) -> list[Event] | None:
        """Every public event of this game, or None when the oldest have been dropped."""
        if self.events and self.events[0][0] != 0:
            return None
        return [e for _, e in self.events]

    # ------------------------------------------------------------ records

    def record(self) -> dict[str, Any]:
        """The finished (or abandoned) game as the store's ``record_game`` wants it.

        ``history`` is the game file text (see :mod:`palace_tui.store.gamefile`) that replays
        it, or None when this game's moves were not kept (a save from an older version).
        """
        out = self.game.outcome()
        assert out is not None, "the game is not over"
        ended = now_iso()
        history = None
        if self.history is not None and self.deck is not None:
            from palace_tui.store.gamefile import format_game
            record = self.game_record()
            record.ended = ended
            history = format_game(record)
        return {
            "table_id": self.table_id, "game_id": self.game_id, "players": self.names,
            "preset": self.preset, "rules": self.rules.as_dict(), "seed": self.game.seed,
            "started": self.started, "ended": ended, "order": list(out.order),
            "points": list(out.points), "scoring": self.rules.scoring,
            "winner": out.winner, "loser": out.loser, "abandoned": out.abandoned,
            "history": history, "same_deal_as": self.same_deal_as or None,
        }

    def game_record(self):
        """This game so far as a :class:`~palace_tui.store.gamefile.GameRecord` (needs its deck and history)."""
        from palace_tui.store.gamefile import GameRecord, SeatInfo
        assert self.deck is not None and self.history is not None, "this game's moves were not kept"
        seats = [SeatInfo(s.name, s.human, "" if s.human else s.level) for s in self.seats]
        return GameRecord(self.rules, seats, self.game.seed, self.game.dealer or 0, list(self.deck),
                          list(self.history), abandoned=self.game.abandoned, number=self.game_number + 1,
                          same_deal_as=self.same_deal_as)

    # ------------------------------------------------------------ saving

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the store; :meth:`from_dict` restores the same position."""
        return {
            "format": SESSION_FORMAT, "version": SESSION_VERSION,
            "table_id": self.table_id, "seats": [asdict(s) for s in self.seats],
            "rules": self.rules.as_dict(), "preset": self.preset, "seed": self.seed,
            "game": self.game.to_json(), "dealer": self.game.dealer,
            "game_number": self.game_number, "game_id": self.game_id, "started": self.started,
            "log": [x if isinstance(x, str) else event_to_list(0, x)[1:] for x in self.log_entries[-LOG_LIMIT:]], "log_total": self.log_total, "viewer": self.viewer, "recorded": self.recorded,
            "events": [event_to_list(i, e) for i, e in self.events[-EVENT_LIMIT:]],
            "deck": None if self.deck is None else cards_code(self.deck),
            "history": None if self.history is None else [m.code() for m in self.history],
            "same_deal_as": self.same_deal_as,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Session":
        """Read :meth:`to_dict` back; damaged data raises ValueError saying what is wrong."""
        if not isinstance(data, dict) or data.get("format") != SESSION_FORMAT:
            raise ValueError("this is not a palace-tui session")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise ValueError("the saved session is damaged: it has no valid version")
        if version > SESSION_VERSION:
            raise ValueError("this session was saved by a newer palace-tui")
        _check_session_shape(data)
        try:
            seats = [SeatConfig(str(s["name"]), bool(s.get("human", True)), str(s.get("level", "random")),
                                bool(s.get("coach", True)))
                     for s in data["seats"]]
            rules = Rules(**data["rules"])
            game = Game.from_json(data["game"])
            viewer = data.get("viewer")
            session = cls(table_id=str(data["table_id"]), seats=seats, rules=rules,
                          preset=data.get("preset"), seed=data.get("seed"), game=game,
                          game_number=int(data.get("game_number", 0)), game_id=str(data.get("game_id", "")),
                          started=str(data.get("started", "")),
                          # Saves from before the log kept events hold its lines as text.
                          log_entries=[clean_text(x) if isinstance(x, str) else event_from_list([0, *x])[1]
                                       for x in data.get("log", [])],
                          viewer=viewer if isinstance(viewer, int) else None,
                          recorded=bool(data.get("recorded", False)),
                          log_total=int(data.get("log_total", len(data.get("log", [])))),
                          # Saves from before the event log have none: the recap starts afresh.
                          events=[event_from_list(x) for x in data.get("events", [])][-EVENT_LIMIT:])
            if isinstance(data.get("deck"), str) and isinstance(data.get("history"), list):
                try:
                    session.deck = parse_cards(data["deck"])
                    session.history = [Move.from_code(str(code)) for code in data["history"]]
                except ValueError:  # a damaged history only costs this game's review, not the game
                    session.deck = session.history = None
                session.same_deal_as = str(data.get("same_deal_as") or "")
        except (KeyError, TypeError, IndexError, OverflowError, RecursionError) as exc:
            raise ValueError(f"the saved session is damaged ({exc!r})") from None
        n = len(game.seats)
        if len(seats) != n:
            raise ValueError("the saved session is damaged: seats and game disagree")
        if not game.to_dict()["full_deck"]:
            # A table set up from a position (tests, lessons) is not a whole deck; a save that turned
            # its deck check off still may not hold a card twice.
            check_no_extra_cards(game)
        if session.viewer is not None and not 0 <= session.viewer < n:
            raise ValueError(f"the saved session is damaged: the screen shows seat {session.viewer}, which is not a seat")
        for event in [e for e in session.log_entries if isinstance(e, Event)] + [e for _, e in session.events]:
            if event.kind not in EVENT_KINDS:
                raise ValueError(f"the saved session is damaged: it has an event of no known kind ({event.kind[:20]!r})")
            if event.seat is not None and not 0 <= event.seat < n:
                raise ValueError(f"the saved session is damaged: an event names seat {event.seat}, which is not a seat")
        indices = [i for i, _ in session.events]
        if any(a >= b for a, b in zip(indices, indices[1:])):
            raise ValueError("the saved session is damaged: its events are out of order")
        if session.rules != game.rules:
            raise ValueError("the saved session is damaged: the table's rules and the game's disagree")
        return session


def _check_session_shape(data: dict[str, Any]) -> None:
    """Raise ValueError unless the session's fields have the types :meth:`Session.to_dict` writes."""
    def bad(what: str) -> ValueError:
        return ValueError(f"the saved session is damaged: {what}")

    seats = data.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, dict) and isinstance(s.get("name"), str) for s in seats):
        raise bad("its seats are not a list of named seats")
    for s in seats:
        if any(not isinstance(s.get(k, True), bool) for k in ("human", "coach")) or \
                not isinstance(s.get("level", ""), str):
            raise bad(f"seat {s['name']!r} is neither clearly human nor computer")
    if not isinstance(data.get("rules"), dict) or not isinstance(data.get("game"), str):
        raise bad("its rules or its game are missing")
    for key in ("game_number", "log_total"):
        value = data.get(key, 0)
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10**9:
            raise bad(f"its {key.replace('_', ' ')} {value!r} is impossible")
    for key in ("seed", "viewer"):
        value = data.get(key)
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise bad(f"its {key} {value!r} is not a whole number")
    if not isinstance(data.get("recorded", False), bool):
        raise bad("its recorded flag is not true or false")
    if not isinstance(data.get("log", []), list) or not isinstance(data.get("events", []), list):
        raise bad("its log or events are not lists")
    if not all(isinstance(e, list) and len(e) == 6 for e in data.get("events", [])):
        raise bad("an event is not a list of six values")
    if not all(isinstance(x, str) or (isinstance(x, list) and len(x) == 5) for x in data.get("log", [])):
        raise bad("a log line is neither text nor an event")
    for key in ("table_id", "game_id", "started"):
        if not isinstance(data.get(key, ""), str):
            raise bad(f"its {key.replace('_', ' ')} is not text")
    if data.get("preset") is not None and not isinstance(data.get("preset"), str):
        raise bad("its preset is not text")


def log_entry_text(entry: str | Event, names: list[str]) -> str:
    """A log entry as its line: a header as it is, an event in the log voice."""
    return entry if isinstance(entry, str) else str(log_sentence(entry, names))


def event_to_list(index: int, event: Event) -> list:
    """A kept public event as plain JSON data: ``[index, kind, seat, "7H 7D", count, reason]``."""
    return [index, event.kind, event.seat, " ".join(c.code for c in event.cards), event.count, event.reason]


def event_from_list(data: list) -> tuple[int, Event]:
    """Read :func:`event_to_list` back (ValueError or TypeError when damaged)."""
    index, kind, seat, cards, count, reason = data
    parsed = tuple(Card.parse(c) for c in str(cards).split())
    return int(index), Event(str(kind), None if seat is None else int(seat), parsed, int(count), str(reason))


class MemoryStore:
    """A stand-in for ``palace_tui.store.Store`` when it can't be loaded: keeps
    this run's records in memory, saves nothing to disk."""

    def __init__(self, data_dir=None) -> None:
        self.warnings: list[str] = []
        self._session: dict | None = None
        self._last_table: dict | None = None
        self._records: dict[str, dict] = {}

    def save_session(self, data: dict) -> None:
        self._session = data

    def load_session(self) -> dict | None:
        return self._session

    def clear_session(self) -> None:
        self._session = None

    def save_last_table(self, data: dict) -> None:
        self._last_table = data

    def last_table(self) -> dict | None:
        return self._last_table

    def record_game(self, record: dict) -> None:
        if not record.get("abandoned"):  # an abandoned game counts in no score
            self._records[record["game_id"]] = record

    def scoreboard(self, table_id: str) -> list[dict]:
        """Rows with name, games, wins, losses, points and place, best first."""
        rows: dict[str, dict] = {}
        scoring = "podium"
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
        key = {"podium": lambda x: -x["points"], "losses": lambda x: x["losses"],
               "wins": lambda x: -x["wins"]}[scoring]
        ordered = sorted(rows.values(), key=key)
        place, last = 0, None
        for k, row in enumerate(ordered):
            if key(row) != last:
                place, last = k + 1, key(row)
            row["place"] = place
        return ordered


def open_store(data_dir=None):
    """The persistent store, or a :class:`MemoryStore` when it is missing or fails to open."""
    try:
        from palace_tui.store import Store  # type: ignore[attr-defined]
    except ImportError:
        return MemoryStore(data_dir)
    try:
        return Store(data_dir=data_dir)
    except Exception as exc:  # the game must start even when the disk won't cooperate
        store = MemoryStore(data_dir)
        store.warnings.append(f"Saving is off for this run: the data folder could not be opened ({exc}).")
        return store
