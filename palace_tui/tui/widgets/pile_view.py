"""The middle of the table: the pile (top card large), what may be played, stock and cleared."""

from __future__ import annotations

from rich.containers import Lines
from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message

from palace_tui.rules import SeatView
from palace_tui.tui.widgets.card_art import Slot, cards_inline, render_row
from palace_tui.tui.widgets.lines_static import LinesStatic
from palace_tui.words import Cards, count, pile_run, requirement_text

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
            box = Lines([Text("╭┄┄┄╮", DIM), Text("┆   ┆", DIM), Text("╰┄┄┄╯", DIM)])
        run = Text()
        if view.pile:
            for part in pile_run(view.pile, view.run).parts:  # the run's cards, then ": 3 of a kind"
                if isinstance(part, Cards):
                    run.append_text(cards_inline(part))
                else:
                    run.append(part, BOLD)
        else:
            run.append("empty pile", DIM)
        need = Text()
        need.append("play ", DIM)
        need.append(requirement_text(view.need), BOLD)
        size = Text(f"{count(len(view.pile), 'card')} in the pile", DIM)
        lines = [
            box[0] + Text(" ") + run,
            box[1] + Text(" ") + need,
            box[2] + Text(" ") + size,
            Text(f"stock {view.stock_count} · cleared {view.cleared_count}"),
        ]
        self.show_lines(lines)
