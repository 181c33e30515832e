"""A torn pass screen: a browser paints between the messages of one frame, so the frame that
puts up "Pass to ..." must come after one that has already taken the last player's cards
off. Read here as the frames the app writes to a real terminal (a pseudo-terminal that says
it takes synchronized output, so each frame comes between its begin and end marks)."""

from __future__ import annotations

import re
import time

from tests.helpers.pty_app import PtyApp

SYNC_QUERY, SYNC_YES = b"\x1b[?2026$p", b"\x1b[?2026;1$y"
#: Bytes no frame holds: read until the app falls silent.
NEVER = b"\x00never\x00"
SYNC_START, SYNC_END = "\x1b[?2026h", "\x1b[?2026l"
ESCAPE = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|.)")


class Screen:
    """Just enough of a terminal to read Textual's frames: cursor moves, text, erases."""

    def __init__(self, cols: int, rows: int) -> None:
        self.cols, self.rows = cols, rows
        self.lines = [[" "] * cols for _ in range(rows)]
        self.row = self.col = 0

    def feed(self, data: str) -> None:
        at = 0
        for match in ESCAPE.finditer(data):
            self._text(data[at : match.start()])
            self._escape(match.group(0))
            at = match.end()
        self._text(data[at:])

    def _escape(self, seq: str) -> None:
        if not seq.startswith("\x1b["):
            return
        final, params = seq[-1], seq[2:-1]
        if final in "Hf" and not params.startswith("?"):
            parts = [int(p) if p else 1 for p in (params.split(";") if params else [])] + [1, 1]
            self.row, self.col = min(parts[0], self.rows) - 1, min(parts[1], self.cols) - 1
        elif final == "J" and params in ("2", "3"):
            self.lines = [[" "] * self.cols for _ in range(self.rows)]
        elif final == "K":
            self.lines[self.row][self.col :] = [" "] * (self.cols - self.col)

    def _text(self, text: str) -> None:
        for char in text:
            if char == "\r":
                self.col = 0
            elif char == "\n":
                self.row = min(self.row + 1, self.rows - 1)
            elif char >= " ":
                if self.col < self.cols:
                    self.lines[self.row][self.col] = char
                self.col += 1

    def text(self) -> str:
        return "\n".join("".join(line) for line in self.lines)


def frames(seen: bytes) -> list[str]:
    """The output cut into frames: each synchronized update, and what came between them."""
    text = seen.decode("utf-8", "replace")
    out = []
    for part in text.split(SYNC_START):
        out.extend(p for p in part.split(SYNC_END) if p)
    return out


def last_screen(seen: bytes, size: tuple[int, int] = (80, 24)) -> str:
    """What the terminal shows after everything the app has written."""
    screen = Screen(*size)
    for frame in frames(seen):
        screen.feed(frame)
    return screen.text()


#: The people at this table: a player's panel titled with one of their names shows their cards.
PEOPLE = ("Ann", "Ben")


def someones_cards(text: str) -> bool:
    """A person's cards are on screen: their panel is up, titled with their name (between turns
    the panel is titled "Nobody's cards are shown" and holds no card)."""
    return any(f"╭─ {name} ─" in text for name in PEOPLE)


def test_no_frame_puts_the_pass_box_over_the_last_players_cards(tmp_path):
    argv = ["--players", "Ann,Ben", "--seed", "3", "--data-dir", str(tmp_path), "--ai-delay", "0", "--quiet"]
    app = PtyApp(argv, size=(80, 24))
    try:
        assert app.read_until(SYNC_QUERY, limit=60)
        app.type(SYNC_YES)  # this terminal takes synchronized output: one frame, one update
        assert app.read_until(b"Pass to")
        app.type(b"\r")  # the first player's cards (the swap before play)
        assert app.read_until(b"Ready"), f"no key to say ready; the terminal shows:\n{last_screen(app.seen)}"
        mark = len(app.seen)
        app.type(b"r")  # ready: the cards go, the next player is called
        deadline = time.monotonic() + 60
        while b"Pass to" not in app.seen[mark:] and time.monotonic() < deadline:
            app.read_until(NEVER, limit=0.5)
        app.read_until(NEVER, limit=1)  # the rest of the pass screen's frames
        app.type(b"\x11")  # ctrl+q
        app.finish()
    finally:
        app.close()
    screen = Screen(80, 24)
    before_pass = []
    cards_up = False
    for frame in frames(bytes(app.seen)):
        shown_before = screen.text()
        screen.feed(frame)
        if "Pass to" in frame:
            before_pass.append(shown_before)
        cards_up = cards_up or someones_cards(screen.text())
        assert not ("Pass to" in screen.text() and someones_cards(screen.text())), screen.text()
    assert cards_up, "the first player's cards were never on screen: the test saw nothing"
    assert len(before_pass) >= 2, "two pass screens, one for each player"
    for shown in before_pass:
        # (On a busy machine the dark table is drawn first: its panel says "Hand (empty)".)
        assert not someones_cards(shown), f"the pass box came over a hand still on screen:\n{shown}"
