"""The table behind one door: everything a table screen may read of a table and ask of it.

A table screen (:mod:`palace_tui.tui.table`) never holds a :class:`~palace_tui.rules.Game` or a
:class:`~palace_tui.table.session.Session`. It holds a :class:`TableDoor` and

* **reads** the table as plain data: :meth:`TableDoor.table` (who sits where, the rules),
  :meth:`TableDoor.view` (the view of the seat whose cards are up on this device, or the public
  view when nobody's are), :meth:`TableDoor.public` (the public history: the log, the recent
  events, what the last move did) and :meth:`TableDoor.now` (what may be done now: whose turn,
  the step of the turn on this device, the take-back, the burn-in window);
* **asks** by :meth:`TableDoor.send` with a :data:`Request` (a move, a take-back, the end of a
  turn, the pass screen passed, a burn-in claim, the coach, why a key is greyed...);
* **hears** the answers as :data:`TableEvent` values handed to the one listener it gave
  :meth:`TableDoor.listen` (a move made, a move refused, the next step of the turn, the coach's
  advice, a sentence to show...). A table changed by someone else (another device, the host's
  computers) is heard the same way.

Two tables open this door: :class:`~palace_tui.table.hot_seat.HotSeatTable` (today's game at one
keyboard, in process, over a ``Session``: it answers at once, inside :meth:`~TableDoor.send`) and a
remote client (the host on another machine: it answers when the host's message comes in). A screen
must work with either, so it never assumes an answer has come when ``send`` returns.

Everything that crosses the door is plain, immutable data that a wire can carry as JSON: frozen
dataclasses and named tuples of ``str``, ``int``, ``bool``, ``None``, tuples, and the engine's
value types (:class:`~palace_tui.rules.Card` and :class:`~palace_tui.rules.Move` have ``code`` /
``from_code``, :class:`~palace_tui.rules.Rules` has ``to_json`` / ``from_json``,
:class:`~palace_tui.rules.Event` is a named tuple of those,
:class:`~palace_tui.rules.SeatView` a frozen dataclass of those). ``kind`` on every request and
event names it on the wire. Two capabilities of an in-process table are not data and do not cross
a wire: :meth:`TableDoor.computer_thinker` and :meth:`TableDoor.coach_thinker` hand the screen
work to run in its own worker thread (the hot seat's computers and coach think on this machine);
a remote table returns None from both, plays its computers itself and answers :class:`AskCoach`
with :class:`CoachAdvised`.

Privacy: a door hands out only what this device may see. :meth:`TableDoor.view` is the view of
``now().turn.shown`` (a seat on this device whose cards are up), else a public view with no hand
and no legal moves; events carry only public facts (a draw counts, never shows, its cards), except
:attr:`Moved.drawn`, which only the mover's own device is given.

Changes to this interface (keep it small and stable; note every change here):

* version 1 (this one): first published. Since: ``Said.asked`` (which request it answers);
  ``BurnInWindow.missing`` (was ``need``), the engine's own name; ``SeatInfo.here`` is True for
  a computer this device runs (the screen paces only those).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, Protocol

from palace_tui.rules import Card, Event, Move, Rules, SeatView
from palace_tui.table.turn_flow import Step, Turn

#: The door's version: a remote client and its host must agree on it.
DOOR_VERSION = 1

__all__ = [
    "DOOR_VERSION",
    "Abandon",
    "AskCoach",
    "BurnInAsked",
    "BurnInDeclined",
    "BurnInRefused",
    "BurnInWindow",
    "BurnedIn",
    "ClaimBurnIn",
    "CoachAdvised",
    "ComputerMove",
    "EndTurn",
    "ExplainPile",
    "Followed",
    "LogEntry",
    "MakeMove",
    "Moved",
    "Now",
    "OfferBurnIn",
    "Passed",
    "Public",
    "Refused",
    "Request",
    "Said",
    "SeatInfo",
    "Start",
    "Step",
    "TableDoor",
    "TableEvent",
    "TableInfo",
    "TakeBack",
    "TakeBackNow",
    "TakenBack",
    "Turn",
    "WhyNot",
    "public_view",
]

#: A line of the log: a header as text ("Game 2: Ann deals") or an event, worded by the screen.
LogEntry = str | Event


# ---------------------------------------------------------------- what a screen reads


@dataclass(frozen=True)
class SeatInfo:
    """One seat, as everyone may know it."""

    #: The seat's name.
    name: str
    #: A person plays it (anywhere); False: a computer.
    human: bool
    #: Played on this device: a person at it, or a computer this device runs (the hot seat: every
    #: seat; a remote client: its own people's seats, never a computer, which its host plays).
    here: bool
    #: The coach (h) may advise this seat (a setting of the seat; only people get one).
    coach: bool


@dataclass(frozen=True)
class TableInfo:
    """The table's fixed facts for the current game: its rules and its seats, in seat order."""

    rules: Rules
    seats: tuple[SeatInfo, ...]
    #: The saved rule set's name the table plays, or "" (then the rules are told by their options).
    rules_name: str = ""

    @property
    def names(self) -> list[str]:
        """The seats' names, in seat order."""
        return [s.name for s in self.seats]

    @property
    def computers(self) -> set[int]:
        """The seats computers play."""
        return {i for i, s in enumerate(self.seats) if not s.human}


