"""One rule option on the new-table screen: its name, its values and a line saying what it does."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Label, Select, Static

from palace_tui.rules import OPTIONS
from palace_tui.words.options import option_name, value_sentence, value_words


class OptionRow(Horizontal):
    """A Select over an option's allowed values, in words, with a sentence on what the shown value does."""

    DEFAULT_CSS = """
    OptionRow { height: auto; }
    OptionRow .option-name { width: 15; }
    OptionRow Select { width: 17; margin-right: 1; }
    OptionRow .option-help { width: 1fr; color: $text-muted; }
    /* The row with the focus stands out whole (a compact Select alone barely changes). */
    OptionRow:focus-within { background: $accent 35%; }
    OptionRow:focus-within .option-name { text-style: bold; }
    OptionRow:focus-within .option-help { color: $text; }
    OptionRow Select:focus > SelectCurrent { background: $accent; color: $text; text-style: bold; }
    """

    def __init__(self, name: str, value: Any) -> None:
        super().__init__(id=f"row-{name}")
        #: The option's name, as the engine spells it.
        self.option = name
        self.initial = value

    def compose(self) -> ComposeResult:
        yield Label(option_name(self.option), classes="option-name")
        yield Select(
            [(value_words(self.option, v), v) for v in OPTIONS[self.option]],
            value=self.initial,
            allow_blank=False,
            compact=True,
            id=f"opt-{self.option}",
        )
        yield Static(value_sentence(self.option, self.initial), classes="option-help", markup=False)

    @on(Select.Changed)
    def show_help(self) -> None:
        """Say what the value now shown does."""
        value = self.query_one(Select).value
        self.query_one(".option-help", Static).update(value_sentence(self.option, value))

    def on_descendant_focus(self) -> None:
        # narrow.tcss shows the help of the row with :focus-within; Textual re-styles the
        # row but not the help inside it, so ask for the whole row.
        self.app.update_styles(self)

    def on_descendant_blur(self) -> None:
        self.app.update_styles(self)
