"""What a lesson is: a position, a question, and how the engine's answer is judged.

A lesson never compares strings to decide whether a move was right: it plays the
move on a copy of the position with the rules engine and asks a :class:`Check`
about the events and the position that result.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from palace_tui.rules import Card, Event, Game, Move, Rules
from palace_tui.rules.cards import TEN, parse_cards
from palace_tui.rules.powers import Power
from palace_tui.words.options import settings_words


@dataclass(frozen=True)
class Result:
    """A legal move played on a copy of the lesson's position: the input to a check."""

    before: Game
    move: Move
    events: tuple[Event, ...]
    after: Game
    learner: int

    def kinds(self) -> list[str]:
        """The kinds of the events, in order."""
        return [e.kind for e in self.events]

    def played(self) -> tuple[Card, ...]:
        """The cards the learner laid on the pile by this move."""
        return tuple(c for e in self.events if e.kind == "played" and e.seat == self.learner for c in e.cards)

    def cleared(self, reason: str | None = None) -> bool:
        """Whether the pile was cleared (``reason`` ``"ten"`` or ``"four"``)."""
        return any(e.kind == "cleared" and (reason is None or e.reason == reason) for e in self.events)


#: A predicate on a :class:`Result`: True when the move is what the lesson teaches.
Check = Callable[[Result], bool]


@dataclass(frozen=True)
class Lesson:
    """One short lesson: a rule, a position built with ``Game.from_position``, one question.

    ``right`` decides with the engine whether a legal move is the one the lesson
    asks for; ``praise`` is shown after it, ``not_quite`` after a legal move that
    misses the point (the position is then put back), ``hint`` after an illegal
    attempt, following the engine's own sentence.
    """

    id: str
    title: str
    rule: str
    prompt: str
    seats: tuple[dict[str, Any], ...]
    right: Check | None
    praise: str
    not_quite: str
    hint: str
    options: dict[str, Any] = field(default_factory=dict)
    pile: str = ""
    stock: str = ""
    learner: int = 0
    pile_owner: int | None = None
    direction: int = 1
    #: ``core`` lessons make the five-minute course; ``option`` lessons teach a house rule.
    part: str = "core"
    #: Extra words after a not-quite move, chosen by the move (None: use ``not_quite``).
    not_quite_for: Callable[[Result], str | None] | None = None
    #: The position is the deal itself (setup phase, ``Game.deal`` with these cards), not play.
    dealt: bool = False
    #: The dealer of a dealt position (setup starts on the dealer's left).
    dealer: int = 0
    #: Moves (codes) made before the learner acts: the other seats' ``ready``, or the learner's own
    #: play whose draw the lesson is about.
    before: tuple[str, ...] = ()
    #: For a page: the box the screen it describes puts up (a title line, then the body),
    #: drawn framed under the rule.
    picture: str = ""
    #: The rank power this lesson teaches (a value of the rank options: ``skip``, ``low``...),
    #: for a table that gives it to any rank, not only to the one in ``options``.
    power: str = ""
    #: For the page about the pass screen: the name it passes to (the lesson screen shows the
    #: table's own pass box for that name).
    pass_to: str = ""
    #: The words for a finger (``palace serve`` on a phone or tablet, which may have no
    #: keyboard) where the keyboard's words name keys: by field (``rule``, ``prompt``,
    #: ``hint``, ``praise``, ``picture``). A tap on a card points at it, a tap on the card pointed at marks
    #: it (or turns it, face down), and the footer's buttons are named as it names them.
    touch: dict[str, str] = field(default_factory=dict)

    @property
    def is_page(self) -> bool:
        """A page only to read (no position, no move): Enter finishes it."""
        return self.right is None

    def says(self, name: str, touch: bool = False) -> str:
        """The lesson's ``name`` field (``rule``, ``prompt``, ``hint``, ``praise``, ``picture``) in the words
        for keys, or for a finger (``touch``)."""
        if touch and name in self.touch:
            return self.touch[name]
        words: str = getattr(self, name)
        return words

    @property
    def rules(self) -> Rules:
        """The rules in force: the palace preset with this lesson's options."""
        return Rules.preset("palace").replace(**self.options)

    @property
    def names(self) -> list[str]:
        return [s.get("name", f"Seat {i + 1}") for i, s in enumerate(self.seats)]

    def position(self) -> Game:
        """A fresh game at the lesson's position, the learner to act."""
        if self.is_page:
            raise ValueError(f"lesson {self.id!r} is a page to read: it has no position")
        if not self.dealt:
            game = Game.from_position(
                self.rules,
                seats=[dict(s) for s in self.seats],
                pile=self.pile,
                stock=self.stock,
                turn=self.learner,
                pile_owner=self.pile_owner,
                direction=self.direction,
            )
        else:
            game = Game.deal(self.rules, self.names, dealer=self.dealer, deck=self.deck())
        for code in self.before:
            game.play(Move.from_code(code))
        return game

    def deck(self) -> list[Card]:
        """The cards of a dealt lesson in the order ``Game.deal`` hands them out."""
        rules, n = self.rules, len(self.seats)
        order = [(self.dealer + 1 + i) % n for i in range(n)]
        rows = [
            {zone: parse_cards(seat.get(zone, "")) for zone in ("face_down", "face_up", "hand")} for seat in self.seats
        ]
        deck: list[Card] = []
        for zone, count in (("face_down", rules.face_down), ("face_up", rules.face_up), ("hand", rules.hand_size)):
            for k in range(count):
                deck += [rows[i][zone][k] for i in order]
        # The stock is listed bottom first, as in from_position; the deal draws from the top.
        return deck + parse_cards(self.stock)[::-1]

    def teaches(self, rules: Rules) -> bool:
        """Whether a table playing ``rules`` plays exactly the house rule this lesson teaches."""
        return bool(self.options) and all(getattr(rules, name) == value for name, value in self.options.items())

    def teaches_power(self, rules: Rules) -> bool:
        """Whether a table playing ``rules`` gives this lesson's rank power to some rank."""
        return bool(self.power) and bool(rules.ranks_with(Power(self.power)))

    def option_words(self) -> str:
        """The options this lesson turns on, as the new-table screen names them: ``Sevens: low``
        (empty for the core rules)."""
        return settings_words(self.options)


