"""Every rule option of the new-table screen, in sections that fold away.

Which section an option belongs to is :mod:`palace_tui.words.option_groups`' table, so an
option the engine adds shows up here, in its section, without a change to this widget.
A folded section's title says what in it differs from the defaults, so nothing set is
hidden: "▶ Rank powers: seven low, eight see-through".
"""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
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
    """One folding section per group of options, each row a :class:`OptionRow` (``#opt-NAME``).

    A section's rows are made when it first opens: most tables never open most sections, and
    forty rows of lists made up front took most of the second the form took to come up. The
    values are kept here (``values``), so a folded section's options are read and set all the same.
    """

    DEFAULT_CSS = """
    OptionSections { height: auto; }
    OptionSections Collapsible { padding: 0; border-top: none; background: $surface; }
    OptionSections Collapsible > Contents { padding: 0 0 0 1; }
    OptionSections CollapsibleTitle { padding: 0; }
    OptionSections .section-help { color: $text-muted; }
    """

    def __init__(self, values: dict[str, Any]) -> None:
        super().__init__(id="option-sections")
        #: Every option's value as the form shows it (a folded section's too).
        self.values = {name: usable(name, values.get(name)) for name in OPTIONS}
        self._names = {section_id(title): names for title, names in sections(OPTIONS).items() if names}

    def compose(self) -> ComposeResult:
        for title, names in sections(OPTIONS).items():
            if not names:
                continue
            with Collapsible(title=self._title(title, names, self.values), id=section_id(title)):
                yield Static(SECTION_HELP.get(title, ""), classes="section-help", markup=False)

    @staticmethod
    def _title(title: str, names: list[str], values: dict[str, Any]) -> str:
        shown = {n: values.get(n, OPTIONS[n][0]) for n in OPTIONS}
        changed = changes_summary({n: shown[n] for n in names}, nearest_preset(shown))
        return f"{title}: {changed}" if changed else title

    class RowsMade(Message):
        """A section's rows were made: the form watches their lists."""

        def __init__(self, rows: list[OptionRow]) -> None:
            super().__init__()
            self.rows = rows

    @on(Collapsible.Expanded)
    async def _unfolded(self, event: Collapsible.Expanded) -> None:
        contents = event.collapsible.query_one(Collapsible.Contents)
        if contents.query(OptionRow):
            return  # made when it first opened
        rows = [OptionRow(name, self.values[name]) for name in self._names[event.collapsible.id or ""]]
        await contents.mount_all(rows)
        self.post_message(self.RowsMade(rows))
        # Textual brought the section into view when it opened, before it had its rows: again, whole.
        self.call_after_refresh(event.collapsible.scroll_visible)

    @on(Select.Changed, "OptionRow Select")
    def _chosen(self, event: Select.Changed) -> None:
        row = event.select.parent
        if isinstance(row, OptionRow):
            self.values[row.option] = event.value

    def show_values(self, values: dict[str, Any]) -> None:
        """Say in each section's title what differs from the defaults now."""
        for title, names in sections(OPTIONS).items():
            if names:
                self.query_one(f"#{section_id(title)}", Collapsible).title = self._title(title, names, values)

    def set_values(self, values: dict[str, Any]) -> None:
        """Show ``values`` (a rule set's options) in the rows made and in every section's title."""
        self.values.update({name: usable(name, value) for name, value in values.items() if name in OPTIONS})
        for row in self.query(OptionRow):
            row.query_one(Select).value = self.values[row.option]
            row.show_help()
        self.show_values(self.values)

    def values_shown(self) -> dict[str, Any]:
        """Every option's value as the form shows it."""
        return dict(self.values)

    def open_section_of(self, name: str) -> None:
        """Unfold the section holding option ``name`` (its rows are made a moment later)."""
        section = next(s for s in self.query(Collapsible) if name in self._names[s.id or ""])
        section.collapsed = False


def usable(name: str, value: Any) -> Any:
    """``value`` if option ``name`` allows it, else the option's first value."""
    allowed = OPTIONS[name]
    return value if value in allowed else allowed[0]
