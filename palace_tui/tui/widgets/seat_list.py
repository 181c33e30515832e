"""Every seat at the table in one panel: name, hand size, face-down count, face-up cards.

It shows only public facts (a ``SeatView``'s ``seats``), so whatever seat the
screen belongs to, nothing private can leak through it.
"""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size
from rich.style import Style
from rich.text import Text

from palace_tui.rules import SeatView
from palace_tui.tui.widgets.card_art import cards_inline
from palace_tui.tui.widgets.lines_static import LinesStatic
from palace_tui.words import ordinal

TURN = Style(color="yellow", bold=True)
DIM = Style(dim=True)
#: The seat that just moved, for a moment (reverse: it shows without colour too).
MOVED = Style(reverse=True)


def place_text(place: int | None) -> str:
    """``1st``, ``2nd``, ``4th`` (nothing for a seat with no place yet)."""
    return ordinal(place) if place else ""


#: Cells taken by everything on a seat's line but its name and face-up cards.
_FIXED = 2 + 2 + 4 + 4 + 5 + 2


class SeatList(LinesStatic):
    """A line of column names, then one line per seat in seat order (clockwise): the seat
    to act marked ▶, a seat ready after setup ✓. Names give way before face-up cards do."""

    DEFAULT_CSS = """
    SeatList { height: auto; }
    """

    #: What the list last showed (drawn again at a new width).
    _shown: tuple[SeatView, set[int], int | None] | None = None

    def show(self, view: SeatView, computers: set[int], moved: int | None = None) -> None:
        """Render the public facts of every seat from ``view``; the name of the seat that
        ``moved`` last stands out (while the table lights the last move up)."""
        self._shown = (view, computers, moved)
        ups = [cards_inline(s.face_up) for s in view.seats]
        up_width = max([u.cell_len for u in ups] + [len("no face-up")])
        room = (self.size.width or 44) - _FIXED - up_width
        # Cells, not characters: a CJK letter or an emoji takes two, a combining accent none.
        name_width = max(3, min(10, max(cell_len(s.name) for s in view.seats), room))
        head = Text(f"{'':{2 + name_width + 6}}{'hand':>4} {'down':>4}  up", DIM)
        lines = [head]
        for s, up in zip(view.seats, ups):
            acting = s.index == view.turn and view.phase != "over"
            line = Text()
            ready = view.phase == "setup" and s.done_setup
            line.append("▶ " if acting else ("✓ " if ready else "  "), TURN if acting else DIM)
            # Exactly name_width cells (a wide letter cut in half leaves a space): the columns line up.
            name_style = TURN if acting else Style(bold=True)
            line.append(set_cell_size(s.name, name_width), name_style + MOVED if s.index == moved else name_style)
            line.append(" D" if s.index == view.dealer else "  ", DIM)
            line.append(" cpu" if s.index in computers else "    ", DIM)
            if s.out:
                line.append(
                    f"  out {place_text(s.place)}"
                    if view.phase == "play" or s.hand_count == 0
                    else f"  {place_text(s.place)} place"
                )
            else:
                line.append(f"{s.hand_count:>4} {s.face_down_count:>4}  ")
                line.append_text(up if s.face_up else Text("no face-up", DIM))
            line.no_wrap = True
            line.overflow = "ellipsis"
            lines.append(line)
        self.show_lines(lines)

    def on_resize(self) -> None:
        # The name column depends on the width: draw again at the new size.
        if self._shown is not None:
            self.show(*self._shown)
