"""The new-table screen's choice of rules: a preset or one of the table's own saved sets, and
the row that saves the rules on the form under a name (or renames or deletes a saved set).

The list's values are the preset names, ``set:NAME`` for a saved set and ``custom``. The
picker keeps the sets in the store; the screen tells it what the form's options are
(:meth:`RulesPicker.show_match`) and hears which rules were picked (:class:`RulesPicker.Picked`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Input, Label, Select, Static

from palace_tui.names import clean_name
from palace_tui.rules import PRESETS, Rules
from palace_tui.store.protocol import GameStore
from palace_tui.table import rule_sets
from palace_tui.table.rule_sets import CUSTOM
from palace_tui.words.options import PRESET_WORDS

SET = "set:"
CUSTOM_HELP = "Your own mix of options: name it below to keep it."


def saved_help(name: str) -> str:
    return f"Your table's own rules, saved as {name!r}."


class RulesPicker(Vertical):
    """The preset-or-saved-set list, with a line on the choice, and the save row under it."""

    DEFAULT_CSS = """
    RulesPicker { height: auto; }
    RulesPicker .field { height: auto; }
    RulesPicker .field-label { width: 15; }
    RulesPicker #preset { width: 28; }
    RulesPicker #preset-help { width: 1fr; color: $text-muted; padding-left: 15; }
    RulesPicker #set-name { width: 28; margin-right: 1; }
    RulesPicker Button { min-width: 0; width: auto; margin-right: 1; }
    """

    @dataclass
    class Picked(Message):
        """A preset or a saved set was chosen in the list: the form shows its options."""

        rules: Rules

    def __init__(self, store: GameStore, chosen: str, current: Callable[[], Rules | None]) -> None:
        super().__init__(id="rules-picker")
        self.store = store
        #: The sets this release can play, by name (a newer release's set stays in the file, unlisted).
        self.sets = rule_sets.usable(store.rule_sets())
        self.chosen = chosen
        #: The rules the form shows now (None when they do not make sense together).
        self.current = current

    def choices(self) -> list[tuple[str, str]]:
        return [(p, p) for p in PRESETS] + [(name, SET + name) for name in self.sets] + [(CUSTOM, CUSTOM)]

    def compose(self) -> ComposeResult:
        value = self.chosen if self.chosen in dict(self.choices()).values() else CUSTOM
        with Horizontal(classes="field"):
            yield Label("Rule set", classes="field-label")
            yield Select(self.choices(), value=value, allow_blank=False, compact=True, id="preset")
        yield Static(self._help(value), id="preset-help", markup=False)
        with Horizontal(classes="field", id="set-row"):
            yield Label("Save as", classes="field-label")
            yield Input(
                placeholder="a name for these rules", max_length=rule_sets.MAX_NAME, compact=True, id="set-name"
            )
            yield Button("Save", id="save-set", compact=True, tooltip="Keep these rules under this name")
            yield Button("Delete", id="delete-set", compact=True, tooltip="Forget the saved rules chosen above")

    def on_mount(self) -> None:
        if self.value().startswith(SET):
            self.query_one("#set-name", Input).value = self.value()[len(SET) :]
        self._show_buttons()

    # ------------------------------------------------------------ what is chosen

    def value(self) -> str:
        return str(self.query_one("#preset", Select).value)

    def preset(self) -> str | None:
        """The preset chosen, if a preset is (a saved set or custom: None)."""
        return self.value() if self.value() in PRESETS else None

    def saved_name(self) -> str | None:
        """The saved set chosen, if one is."""
        return self.value()[len(SET) :] if self.value().startswith(SET) else None

    def _help(self, value: str) -> str:
        if value.startswith(SET):
            return saved_help(value[len(SET) :])
        return PRESET_WORDS.get(value, CUSTOM_HELP)

    def _set(self, value: str) -> None:
        select = self.query_one("#preset", Select)
        if select.value != value:
            with self.prevent(Select.Changed):
                select.value = value
        self.query_one("#preset-help", Static).update(self._help(value))
        self._show_buttons()

    def show_match(self, rules: Rules | None) -> None:
        """Show the preset or saved set the form's options are (the one chosen first, when two are), else custom."""
        if rules is None:
            self._set(CUSTOM)
            return
        matches = [p for p in PRESETS if Rules.preset(p) == rules]
        matches += [SET + name for name, kept in self.sets.items() if kept == rules]
        self._set(self.value() if self.value() in matches else (matches[0] if matches else CUSTOM))

    def reset_value(self) -> str:
        """The preset Defaults goes back to: the chosen preset, else palace."""
        return self.preset() or "palace"

    @on(Select.Changed, "#preset")
    def _picked(self, event: Select.Changed) -> None:
        event.stop()
        value = str(event.value)
        self._set(value)
        if value in PRESETS:
            self.post_message(self.Picked(Rules.preset(value)))
        elif value.startswith(SET):
            name = value[len(SET) :]
            self.query_one("#set-name", Input).value = name
            self.post_message(self.Picked(self.sets[name]))

    # ------------------------------------------------------------ saving

    def _typed(self) -> str:
        return self.query_one("#set-name", Input).value

    def _renaming(self) -> bool:
        """A saved set is chosen, unchanged, and a different name is typed: Save renames it."""
        kept = self.saved_name()
        return kept is not None and clean_name(self._typed()).casefold() not in ("", kept.casefold())

    def _show_buttons(self) -> None:
        self.query_one("#save-set", Button).label = "Rename" if self._renaming() else "Save"
        self.query_one("#delete-set", Button).disabled = self.saved_name() is None

    @on(Input.Changed, "#set-name")
    def _name_typed(self, event: Input.Changed) -> None:
        event.stop()
        self._show_buttons()

    @on(Input.Submitted, "#set-name")
    @on(Button.Pressed, "#save-set")
    def save(self, event: Message | None = None) -> None:
        """Keep the form's rules under the typed name (a saved set chosen and a new name: rename it)."""
        if event is not None:
            event.stop()
        try:
            name = rule_sets.set_name(self._typed())
        except ValueError as exc:
            self._note(str(exc), error=True)
            return
        rules = self.current()
        if rules is None:
            self._note("these options cannot be played together: change them first", error=True)
            return
        old = self.saved_name() if self._renaming() else None
        kept = self.store.rule_sets()  # the file's own, with any set this release cannot play
        replaced = rule_sets.find(kept, name)
        line = rule_sets.rules_line(rules)
        if old is not None:
            kept = {(name if n == old else n): v for n, v in kept.items() if n != replaced or n == old}
        elif replaced is not None:
            kept = {(name if n == replaced else n): (line if n == replaced else v) for n, v in kept.items()}
        kept.setdefault(name, line)
        why = self.store.save_rule_sets(kept)
        self._reload(SET + name)
        if why:
            # Kept in memory for this sitting; a "Saved" here would be a promise the disk broke.
            self._note(f"{name!r} could not be kept for next time: {why}. It can be played until you quit", error=True)
            return
        what = f"Renamed {old!r} to {name!r}" if old else f"Saved as {name!r}" + (" (replacing it)" if replaced else "")
        self._note(f"{what}: start it any time with palace --rules {name!r}")

    @on(Button.Pressed, "#delete-set")
    def delete(self, event: Button.Pressed | None = None) -> None:
        """Forget the saved set chosen; the form keeps its options (now custom)."""
        if event is not None:
            event.stop()
        name = self.saved_name()
        if name is None:
            return
        why = self.store.save_rule_sets({n: v for n, v in self.store.rule_sets().items() if n != name})
        self._reload(CUSTOM)
        self.show_match(self.current())
        if why:
            self._note(f"{name!r} is gone until you quit, but it will be back next time: {why}", error=True)
            return
        self._note(f"{name!r} is forgotten.")

    def _reload(self, value: str) -> None:
        self.sets = rule_sets.usable(self.store.rule_sets())
        select = self.query_one("#preset", Select)
        with self.prevent(Select.Changed):
            select.set_options(self.choices())
        self._set(value if value in dict(self.choices()).values() else CUSTOM)

    def _note(self, text: str, *, error: bool = False) -> None:
        sentence = text[0].upper() + text[1:]
        sentence = sentence if sentence.endswith(".") else sentence + "."
        self.notify(sentence, severity="error" if error else "information", markup=False, timeout=4)
