"""The message shown instead of a screen when the terminal is too small for it."""

from __future__ import annotations

from textual.widgets import Static

#: The smallest terminal every screen is designed for.
MIN_WIDTH, MIN_HEIGHT = 40, 20


class TooSmall(Static):
    """Hidden until the app's ``-too-small`` class hides everything else and shows it."""

    DEFAULT_CSS = """
    TooSmall {
        display: none;
        width: 1fr;
        height: 1fr;
        content-align: center middle;
        text-align: center;
        text-style: bold;
    }
    """

    def __init__(self) -> None:
        super().__init__(f"Make the window larger: Palace needs at least {MIN_WIDTH} x {MIN_HEIGHT}.\n\n"
                         "Ctrl+Q saves and quits.")
