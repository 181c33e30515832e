"""The app session: one table of seats playing one game after another.

A :class:`Session` is everything the app needs to put the same position back on
the screen: the table (seats, rules, seed), the current game, its one history of
public events (the log and the recap read it), the turn flow (whose cards are up:
:attr:`Session.viewer` is read from it) and the moves that may still be taken back.
After every change to the game it calls its :attr:`~Session.saver` (the app's
autosave); whoever moves the turn flow on saves by :meth:`Session.save_view`. It
never imports Textual, so it is tested on its own.

>>> s = Session.new([SeatConfig("Ann"), SeatConfig("Ben", human=False)], Rules.preset("palace"), seed=7)
>>> s.game.phase, s.game.seed
('setup', 7)
>>> Session.from_dict(s.to_dict()).game == s.game
True
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable
from dataclasses import InitVar, dataclass, field
from typing import Any

from palace_tui.rules import Card, Event, Game, IllegalMove, Move, Rules
from palace_tui.rules.cards import shuffled_deck
from palace_tui.rules.gamefile import GameRecord, ReplayError, replay
from palace_tui.store.memory import MemoryStore, open_store
from palace_tui.table.codec import event_from_list, event_to_list, session_from_data, session_to_data
from palace_tui.table.computers import ComputerPlayer, Computers
from palace_tui.table.history import EVENT_LIMIT, LOG_LIMIT, History, LogEntry, log_entry_text, public
from palace_tui.table.identity import table_key
from palace_tui.table.recording import game_record, now_iso, result_record
from palace_tui.table.seats import SeatConfig, computer_levels, default_level
from palace_tui.table.takeback import Snapshot, TakeBack
from palace_tui.table.turn_flow import TurnFlow
from palace_tui.words import take_back as take_back_words

__all__ = [
    "EVENT_LIMIT",
    "LOG_LIMIT",
    "MemoryStore",
    "SeatConfig",
    "Session",
    "computer_levels",
    "default_level",
    "event_from_list",
    "event_to_list",
    "log_entry_text",
    "now_iso",
    "open_store",
]

#: Saves a session (the app's autosave); the session calls it after every change it makes.
Saver = Callable[["Session"], None]
#: Shown the session after every move, before it is saved (the app's judge of the review).
Watcher = Callable[["Session"], None]


@dataclass
class Session:
    """A table and its current game. Moves go through :meth:`apply` so the history follows."""

    table_id: str
    seats: list[SeatConfig]
    rules: Rules
    preset: str | None
    seed: int | None
    game: Game
    game_number: int = 0
    game_id: str = ""
    started: str = ""
    recorded: bool = False
    #: The game's public history, from which the log and the recap are read.
    public_history: History = field(default_factory=History)
    #: The human moves that may still be taken back (not saved: a resume starts afresh).
    takeback: TakeBack = field(default_factory=TakeBack, repr=False, compare=False)
    #: This game's deck as dealt and every move since, so the records can replay it
    #: (None: a save from before histories were kept; that game is recorded without one).
    deck: list[Card] | None = field(default=None, repr=False)
    history: list[Move] | None = field(default=None, repr=False)
    #: The recorded game whose deal this game plays again (a duplicate), by its key.
    same_deal_as: str = ""
    #: The name of the table's own saved rule set it plays ("" for a preset or rules with no name).
    rules_name: str = ""
    #: The computer players made so far (not saved: made again on resume).
    computers: Computers = field(default_factory=Computers, repr=False, compare=False)
    #: Called with the session after every change it makes (None: nothing saves it).
    saver: Saver | None = field(default=None, repr=False, compare=False)
    #: This game's decisions judged for its review while it is played, by their keys, as plain
    #: data (:mod:`palace_tui.table.judging`); saved with the game, never shown during it.
    judged: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    #: Called with the session after every move, once it is saved (None: nobody watches).
    watcher: Watcher | None = field(default=None, repr=False, compare=False)
    #: The seat whose cards are up as the session is handed to a screen (a save's, a test's);
    #: from then on :attr:`flow` knows, and :attr:`viewer` reads it.
    shown: InitVar[int | None] = None
    #: Whose cards are up and what comes next at the shared keyboard (not compared: a screen's state).
    flow: TurnFlow = field(init=False, repr=False, compare=False)
    #: What the latest move did (its public events), for the screen to show what changed; not saved.
    last_events: tuple[Event, ...] = field(default=(), init=False, repr=False, compare=False)
    #: The viewer the last save wrote (a change of it is worth a save).
    _saved_viewer: int | None = field(init=False, default=None, repr=False, compare=False)

    def __post_init__(self, shown: int | None) -> None:
        self.flow = TurnFlow(set(self.humans), shown)
        self._saved_viewer = shown

    @property
    def viewer(self) -> int | None:
        """The seat whose cards are on screen (None: nobody's), as the turn flow says."""
        return self.flow.shown

    # ------------------------------------------------------------ the history, read

    @property
    def log(self) -> list[str]:
        """The recent public log as lines of text, in the log voice of ``palace_tui.words``."""
        return self.public_history.log(self.names)

    @property
    def log_entries(self) -> list[LogEntry]:
        """The recent public log as data: header lines and the events they word."""
        return self.public_history.log_entries()

    @property
    def log_total(self) -> int:
        """How many log lines this game has had in all (the log keeps the last LOG_LIMIT)."""
        return self.public_history.total

    @property
    def events(self) -> list[tuple[int, Event]]:
        """The game's recent public events with their running indices, for "since your last turn"."""
        return self.public_history.recent()

    def public_events(self) -> list[Event] | None:
        """Every public event of this game, as the coach, the computer players and the review
        read them; None for a save from before every event was kept that kept no deal and moves
        to catch up from (see :meth:`from_dict`): its oldest events are lost."""
        return self.public_history.public_events()

    def catch_up_history(self) -> None:
        """A save from before every event was kept: its older events, made again by replaying
        the deal and the moves, go before the ones it kept (nothing changes unless they match)."""
        kept = self.public_history.entries
        if not kept or kept[0][0] == 0 or self.deck is None or self.history is None:
            return
        try:
            played = replay(self.game_record())
        except ReplayError:
            return
        events = [public(e) for step in played.steps for e in step.events]
        first = kept[0][0]
        if len(events) != kept[-1][0] + 1 or events[first:] != [e for _, e in kept]:
            return
        self.public_history.entries = [*enumerate(events[:first]), *kept]

    # ------------------------------------------------------------ saving, when

    def save(self) -> None:
        """Hand the session to its saver (the app's autosave), if it has one."""
        self._saved_viewer = self.viewer
        if self.saver is not None:
            self.saver(self)

    def save_view(self) -> None:
        """Save if whose cards are up has changed since the last save (the turn flow moved on)."""
        if self.viewer != self._saved_viewer:
            self.save()

    # ------------------------------------------------------------ creation

    @classmethod
    def new(
        cls,
        seats: list[SeatConfig],
        rules: Rules,
        seed: int | None = None,
        preset: str | None = None,
        table_id: str | None = None,
        dealer: int = 0,
        rules_name: str = "",
    ) -> Session:
        """A new sitting with its first game dealt (ValueError if the seats don't fit the rules).

        Its table is the one these people play at under these rules (:mod:`.identity`): the
        scoreboard and the story of earlier sittings go on, unless ``table_id`` names another.
        """
        names = [s.name for s in seats]
        if len({n.casefold() for n in names}) != len(names):
            raise ValueError("every seat needs a different name")
        if any(not n.strip() for n in names):
            raise ValueError("every seat needs a name")
        session = cls(
            table_id=table_id or table_key(names, rules),
            seats=list(seats),
            rules=rules,
            preset=preset if preset is not None else rules.preset_name(),
            seed=seed,
            game=Game(rules, names),
            rules_name=rules_name,
        )
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
        # The table goes on from sitting to sitting: the game's key must not be an earlier sitting's.
        self.game_id = f"{self.table_id}-{self.game_number + 1}-{uuid.uuid4().hex[:8]}"
        self.started = now_iso()
        self.recorded = False
        self.judged = {}
        self.public_history = History.start(f"Game {self.game_number + 1}: {self.names[dealer]} deals")
        self.flow = TurnFlow(set(self.humans))
        self.last_events = ()
        self.forget_take_back()

    @classmethod
    def from_record(
        cls,
        record: GameRecord,
        same_deal_as: str,
        *,
        shift: int = 1,
        table_id: str | None = None,
        games_so_far: int = 0,
    ) -> Session:
        """The same deal as a recorded game, played again at its table with every player moved
        ``shift`` seats round ("duplicate"): the cards seat 1 held go to the player who sat
        ``shift`` seats after it, and so on.

        ``games_so_far`` is how many games the table has had, so this one is numbered next.
        """
        infos = record.seats[shift % len(record.seats) :] + record.seats[: shift % len(record.seats)]
        seats = [SeatConfig(s.name, s.human, s.level or default_level()) for s in infos]
        session = cls(
            table_id=table_id or uuid.uuid4().hex[:12],
            seats=seats,
            rules=record.rules,
            preset=record.rules.preset_name(),
            seed=None,
            game=Game(record.rules, [s.name for s in seats]),
            game_number=games_so_far,
        )
        session._deal(record.dealer)
        session.deal_deck(list(record.deck), record.dealer, record.seed, same_deal_as=same_deal_as)
        session.public_history = History.start(
            f"Game {session.game_number + 1}: the deal of an earlier game again, seats moved round; "
            f"{session.names[record.dealer]} deals"
        )
        return session

    def continue_table(self, games_before: int) -> None:
        """Number this sitting's first game after the ``games_before`` its table has played in
        earlier sittings ("Game 8", not "Game 1", where the scoreboard shows 7 games).

        Only before its first move, and only for a shuffled table: a seeded one deals from its
        seed and its game number, and must deal the same cards whatever the records hold.
        """
        if games_before <= 0 or self.game_number or self.history or self.seed is not None:
            return
        dealer = self.game.dealer or 0
        self.game_number = games_before
        self.game_id = f"{self.table_id}-{self.game_number + 1}-{uuid.uuid4().hex[:8]}"
        self.public_history = History.start(f"Game {self.game_number + 1}: {self.names[dealer]} deals")

    def play_again(self) -> None:
        """Deal the next game at the same table; the next dealer follows the rules."""
        dealer = self.game.next_dealer()
        self.game_number += 1
        self._deal(dealer)
        self.save()

    # ------------------------------------------------------------ queries

    @property
    def names(self) -> list[str]:
        """The seats' names, in seat order."""
        return [s.name for s in self.seats]

    @property
    def humans(self) -> list[int]:
        """Seats played by people."""
        return [i for i, s in enumerate(self.seats) if s.human]

    def is_human(self, seat: int) -> bool:
        """Whether a person plays ``seat``."""
        return self.seats[seat].human

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the game waits for, or None when it is over."""
        return None if self.game.phase == "over" else self.game.turn

    # ------------------------------------------------------------ moves

    def apply(self, move: Move) -> list[Event]:
        """Play a move for the seat to act, then save; IllegalMove changes nothing."""
        events = self.game.play(move)
        self.last_events = tuple(events)
        if self.history is not None:
            self.history.append(move)
        self.public_history.add(events)
        self.computers.observe(self.game_id, events)
        self.save()  # the move is kept first: nothing a watcher does can lose it
        if self.watcher is not None:
            self.watcher(self)  # what it adds (judgements) goes with the next save
        return events

    def play_human(self, move: Move) -> list[Event]:
        """Play a person's move, keeping what is needed to take it back (IllegalMove changes nothing)."""
        seat = self.game.turn
        moves = None if self.history is None else len(self.history)
        before = Snapshot(self.game.copy(), self.public_history.copy(), moves)
        events = self.apply(move)
        self.takeback.record(seat, before, events)
        return events

    def take_back_status(self) -> tuple[bool, str]:
        """Whether the latest human move may be taken back now, and the sentence why (not)."""
        return self.takeback.status()

    def take_back_offered(self) -> bool:
        """Whether the seat whose cards are up may take its move back now: its own latest move,
        not in setup, at a step of the turn that offers it (see :meth:`TurnFlow.offers_take_back`)."""
        viewer = self.viewer
        if viewer is None or self.takeback.mover != viewer or self.game.phase == "setup":
            return False
        return self.flow.offers_take_back() and self.takeback.status()[0]

    def take_back(self) -> int:
        """Put the table back as it was before the latest human move, then save; returns that seat.

        ValueError with the reason when it can't be taken back.
        """
        seat = self.takeback.seat
        snapshot = self.takeback.pop()
        assert seat is not None
        self.game = snapshot.game
        self.public_history = snapshot.history
        self.last_events = ()
        if self.history is not None and snapshot.moves is not None:
            del self.history[snapshot.moves :]
        # The computer players' memory went past the move taken back: start it again
        # from this game's public events (empty when the oldest have been dropped).
        self.computers.restart(self.game_id, self.public_events())
        self.save()
        return seat

    def device_passed(self, seat: int) -> None:
        """``seat``'s cards are shown now: another person's move can't be taken back any more."""
        if self.takeback.mover is not None and self.takeback.mover != seat:
            self.forget_take_back()

    def forget_take_back(self, why: str | None = None) -> None:
        """Nothing may be taken back any more; ``why`` (another seat moved) is what u then says,
        else the mover is forgotten too (the keyboard has passed on, or a new game began)."""
        if why:
            self.takeback.forget(why)
        else:
            self.takeback = TakeBack()

    def computer_move(self) -> list[Event]:
        """Let the computer seat to act choose and play one move."""
        return self.play_computer(self.computer_chooser()())

    def computer_chooser(self) -> Callable[[], Move]:
        """A function that picks the computer's move on a copy of the game (safe in a worker thread)."""
        player = self.computer_player(self.game.turn)
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
        self.takeback.forget(take_back_words.moved_since(self.names[seat]))
        return events

    def computer_player(self, seat: int) -> ComputerPlayer:
        """The computer player of ``seat`` in this game (made on first use, caught up on the game so far)."""
        seed = (self.game.seed or 0) * 8 + seat + self.game.moves
        return self.computers.player(self.game_id, seat, self.seats[seat].level, seed, self.public_events())

    def play_burn_in(self, move: Move, seat: int) -> list[Event]:
        """``seat`` completes a burn out of turn (the house rule burn_in; ``move`` is
        ``Move.burn_in(seat)``): played, saved and recorded like any move; nothing before it
        can be taken back any more (IllegalMove changes nothing)."""
        events = self.apply(move)
        self.takeback.forget(take_back_words.moved_since(self.names[seat]))
        return events

    def computer_wants_burn_in(self, seat: int) -> bool:
        """Whether the computer at ``seat`` burns in when it can: always, since a burn clears
        the pile and gives the lead (a card that completes one is never better kept)."""
        return not self.is_human(seat)

    def abandon(self) -> list[Event]:
        """Stop the game with no result, then save."""
        events = self.game.abandon()
        self.last_events = tuple(events)
        self.public_history.add(events)
        self.save()
        return events

    # ------------------------------------------------------------ records

    def record(self) -> dict[str, Any]:
        """The finished (or abandoned) game as the store's ``record_game`` wants it (see
        :func:`~palace_tui.table.recording.result_record`)."""
        return result_record(self)

    def game_record(self) -> GameRecord:
        """This game so far as a :class:`~palace_tui.rules.gamefile.GameRecord` (needs its deck and history)."""
        return game_record(self)

    # ------------------------------------------------------------ the saved dict

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the store's envelope (see :mod:`palace_tui.table.codec`); :meth:`from_dict`
        restores the same position."""
        return session_to_data(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Session:
        """Read :meth:`to_dict` (or a save of version 1) back; damaged data raises ValueError saying what.
        A save from before every event was kept is caught up from its deal and moves."""
        session = session_from_data(cls, data)
        session.catch_up_history()
        return session
