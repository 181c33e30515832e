"""The middle of the table: the pile (top card large), what may be played, stock and cleared."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message

from ..rules import SeatView
from .card_art import Slot, cards_inline, render_row
from .lines_static import LinesStatic

DIM = Style(dim=True)
BOLD = Style(bold=True)


class PileView(LinesStatic):
    """The pile's top card as a box, the run on top, the requirement and the counts."""

    DEFAULT_CSS = """
    PileView { height: auto; }
    """

    class Pressed(Message):
        """The pile was clicked (the screen takes it, if taking is allowed)."""

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Pressed())

    def show(self, view: SeatView) -> None:
        """Render the pile, stock and cleared counts of ``view``."""
        if view.pile:
            box = render_row([Slot(view.pile[-1])], 5).split("\n")
        else:
            box = [Text("╭┄┄┄╮", DIM), Text("┆   ┆", DIM), Text("╰┄┄┄╯", DIM)]
        run = Text()
        if view.pile:
            run_cards, _, kind = view.pile_run.partition(": ")
            top = view.pile[-len(run_cards.split()):] if run_cards else ()
            run.append_text(cards_inline(top))
            if kind:
                run.append(f": {kind}", BOLD)
        else:
            run.append("empty pile", DIM)
        need = Text()
        need.append("play ", DIM)
        need.append(view.requirement, BOLD)
        size = Text(f"{len(view.pile)} card{'s' if len(view.pile) != 1 else ''} in the pile", DIM)
        lines = [box[0] + Text(" ") + run, box[1] + Text(" ") + need, box[2] + Text(" ") + size,
                 Text(f"stock {view.stock_count} · cleared {view.cleared_count}")]
        self.show_lines(lines)
