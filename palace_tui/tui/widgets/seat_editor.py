"""One seat of the new-table screen: a name, Human or Computer, the computer's level, the coach."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label, Select

from palace_tui.table.session import SeatConfig


class SeatEditor(Horizontal):
    """Edits one :class:`SeatConfig`; the level is greyed out for a human, the coach for a computer."""

    DEFAULT_CSS = """
    SeatEditor { height: auto; margin-bottom: 0; }  /* a line; more while a list is open in it */
    SeatEditor .seat-number { width: 8; color: $text-muted; }
    SeatEditor Input { width: 18; margin-right: 1; }
    SeatEditor .seat-kind { width: 14; margin-right: 1; }
    SeatEditor .seat-level { width: 14; margin-right: 1; }
    SeatEditor .seat-coach { width: 13; }
    """

    def __init__(self, index: int, seat: SeatConfig, levels: list[str]) -> None:
        super().__init__(id=f"seat-{index}")
        #: The seat's position at the table (0 deals first).
        self.index = index
        self.seat = seat
        self.levels = levels

    def compose(self) -> ComposeResult:
        yield Label(f"Seat {self.index + 1}", classes="seat-number")
        yield Input(
            self.seat.name,
            placeholder="name",
            max_length=12,
            compact=True,
            classes="seat-name",
            id=f"seat-name-{self.index}",
        )
        yield Select(
            [("Human", True), ("Computer", False)],
            value=self.seat.human,
            allow_blank=False,
            compact=True,
            classes="seat-kind",
            id=f"seat-kind-{self.index}",
        )
        level = self.seat.level if self.seat.level in self.levels else self.levels[0]
        yield Select(
            [(lvl, lvl) for lvl in self.levels],
            value=level,
            allow_blank=False,
            compact=True,
            classes="seat-level",
            id=f"seat-level-{self.index}",
            disabled=self.seat.human,
        )
        yield Select(
            [("coach on", True), ("coach off", False)],
            value=bool(self.seat.coach),
            allow_blank=False,
            compact=True,
            classes="seat-coach",
            id=f"seat-coach-{self.index}",
            tooltip="Whether h shows this player the coach's move",
            disabled=not self.seat.human,
        )

    @on(Select.Changed, ".seat-kind")
    def _kind_changed(self, event: Select.Changed) -> None:
        self.query_one(".seat-level", Select).disabled = bool(event.value)
        self.query_one(".seat-coach", Select).disabled = not event.value

    def value(self) -> SeatConfig:
        """The seat as edited now."""
        name = self.query_one(Input).value.strip()
        human = bool(self.query_one(".seat-kind", Select).value)
        level = self.query_one(".seat-level", Select).value
        coach = bool(self.query_one(".seat-coach", Select).value)
        return SeatConfig(name, human, str(level), coach)
