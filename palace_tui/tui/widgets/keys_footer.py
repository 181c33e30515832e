"""The key bar at the foot of every screen: Textual's compact footer, wrapped when narrow.

Textual's ``Footer`` is one line: in 40 columns (a phone held upright) the keys past the
edge are cut off, and a phone has no keyboard to find them with. This one lays the same
keys on as many lines as the width needs, and tells its screen how many
(``-keys-lines-2``, ``-keys-lines-3``) so a layout can keep clear of them (narrow.tcss).

On a touch screen (``palace serve`` on a tablet or phone) every key is a button as tall
as a fingertip (touch.tcss), and the keys that only move the cursor are left out: a tap
on a card does what they do. In a browser no key has a tooltip: one would stay over the
cards after a click (a finger has no hover to lift it).

It is also rebuilt only when the keys it shows change (a key lit or greyed is changed where it
stands, on one line or wrapped). Textual's footer rebuilds on every bindings refresh, and one
comes with each focus of the page (textual-serve sends one as a tap lands): a tap on a key
while its footer is being rebuilt finds no key and is lost.
And when its keys fit on one line, the keys of every step it has shown are kept (those not
used now hidden), so the table's turn (play, then End turn, then the next person's play)
shows and hides keys where they stand instead of building the bar again at each step:
building it was a third of the work of drawing a game.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, NamedTuple, TypeVar

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import HorizontalGroup
from textual.events import Resize
from textual.screen import ModalScreen, Screen
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

K = TypeVar("K", bound=Hashable)


class KeyShown(NamedTuple):
    """One key as the bar shows it."""

    key: str
    action: str
    display: str
    description: str
    enabled: bool
    tooltip: str

    @property
    def which(self) -> tuple[str, ...]:
        """The key with all but whether it works now: what a key on the bar stands for."""
        return (self.key, self.action, self.display, self.description, self.tooltip)

    @property
    def columns(self) -> int:
        """Its width in the compact bar: the key, a space and the description."""
        return cell_len(self.display) + (1 + cell_len(self.description) if self.description else 0)


class Shown(NamedTuple):
    """What the bar shows: the width it wraps in, the not-saved mark and the keys."""

    width: int
    unsaved: bool
    keys: tuple[KeyShown, ...]


class BarKey(FooterKey):
    """A key on the bar that can be lit or greyed, shown or hidden, where it stands."""

    def __init__(self, shown: KeyShown, visible: bool = True) -> None:
        super().__init__(
            shown.key, shown.display, shown.description, shown.action, disabled=not shown.enabled, tooltip=shown.tooltip
        )
        self.which = shown.which
        self.display = visible

    def show_works(self, works: bool) -> None:
        self._disabled = not works  # what a tap on it reads: a greyed key only rings the bell
        self.set_class(not works, "-disabled")


def merged(kept: list[K], now: list[K]) -> list[K]:
    """The keys ``now`` in their order, with the ``kept`` ones not in it placed where they stood
    among them, so that each list is in order within the result.

    >>> merged(["card", "play", "pile", "help"], ["end turn", "pile", "help"])
    ['end turn', 'card', 'play', 'pile', 'help']
    """
    now_set = set(now)
    order: list[K] = []
    placed: set[K] = set()
    rest = [which for which in kept if which not in now_set]
    for which in now:
        if which in kept:  # first the kept keys that stood before this one
            before = kept[: kept.index(which)]
            order += [other for other in rest if other in before and other not in placed]
            placed.update(before)
        order.append(which)
    order += [other for other in rest if other not in placed]
    return order


def is_in_order_within(keys: list[K], order: list[K]) -> bool:
    """Every one of ``keys`` is in ``order``, in the same order."""
    walk = iter(order)
    return all(which in walk for which in keys)


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
        self._shown = Shown(0, False, ())
        #: The keys on the bar, hidden or not, in their order, each as it was last shown
        #: (empty when the keys wrap).
        self._kept: dict[tuple[str, ...], KeyShown] = {}

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

    def _shows(self) -> Shown:
        """The width and every shown key with its words and state: the footer's whole content
        (one key per action, as Textual's footer)."""
        keys: list[KeyShown] = []
        seen: set[str] = set()
        for binding, enabled, tooltip in self._shown_bindings():
            if binding.action not in seen:
                seen.add(binding.action)
                display = key_text(self.app.get_key_display(binding))
                keys.append(KeyShown(binding.key, binding.action, display, binding.description, enabled, tooltip))
        return Shown(self.app.size.width, self._unsaved, tuple(keys))

    def _lines(self, shows: Shown) -> list[list[KeyShown | None]]:
        """The keys (and the not-saved mark, None) wrapped onto lines of the width."""
        width = max(shows.width, 1)
        lines: list[list[KeyShown | None]] = [[]]
        used = 0
        padding = TOUCH_PADDING if self._touch else 0
        for item in [*shows.keys, *([None] if shows.unsaved else [])]:
            # Compact: the key, a space, the description, then one column before the next key.
            size = cell_len(NOT_SAVED) if item is None else item.columns + padding
            if lines[-1] and used + size > width and len(lines) < MAX_LINES:
                lines.append([])
                used = 0
            lines[-1].append(item)
            used += size + 1
        return lines

    @property
    def _unsaved(self) -> bool:
        """The game is not being saved (another copy owns the folder, a full disk): marked here for good."""
        return self.app.has_class("-not-saving")

    def bindings_changed(self, screen: Screen[Any]) -> None:
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            self.call_after_refresh(self._rebuild)

    async def _rebuild(self) -> None:
        if not self.is_attached:
            return
        shows = self._shows()
        if shows == self._shown:
            return
        now = [key.which for key in shows.keys]
        if shows[:2] == self._shown[:2] and now == [key.which for key in self._shown.keys]:
            self._show_in_place(shows)  # the same keys, wrapped or not: only lit or greyed
            return
        if (
            self._kept
            and shows.unsaved == self._shown.unsaved
            and len(self._lines(shows)) == 1
            and is_in_order_within(now, list(self._kept))
        ):
            self._show_in_place(shows)
        else:
            await self.recompose()

    def _show_in_place(self, shows: Shown) -> None:
        """Each kept key shown or hidden, lit or greyed, where it stands."""
        now = {key.which: key for key in shows.keys}
        for bar_key in self.query(BarKey):
            key = now.get(bar_key.which)
            bar_key.display = key is not None
            if key is not None:
                bar_key.show_works(key.enabled)
        self._shown = shows

    def compose(self) -> ComposeResult:
        # Composed at once, before the screen says its keys are settled (Textual's footer waits):
        # an empty footer that fills a frame later moves everything centred above it, so a
        # button would jump as a finger comes down on it. The settled keys rebuild it if they differ.
        shows = self._shows()
        lines = self._lines(shows)
        for count in range(2, MAX_LINES + 1):
            self.screen.set_class(len(lines) == count, f"-keys-lines-{count}")
        self._shown = shows
        if len(lines) > 1:  # wrapped: only the keys used now (a key could not move to another line)
            self._kept = {}
            for line in lines:
                yield HorizontalGroup(*map(self._item, line), classes="keys-line")
            return
        # One line: the keys of earlier steps are kept too, hidden, each where it stands among these.
        now = {key.which: key for key in shows.keys}
        self._kept = {which: now.get(which) or self._kept[which] for which in merged(list(self._kept), list(now))}
        items: list[FooterKey | Label] = [BarKey(key, visible=which in now) for which, key in self._kept.items()]
        if shows.unsaved:
            items.append(self._item(None))
        yield HorizontalGroup(*items, classes="keys-line")

    @staticmethod
    def _item(item: KeyShown | None) -> FooterKey | Label:
        return Label(NOT_SAVED, classes="not-saved") if item is None else BarKey(item)

    def on_resize(self, event: Resize) -> None:
        self.call_after_refresh(self._rebuild)

    def on_mount(self) -> None:
        # Footer.on_mount runs too (Textual calls each class's handler): it follows the keys.
        self.app.screen_change_signal.subscribe(self, self._screen_changed, immediate=True)

    def on_unmount(self) -> None:
        self.app.screen_change_signal.unsubscribe(self)

    def _screen_changed(self, top: Screen[Any]) -> None:
        """Under a see-through screen (the burn-in offer, a question) this bar's keys do nothing,
        and on a phone, where it is taller than that screen's, they would show above its keys as
        if a tap would work them: hidden until its own screen is on top again. Changed only when
        it must be: a style change repaints the screen on top, and a pass screen coming up may
        not be painted before it has named its player (PassScreen.on_screen_resume)."""
        if top is self.screen:
            shown = True
        elif isinstance(top, ModalScreen):
            shown = False
        else:
            return  # under a screen that hides it anyway
        if self.visible != shown:
            self.visible = shown