@dataclass(frozen=True)
class Public:
    """The game's public history: the log, the recent events, what the last move did."""

    #: The log's latest lines (at most its limit), oldest first.
    log: tuple[LogEntry, ...]
    #: How many log lines the game has had in all (the log keeps the latest).
    log_total: int
    #: The recent public events with their running indices, for "since your last turn".
    events: tuple[tuple[int, Event], ...]
    #: The public events of the latest move (empty after a take-back or a fresh deal).
    last: tuple[Event, ...]


@dataclass(frozen=True)
class TakeBackNow:
    """The take-back key (u) now, for the seat whose cards are up on this device."""

    #: u takes the latest move back now.
    offered: bool
    #: Why it can't (or what it would take back): the footer's tooltip.
    why: str
    #: The latest move that may be taken back is this seat's own (else u says so).
    mine: bool


@dataclass(frozen=True)
class BurnInWindow:
    """A burn-in (house rule burn_in) is open: the rank on top and how many cards complete it."""

    rank: int
    missing: int


@dataclass(frozen=True)
class Now:
    """What may be done now."""

    #: The engine's phase: ``setup``, ``play`` or ``over``.
    phase: str
    #: The seat whose decision the game waits for (None: the game is over).
    to_act: int | None
    #: The step of the turn on this device (whose cards are up; a pass screen to put up...).
    turn: Turn
    #: How many moves the game has had (a question asked at one count is stale at the next).
    moves: int
    #: The take-back key for the seat whose cards are up.
    take_back: TakeBackNow
    #: The open burn-in window, None when there is none.
    burn_in: BurnInWindow | None = None

    @property
    def shown(self) -> int | None:
        """The only seat whose cards may be on this device's screen now (None: nobody's)."""
        return self.turn.shown


# ---------------------------------------------------------------- what a screen asks (requests)


@dataclass(frozen=True)
class Start:
    """The table is on the screen (a fresh deal, a resume, play again): answered by :class:`Followed`
    (``first``). ``resumed``: put back from a save, so the pass screen comes first."""

    resumed: bool = False
    kind: Literal["start"] = "start"


@dataclass(frozen=True)
class MakeMove:
    """The seat whose cards are up makes ``move``: answered by :class:`Moved` or :class:`Refused`."""

    move: Move
    kind: Literal["move"] = "move"


@dataclass(frozen=True)
class EndTurn:
    """Enter on the result step: the turn is over, cards go dark. Answered by :class:`Followed`."""

    kind: Literal["end_turn"] = "end_turn"


