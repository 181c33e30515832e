"""The middle of the table: the pile (top card large), what may be played, stock and cleared."""

from __future__ import annotations

from rich.containers import Lines
from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message

from palace_tui.rules import Rules, SeatView
from palace_tui.table.last_move import Changes
from palace_tui.tui.widgets.card_art import Slot, cards_inline, render_row
from palace_tui.tui.widgets.lines_static import LinesStatic
from palace_tui.words import Cards, count, pile_run, requirement_text, requirement_words

DIM = Style(dim=True)
BOLD = Style(bold=True)
#: What the last move changed, for a moment (reverse: it shows without colour too).
CHANGED = Style(reverse=True)


class PileView(LinesStatic):
    """The pile's top card as a box, the run on top, the requirement and the counts.

    While the last move is lit up, the panel has the class ``-changed`` if the move changed
    the pile (its background flashes and fades), and the run, the cleared count or the
    stock count it changed stand out.
    """

    DEFAULT_CSS = """
    PileView { height: auto; transition: background 800ms in_out_cubic; }
    PileView.-changed { background: $warning 30%; transition: background 0ms; }
    """

    class Pressed(Message):
        """The pile was clicked (the screen takes it, if taking is allowed)."""

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Pressed())

    def show(self, view: SeatView, changes: Changes | None = None, rules: Rules | None = None) -> None:
        """Render the pile, stock and cleared counts of ``view``, what ``changes`` says the
        last move changed standing out (with ``rules``, the house ranks that go on anything named too)."""
        self.set_class(changes is not None and changes.pile, "-changed")
        if view.pile:
            box = render_row([Slot(view.pile[-1])], 5).split("\n")
        else:
            box = Lines([Text("╭┄┄┄╮", DIM), Text("┆   ┆", DIM), Text("╰┄┄┄╯", DIM)])
        run = Text()
        if view.pile:
            for part in pile_run(view.pile, view.run, view.see_through).parts:  # the run's cards, then ": 3 of a kind"
                if isinstance(part, Cards):
                    run.append_text(cards_inline(part))
                else:
                    run.append(part, BOLD)
        else:
            run.append("empty pile", DIM)
        if changes is not None and changes.pile:
            run.stylize(CHANGED)
        need = Text()
        need.append("play ", DIM)
        need.append(requirement_text(view.need) if rules is None else requirement_words(rules, view.need), BOLD)
        size = Text(f"{count(len(view.pile), 'card')} in the pile", DIM)
        lines = [
            box[0] + Text(" ") + run,
            box[1] + Text(" ") + need,
            box[2] + Text(" ") + size,
            Text.assemble(
                (f"stock {view.stock_count}", CHANGED if changes is not None and changes.stock else ""),
                " · ",
                (f"cleared {view.cleared_count}", CHANGED if changes is not None and changes.cleared else ""),
            ),
        ]
        self.show_lines(lines)
