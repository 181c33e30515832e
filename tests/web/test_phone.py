"""A phone joins a real ``palace host`` table by touch, in real headless Chromium (390x844, touch).

The host has three seats: Ann (the phone), Ben (a scripted device: palace_tui/net/bots.py) and Cy
(a computer). The phone opens the room's address, taps Ann on the seat picker, and plays Ann's
turns by taps (the footer's Ready, a card then Play, the pile twice to take it, a face-down card
framed then turned) to the game's results, while Ben and Cy play theirs; mid-game the page is
reloaded and comes back to Ann's seat with Ann's cards; it leaves from the results by a tap.
Every screen the test reads is checked for cards Ann may not see (another hand, a face-down card
not yet turned). It times the tap to the table and the reload to the table, and reads the memory
of the host and of the phone tab's ``palace join``.

Takes the README's screenshot ``host-phone.png`` mid-game: into a temporary folder, or into the
folder $PALACE_WEB_SCREENSHOTS names.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("textual_serve", reason="the web extra is not installed: pip install -e '.[web]'")

from palace_tui.net.bots import Bot
from palace_tui.net.protocol import JoinRequest
from palace_tui.rules import Card
from palace_tui.table.session import Session
from palace_tui.tui.screens.pass_device import SETTLE
from tests.helpers.served_page import CARD, PATIENCE, Box, ServedPage, card_boxes, saved_game
from tests.web.conftest import free_port, serve_env, wait_for_port

#: The phone's seat, and Ann's turns it plays before the reload, and in all (or to the results).
ANN = 0
BEFORE_RELOAD = 3
TURNS = 300


class Host:
    """A real ``palace host`` on 127.0.0.1 with its data folder."""

    def __init__(self, tmp_path: Path) -> None:
        self.data = tmp_path / "data"
        self.data.mkdir()
        self.port = free_port()
        table = ["--players", "Ann,Ben,Cy", "--computers", "1", "--seed", "7", "--ai-delay", "0.2", "--grace", "0"]
        self.proc = subprocess.Popen(
            [sys.executable, "-P", "-m", "palace_tui", "host", "--host", "127.0.0.1", "--port", str(self.port), *table],
            env=serve_env(self.data),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        wait_for_port(self.port, self.proc)
        self.last: Session | None = None
        assert self.proc.stdout is not None
        self.code = re.search(r"Room (\w+) is open", self.proc.stdout.readline()).group(1)
        self.url = f"http://127.0.0.1:{self.port}/r/{self.code}"

    def game(self) -> Session:
        """The game as the host saved it (after every move, before any device is told); once it is
        over and recorded the host clears its save: the last one read, then."""
        session = saved_game(self.data)
        if session is not None:
            self.last = session
        assert self.last is not None, "the host saved no game"
        return self.last

    def over(self) -> bool:
        """The game is over (its save cleared once it is recorded)."""
        return saved_game(self.data) is None or self.game().game.phase == "over"

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()


@pytest.fixture
def host(tmp_path):
    running = Host(tmp_path)
    yield running
    running.stop()


def scripted_ben(host: Host) -> Bot:
    """Ben's device: a scripted client in a thread of its own, a little slower than a machine."""
    bot = Bot(f"ws://127.0.0.1:{host.port}/ws", JoinRequest(host.code, name="Ben"), random.Random(3), pace=0.2)
    threading.Thread(target=lambda: asyncio.run(bot.play()), daemon=True).start()
    return bot


def visible_to_ann(session: Session) -> set[str]:
    """Every card Ann may see now or has seen: her hand, the face-up cards, the pile, and every
    card of the public history (played, turned, swapped, taken in sight)."""
    view = session.game.view(ANN)
    cards: set[Card] = {*view.hand, *view.pile}
    for seat in view.seats:
        cards.update(seat.face_up)
    for _, event in session.events:
        cards.update(event.cards)
    return {str(card) for card in cards}


