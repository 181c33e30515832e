"""Take-back: undo a human's last move while nothing new has been revealed.

A move may be taken back until the device passes to another human (or another
seat moves), and only if it showed no new card to anyone: no card drawn from the
stock, no face-down card turned, no pile taken, and the game not over. Pure
Python; the app binds a key to :class:`TakeBackBuffer`.

>>> from palace_tui.rules import Game, Move, Rules
>>> game = Game.from_position(Rules(), seats=[{"hand": "9S 4C"}, {"hand": "5D"}], pile="6H")
>>> buffer = TakeBackBuffer()
>>> buffer.before(game, seat=0)
>>> buffer.after(game.play(Move.play("9S")))
>>> buffer.status()
(True, 'Take back 9♠.')
>>> game = buffer.take_back()
>>> [str(c) for c in game.seats[0].hand]
['4♣', '9♠']
"""

from __future__ import annotations

from collections.abc import Sequence

from palace_tui.rules import Event, Game
from palace_tui.rules.cards import cards_text

#: Why a move can't be taken back, by the first event kind that forbids it.
REFUSALS = {
    "drew": "Cards were drawn from the stock and seen, so this move can't be taken back.",
    "flipped": "A face-down card was turned over and everyone saw it, so this move can't be taken back.",
    "failed": "A face-down card was turned over and everyone saw it, so this move can't be taken back.",
    "took": "The pile was taken into a hand, so this move can't be taken back.",
    "over": "The game is over, so the last move can't be taken back.",
    "abandoned": "The game was abandoned.",
    "swapped": "Setup moves are changed by swapping again, not taken back.",
    "ready": "Setup is finished for this seat.",
    "chose": "The face-up cards are chosen and shown, so this can't be taken back.",
}
NOTHING = "There is no move to take back."


def can_take_back(events: Sequence[Event]) -> tuple[bool, str]:
    """Whether a move with these events may be taken back, and a sentence saying why or why not."""
    if not events:
        return False, NOTHING
    for e in events:
        if e.kind in REFUSALS:
            return False, REFUSALS[e.kind]
    played = [c for e in events if e.kind == "played" for c in e.cards]
    if not played:
        return False, NOTHING
    return True, f"Take back {cards_text(played)}."


class TakeBackBuffer:
    """The game as it was before the human's latest move(s), while they may be taken back.

    Call :meth:`before` with the game just before a human's move and :meth:`after`
    with its events. Call :meth:`clear` when any other seat moves or the device is
    passed to another human. Consecutive moves of one seat (an extra turn after a
    clear) stack, and each key press takes back the latest.
    """

    def __init__(self) -> None:
        self._stack: list[tuple[Game, tuple[Event, ...]]] = []
        self._pending: Game | None = None
        self._seat: int | None = None
        self._why = NOTHING

    @property
    def seat(self) -> int | None:
        """The seat whose move is held, if any."""
        return self._seat if self._stack else None

    def before(self, game: Game, seat: int) -> None:
        """Remember the position before ``seat`` moves (a copy; ``game`` may then change)."""
        if seat != self._seat:
            self._stack.clear()
        self._seat = seat
        self._pending = game.copy()

    def after(self, events: Sequence[Event]) -> None:
        """The move was played with these events: keep it if it may be taken back."""
        if self._pending is None:
            return
        ok, why = can_take_back(events)
        if ok:
            self._stack.append((self._pending, tuple(events)))
        else:
            # Going back past a move that revealed a card would reveal-and-hide it.
            self._stack.clear()
            self._why = why
        self._pending = None

    def refused(self) -> None:
        """The move was illegal and changed nothing: forget the pending copy."""
        self._pending = None

    def clear(self, why: str = "The device has passed to another player since that move.") -> None:
        """Nothing may be taken back any more (another seat moved, or the device passed)."""
        if self._stack:
            self._why = why
        self._stack.clear()
        self._pending = None

    def status(self) -> tuple[bool, str]:
        """Whether the take-back key works now, and the sentence for its tooltip or refusal."""
        if self._stack:
            return can_take_back(self._stack[-1][1])
        return False, self._why

    def take_back(self) -> Game:
        """The game as it was before the latest held move; ValueError with the reason if none."""
        ok, why = self.status()
        if not ok:
            raise ValueError(why)
        game, _ = self._stack.pop()
        if not self._stack:
            self._why = NOTHING
        return game.copy()
