"""Getting about the table: Home/End, a rank's key jumps to it, Esc clears marks, PgUp/PgDn
scroll the log, and the mouse.

:class:`HandKeys` is a part of the table screen (its state is declared in
:class:`~.table_screen.TableScreen`; when its keys show is in :mod:`.key_modes`). It only
moves the cursor and the marks; every move still goes through the table's own actions
(and so through the engine).
"""

from __future__ import annotations

from palace_tui.rules.cards import rank_name
from palace_tui.tui.screens.card_keys import RANK_KEYS
from palace_tui.tui.screens.table_screen import TableScreen
from palace_tui.tui.widgets.card_row import CardRow
from palace_tui.tui.widgets.pile_view import PileView

#: Which of the seat's rows each card-row widget draws.
ROW_OF = {"hand-row": "hand", "up-row": "face_up", "down-row": "face_down"}


class HandKeys(TableScreen):
    """Home/End, rank keys, Esc, and clicks on cards and on the pile."""

    def action_cursor_end(self, last: bool) -> None:
        """The cursor to the first (Home) or last (End) card of the row."""
        n = len(self.active_cards(self.view()))
        if n:
            self.cursor[self.row] = n - 1 if last else 0
        self.message = None
        self.redraw(cards_only=True)

    def action_jump(self, key: str) -> None:
        """The cursor to the next card of the rank ``key`` names (cycling through them)."""
        rank = RANK_KEYS[key]
        cards = self.active_cards(self.view())
        n = len(cards)
        at = self.cursor[self.row]
        hits = [i for k in range(1, n + 1) if (c := cards[(i := (at + k) % n)]) is not None and c.rank == rank]
        if hits:
            self.cursor[self.row] = hits[0]
            self.message = None
            self.redraw(cards_only=True)
        elif self.row != "face_down":
            where = "in your hand" if self.row == "hand" else "face up"
            self.note.say("Cards", f"You have no {rank_name(rank)} {where}.")

    def action_log_page(self, step: int) -> None:
        """Scroll the log a page back (-1) or forward (1); it cannot take the focus from the cards."""
        log = self.query_one("#log")
        (log.scroll_page_up if step < 0 else log.scroll_page_down)(animate=False)

    def on_resize(self) -> None:
        # The app's size classes (compact, roomy: tall cards) may have changed: draw again.
        self.call_after_refresh(self.redraw)

    def action_clear_marks(self) -> None:
        """Unmark every card."""
        self.marked.clear()
        self.message = None
        self.redraw(cards_only=True)

    async def on_card_row_picked(self, event: CardRow.Picked) -> None:
        """A click puts the cursor on a card; a click on the card under the cursor marks it
        (or turns it, face down), as Space (or Enter) would."""
        row = ROW_OF.get(event.row.id or "")
        mode = self.mode()
        if row is None or mode in ("wait", "over"):
            return
        if row != self.row:
            if mode != "swap" or row == "face_down":
                return  # the other rows are dimmed: not in play now
            self.row = row
        elif self.cursor[row] == event.index:
            await self.run_action("flip" if row == "face_down" else "mark")
            return
        self.cursor[row] = event.index
        self.message = None
        self.redraw(cards_only=True)

    def on_pile_view_pressed(self, event: PileView.Pressed) -> None:
        """A click on the pile takes it, like t (or says why not)."""
        if self.check_action("take", ()) is True:
            self.action_take()
        elif self.mode() not in ("wait", "over"):
            self.action_why_not("take")
