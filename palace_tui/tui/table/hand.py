"""The seat's cards as one widget that owns them: the rows, the cursor, the card keys.

Modelled on Textual's ``OptionList``: :class:`Hand` holds the focus, owns the
:class:`~.card_cursor.CardCursor` (where the seat points, what it has marked), the card
keys (its ``BINDINGS``: a screen's hand lists them) and their ``check_action``, and tells its
screen what happened by messages: :class:`MoveChosen` when a key (or a click) makes a move,
:class:`Hand.Changed` when the cursor or the marks moved (the screen draws the cards and the
hint again), :class:`Hand.Missing` when a rank's key found no such card. The table screen
plays the move through its table's door; a lesson judges it. Neither carries the card
handlers any more.

The messages go to the hand's screen in the order the keys were pressed, and a key's action
returns once the screen has handled its message: a move chosen by Enter is made before the
next key is read, as when the screen held the keys itself.

What the keys may do is the screen's position, read through ``position()`` each time a key
is checked or pressed (:class:`HandPosition`: the seat's view, the screen's mode, the rules
and the mode's keys), so the hand never holds a stale view.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from textual.binding import BindingType
from textual.message import Message

from palace_tui.rules import Move, Rules, SeatView
from palace_tui.tui.table.card_cursor import CardCursor
from palace_tui.tui.table.key_modes import Ask, Mode, ModeKeys
from palace_tui.tui.widgets.card_row import CardRow
from palace_tui.tui.widgets.player_area import PlayerArea


class HandPosition(NamedTuple):
    """What the hand's keys work on now: the seat's ``view`` (None: no cards, a lesson's page), the
    screen's ``mode``, the ``rules`` and ``keys``, the mode's answers for each key (:mod:`.key_modes`)."""

    view: SeatView | None
    mode: Mode
    rules: Rules
    keys: ModeKeys

    @property
    def seat(self) -> SeatView:
        """The seat's view (only asked for while the mode has cards in play)."""
        if self.view is None:
            raise ValueError("no cards are in play")
        return self.view


@dataclass
class MoveChosen(Message):
    """A card key (or a click) chose ``move``: the screen makes it (the table plays it, a lesson judges it)."""

    move: Move


class Hand(PlayerArea, can_focus=True):
    """The seat's rows and hint line with their cursor and card keys (see the module's docstring).

    ``position`` returns the hand's :class:`HandPosition` now.
    """

    #: A screen's hand lists its card keys here (the table's, a lesson's: their ids differ).
    BINDINGS: ClassVar[list[BindingType]] = []

    @dataclass
    class Changed(Message):
        """The cursor or the marks changed: draw the seat's cards again. ``refusal``: a mark was
        refused, and why; ``clears``: whatever the hint said before goes (a row switch keeps it)."""

        refusal: str | None = None
        clears: bool = True

    @dataclass
    class Missing(Message):
        """A rank's key found no card of that rank: ``sentence`` says so."""

        sentence: str

    def __init__(self, position: Callable[[], HandPosition], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.position = position
        #: Where the seat points among its cards, and what it has marked.
        self.cursor = CardCursor()

    # ------------------------------------------------------------ which keys work

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The mode's answer for a card key (True: on; None: greyed out; False: hidden), asking the
        position where the mode says so (:mod:`.key_modes`)."""
        position = self.position()
        answer = position.keys.answer(action, parameters)
        if not isinstance(answer, Ask):
            return answer
        if answer is Ask.TAKE:
            return True if any(m.kind == "take" for m in position.seat.legal) else None
        if answer in (Ask.CHANCE, Ask.DONE):
            return any(m.kind == answer.value for m in position.seat.legal)
        if answer is Ask.CHOOSE:
            return True if len(self.cursor.marked) == position.rules.face_up else None
        raise ValueError(f"the hand has no answer to {answer}")

    # ------------------------------------------------------------ telling the screen

    async def _tell(self, message: Message) -> None:
        """Post ``message`` to the screen and return once the screen has handled it."""
        screen = self.screen
        handled = asyncio.Event()
        if screen.post_message(message) and screen.call_later(handled.set):
            await handled.wait()

    # ------------------------------------------------------------ the card keys

    async def action_cursor(self, step: int) -> None:
        """Move the cursor along the active row."""
        self.cursor.step(self.position().seat, step)
        await self._tell(self.Changed())

    async def action_cursor_end(self, last: bool) -> None:
        """The cursor to the first (Home) or last (End) card of the row."""
        self.cursor.to_end(self.position().seat, last)
        await self._tell(self.Changed())

    async def action_jump(self, key: str) -> None:
        """The cursor to the next card of the rank ``key`` names (cycling through them)."""
        missing = self.cursor.jump(self.position().seat, key)
        await self._tell(self.Changed() if missing is None else self.Missing(missing))

    async def action_row(self) -> None:
        """Setup swap: move between the hand and the face-up row."""
        self.cursor.switch_row()
        await self._tell(self.Changed(clears=False))

    async def action_mark(self) -> None:
        """Mark or unmark the card under the cursor; marks hold one rank (or face-up count)."""
        position = self.position()
        await self._tell(self.Changed(self.cursor.mark(position.seat, position.mode, position.rules)))

    def clear_marks(self) -> None:
        """Unmark every card (the screen's Escape: the screen draws the cards again after it)."""
        self.cursor.marked.clear()

    def choose(self, key: str) -> Move | None:
        """The move the card key ``key`` means now (:meth:`.CardCursor.move`), None when it means none."""
        position = self.position()
        return self.cursor.move(key, position.seat, position.mode, position.rules)

    async def action_make(self, key: str) -> None:
        """Choose the move the card key ``key`` means (play, turn over, swap, lay up, ready, take the
        pile, the chance card, done); the screen makes it."""
        move = self.choose(key)
        if move is not None:
            await self._tell(MoveChosen(move))

    async def on_card_row_picked(self, event: CardRow.Picked) -> None:
        """A click puts the cursor on a card; a click on the card under the cursor marks it
        (or turns it, face down), as Space (or Enter) would."""
        event.stop()
        action = self.cursor.pick(event.row.id, event.index, self.position().mode)
        if action == "cursor":
            await self._tell(self.Changed())
        elif action is not None:
            await self.run_action(action)
