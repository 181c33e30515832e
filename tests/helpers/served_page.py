"""Driving ``palace serve`` in headless Chromium: read the terminal in the page, press, click, tap.

textual-serve draws the app with xterm.js on a canvas, so the page holds no text to read.
An init script catches the page's xterm ``Terminal`` as textual-serve's client stores it
(``this.terminal = ...``) and reads its screen buffer; clicks go to the pixel of a
cell, so they travel as a person's would: browser, xterm, websocket, Textual.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

#: Installed before the page's own script: keeps the Terminal textual-serve creates.
CATCH_TERMINAL = """
Object.defineProperty(Object.prototype, 'terminal', {
  configurable: true,
  set(value) {
    Object.defineProperty(this, 'terminal', {value, writable: true, configurable: true, enumerable: true});
    window.__palaceTerminal = value;
  },
});
window.__palaceScreen = () => {
  const t = window.__palaceTerminal;
  if (!t) return '';
  const buffer = t.buffer.active, lines = [];
  for (let y = 0; y < t.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    lines.push(line ? line.translateToString(true) : '');
  }
  return lines.join('\\n');
};
"""

#: A card as the game prints it: 10♦, Q♠, JK.
CARD = re.compile(r"(?<!\S)(10|[2-9JQKA])[♣♦♥♠]|(?<!\w)JK(?!\w)")

#: How long a step may take on a loaded 2-core machine before the test gives up (ms).
PATIENCE = 60_000


class ServedPage:
    """One browser tab on ``palace serve``."""

    def __init__(self, page) -> None:
        self.page = page
        page.add_init_script(CATCH_TERMINAL)

    def open(self, url: str) -> None:
        """Load the page and wait for the app's first screen."""
        self.page.goto(url)
        self.page.wait_for_function(
            "window.__palaceScreen && window.__palaceScreen().trim().length > 0", timeout=PATIENCE
        )

    def text(self) -> str:
        """The terminal in the page as text, one line per row."""
        return self.page.evaluate("window.__palaceScreen()")

    def size(self) -> tuple[int, int]:
        """Columns and rows of the terminal in the page."""
        return tuple(self.page.evaluate("[window.__palaceTerminal.cols, window.__palaceTerminal.rows]"))

    def wait_until(self, check, what: str, before: str | None = None) -> str:
        """Poll the page until ``check(text)`` holds (and the text differs from ``before``); the text.

        Every step waits for what it caused to be on screen: a key or a tap sent while the
        last one's screen has not come yet would be read against a screen that is gone.
        """
        deadline = time.monotonic() + PATIENCE / 1000
        seen = None
        while True:
            text = self.text()
            # The same text twice in a row: xterm is not halfway through drawing a frame.
            if text == seen and text != before and check(text):
                return text
            if time.monotonic() > deadline:
                raise AssertionError(f"{what} never came on screen; it shows:\n{text}")
            seen = text
            time.sleep(0.05)

    def wait_for(self, *needles: str, before: str | None = None) -> str:
        """Wait until every one of ``needles`` is on screen (and it changed from ``before``); its text."""
        return self.wait_until(lambda text: all(n in text for n in needles), repr(needles), before)

    def state(self, text: str | None = None) -> str:
        """Which screen is up, read from its footer: pass, swap, turn, result, resume, or ""."""
        lines = [line for line in (self.text() if text is None else text).split("\n") if line.strip()]
        keys = " ".join(lines[-2:])  # the footer: one line, or two in 40 columns
        for needle, state in (
            ("Show my cards", "pass"),
            ("End turn", "result"),
            ("Ready", "swap"),
            ("Coach", "turn"),
            ("Continue", "resume"),
        ):
            if needle in keys:
                return state
        return ""

    def wait_state(self, *states: str, before: str | None = None) -> str:
        """Wait for one of ``states`` (see :meth:`state`), changed from ``before``; the screen's text."""
        return self.wait_until(lambda text: self.state(text) in states, f"a {'/'.join(states)} screen", before)

    def press(self, *keys: str) -> str:
        """Type keys into the terminal (Playwright key names: Enter, ArrowLeft, r); the text before."""
        before = self.text()
        # Keys go to xterm's hidden textarea; focusing it also tells the app its page has focus.
        self.page.focus("textarea.xterm-helper-textarea")
        for key in keys:
            self.page.keyboard.press(key)
        return before

    def cell_point(self, needle: str, near: str = "") -> tuple[float, float]:
        """The pixel at the middle of the first character of ``needle`` on its lowest line on
        screen that also holds ``near``.

        Lowest, so a footer key wins over the same word in a message ("Continue it?")."""
        text = self.text()
        lines = text.split("\n")
        for row in reversed(range(len(lines))):
            col = lines[row].find(needle)
            if col >= 0 and near in lines[row]:
                break
        else:
            raise AssertionError(f"{needle!r} is not on screen:\n{text}")
        box = self.page.locator(".xterm-screen").bounding_box()
        cols, rows = self.size()
        return (box["x"] + (col + 0.5) * box["width"] / cols, box["y"] + (row + 0.5) * box["height"] / rows)

    def click(self, needle: str, near: str = "") -> str:
        """Click with the mouse on ``needle`` where it is on screen (see :meth:`cell_point`); the text before."""
        before = self.text()
        self.page.mouse.click(*self.cell_point(needle, near))
        return before

    def tap(self, needle: str) -> str:
        """Tap with a finger on ``needle`` (the page must have touch); the text before."""
        before = self.text()
        self.page.touchscreen.tap(*self.cell_point(needle))
        return before

    def cards_shown(self, text: str | None = None) -> list[str]:
        """Every card written on screen (or in ``text``, a screen read before)."""
        return [m.group(0) for m in CARD.finditer(self.text() if text is None else text)]

    def title(self) -> str:
        return self.page.title()


def saved_game(data_dir):
    """The game saved in ``data_dir`` (a :class:`~palace_tui.table.session.Session`), or None.

    Read straight from the file: opening a Store here would try the folder's lock, and a
    test holding it when the served game starts (after a reload) would take the saved game
    from the very game that should continue it.
    """
    from palace_tui.store.files import unwrap
    from palace_tui.store.store import SESSION_FILE, SESSION_FORMAT, SESSION_VERSION
    from palace_tui.table.session import Session

    try:
        raw = (Path(data_dir) / SESSION_FILE).read_bytes()
        return Session.from_dict(unwrap(raw, SESSION_FORMAT, SESSION_VERSION))
    except FileNotFoundError:  # none yet (the game saves by atomic replace: never half a file)
        return None
