"""Driving ``palace serve`` in headless Chromium: read the terminal in the page, press, click, tap.

textual-serve draws the app with xterm.js on a canvas, so the page holds no text to read.
An init script catches the page's xterm ``Terminal`` as textual-serve's client stores it
(``this.terminal = ...``) and reads its screen buffer; clicks go to the pixel of a
cell, so they travel as a person's would: browser, xterm, websocket, Textual.
"""

from __future__ import annotations

import re
import time

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
        self.page.wait_for_function("window.__palaceScreen && window.__palaceScreen().trim().length > 0",
                                    timeout=PATIENCE)

    def text(self) -> str:
        """The terminal in the page as text, one line per row."""
        return self.page.evaluate("window.__palaceScreen()")

    def size(self) -> tuple[int, int]:
        """Columns and rows of the terminal in the page."""
        return tuple(self.page.evaluate("[window.__palaceTerminal.cols, window.__palaceTerminal.rows]"))

    def wait_for(self, *needles: str) -> str:
        """Wait until every one of ``needles`` is on screen; the screen's text."""
        try:
            self.page.wait_for_function(
                "needles => needles.every(n => window.__palaceScreen().includes(n))", arg=list(needles),
                timeout=PATIENCE)
        except Exception as exc:
            raise AssertionError(f"{needles} never came on screen; it shows:\n{self.text()}") from exc
        return self.text()

    def wait_for_any(self, *needles: str) -> str:
        """Wait until one of ``needles`` is on screen; that needle."""
        self.page.wait_for_function(
            "needles => needles.some(n => window.__palaceScreen().includes(n))", arg=list(needles),
            timeout=PATIENCE)
        text = self.text()
        return next(n for n in needles if n in text)

    def settle(self, quiet: float = 1.0) -> str:
        """Wait until the screen has not changed for ``quiet`` seconds (the app is idle); its text.

        A key pressed while the app is still reacting to a click can be lost on the way."""
        deadline = time.monotonic() + PATIENCE / 1000
        text, since = self.text(), time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(0.1)
            now = self.text()
            if now != text:
                text, since = now, time.monotonic()
            elif time.monotonic() - since >= quiet:
                return text
        return text

    def press(self, *keys: str) -> None:
        """Type keys into the terminal (Playwright key names: Enter, ArrowLeft, r)."""
        self.page.focus("textarea.xterm-helper-textarea")
        for key in keys:
            self.page.keyboard.press(key)

    def cell_point(self, needle: str) -> tuple[float, float]:
        """The pixel at the middle of the first character of ``needle`` on screen."""
        text = self.text()
        for row, line in enumerate(text.split("\n")):
            col = line.find(needle)
            if col >= 0:
                break
        else:
            raise AssertionError(f"{needle!r} is not on screen:\n{text}")
        box = self.page.locator(".xterm-screen").bounding_box()
        cols, rows = self.size()
        return (box["x"] + (col + 0.5) * box["width"] / cols, box["y"] + (row + 0.5) * box["height"] / rows)

    def click(self, needle: str) -> None:
        """Click with the mouse on ``needle`` where it is on screen."""
        x, y = self.cell_point(needle)
        self.page.mouse.click(x, y)
        self.settle(3.0)

    def tap(self, needle: str) -> None:
        """Tap with a finger on ``needle`` (the page must have touch)."""
        x, y = self.cell_point(needle)
        self.page.touchscreen.tap(x, y)
        self.settle(3.0)

    def cards_shown(self) -> list[str]:
        """Every card written on screen."""
        return [m.group(0) for m in CARD.finditer(self.text())]

    def title(self) -> str:
        return self.page.title()


def saved_game(data_dir):
    """The game saved in ``data_dir`` (a :class:`~palace_tui.session.Session`), or None."""
    from palace_tui.session import Session, open_store
    data = open_store(data_dir).load_session()
    return Session.from_dict(data) if data else None