class Phone:
    """The phone's tab on Ann's seat: reads and taps, and checks every screen for Ann's privacy."""

    def __init__(self, tab: ServedPage, host: Host) -> None:
        self.tab = tab
        self.host = host
        self.screens = 0

    def text(self) -> str:
        text = self.tab.text()
        shown = {m.group(0) for m in CARD.finditer(text)}
        if shown:
            # The save is as new as the screen or newer: what Ann saw then is still seen now.
            leaked = shown - visible_to_ann(self.host.game())
            assert not leaked, f"the phone shows {leaked}, cards Ann may not see:\n{text}"
        self.screens += 1
        return text

    def wait_until(self, check, what: str) -> str:
        deadline = time.monotonic() + PATIENCE / 1000
        while True:
            text = self.text()
            if check(text):
                return text
            if time.monotonic() > deadline:
                raise AssertionError(f"{what} never came on screen; it shows:\n{text}\n{self.tab.lately()}")
            time.sleep(0.1)

    def tap(self, box: Box) -> None:
        self.tab.tap_box(box)


def card_on_row(text: str, label: str, row_word: str) -> Box:
    """Ann's card ``label`` in her row ``row_word`` (Hand, Up): the cell of its corner label (a
    long hand overlaps its cards, and wraps onto more rows)."""
    lines = text.split("\n")
    start = next(r for r, line in enumerate(lines) if "─Ann─" in line)
    for row in range(start, len(lines)):
        line = lines[row]
        if ("Up" in line) != (row_word == "Up"):
            continue
        for frame in "│┃║":
            col = line.find(frame + label)
            if col >= 0:
                return Box(row, col + 1, len(label), 1)
    raise AssertionError(f"{label} is not in Ann's {row_word} row:\n{text}")


def down_card(text: str, index: int) -> Box:
    """Ann's face-down card ``index`` (0 first): its number is under it, from 1."""
    lines = text.split("\n")
    start = next(r for r, line in enumerate(lines) if "─Ann─" in line)
    for row in range(start, len(lines) - 2):
        found = re.search(f"[─━]{index + 1}[─━]", lines[row])
        if found and "░" in lines[row - 1]:
            return Box(row - 2, found.start(), 2, 2)
    raise AssertionError(f"Ann's face-down card {index + 1} is not on screen:\n{text}")


def ann_moves(phone: Phone, host: Host) -> None:
    """Play Ann's turn by taps: whatever the engine offers, a finger does it."""
    session = host.game()
    legal = session.game.legal_moves()
    total = session.log_total
    kinds = {m.kind for m in legal}
    hint = "Ready when done" if session.game.phase == "setup" else "Turn a face" if "flip" in kinds else "Your turn"
    text = phone.wait_until(lambda t: hint in t, "Ann's turn on the phone")
    time.sleep(SETTLE)  # a tap as the screen comes up is taken for the last screen's
    text = phone.text()
    if session.game.phase == "setup":
        phone.tap(phone.tab.button("Ready"))
    elif "flip" in kinds:
        flip = next(m for m in legal if m.kind == "flip")
        phone.tap(down_card(text, flip.index))  # frames it (turns it, if it was framed already)
        time.sleep(SETTLE)
        if not host.over() and host.game().log_total == total:
            phone.tap(down_card(phone.text(), flip.index))  # turns it
    else:
        plays = [m for m in legal if m.kind == "play" and len(m.cards) == 1]
        if plays:
            card = plays[0].cards[0]
            row = "Hand" if card in session.game.view(ANN).hand else "Up"
            phone.tap(card_on_row(text, str(card).replace("JK", "Jkr"), row))
            time.sleep(SETTLE)
            phone.tap(phone.tab.button("Play"))
        else:  # a tap on the pile asks ("Take 4 cards?"), a second takes it
            phone.tap(pile_box(text))
            text = phone.wait_until(lambda t: "? Tap the pile" in t, "the pile's question")
            time.sleep(SETTLE)
            phone.tap(pile_box(text))
    deadline = time.monotonic() + PATIENCE / 1000
    while not host.over() and host.game().log_total == total:
        assert time.monotonic() < deadline, f"Ann's move never came to the host:\n{phone.text()}"
        time.sleep(0.1)


def pile_box(text: str) -> Box:
    """The pile's card: the one on the line that says what may be played."""
    lines = text.split("\n")
    piles = [b for b in card_boxes(lines) if "play " in lines[b.row + 1][b.col + b.width :]]
    assert len(piles) == 1, f"the pile is not drawn once: {piles}\n{text}"
    return piles[0]


