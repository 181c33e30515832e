"""Every seat at the table in one panel: name, hand size, face-down count, face-up cards.

It shows only public facts (a ``SeatView``'s ``seats``), so whatever seat the
screen belongs to, nothing private can leak through it.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from ..rules import SeatView
from .card_art import cards_inline
from .lines_static import LinesStatic

TURN = Style(color="yellow", bold=True)
DIM = Style(dim=True)
_PLACES = {1: "1st", 2: "2nd", 3: "3rd"}


def place_text(place: int) -> str:
    """``1st``, ``2nd``, ``4th``."""
    return _PLACES.get(place, f"{place}th")


class SeatList(LinesStatic):
    """One line per seat, in seat order (clockwise), the seat to act marked ▶."""

    DEFAULT_CSS = """
    SeatList { height: auto; }
    """

    def show(self, view: SeatView, computers: set[int]) -> None:
        """Render the public facts of every seat from ``view``."""
        name_width = min(10, max(len(s.name) for s in view.seats))
        lines = []
        for s in view.seats:
            acting = s.index == view.turn and view.phase != "over"
            line = Text()
            line.append("▶ " if acting else "  ", TURN)
            name = s.name[:name_width]
            line.append(f"{name:<{name_width}}", TURN if acting else Style(bold=True))
            line.append(" D" if s.index == view.dealer else "  ", DIM)
            line.append("cpu " if s.index in computers else "    ", DIM)
            if s.out:
                line.append(f"out {place_text(s.place)}" if view.phase == "play" or s.hand_count == 0
                            else f"{place_text(s.place)} place")
            else:
                line.append(f"hand {s.hand_count:<2} down {s.face_down_count} ")
                if s.face_up:
                    line.append("up ", DIM)
                    line.append_text(cards_inline(s.face_up))
                else:
                    line.append("no face-up", DIM)
                if view.phase == "setup":
                    line.append("  ready" if s.done_setup else "", DIM)
            line.no_wrap = True
            line.overflow = "ellipsis"
            lines.append(line)
        self.show_lines(lines)
