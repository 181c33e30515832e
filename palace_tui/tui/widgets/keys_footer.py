"""The key bar at the foot of every screen: Textual's compact footer, wrapped when narrow.

Textual's ``Footer`` is one line: in 40 columns (a phone held upright) the keys past the
edge are cut off, and a phone has no keyboard to find them with. This one lays the same
keys on as many lines as the width needs, and tells its screen how many
(``-keys-lines-2``, ``-keys-lines-3``) so a layout can keep clear of them (narrow.tcss).

It is also rebuilt only when what it shows changes. Textual's footer rebuilds on every
bindings refresh, and one comes with each focus of the page (textual-serve sends one as
a tap lands): a tap on a key while its footer is being rebuilt finds no key and is lost.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.containers import HorizontalGroup
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from palace_tui.terminal import key_text

#: The most lines the keys may take; past it the last line is cut as Textual's footer is.
MAX_LINES = 3


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
    """

    def __init__(self) -> None:
        super().__init__(compact=True, show_command_palette=False)
        #: What the keys on show were made from (see :meth:`_shows`).
        self._shown: tuple[object, ...] = ()

    def _shows(self) -> tuple[object, ...]:
        """The width and every shown key with its words and state: the footer's whole content."""
        keys = tuple(
            (
                binding.key,
                binding.action,
                key_text(self.app.get_key_display(binding)),
                binding.description,
                enabled,
                tooltip,
            )
            for _, binding, enabled, tooltip in self.screen.active_bindings.values()
            if binding.show
        )
        return (self.app.size.width, keys)

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
        for _, binding, enabled, tooltip in self.screen.active_bindings.values():
            if not binding.show or binding.action in seen:  # as Textual's: one key per action
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
        lines: list[list[FooterKey]] = [[]]
        used = 0
        for key in keys:
            # Compact: the key, a space, the description, then one column before the next key.
            size = cell_len(key.key_display) + (1 + cell_len(key.description) if key.description else 0)
            if lines[-1] and used + size > width and len(lines) < MAX_LINES:
                lines.append([])
                used = 0
            lines[-1].append(key)
            used += size + 1
        for count in range(2, MAX_LINES + 1):
            self.screen.set_class(len(lines) == count, f"-keys-lines-{count}")
        for line in lines:
            yield HorizontalGroup(*line, classes="keys-line")

    def on_resize(self, event: Resize) -> None:
        if self._bindings_ready:
            self.call_after_refresh(self._rebuild)
