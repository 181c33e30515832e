"""Driving ``palace serve`` in headless Chromium: read the terminal in the page, press, click, tap.

textual-serve draws the app with xterm.js on a canvas, so the page holds no text to read.
An init script catches the page's xterm ``Terminal`` as textual-serve's client stores it
(``this.terminal = ...``) and reads its screen buffer; clicks go to the pixel of a
cell, so they travel as a person's would: browser, xterm, websocket, Textual.
"""

from __future__ import annotations

import re
import time
from collections import deque
from dataclasses import dataclass
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
window.__palaceCells = () => {
  const t = window.__palaceTerminal;
  const buffer = t.buffer.active, rows = [];
  for (let y = 0; y < t.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y), chars = [], backs = [];
    for (let x = 0; x < t.cols; x++) {
      const cell = line && line.getCell(x);
      chars.push(cell && cell.getChars() ? cell.getChars() : ' ');
      backs.push(cell ? cell.getBgColorMode() + ':' + cell.getBgColor() : '');
    }
    rows.push([chars.join(''), backs]);
  }
  return rows;
};
"""

#: A card as the game prints it: 10♦, Q♠, JK.
CARD = re.compile(r"(?<!\S)(10|[2-9JQKA])[♣♦♥♠]|(?<!\w)JK(?!\w)")

#: How long a step may take on a loaded 2-core machine before the test gives up (ms).
PATIENCE = 60_000

#: A card's frame: its top-left corner (the cursor's heavy one too), its sides, its bottom-left.
CARD_TOP, CARD_SIDE, CARD_BOTTOM = "╭┏", "│┃┆", "╰┗"
#: What a card's top edge is made of between its corners (a mark, the empty pile's dashes).
CARD_EDGE = "─━┄✓"


@dataclass(frozen=True)
class Box:
    """A rectangle of terminal cells: its top-left cell and its size."""

    row: int
    col: int
    width: int
    height: int


def double_box(lines: list[str]) -> Box:
    """The box drawn with a double frame (the pass screen's)."""
    top = next(r for r, line in enumerate(lines) if "╔" in line)
    bottom = next(r for r, line in enumerate(lines) if "╚" in line)
    left, right = lines[top].index("╔"), lines[top].index("╗")
    return Box(top, left, right - left + 1, bottom - top + 1)


def card_boxes(lines: list[str]) -> list[Box]:
    """Every card drawn in ``lines`` (the screen's rows), as the cells it shows: an overlapped
    card up to the next card's edge. Panels are left out (their top edge holds a title)."""
    boxes = []
    for row, line in enumerate(lines[:-1]):
        for col, char in enumerate(line):
            if char not in CARD_TOP:
                continue
            bottom = row + 1
            while bottom < len(lines) and col < len(lines[bottom]) and lines[bottom][col] in CARD_SIDE:
                bottom += 1
            if bottom == row + 1 or bottom >= len(lines) or lines[bottom][col] not in CARD_BOTTOM:
                continue
            end = col + 1
            while end < len(line) and line[end] in CARD_EDGE:
                end += 1
            if end >= len(line) or end == col + 1:
                continue
            if line[end] in CARD_TOP:  # the next card overlaps this one from here
                width = end - col
            elif line[end] in "╮┓":
                width = end - col + 1
            else:
                continue  # a panel's frame ("╭─ Table ...")
            boxes.append(Box(row, col, width, bottom - row + 1))
    return boxes


class ServedPage:
    """One browser tab on ``palace serve``."""

    def __init__(self, page) -> None:
        self.page = page
        page.add_init_script(CATCH_TERMINAL)
        #: What the page sent its game lately (keys, taps as mouse bytes, focus, blur), each with
        #: the test's clock: a failed wait says whether the last tap left the browser at all.
        self.sent: deque[str] = deque(maxlen=12)
        page.on("websocket", self._watch_socket)

    def _watch_socket(self, socket) -> None:
        def sent(payload) -> None:
            if isinstance(payload, str) and not payload.startswith('["ping"'):
                self.sent.append(f"{time.monotonic():.2f} {payload[:60]}")

        socket.on("framesent", sent)
        socket.on("close", lambda _: self.sent.append(f"{time.monotonic():.2f} the page's socket closed"))

    def lately(self) -> str:
        """What the page sent its game lately, for a failure's message."""
        return f"at {time.monotonic():.2f} the page had lately sent its game:\n" + "\n".join(self.sent)

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
                raise AssertionError(f"{what} never came on screen; it shows:\n{text}\n{self.lately()}")
            seen = text
            time.sleep(0.05)

    def wait_for(self, *needles: str, before: str | None = None) -> str:
        """Wait until every one of ``needles`` is on screen (and it changed from ``before``); its text."""
        return self.wait_until(lambda text: all(n in text for n in needles), repr(needles), before)

    def state(self, text: str | None = None) -> str:
        """Which screen is up, read from its footer: pass, swap, turn, result, resume, or ""."""
        lines = [line for line in (self.text() if text is None else text).split("\n") if line.strip()]
        # The footer: one line, or up to three where its keys wrap (a phone's fingertip keys, with
        # Undo among them, take three). The needles are the footer's words, never a note's.
        keys = " ".join(lines[-3:])
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

    def cell_size(self) -> tuple[float, float]:
        """The CSS px of one terminal cell: width, height."""
        box = self.page.locator(".xterm-screen").bounding_box()
        cols, rows = self.size()
        return box["width"] / cols, box["height"] / rows

    def px(self, box: Box) -> tuple[float, float]:
        """The CSS px a box of cells covers: width, height."""
        width, height = self.cell_size()
        return box.width * width, box.height * height

    def cells(self) -> list[tuple[str, list[str]]]:
        """Every row of the terminal: its characters and each cell's background."""
        return [(chars, backs) for chars, backs in self.page.evaluate("window.__palaceCells()")]

    def button(self, label: str, lowest: bool = True) -> Box:
        """The painted extent of the key or button whose words are ``label`` (the lowest on screen,
        or the highest): the cells around it with the background of its first letter."""
        rows = self.cells()
        order = reversed(range(len(rows))) if lowest else range(len(rows))
        for row in order:
            col = rows[row][0].find(label)
            if col >= 0:
                break
        else:
            raise AssertionError(f"{label!r} is not on screen:\n{self.text()}")
        back = rows[row][1][col]

        def same(r: int, c: int) -> bool:
            return 0 <= r < len(rows) and 0 <= c < len(rows[r][1]) and rows[r][1][c] == back

        left, right = col, col
        while same(row, left - 1):
            left -= 1
        while same(row, right + 1):
            right += 1
        top, bottom = row, row
        while all(same(top - 1, c) for c in range(left, right + 1)):
            top -= 1
        while all(same(bottom + 1, c) for c in range(left, right + 1)):
            bottom += 1
        return Box(top, left, right - left + 1, bottom - top + 1)

    def tap_box(self, box: Box) -> str:
        """Tap with a finger at the middle of ``box``; the text before."""
        before = self.text()
        screen = self.page.locator(".xterm-screen").bounding_box()
        width, height = self.cell_size()
        x = screen["x"] + (box.col + box.width / 2) * width
        y = screen["y"] + (box.row + box.height / 2) * height
        self.page.touchscreen.tap(x, y)
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


def two_at_the_table(data_dir: Path) -> None:
    """Ann and Ben, both human, as the new-table screen will offer them."""
    from palace_tui.rules import Rules
    from palace_tui.table.session import default_level, open_store

    open_store(str(data_dir)).save_last_table(
        {
            "players": 2,
            "preset": "palace",
            "options": Rules.preset("palace").as_dict(),
            "seed": "11",
            "seats": [{"name": name, "human": True, "level": default_level()} for name in ("Ann", "Ben")],
        }
    )


def wait_saved(data_dir: Path, done, tab: ServedPage | None = None, limit: float = 60.0):
    """Wait until the saved game satisfies ``done`` (the served game saves after every move)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        session = saved_game(str(data_dir))
        if session is not None and done(session):
            return session
        time.sleep(0.1)
    raise AssertionError("the served game did not save the move; the page shows:\n" + (tab.text() if tab else ""))
