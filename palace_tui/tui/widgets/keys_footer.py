"""The key bar at the foot of every screen: Textual's compact footer, wrapped when narrow.

Textual's ``Footer`` is one line: in 40 columns (a phone held upright) the keys past the
edge are cut off, and a phone has no keyboard to find them with. This one lays the same
keys on as many lines as the width needs, and tells its screen how many
(``-keys-lines-2``, ``-keys-lines-3``) so a layout can keep clear of them (narrow.tcss).

On a touch screen (``palace serve`` on a tablet or phone) every key is a button as tall
as a fingertip (touch.tcss), and the keys that only move the cursor are left out: a tap
on a card does what they do. In a browser no key has a tooltip: one would stay over the
cards after a click (a finger has no hover to lift it).

It is also rebuilt only when what it shows changes. Textual's footer rebuilds on every
bindings refresh, and one comes with each focus of the page (textual-serve sends one as
a tap lands): a tap on a key while its footer is being rebuilt finds no key and is lost.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import HorizontalGroup
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Footer, Label
from textual.widgets._footer import FooterKey

from palace_tui.terminal import key_text
from palace_tui.words.device import NOT_SAVED

#: The most lines the keys may take; past it the last line is cut as Textual's footer is.
MAX_LINES = 3

#: What a tap on a card does already: these keys are not shown on a touch screen.
CURSOR_ACTIONS = frozenset({"cursor(-1)", "cursor(1)", "row", "mark"})

#: The columns a key's button gains on a touch screen (touch.tcss: a column each side).
TOUCH_PADDING = 2


class KeysFooter(Footer):
    """A compact footer whose keys wrap onto more lines instead of running off the edge."""

    DEFAULT_CSS = """
    KeysFooter {
        layout: vertical;
        height: auto;
        max-height: 3;
    }
    KeysFooter > .keys-line {
        height: 1;
    }
    KeysFooter .not-saved {
        width: auto;
        height: 1fr;
        content-align-vertical: middle;
        color: $text-warning;
        text-style: bold;
    }
    """

    def __init__(self) -> None:
        super().__init__(compact=True, show_command_palette=False)
        #: What the keys on show were made from (see :meth:`_shows`).
        self._shown: tuple[object, ...] = ()

    @property
    def _touch(self) -> bool:
        return self.app.has_class("-touch")

    def _shown_bindings(self) -> list[tuple[Binding, bool, str]]:
        """The keys to show, each with whether it works now and its tooltip (none in a browser:
        it would stay over the cards after a click, and a finger has no hover to lift it)."""
        touch, web = self._touch, self.app.has_class("-web")
        return [
            (binding, enabled, "" if web else tooltip)
            for _, binding, enabled, tooltip in self.screen.active_bindings.values()
            if binding.show and not (touch and binding.action in CURSOR_ACTIONS)
        ]

    def _shows(self) -> tuple[object, ...]:
        """The width and every shown key with its words and state: the footer's whole content."""
        keys = tuple(
            (binding.key, binding.action, key_text(self.app.get_key_display(binding)), binding.description, *state)
            for binding, *state in self._shown_bindings()
        )
        return (self.app.size.width, self._unsaved, keys)

    @property
    def _unsaved(self) -> bool:
        """The game is not being saved (another copy owns the folder, a full disk): marked here for good."""
        return self.app.has_class("-not-saving")

    def bindings_changed(self, screen: Screen[Any]) -> None:
        self._bindings_ready = True
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            self.call_after_refresh(self._rebuild)

    async def _rebuild(self) -> None:
        if self.is_attached and self._shows() != self._shown:
            await self.recompose()

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        self._shown = self._shows()
        width = max(self.app.size.width, 1)
        keys: list[FooterKey] = []
        seen: set[str] = set()
        for binding, enabled, tooltip in self._shown_bindings():
            if binding.action in seen:  # as Textual's: one key per action
                continue
            seen.add(binding.action)
            keys.append(
                FooterKey(
                    binding.key,
                    key_text(self.app.get_key_display(binding)),
                    binding.description,
                    binding.action,
                    disabled=not enabled,
                    tooltip=tooltip,
                )
            )
        items: list[FooterKey | Label] = [*keys]
        if self._unsaved:
            items.append(Label(NOT_SAVED, classes="not-saved"))
        lines: list[list[FooterKey | Label]] = [[]]
        used = 0
        padding = TOUCH_PADDING if self._touch else 0
        for item in items:
            # Compact: the key, a space, the description, then one column before the next key.
            if isinstance(item, FooterKey):
                description = 1 + cell_len(item.description) if item.description else 0
                size = cell_len(item.key_display) + description + padding
            else:
                size = cell_len(NOT_SAVED)
            if lines[-1] and used + size > width and len(lines) < MAX_LINES:
                lines.append([])
                used = 0
            lines[-1].append(item)
            used += size + 1
        for count in range(2, MAX_LINES + 1):
            self.screen.set_class(len(lines) == count, f"-keys-lines-{count}")
        for line in lines:
            yield HorizontalGroup(*line, classes="keys-line")

    def on_resize(self, event: Resize) -> None:
        if self._bindings_ready:
            self.call_after_refresh(self._rebuild)
