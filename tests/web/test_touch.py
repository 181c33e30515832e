"""A tablet and two phones, played by finger alone in real headless Chromium (``palace serve``).

At 1024x768, 390x844 and 360x640 every card, the pile and the main actions are measured in
CSS px as the page paints them (a card's frame as drawn, a key's painted button) and must
be at least 44x44, the touch guidelines' smallest target; the pass screen's box is tapped;
the first tap on the pile only asks; "Since your last turn" and "Your move" are read on
the screen as it comes up, with nothing scrolled.

Takes the README's PNG screenshots of each: into a temporary folder, or into the folder
$PALACE_WEB_SCREENSHOTS names (``PALACE_WEB_SCREENSHOTS=screenshots python -m pytest
tests/web``). A plain test run leaves screenshots/ as committed.
"""

from __future__ import annotations

import time

import pytest

pytest.importorskip("textual_serve", reason="the web extra is not installed: pip install -e '.[web]'")

from palace_tui.tui.screens.pass_device import SETTLE
from tests.helpers.served_page import (
    Box,
    ServedPage,
    card_boxes,
    double_box,
    saved_game,
    two_at_the_table,
    wait_saved,
)

#: The smallest touch target, CSS px each way.
FINGER = 44

SIZES = [
    pytest.param(1024, 768, False, "tablet", id="tablet-1024x768"),
    pytest.param(390, 844, True, "phone", id="phone-390x844"),
    pytest.param(360, 640, True, "phone-small", id="phone-360x640"),
]


class Ruler:
    """Measures what a finger must hit, and keeps every size seen for the report."""

    def __init__(self, tab: ServedPage) -> None:
        self.tab = tab
        self.seen: dict[str, list[tuple[float, float]]] = {}

    def check(self, what: str, box: Box) -> None:
        width, height = self.tab.px(box)
        self.seen.setdefault(what, []).append((width, height))
        assert width >= FINGER and height >= FINGER, f"{what} is {width:.0f}x{height:.0f} CSS px:\n{self.tab.text()}"

    def cards_and_pile(self, text: str) -> None:
        """Every card on screen, the pile's among them (on the line that says what to play)."""
        pile = pile_box(text)
        self.check("the pile", pile)
        for box in card_boxes(text.split("\n")):
            if box != pile:
                self.check("a card", box)

    def keys(self, *labels: str) -> None:
        for label in labels:
            self.check(f"the key {label}", self.tab.button(label))

    def report(self) -> str:
        return "; ".join(
            f"{what} {min(w for w, _ in sizes):.0f}x{min(h for _, h in sizes):.0f}"
            for what, sizes in sorted(self.seen.items())
        )


def tap_the_pass_box(tab: ServedPage, ruler: Ruler, text: str, name: str) -> str:
    """The pass screen names ``name``; the box itself is the button. The next screen's text."""
    assert f"Pass to {name}" in text and f"Tap here, {name}" in text, text
    assert tab.cards_shown(text) == [], f"a card on the privacy screen:\n{text}"
    box = double_box(text.split("\n"))
    ruler.check("the pass box", box)
    time.sleep(SETTLE)  # a tap as the screen comes up is taken for the last screen's
    before = tab.tap_box(box)
    return tab.wait_until(lambda t: tab.state(t) in ("swap", "turn") and tab.cards_shown(t), "the cards", before)


def pile_box(text: str) -> Box:
    """The pile's card: the one on the line that says what may be played."""
    lines = text.split("\n")
    piles = [b for b in card_boxes(lines) if "play " in lines[b.row + 1][b.col + b.width :]]
    assert len(piles) == 1, f"the pile is not drawn once: {piles}\n{text}"
    return piles[0]


def card_box(text: str, label: str) -> Box:
    """The lowest card on screen whose face begins with ``label`` (a hand card)."""
    lines = text.split("\n")
    boxes = [b for b in card_boxes(lines) if lines[b.row + 1][b.col + 1 :].startswith(label)]
    assert boxes, f"{label} is not on screen:\n{text}"
    return max(boxes, key=lambda b: b.row)