# ---------------------------------------------------------------- small checks


def plays_rank(*ranks: int, count: int | None = None) -> Check:
    """Right when the learner lays cards of one of ``ranks`` (``count`` of them, if given)."""

    def check(r: Result) -> bool:
        cards = r.played()
        return (
            r.move.kind == "play" and bool(cards) and cards[0].rank in ranks and (count is None or len(cards) == count)
        )

    return check


def any_play(r: Result) -> bool:
    """Right for any legal play of cards (not a take)."""
    return r.move.kind == "play"


def clears(reason: str) -> Check:
    """Right when the move clears the pile for ``reason`` and the learner plays again."""

    def check(r: Result) -> bool:
        return r.cleared(reason) and r.after.turn == r.learner and r.after.phase == "play"

    return check


def takes(r: Result) -> bool:
    """Right when the learner took the pile."""
    return any(e.kind == "took" and e.seat == r.learner for e in r.events)


def flips(r: Result) -> bool:
    """Right for turning a face-down card, whatever it turns out to be."""
    return r.move.kind == "flip"


def swaps_face_up(*ranks: int) -> Check:
    """Right when a setup swap puts a card of one of ``ranks`` face up."""

    def check(r: Result) -> bool:
        return any(e.kind == "swapped" and e.seat == r.learner and e.cards[1].rank in ranks for e in r.events)

    return check


def leads(r: Result) -> bool:
    """Right when the learner's move ends the setup and the engine gives the learner the lead."""
    return any(e.kind == "starts" and e.seat == r.learner for e in r.events)


def out_and_palace(seat: int) -> Check:
    """Right when the learner goes out and ``seat`` is left the last with cards (the Palace)."""

    def check(r: Result) -> bool:
        outcome = r.after.outcome()
        return outcome is not None and outcome.loser == seat and r.learner in outcome.order

    return check


def both(*checks: Check) -> Check:
    """Right when every check is."""

    def check(r: Result) -> bool:
        return all(c(r) for c in checks)

    return check


__all__ = [
    "TEN",
    "Check",
    "Lesson",
    "Result",
    "any_play",
    "both",
    "clears",
    "flips",
    "leads",
    "out_and_palace",
    "plays_rank",
    "swaps_face_up",
    "takes",
]
