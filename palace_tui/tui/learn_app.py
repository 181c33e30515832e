"""The lessons as an app of their own (``palace learn``: :mod:`palace_tui.cli.learn`, and
``palace serve --learn``, where a phone or tablet is touched: :mod:`palace_tui.device`).

>>> app = LearnApp(data_dir="/tmp/palace-learn-doctest")
>>> app.title
'Learn Palace'
"""

from __future__ import annotations

from pathlib import Path

from palace_tui.device import Device
from palace_tui.tui.layout_classes import DeviceLayout
from palace_tui.tui.screens.learn_list import LearnScreen


class LearnApp(DeviceLayout):
    """The lessons as a standalone app: it pushes :class:`LearnScreen`; Escape on the list quits.
    Laid out and worded as the game is for its ``device`` (default: what ``palace serve`` said)."""

    TITLE = "Learn Palace"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, data_dir: str | Path | None = None, device: Device | None = None) -> None:
        super().__init__()
        #: Where ``lessons.json`` lives (None: ``$PALACE_DATA_DIR`` or the user data folder).
        self.data_dir = data_dir
        self.device = device if device is not None else Device.from_environment()

    def on_mount(self) -> None:
        self.show_device()
        self.push_screen(LearnScreen(data_dir=self.data_dir), lambda _: self.exit())