def play_a_card_by_taps(tab: ServedPage, data_dir) -> str:
    """Tap a card the mover may play, then the Play key (or, with none, the pile twice): the result step."""
    saved = saved_game(data_dir)
    # One card, and not a ten: a ten clears the pile and the mover would play again.
    plays = [m for m in saved.game.legal_moves() if m.kind == "play" and len(m.cards) == 1 and m.cards[0].rank != 10]
    if plays:
        label = str(plays[0].cards[0]).replace("JK", "Jkr")
        tab.tap_box(card_box(tab.text(), label))
        time.sleep(0.3)
        before = tab.tap_box(tab.button("Play"))
    else:
        pile = pile_box(tab.text())
        before = tab.tap_box(pile)
        # A tap takes the pile when it was asked already (a turn that read "Take 4 cards?");
        # otherwise it asks, and the second tap takes.

        def taken() -> bool:
            return saved_game(data_dir).log_total > saved.log_total

        text = tab.wait_until(lambda t: "? Tap the pile" in t or taken(), "the pile's answer", before)
        if not taken():
            before = tab.tap_box(pile_box(text))
    wait_saved(data_dir, lambda s: s.log_total > saved.log_total, tab)
    # The result step whole (its keys drawn too), or the pass screen of a computer-free hand-on.
    return tab.wait_until(
        lambda t: ("Your move:" in t and tab.state(t) == "result") or "Pass to" in t, "the move's result", before
    )


@pytest.mark.slow  # three browsers through the setup and two turns (the fast tier: tests/tui/test_touch_words.py)
@pytest.mark.parametrize(("width", "height", "phone", "name"), SIZES)
def test_by_finger_every_target_is_a_fingertip_and_every_line_in_view(
    start_server, browser, shots, width, height, phone, name
):
    url, data_dir = start_server()
    two_at_the_table(data_dir)
    tab = ServedPage(browser(width, height, phone=phone))
    ruler = Ruler(tab)
    tab.open(url)
    tab.wait_for("Start", "Seat 1")
    cols, rows = tab.size()
    assert cols >= 40 and rows >= 20, (cols, rows)  # never the "make the window larger" screen
    start = tab.button("Start", lowest=False)  # the form's button, above the footer's ^s Start
    ruler.check("the Start button", start)
    ruler.keys("Start")

    # Setup: the first pass screen, the box tapped, both swaps readied by the footer's key.
    text = tab.wait_for("Pass to", before=tab.tap_box(start))
    first = "Ann" if "Pass to Ann" in text else "Ben"
    for name_up in (first, "Ben" if first == "Ann" else "Ann"):
        text = tap_the_pass_box(tab, ruler, tab.wait_for(f"Pass to {name_up}"), name_up)
        assert tab.state(text) == "swap", text
        ruler.cards_and_pile(text)
        ruler.keys("Swap", "Ready")
        before = tab.tap_box(tab.button("Ready"))
        tab.wait_until(lambda t: "Pass to" in t or tab.state(t) == "turn", "the next screen", before)
    wait_saved(data_dir, lambda s: s.game.phase == "play", tab)

    # Two turns of play: whoever leads, then the other (who reads what the first did).
    for turn in range(2):
        text = tab.wait_until(lambda t: "Pass to" in t or tab.state(t) == "turn", "a turn")
        if "Pass to" in text:
            mover = saved_game(data_dir).names[saved_game(data_dir).game.turn]
            text = tap_the_pass_box(tab, ruler, text, mover)
        text = tab.wait_state("turn", before=None)
        if turn == 1:
            # The screen as it comes up, nothing scrolled: what the other player did.
            assert "Since your last turn:" in text, text
            tab.page.screenshot(path=str(shots / f"{name}.png"))
        ruler.cards_and_pile(text)
        ruler.keys("Play", "Coach")
        if turn == 1 and any(m.kind == "take" for m in saved_game(data_dir).game.legal_moves()):
            # One tap on the pile only asks, with the count; nothing is taken.
            saved = saved_game(data_dir)
            text = tab.wait_for("Take ", "? Tap the pile", before=tab.tap_box(pile_box(text)))
            assert f"Take {len(saved.game.pile)} card" in text, text
            time.sleep(0.5)
            assert saved_game(data_dir).log_total == saved.log_total
            ruler.keys("Take")
        text = play_a_card_by_taps(tab, data_dir)
        if "Your move:" in text:  # the mover's result, read as it comes up
            assert tab.state(text) == "result", text
            ruler.keys("End turn")
            tab.tap_box(tab.button("End turn"))
    print(f"\n{name} {width}x{height} ({cols}x{rows} cells of {tab.cell_size()[0]:.0f}x{tab.cell_size()[1]:.0f} px):")
    print(ruler.report())