@dataclass(frozen=True)
class Passed:
    """The pass screen for ``seat`` was passed: its cards come up. Answered by :class:`Followed`."""

    seat: int
    kind: Literal["passed"] = "passed"


@dataclass(frozen=True)
class TakeBack:
    """u: take the latest move back. Answered by :class:`TakenBack`; nothing happens when it is not
    offered (:attr:`Now.take_back` says so, and why, before the screen asks)."""

    kind: Literal["take_back"] = "take_back"


@dataclass(frozen=True)
class Abandon:
    """Stop the game with no result (asked and confirmed on the screen). Answered by :class:`Followed`."""

    kind: Literal["abandon"] = "abandon"


@dataclass(frozen=True)
class OfferBurnIn:
    """The screen is ready to put a burn-in offer up (the window is open, nobody's cards are up):
    answered by :class:`BurnedIn` (a computer took it), :class:`BurnInAsked` (people may claim) or
    :class:`BurnInDeclined` (nobody may)."""

    kind: Literal["offer_burn_in"] = "offer_burn_in"


@dataclass(frozen=True)
class ClaimBurnIn:
    """``seat`` claims the open burn-in: answered by :class:`BurnedIn` or :class:`BurnInRefused`."""

    seat: int
    kind: Literal["claim_burn_in"] = "claim_burn_in"


@dataclass(frozen=True)
class AskCoach:
    """The coach's move for ``seat`` (a remote table; the hot seat hands out a thinker):
    answered by :class:`CoachAdvised`. ``work``: the coach's search in simulated moves (None: its own)."""

    seat: int
    work: int | None = None
    kind: Literal["ask_coach"] = "ask_coach"


@dataclass(frozen=True)
class WhyNot:
    """Why ``key`` (``take``, ``enter``) does nothing now, in the engine's words; ``cards``: the marked
    cards (laying up). Answered by :class:`Said` (nothing when there is no reason to give)."""

    key: str
    cards: tuple[Card, ...] = ()
    kind: Literal["why_not"] = "why_not"


@dataclass(frozen=True)
class ExplainPile:
    """What may go on the pile now, and why (public facts): answered by :class:`Said`."""

    kind: Literal["explain_pile"] = "explain_pile"


@dataclass(frozen=True)
class ComputerMove:
    """The hot seat's screen paces the computers: play the computer to act's ``move`` (worked out by
    :meth:`TableDoor.computer_thinker`; None or refused: its first legal move), or with ``run``
    every computer move until a person is to act. Answered by :class:`Moved`. A remote table
    ignores it (its host plays its computers)."""

    move: Move | None = None
    run: bool = False
    kind: Literal["computer_move"] = "computer_move"


Request = (
    Start
    | MakeMove
    | EndTurn
    | Passed
    | TakeBack
    | Abandon
    | OfferBurnIn
    | ClaimBurnIn
    | AskCoach
    | WhyNot
    | ExplainPile
    | ComputerMove
)


# ---------------------------------------------------------------- what a screen hears (events)


@dataclass(frozen=True)
class Moved:
    """``seat`` moved (a person here, a person elsewhere or a computer); ``turn`` is the step to follow.

    ``events`` are the move's public events; ``drawn``: the cards the mover drew, given only to the
    mover's own device (empty elsewhere).
    ``person``: a person's move (the screen clears their marks and tells them what it did).
    """

    seat: int
    events: tuple[Event, ...]
    turn: Turn
    person: bool
    drawn: tuple[Card, ...] = ()
    kind: Literal["moved"] = "moved"


@dataclass(frozen=True)
class Refused:
    """The move was refused, with the engine's sentence: nothing changed."""

    why: str
    kind: Literal["refused"] = "refused"


@dataclass(frozen=True)
class Followed:
    """The turn moved on without a move (started, ended, passed, abandoned): follow ``turn``.
    ``first``: the answer to :class:`Start` (draw first, then follow)."""

    turn: Turn
    first: bool = False
    kind: Literal["followed"] = "followed"


