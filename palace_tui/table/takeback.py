"""Take-back: undo a human's last move while nothing new has been revealed.

A move may be taken back until the device passes to another human (or another
seat moves), and only if it showed no new card to anyone: no card drawn from the
stock, no face-down card turned, and the game not over. Taking the pile may be taken
back: its cards were all played face up. Pure
Python: the session keeps a :class:`TakeBack` and the app binds a key to it.

What is kept is one stack of :class:`Snapshot`\\ s, the table as it was before each
move that may still be taken back: the game, its public history and how many moves
its record had. Taking back puts the latest snapshot back whole.

>>> from palace_tui.rules import Game, Move, Rules
>>> game = Game.from_position(Rules(), seats=[{"hand": "9S 4C"}, {"hand": "5D"}], pile="6H")
>>> takeback = TakeBack()
>>> before = Snapshot(game.copy(), History.start("Game 1"), moves=0)
>>> takeback.record(0, before, game.play(Move.play("9S")))
>>> takeback.status()
(True, 'Undo playing 9♠.')
>>> [str(c) for c in takeback.pop().game.seats[0].hand]
['4♣', '9♠']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from palace_tui.rules import Event, Game
from palace_tui.table.history import History
from palace_tui.words import take_back as take_back_words

#: The event kinds that forbid taking a move back: a card nobody had seen came into view (a draw,
#: a face-down card turned), the game ended, or setup (changed by swapping again, not taken back).
#: A take of the pile is not among them: every card of the pile was played face up, so the
#: taker learned nothing the table had not seen.
FORBIDDING = ("drew", "flipped", "failed", "over", "abandoned", "swapped", "ready", "chose")


def can_take_back(events: Sequence[Event]) -> tuple[bool, str]:
    """Whether a move with these events may be taken back, and a sentence saying why or why not."""
    for e in events:
        if e.kind in FORBIDDING:
            return False, take_back_words.refusal(e.kind)
    if not any(e.kind in ("played", "took") for e in events):
        return False, take_back_words.NOTHING
    return True, take_back_words.offer(events)


@dataclass(frozen=True)
class Snapshot:
    """The table as it was just before one human move (all of it copies the table no longer changes)."""

    #: The game before the move.
    game: Game
    #: The game's public history before the move.
    history: History
    #: How many moves the game's record held before it (None: this game's moves are not kept).
    moves: int | None
    #: What the move did, once played (it says whether, and why not, the move may be taken back).
    events: tuple[Event, ...] = ()


class TakeBack:
    """The human moves that may still be taken back, and whose they are.

    :meth:`record` each human move with the snapshot from before it; :meth:`forget`
    when another seat moves. Consecutive moves of one seat (an extra turn after a
    clear) stack, and each :meth:`pop` takes back the latest.
    """

    def __init__(self) -> None:
        #: The person who made the latest human move and still has the device (None: nobody).
        self.mover: int | None = None
        self._stack: list[Snapshot] = []
        self._why = take_back_words.NOTHING

    @property
    def seat(self) -> int | None:
        """The seat whose moves are held, if any."""
        return self.mover if self._stack else None

    def record(self, seat: int, before: Snapshot, events: Sequence[Event]) -> None:
        """``seat`` made a move from ``before`` with these events: keep it if it may be taken back."""
        if seat != self.mover:
            self._stack.clear()
        self.mover = seat
        ok, why = can_take_back(events)
        if ok:
            self._stack.append(Snapshot(before.game, before.history, before.moves, tuple(events)))
        else:
            # Going back past a move that revealed a card would reveal-and-hide it.
            self._stack.clear()
            self._why = why

    def forget(self, why: str) -> None:
        """Nothing may be taken back any more (another seat moved); ``why`` is what u says now."""
        if self._stack:
            self._why = why
        self._stack.clear()

    @property
    def latest(self) -> tuple[Event, ...]:
        """What the latest held move did (empty when none is held)."""
        return self._stack[-1].events if self._stack else ()

    def status(self) -> tuple[bool, str]:
        """Whether the take-back key works now, and the sentence for its tooltip or refusal."""
        if self._stack:
            return can_take_back(self._stack[-1].events)
        return False, self._why

    def pop(self) -> Snapshot:
        """The table as it was before the latest held move; ValueError with the reason if none."""
        ok, why = self.status()
        if not ok:
            raise ValueError(why)
        snapshot = self._stack.pop()
        if not self._stack:
            self._why = take_back_words.NOTHING
        return snapshot
