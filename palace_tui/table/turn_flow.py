"""The turn at a shared keyboard: whose cards are up, step by step.

Pure Python (no Textual): the table screen asks this module what comes next and
renders the answer; it never decides on its own whose cards to show. The session
owns the flow (:attr:`~palace_tui.table.session.Session.flow`), so whose cards are
up is known in this one place and saved with the game. A turn goes

* **act**: the seat to act sees its own cards and plays;
* **result**: after a person's move, the same person sees what it did (the card
  turned, the cards drawn, the pile taken, out and in which place). Take-back is
  offered here; Enter ends the turn. A clear's extra turn simply goes on acting;
* **watch**: computers play on the public table at their pause. With several
  people at the table nobody's cards are up; with one person and computers that
  person's cards stay up (nobody else is meant to look), as they always have;
* **pass**: an opaque screen names only the next person; their Enter is the only
  way on. Then **act** again for them.

A setup turn (swap or choose) ends with its own key (ready, or laying the cards
up): nothing was drawn or turned, so there is no result to see and the screen
goes dark at once.

>>> flow = TurnFlow(humans={0, 1})
>>> flow.start(to_act=0)
Turn(step=<Step.PASS: 'pass'>, seat=0, shown=None)
>>> flow.passed()
Turn(step=<Step.ACT: 'act'>, seat=0, shown=0)
>>> flow.after_move(mover=0, to_act=2)
Turn(step=<Step.RESULT: 'result'>, seat=0, shown=0)
>>> flow.end_turn(to_act=2)
Turn(step=<Step.WATCH: 'watch'>, seat=2, shown=None)
>>> flow.after_move(mover=2, to_act=1)
Turn(step=<Step.PASS: 'pass'>, seat=1, shown=None)
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from enum import StrEnum


class Step(StrEnum):
    """Where a turn at the shared keyboard is."""

    #: Not on a screen yet: ``shown`` is whose cards were up when the session was saved or handed over.
    START = "start"
    #: The seat to act sees its own cards and plays.
    ACT = "act"
    #: A person's move is made; the mover still sees what it did until Enter.
    RESULT = "result"
    #: A computer plays on the public table.
    WATCH = "watch"
    #: The opaque pass screen names the next person.
    PASS = "pass"
    #: The game is over (or abandoned): nobody's cards are up.
    OVER = "over"


@dataclass(frozen=True)
class Turn:
    """One step of the flow.

    ``seat`` is who the step is about: the seat acting (act, watch), the mover
    (result) or the person to hand the keyboard to (pass). ``shown`` is the only
    seat whose private cards may be on screen now, or None for nobody's.
    """

    step: Step
    seat: int | None
    shown: int | None


class TurnFlow:
    """Decides each step from who is to act; holds only the current step.

    ``humans`` are the seats played by people (the rest are computers). ``shown``
    is the seat whose cards are up before the flow starts (a save's, or a table
    handed over mid-turn), None for nobody's.
    """

    def __init__(self, humans: AbstractSet[int], shown: int | None = None) -> None:
        self.humans = frozenset(humans)
        #: Several people share the keyboard: hide and pass between them.
        self.shared = len(self.humans) > 1
        self._must_pass = False
        self.turn = Turn(Step.START, None, shown)

    @property
    def shown(self) -> int | None:
        """The only seat whose private cards may be on screen now (None: nobody's)."""
        return self.turn.shown

    @property
    def alone(self) -> int | None:
        """The one person at a table of computers (None when several share it)."""
        return next(iter(self.humans)) if len(self.humans) == 1 else None

    def _set(self, step: Step, seat: int | None, shown: int | None) -> Turn:
        self.turn = Turn(step, seat, shown)
        return self.turn

    # ------------------------------------------------------------ transitions

    def start(self, to_act: int | None, resumed: bool = False) -> Turn:
        """The game is on the screen (a fresh deal, a resume, play again).

        If the seat whose cards are up is the person to act, their turn goes on
        without a pass; ``resumed`` (the game was put back from a save) always passes
        first, even for a lone person: someone else may be at the keyboard now.
        """
        self._must_pass = resumed
        shown = self.turn.shown
        if shown is not None and shown == to_act and shown in self.humans and not resumed:
            return self._set(Step.ACT, to_act, to_act)
        return self._hand_on(to_act)

    def after_move(self, mover: int, to_act: int | None, setup_done: bool = False, offer: bool = False) -> Turn:
        """``mover`` just moved and ``to_act`` is next (None: the game is over).

        ``setup_done``: the move ended the mover's setup (ready, or the face-up
        cards laid), which needs no result step. ``offer``: the table must ask everyone
        something in public before anyone moves again (a burn-in), so a person who plays
        on at a shared keyboard sees the result and hides their cards first.
        """
        if to_act is None:
            return self._set(Step.OVER, None, None)
        human = mover in self.humans
        if human and to_act == mover and not (offer and self.shared):
            return self._set(Step.ACT, mover, mover)  # more setup, or the extra turn after a clear
        if human and self.shared and not setup_done:
            return self._set(Step.RESULT, mover, mover)
        return self._hand_on(to_act)

    def end_turn(self, to_act: int | None) -> Turn:
        """Enter on the result step: from now on nobody's cards are up until the pass."""
        return self._hand_on(to_act, hidden=True)

    def burned_in(self, to_act: int | None) -> Turn:
        """A seat completed a burn out of turn on the public table and leads: hand the keyboard
        on to it (a pass at a shared keyboard, the lone person's cards up again, a computer plays)."""
        return self._hand_on(to_act)

    def hand_on(self, to_act: int | None) -> Turn:
        """The table changed without a move of the person at the screen (a device elsewhere moved,
        or took its move back): whoever's cards were up go dark, and the keyboard goes to ``to_act``
        (a pass for a person here, the public table for anyone else)."""
        return self._hand_on(to_act)

    def passed(self) -> Turn:
        """Enter on the pass screen: the named person's cards come up."""
        assert self.turn.step == Step.PASS and self.turn.seat is not None
        self._must_pass = False
        return self._set(Step.ACT, self.turn.seat, self.turn.seat)

    def taken_back(self, seat: int) -> Turn:
        """The mover took the move back: it is their turn again, cards up."""
        return self._set(Step.ACT, seat, seat)

    def over(self) -> Turn:
        """The game ended (the last card, or abandoned)."""
        return self._set(Step.OVER, None, None)

    def _hand_on(self, to_act: int | None, hidden: bool = False) -> Turn:
        if to_act is None:
            return self._set(Step.OVER, None, None)
        lone = None if (self.shared or self._must_pass or hidden) else self.alone
        if to_act not in self.humans:
            return self._set(Step.WATCH, to_act, lone)
        if lone is not None:
            return self._set(Step.ACT, to_act, to_act)
        return self._set(Step.PASS, to_act, None)

    # ------------------------------------------------------------ questions

    def offers_take_back(self) -> bool:
        """Whether the take-back key belongs to this step (the session says if it works).

        On the result step, during a clear's extra turn, and, with one person and
        computers, while the computers play (the person still has the keyboard).
        Never on a pass screen or a fresh turn after one.
        """
        step = self.turn.step
        if step in (Step.RESULT, Step.ACT):
            return True
        return step == Step.WATCH and self.turn.shown is not None
