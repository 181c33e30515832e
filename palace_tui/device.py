"""What the player plays with: a terminal's keys, or a browser page's mouse or touch screen.

``palace serve``'s page knows what the app cannot: whether the screen is touched or
pointed at with a mouse, and how many terminal cells a fingertip covers (44 CSS px,
the touch guidelines' smallest target, in cells of the font the page chose). The page
says it in a cookie, the server puts it in the app's environment (``PALACE_DEVICE``),
and the app lays out and words its screens for it: taller keys and wider cards for a
finger, "tap" where there is no keyboard. Anything unreadable means a terminal.

>>> Device.parse("touch-5x3")
Device(pointer='touch', finger_columns=5, finger_rows=3)
>>> Device.parse("touch-5x3").code
'touch-5x3'
>>> Device.parse("touch; rm -rf /") == TERMINAL
True
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

#: The environment variable ``palace serve`` sets for each browser tab's game.
ENV = "PALACE_DEVICE"

#: The cookie the page sets for the server (the same text).
COOKIE = "palace-device"

_CODE = re.compile(r"(mouse|touch)-([1-9])x([1-9])")

Pointer = Literal["keys", "mouse", "touch"]


@dataclass(frozen=True)
class Device:
    """``pointer``: keys (a terminal), a mouse or touch (a browser page); a fingertip covers
    ``finger_columns`` x ``finger_rows`` cells (1x1 where nothing is touched)."""

    pointer: Pointer = "keys"
    finger_columns: int = 1
    finger_rows: int = 1

    @property
    def web(self) -> bool:
        """Played in a browser page (``palace serve``)."""
        return self.pointer != "keys"

    @property
    def touch(self) -> bool:
        """Played with a finger: there may be no keyboard at all."""
        return self.pointer == "touch"

    @property
    def code(self) -> str:
        """The text of the cookie and the environment variable ("" for a terminal)."""
        return f"{self.pointer}-{self.finger_columns}x{self.finger_rows}" if self.web else ""

    @classmethod
    def parse(cls, code: str | None) -> Device:
        """The device ``code`` names; a terminal for anything else (the page's cookie is not trusted)."""
        match = _CODE.fullmatch(code or "")
        if match is None:
            return TERMINAL
        pointer: Pointer = "touch" if match[1] == "touch" else "mouse"
        return cls(pointer, int(match[2]), int(match[3]))

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] = os.environ) -> Device:
        """The device ``palace serve`` named for this game, or a terminal."""
        return cls.parse(environ.get(ENV))


#: A terminal: keys, and a mouse where the terminal has one.
TERMINAL = Device()
