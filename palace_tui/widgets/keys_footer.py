"""The key bar at the foot of every screen: Textual's compact footer, wrapped when narrow.

Textual's ``Footer`` is one line: in 40 columns (a phone held upright) the keys past the
edge are cut off, and a phone has no keyboard to find them with. This one lays the same
keys on as many lines as the width needs, and tells its screen how many
(``-keys-lines-2``, ``-keys-lines-3``) so a layout can keep clear of them (narrow.tcss).
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.containers import HorizontalGroup
from textual.events import Resize
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

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
        self._width = 0

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        self._width = width = max(self.app.size.width, 1)
        keys: list[FooterKey] = []
        seen: set[str] = set()
        for _, binding, enabled, tooltip in self.screen.active_bindings.values():
            if not binding.show or binding.action in seen:  # as Textual's: one key per action
                continue
            seen.add(binding.action)
            keys.append(FooterKey(binding.key, self.app.get_key_display(binding), binding.description,
                                  binding.action, disabled=not enabled, tooltip=tooltip))
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
        if self._bindings_ready and self.app.size.width != self._width:
            self.call_after_refresh(self.recompose)
