"""How to play: the rules in force on one screen, before the full rules card.

``?`` at the table opens this card; ``?`` on it opens the full rules
(:class:`~.rules.RulesScreen`) in its place, and Escape goes back to the table. The
words are :func:`palace_tui.words.how_to_play.how_to_play`'s, made from the options in
force. Like the rules screen it is opaque: it needs no table behind it.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.markup import escape
from textual.widgets import Static

from palace_tui.rules import Rules
from palace_tui.tui.screens.house_lessons import LESSONS_BINDING, RulesCardScreen
from palace_tui.tui.widgets.keys_footer import KeysFooter
from palace_tui.tui.widgets.too_small import TooSmall
from palace_tui.words.how_to_play import how_to_play
from palace_tui.words.options import house_rules_words


def how_to_play_table(rules: Rules, touch: bool = False) -> Table:
    """The card's lines as a grid: the label set apart, the sentence wrapped beside it
    (``touch``: the taps in place of the keys)."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold yellow", no_wrap=True)
    grid.add_column(ratio=1)
    for label, line in how_to_play(rules, touch):
        grid.add_row(label, Text(line))
    return grid


class HowToPlayScreen(RulesCardScreen):
    """The short rules card; ``?`` goes on to the full rules, Escape back."""

    DEFAULT_CSS = """
    HowToPlayScreen { background: $background; align: center middle; }
    HowToPlayScreen #how-scroll {
        width: 100%; max-width: 92; height: auto; max-height: 1fr;
        border: round $accent; border-title-style: bold; padding: 0 1;
    }
    """

    BINDINGS = [
        Binding("escape", "close", "Back", tooltip="Back to the game", id="close"),
        Binding("question_mark", "full_rules", "Full rules", key_display="?", tooltip="Every rule in force", id="full"),
        LESSONS_BINDING,
        Binding("ctrl+q", "app.save_quit", "Save+quit", key_display="^q", priority=True, id="quit"),
    ]

    def __init__(self, rules: Rules, rules_name: str = "") -> None:
        super().__init__(rules)
        #: The table's own name for these rules (a saved set's), "" when they have none.
        self.rules_name = rules_name

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="how-scroll"):
            yield Static(how_to_play_table(self.rules, self.app.has_class("-touch")), id="how-lines")
        yield KeysFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        # The table's own name for its rules, else the preset, or the nearest one and the house
        # rules on it. A title is markup: a saved set's name is the players' text, escaped.
        called = escape(self.rules_name) if self.rules_name else house_rules_words(self.rules)
        self.query_one("#how-scroll").border_title = f"How to play: {called}"
        self.sub_title = "how to play"

    def action_full_rules(self) -> None:
        """The full rules card in this one's place: Escape there goes back to the table."""
        from palace_tui.tui.screens.rules import RulesScreen

        self.app.switch_screen(RulesScreen(self.rules))
