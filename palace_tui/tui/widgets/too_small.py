"""The message shown instead of a screen when the terminal is too small for it."""

from __future__ import annotations

from textual.widgets import Static

#: The smallest terminal every screen is designed for (the one place to lower it).
MIN_SIZE = (40, 20)  # narrow.tcss lays every screen out down to this
MIN_WIDTH, MIN_HEIGHT = MIN_SIZE


def too_small(width: int, height: int) -> bool:
    """Whether a terminal of ``width`` x ``height`` is below :data:`MIN_SIZE`."""
    return width < MIN_SIZE[0] or height < MIN_SIZE[1]


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
        super().__init__(
            f"Make the window larger: Palace needs at least {MIN_SIZE[0]} x {MIN_SIZE[1]}.\n\nCtrl+Q saves and quits."
        )
