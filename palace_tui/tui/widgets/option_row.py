"""One rule option on the new-table screen: its name, its values and a line saying what it does."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Label, Select, Static

from palace_tui.rules import OPTIONS, option_value_help
from palace_tui.words.option_groups import option_label, value_label


def value_help(name: str, value: Any) -> str:
    """The engine's sentence on what ``value`` of option ``name`` does ("" where it has none)."""
    try:
        return option_value_help(name, value)
    except KeyError:  # an option whose values the engine has not put in a sentence yet
        return ""


class OptionRow(Horizontal):
    """A Select over an option's allowed values, with the engine's sentence on what the shown value does."""

    DEFAULT_CSS = """
    OptionRow { height: auto; }
    OptionRow .option-name { width: 14; }
    OptionRow Select { width: 17; margin-right: 1; }
    OptionRow .option-help { width: 1fr; color: $text-muted; }
    """

    def __init__(self, name: str, value: Any) -> None:
        super().__init__(id=f"row-{name}")
        #: The option's name, as the engine spells it.
        self.option = name
        self.initial = value

    def compose(self) -> ComposeResult:
        yield Label(option_label(self.option), classes="option-name")
        yield Select(
            [(value_label(v), v) for v in OPTIONS[self.option]],
            value=self.initial,
            allow_blank=False,
            compact=True,
            id=f"opt-{self.option}",
        )
        yield Static(value_help(self.option, self.initial), classes="option-help", markup=False)

    @on(Select.Changed)
    def show_help(self) -> None:
        """Say what the value now shown does."""
        value = self.query_one(Select).value
        self.query_one(".option-help", Static).update(value_help(self.option, value))

    def on_descendant_focus(self) -> None:
        # narrow.tcss shows the help of the row with :focus-within; Textual re-styles the
        # row but not the help inside it, so ask for the whole row.
        self.app.update_styles(self)

    def on_descendant_blur(self) -> None:
        self.app.update_styles(self)