def rss_kib(pid: int) -> int:
    """A process's resident memory (KiB), from /proc."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def join_processes(host_pid: int) -> list[int]:
    """The host's children that run ``palace join`` (one per phone tab)."""
    out = subprocess.run(["ps", "-o", "pid=,args=", "--ppid", str(host_pid)], capture_output=True, text=True).stdout
    return [int(line.split()[0]) for line in out.splitlines() if " join " in line]


def ann_turn(host: Host) -> bool:
    return not host.over() and host.game().to_act == ANN


def wait_for(condition, what: str, limit: float = PATIENCE / 1000) -> None:
    deadline = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.1)


@pytest.mark.slow  # a real host, a browser, a tab's process, and a game played by taps
def test_a_phone_plays_a_seat_by_taps_and_a_reload_comes_back_to_it(host, browser, shots):
    ben = scripted_ben(host)
    page = browser(390, 844, phone=True)
    tab = ServedPage(page)
    phone = Phone(tab, host)

    page.goto(host.url)  # as a QR code's link opens it: the cookie is set, then the page reloads once
    ann = page.locator("button[value=Ann]")
    ann.wait_for(timeout=PATIENCE)
    assert page.locator("button[value=Ben]").count() == 0  # Ben's device holds his seat
    assert "Cy: the computer plays" in page.content()
    box = ann.bounding_box()
    assert box["height"] >= 48 and box["width"] >= 48, box
    wait_for(lambda: host.game().game.phase == "setup", "the game saved")

    tapped = time.monotonic()
    ann.tap()
    page.wait_for_url(f"**/r/{host.code}/seat/{ANN}")
    page.wait_for_function("window.__palaceScreen && window.__palaceScreen().length > 0", timeout=PATIENCE)
    phone.wait_until(lambda t: "─Ann─" in t and "Hand" in t, "Ann's table")
    to_table = time.monotonic() - tapped
    assert page.url.endswith(f"/r/{host.code}/seat/{ANN}")

    played = 0
    reload_s = None
    while played < TURNS and not host.over():
        wait_for(lambda: ann_turn(host) or host.over(), "Ann's turn", limit=120)
        if host.over():
            break
        ann_moves(phone, host)
        played += 1
        if played == BEFORE_RELOAD:
            hand = {str(c) for c in host.game().game.view(ANN).hand}
            page.screenshot(path=str(shots / "host-phone.png"))
            (join,) = join_processes(host.proc.pid)
            join_kib, host_kib = rss_kib(join), rss_kib(host.proc.pid)
            reloaded = time.monotonic()
            page.reload()
            text = phone.wait_until(lambda t: "─Ann─" in t and "Hand" in t, "Ann's table after the reload")
            reload_s = time.monotonic() - reloaded
            assert page.url.endswith(f"/r/{host.code}/seat/{ANN}")
            now = {str(c) for c in host.game().game.view(ANN).hand}
            shown = {m.group(0) for m in CARD.finditer(text.split("─Ann─")[1])}
            assert hand == now  # Ann's hand moves only on her own turn
            assert now <= shown, (now, shown, text)  # the same hand, drawn again
    assert host.over(), played
    # The results, by touch: the words say tap, the footer's keys are the buttons.
    text = phone.wait_until(lambda t: "Results" in t and "Tap Play again, Review or Leave" in t, "the results")
    time.sleep(SETTLE)
    phone.tap(phone.tab.button("Leave"))
    page.locator("body.-closed").wait_for(timeout=PATIENCE)  # the page's "Session ended"
    wait_for(lambda: not join_processes(host.proc.pid), "the tab's palace join ended")
    assert reload_s is not None
    assert ben.seat == 1 and not ben.refusals
    print(
        f"\nphone: tap to table {to_table:.2f} s, reload to table {reload_s:.2f} s, Ann's turns by taps {played}, "
        f"screens checked {phone.screens}, game over: {host.over()}; "
        f"RSS: the tab's palace join {join_kib / 1024:.1f} MiB, the host {host_kib / 1024:.1f} MiB"
    )