@dataclass(frozen=True)
class TakenBack:
    """``seat``'s latest move was taken back (``what``: the sentence saying which); follow ``turn``."""

    seat: int
    what: str
    turn: Turn
    kind: Literal["taken_back"] = "taken_back"


@dataclass(frozen=True)
class BurnInAsked:
    """The table asks in public: ``question``, and the people who may claim (seat, name) in turn order."""

    question: str
    seats: tuple[tuple[int, str], ...]
    kind: Literal["burn_in_asked"] = "burn_in_asked"


@dataclass(frozen=True)
class BurnInDeclined:
    """Nobody may claim the open burn-in (or nobody did): play goes on."""

    kind: Literal["burn_in_declined"] = "burn_in_declined"


@dataclass(frozen=True)
class BurnInRefused:
    """``seat``'s burn-in claim was refused with the engine's sentence; the offer stays open."""

    seat: int
    why: str
    kind: Literal["burn_in_refused"] = "burn_in_refused"


@dataclass(frozen=True)
class BurnedIn:
    """``seat`` completed the burn out of turn (``events``: public); follow ``turn``."""

    seat: int
    events: tuple[Event, ...]
    turn: Turn
    kind: Literal["burned_in"] = "burned_in"


@dataclass(frozen=True)
class CoachAdvised:
    """The coach's ``move`` for ``seat`` and the reason (it names only cards that seat may see).
    ``error``: the coach failed (no advice; the screen says nothing)."""

    seat: int
    move: Move | None
    reason: str
    error: str = ""
    kind: Literal["coach_advised"] = "coach_advised"


@dataclass(frozen=True)
class Said:
    """A sentence for the note line, under ``label`` ("Pile", "Take", "Enter"...), answering the
    request of kind ``asked`` (``why_not``, ``explain_pile``)."""

    label: str
    text: str
    asked: str = ""
    kind: Literal["said"] = "said"


TableEvent = (
    Moved
    | Refused
    | Followed
    | TakenBack
    | BurnInAsked
    | BurnInDeclined
    | BurnInRefused
    | BurnedIn
    | CoachAdvised
    | Said
)

#: What the screen gives :meth:`TableDoor.listen`: called with every event, in order.
Listener = Callable[[TableEvent], None]


# ---------------------------------------------------------------- the door


class TableDoor(Protocol):
    """A table as a screen sees it. See the module's docstring."""

    def table(self) -> TableInfo:
        """The seats and the rules of the current game."""
        ...

    def view(self) -> SeatView:
        """The view of the seat whose cards are up on this device, else the public view
        (:func:`public_view`: no hand, no legal moves)."""
        ...

    def public(self) -> Public:
        """The public history."""
        ...

    def now(self) -> Now:
        """What may be done now."""
        ...

    def listen(self, listener: Listener | None) -> None:
        """Hand every event from now on to ``listener`` (None: to nobody; one listener at a time)."""
        ...

    def send(self, request: Request) -> None:
        """Ask the table; the answer comes as events (at once, or later)."""
        ...

    def computer_thinker(self) -> Callable[[], Move | None] | None:
        """Work out the computer to act's move in a worker thread (then send :class:`ComputerMove`);
        None: this table plays its computers itself (a remote host), or no computer is to act."""
        ...

    def coach_thinker(self, seat: int, work: int | None) -> Callable[[], CoachAdvised] | None:
        """Work out the coach's advice for ``seat`` in a worker thread; None: send :class:`AskCoach`."""
        ...


def public_view(view: SeatView) -> SeatView:
    """``view`` with nothing private left: no hand, no legal moves (what a screen with nobody's cards
    up draws from: the seats' public facts and the pile)."""
    return dataclasses.replace(view, hand=(), legal=(), playable_ranks=frozenset())
