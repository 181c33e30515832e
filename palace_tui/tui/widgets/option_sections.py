"""Every rule option of the new-table screen, in sections that fold away.

Which section an option belongs to is :mod:`palace_tui.words.option_groups`' table, so an
option the engine adds shows up here, in its section, without a change to this widget.
A folded section's title says what in it differs from the defaults, so nothing set is
hidden: "▶ Rank powers: seven low, eight see-through".
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Collapsible, Select, Static

from palace_tui.rules import OPTIONS, PRESETS, Rules
from palace_tui.tui.widgets.option_row import OptionRow
from palace_tui.words.option_groups import SECTION_HELP, changes_summary, sections


def section_id(title: str) -> str:
    """The widget id of a section: ``section-rank-powers``."""
    return "section-" + title.lower().replace(" ", "-")


def nearest_preset(values: dict[str, Any]) -> dict[str, Any]:
    """The options of the preset these values differ least from: what a section's title measures
    changes against (a palace table's loser deals next is palace, not a change)."""
    presets = [Rules.preset(name).as_dict() for name in PRESETS]
    return min(presets, key=lambda preset: sum(preset[n] != v for n, v in values.items() if n in preset))


class OptionSections(Vertical):
    """One folding section per group of options, each row a :class:`OptionRow` (``#opt-NAME``)."""

    DEFAULT_CSS = """
    OptionSections { height: auto; }
    OptionSections Collapsible { padding: 0; border-top: none; background: $surface; }
    OptionSections Collapsible > Contents { padding: 0 0 0 1; }
    OptionSections CollapsibleTitle { padding: 0; }
    OptionSections .section-help { color: $text-muted; }
    """

    def __init__(self, values: dict[str, Any]) -> None:
        super().__init__(id="option-sections")
        self.values = values

    def compose(self) -> ComposeResult:
        for title, names in sections(OPTIONS).items():
            if not names:
                continue
            with Collapsible(title=self._title(title, names, self.values), id=section_id(title)):
                yield Static(SECTION_HELP.get(title, ""), classes="section-help", markup=False)
                for name in names:
                    allowed = OPTIONS[name]
                    value = self.values.get(name, allowed[0])
                    yield OptionRow(name, value if value in allowed else allowed[0])

    @staticmethod
    def _title(title: str, names: list[str], values: dict[str, Any]) -> str:
        shown = {n: values.get(n, OPTIONS[n][0]) for n in OPTIONS}
        changed = changes_summary({n: shown[n] for n in names}, nearest_preset(shown))
        return f"{title}: {changed}" if changed else title

    def show_values(self, values: dict[str, Any]) -> None:
        """Say in each section's title what differs from the defaults now."""
        for title, names in sections(OPTIONS).items():
            if names:
                self.query_one(f"#{section_id(title)}", Collapsible).title = self._title(title, names, values)

    def values_shown(self) -> dict[str, Any]:
        """Every option's value as the form shows it."""
        return {name: self.query_one(f"#opt-{name}", Select).value for name in OPTIONS}

    def open_section_of(self, name: str) -> None:
        """Unfold the section holding option ``name`` (so its row can take the focus)."""
        row = self.query_one(f"#row-{name}", OptionRow)
        for ancestor in row.ancestors:
            if isinstance(ancestor, Collapsible):
                ancestor.collapsed = False
