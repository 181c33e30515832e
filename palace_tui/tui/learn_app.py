"""The lessons as an app of their own (``palace learn``: :mod:`palace_tui.cli.learn`).

>>> app = LearnApp(data_dir="/tmp/palace-learn-doctest")
>>> app.title
'Learn Palace'
"""

from __future__ import annotations

from pathlib import Path

from textual.app import App

from palace_tui.tui.screens.learn_list import LearnScreen


class LearnApp(App[None]):
    """The lessons as a standalone app: it pushes :class:`LearnScreen`; Escape on the list quits."""

    TITLE = "Learn Palace"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, data_dir: str | Path | None = None) -> None:
        super().__init__()
        #: Where ``lessons.json`` lives (None: ``$PALACE_DATA_DIR`` or the user data folder).
        self.data_dir = data_dir

    def on_mount(self) -> None:
        self.push_screen(LearnScreen(data_dir=self.data_dir), lambda _: self.exit())
