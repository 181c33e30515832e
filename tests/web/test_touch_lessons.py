"""The lessons in a browser (``palace serve --learn``) on two phones, by finger alone, in real
headless Chromium.

The lesson is laid out narrow (40-odd columns) and for a finger: its cards, the pile and
the main actions (Play, Take, Pile, Continue) are measured in CSS px as the page paints them
and must be at least 44x44; its words say tap and name the buttons, never a key; one lesson
is tapped through (a card, then Play) to its "Well done!". Takes the README's screenshot
``phone-lesson.png`` (into $PALACE_WEB_SCREENSHOTS when set, see test_touch.py).
"""

from __future__ import annotations

import re
import time

import pytest

pytest.importorskip("textual_serve", reason="the web extra is not installed: pip install -e '.[web]'")

from palace_tui.tui.screens.lesson import SHORT_HEIGHT
from tests.helpers.app import reads
from tests.helpers.served_page import ServedPage, card_boxes
from tests.web.test_touch import Ruler, card_box

PHONES = [
    pytest.param(390, 844, "phone-lesson", id="phone-390x844"),
    pytest.param(360, 640, "phone-small-lesson", id="phone-360x640"),
]

#: Words of a keyboard that a phone's lesson must not say.
KEY_WORDS = re.compile(r"\b(press|Press|Space|Enter)\b|←→|↑↓|\(Enter\)")


def words_only(text: str) -> str:
    """The screen's text above the footer's buttons (their key glyphs are a keyboard's bonus)."""
    lines = text.split("\n")
    footer = max(i for i, line in enumerate(lines) if "Pile" in line and "Retry" in line)
    return "\n".join(lines[:footer])


@pytest.mark.slow  # two browsers through a lesson (the fast tier: tests/lessons/test_touch_lessons.py)
@pytest.mark.parametrize(("width", "height", "name"), PHONES)
def test_a_lesson_by_finger_on_a_phone(start_server, browser, shots, width, height, name):
    url, _ = start_server("--learn")
    tab = ServedPage(browser(width, height, phone=True))
    ruler = Ruler(tab)
    tab.open(url)
    text = tab.wait_for("Learn Palace", "Play equal or higher")
    cols, rows = tab.size()
    assert cols >= 40 and rows >= 20 and cols < 80, (cols, rows)  # the narrow layout, never "too small"
    ruler.keys("Start lesson")
    # A tap on a lesson in the list opens it.
    text = tab.wait_for("Lesson 5 of", "Your cards", before=tab.tap("Play equal or higher"))
    time.sleep(0.5)
    text = tab.wait_until(lambda t: reads(t, "Tap a card that can go on it, then Play."), "the lesson's question")
    assert not KEY_WORDS.search(words_only(text)), words_only(text)
    assert max(len(line.rstrip()) for line in text.split("\n")) <= cols
    ruler.cards_and_pile(text)
    # The hand's four and the pile; the face-down and face-up rows too where there is room (on
    # a short phone they are drawn on one line while the hand is played: not in play, not tapped).
    assert len(card_boxes(text.split("\n"))) == 4 + 1 + (3 + 3 if rows >= SHORT_HEIGHT else 0), text
    ruler.keys("Play", "Take", "Pile")
    # The 9♦ goes on the 9♣: tapped once it is pointed at, then Play plays it.
    tab.tap_box(card_box(text, "9♦"))
    time.sleep(0.3)
    text = tab.wait_for("Well done!", before=tab.tap_box(tab.button("Play")))
    assert reads(text, "Tap Continue for the next lesson."), text
    assert not KEY_WORDS.search(words_only(text)), words_only(text)
    ruler.keys("Continue")
    tab.page.screenshot(path=str(shots / f"{name}.png"))
    before = tab.tap_box(tab.button("Continue"))
    text = tab.wait_until(lambda t: "Lesson 6 of" in t and reads(t, "Tap each queen twice"), "lesson 6", before)
    ruler.cards_and_pile(text)
    print(f"\n{name} {width}x{height} ({cols}x{rows} cells of {tab.cell_size()[0]:.0f}x{tab.cell_size()[1]:.0f} px):")
    print(ruler.report())
