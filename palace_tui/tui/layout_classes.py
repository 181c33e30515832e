"""The app classes the stylesheets key on: what the app is played with, and the screen's size.

Both apps, the game (:class:`~palace_tui.tui.app.PalaceApp`) and the lessons on their own
(:class:`~palace_tui.tui.learn_app.LearnApp`, also ``palace serve --learn``), lay out their
screens with the same three stylesheets: app.tcss, narrow.tcss (below :data:`NARROW_WIDTH`
columns) and touch.tcss (a finger: ``palace serve`` on a phone or tablet, :mod:`palace_tui.device`).
"""

from __future__ import annotations

from pathlib import Path, PurePath

from textual import events
from textual.app import App
from textual.geometry import Size
from textual.screen import Screen

from palace_tui.device import TERMINAL, Device
from palace_tui.tui.widgets.too_small import too_small

#: Below this height the table screen drops the log's frame to keep the cards in view.
COMPACT_HEIGHT = 30
#: From this height the cards are drawn tall and the log kept short: the room goes to the cards.
ROOMY_HEIGHT = 36
#: Below this width every screen takes its narrow layout (narrow.tcss): a phone held upright.
NARROW_WIDTH = 80
#: A touch screen with the full layout is roomy from this height: a tablet held sideways has
#: 29 lines at its font, and its cards are drawn large (PlayerArea) rather than its log long.
TABLET_ROOMY_HEIGHT = 28

#: The stylesheets of every app, in the order they apply.
STYLESHEETS: list[str | PurePath] = [Path(__file__).parent / name for name in ("app.tcss", "narrow.tcss", "touch.tcss")]


class DeviceLayout(App[None]):
    """An app laid out for its device and size: ``-web``, ``-touch`` and ``-finger-rows-N``
    once (:meth:`show_device`), ``-too-small``, ``-compact``, ``-roomy`` and ``-narrow`` at
    every size (:meth:`check_size`)."""

    CSS_PATH = STYLESHEETS

    #: Keys, a mouse or a finger: the layout and the words follow it.
    device: Device = TERMINAL

    def show_device(self) -> None:
        """Set the classes of the device (called once, when the app mounts)."""
        device = self.device
        self.set_class(device.web, "-web")
        self.set_class(device.touch, "-touch")
        if device.touch:  # keys as tall as a fingertip (touch.tcss)
            self.add_class(f"-finger-rows-{min(device.finger_rows, 3)}")
        self.check_size()

    async def on_event(self, event: events.Event) -> None:
        # Keys typed ahead of a quit (Esc, then more keys) arrive after the last screen has gone:
        # Textual would look for that screen's bindings and fail, so they are dropped.
        if isinstance(event, events.Key) and not self.screen_stack:
            return
        await super().on_event(event)

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size)  # runs before App's own handler updates self.size

    def check_size(self, size: Size | None = None) -> None:
        """Set the size classes for ``size`` (default: the app's)."""
        width, height = size or self.size
        before = set(self.classes)
        self.set_class(too_small(width, height), "-too-small")
        self.set_class(height < COMPACT_HEIGHT, "-compact")
        tablet = self.device.touch and width >= NARROW_WIDTH and height >= TABLET_ROOMY_HEIGHT
        self.set_class(height >= ROOMY_HEIGHT or tablet, "-roomy")
        self.set_class(width < NARROW_WIDTH, "-narrow")
        if set(self.classes) != before:
            # Textual restyles only the top screen when the app's classes change: a screen
            # underneath (or installed, like the pass screen) would come back still hidden.
            screens = {*self.screen_stack, *(s for s in self._installed_screens.values() if isinstance(s, Screen))}
            for screen in screens:
                if screen.is_mounted:
                    screen.update_node_styles(animate=False)


def device_of(app: App[object]) -> Device:
    """What ``app`` is played with (a terminal for an app that does not say)."""
    return app.device if isinstance(app, DeviceLayout) else TERMINAL
