"""Two presets side by side, every option, differences marked; all generated from the engine."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from palace_tui.lessons.compare import compare, preset_names
from palace_tui.rules import Rules
from palace_tui.tui.widgets.keys_footer import KeysFooter
from palace_tui.tui.widgets.too_small import TooSmall
from palace_tui.words.options import preset_words


class CompareScreen(Screen[None]):
    """Two presets side by side, every option, differences marked; all generated from the engine."""

    DEFAULT_CSS = """
    CompareScreen { background: $background; }
    CompareScreen #compare-body { padding: 0 1; }
    CompareScreen #compare-table { padding: 1 0; }
    """

    BINDINGS = [
        Binding("1", "cycle(0)", "Change left", tooltip="Show the next preset on the left", id="compare-left"),
        Binding("2", "cycle(1)", "Change right", tooltip="Show the next preset on the right", id="compare-right"),
        Binding("escape", "back", "Back", tooltip="Back to where the comparison was opened", id="compare-back"),
    ]

    def __init__(self, left: str = "palace", right: str = "shithead") -> None:
        super().__init__()
        #: The two preset names on show.
        self.pair = [left, right]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="compare-body"):
            yield Static("", id="compare-title")
            yield Static("", id="compare-table")
            yield Static("", id="compare-notes")
        yield KeysFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        left, right = self.pair
        self.query_one("#compare-title", Static).update(
            Text.assemble(
                ("Compare presets  ", "bold"),
                (left, "bold cyan"),
                "  vs  ",
                (right, "bold magenta"),
                ("   (1 and 2 change them)", "dim"),
            )
        )
        table = Table(box=None, pad_edge=False, show_edge=False, expand=False, padding=(0, 2))
        table.add_column("", style="bold")
        table.add_column(left, style="cyan")
        table.add_column(right, style="magenta")
        table.add_column("")
        rows = compare(Rules.preset(left), Rules.preset(right))
        for row in rows:
            mark = Text("≠ differs", style="bold yellow") if row.differs else Text("")
            style = "" if row.differs else "dim"
            table.add_row(Text(row.name, style=style), Text(row.left, style=style), Text(row.right, style=style), mark)
        self.query_one("#compare-table", Static).update(table)
        notes = Text()
        notes.append(f"{left}: ", "bold cyan")
        notes.append(preset_words(left) + "\n")
        notes.append(f"{right}: ", "bold magenta")
        notes.append(preset_words(right) + "\n")
        differing = [r for r in rows if r.differs]
        if differing:
            notes.append("What the differences mean:\n", "bold")
            for r in differing:
                notes.append(f"  {r.name}\n", "bold")
                notes.append(f"    {left}: ", "cyan")
                notes.append(r.left_means + "\n")
                notes.append(f"    {right}: ", "magenta")
                notes.append(r.right_means + "\n")
        self.query_one("#compare-notes", Static).update(notes)

    def action_cycle(self, side: int) -> None:
        names = preset_names()
        i = names.index(self.pair[side])
        for step in range(1, len(names) + 1):
            candidate = names[(i + step) % len(names)]
            if candidate != self.pair[1 - side]:
                self.pair[side] = candidate
                break
        self._show()

    def action_back(self) -> None:
        self.app.pop_screen()
