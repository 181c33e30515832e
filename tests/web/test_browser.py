"""``palace serve`` end to end: a hot-seat game in real headless Chromium, by keys, clicks and taps.

The touch screens' sizes, lines and screenshots are :mod:`tests.web.test_touch`'s.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

pytest.importorskip("textual_serve", reason="the web extra is not installed: pip install -e '.[web]'")

from palace_tui.tui.screens.pass_device import SETTLE
from tests.helpers.served_page import ServedPage, saved_game, two_at_the_table, wait_saved


def pass_screen_hides_every_card(tab: ServedPage, text: str) -> str:
    """At the privacy screen no card at all is on the page; returns who it passes to."""
    assert "Pass to" in text, text
    assert tab.cards_shown(text) == [], f"a card on the privacy screen:\n{text}"
    return re.search(r"Pass to (\w+)", text).group(1)


def reach_a_turn(tab: ServedPage, before: str | None, text: str | None = None, by: str = "key") -> str:
    """From a pass screen or a move's result (``text``, else the first to differ from ``before``)
    to a player's turn; that screen's text."""
    text = text or tab.wait_state("pass", "result", "turn", before=before)
    while (state := tab.state(text)) != "turn":
        if state == "pass":
            pass_screen_hides_every_card(tab, text)
            if by == "tap":
                time.sleep(SETTLE)  # a tap as the pass screen comes up is taken for the last screen's
                before = tab.tap("Show my cards")
            else:
                before = tab.press("Enter")
            text = tab.wait_state("turn", before=before)
        else:  # the mover sees what the move did, then hands on
            text = tab.wait_state("pass", before=tab.press("Enter"))
    assert tab.cards_shown(text), f"the player's cards are not shown:\n{text}"
    return text


def play_one_move(tab: ServedPage, data_dir: Path) -> str:
    """At the player's turn: ask the coach (h) and play what it points at, else take the pile.

    Returns the screen once the move is on it. The footer is redrawn a moment after the rest
    of the screen, so "the screen changed" is not enough: a key sent while the old footer
    still shows goes to keys that are gone. The saved game says what must come next.
    """
    saved = saved_game(data_dir)
    text = tab.wait_until(lambda t: "Coach:" in t and "thinking" not in t, "the coach's advice", tab.press("h"))
    said = " ".join(" ".join(text.split()).split("│"))  # the note, even where it wraps
    # The coach ends with "t takes the pile." when it would take, and "Enter plays …" when it
    # points at cards (by finger: "Take takes the pile.", "Play plays …"). A narrow screen may
    # cut the note before either; then only a take's reason says "take" ("… so take it instead").
    plays = "Enter plays" in said or "Play plays" in said
    takes = "takes the pile" in said or (not plays and re.search(r"\b[Tt]ake\b", said) is not None)
    before = tab.press("t" if takes else "Enter")
    after = wait_saved(data_dir, lambda s: s.log_total > saved.log_total, tab)
    if after.game.phase == "play" and after.game.turn == saved.game.turn:  # a burn: the mover goes again
        return tab.wait_until(lambda t: tab.state(t) == "turn" and "Coach:" not in t, "the mover's next turn", before)
    return tab.wait_state("result", "pass", before=before)


@pytest.mark.slow  # a game in a real browser
def test_a_hot_seat_game_in_the_browser_by_keys_clicks_and_taps(start_server, browser):
    """Start at a click, ready by key, tap and footer click, play, reload and go on; then a phone."""
    url, data_dir = start_server()
    two_at_the_table(data_dir)
    tab = ServedPage(browser(1024, 768))
    tab.open(url)
    assert tab.title() == "Palace"
    tab.wait_for("Start", "Seat 1")
    assert tab.size()[0] >= 80  # a tablet gets the full layout

    text = tab.wait_state(
        "pass", before=tab.click("Start  ")
    )  # the new-table screen's button (not the footer's ^s Start), by mouse
    first = pass_screen_hides_every_card(tab, text)
    text = tab.wait_state("swap", before=tab.press("Enter"))
    assert first in text and tab.cards_shown(text), text
    text = tab.wait_state("pass", before=tab.press("r"))  # ready, by key
    second = pass_screen_hides_every_card(tab, text)
    assert second != first
    time.sleep(SETTLE)
    text = tab.wait_state("swap", before=tab.tap("Show my cards"))  # the footer key, by finger
    assert second in text and tab.cards_shown(text), text
    before = tab.click("Ready")  # the footer key, by mouse
    wait_saved(data_dir, lambda s: s.game.phase == "play", tab)

    # The leader's turn: a pass screen first, unless the one who readied last leads (the deal is new each time).
    reach_a_turn(tab, before)
    for _ in range(3):
        reach_a_turn(tab, None, play_one_move(tab, data_dir))

    saved = saved_game(data_dir)
    tab.page.reload()  # a new game process: it offers the saved game
    tab.wait_state("resume")
    reach_a_turn(tab, None, tab.wait_state("pass", before=tab.press("Enter")))  # a resumed game: pass first
    resumed = saved_game(data_dir)
    assert resumed.log_total == saved.log_total and resumed.game.to_json() == saved.game.to_json()
    play_one_move(tab, data_dir)
    tab.page.close()  # the tablet leaves: its game saves and lets go of the data folder

    phone = ServedPage(browser(390, 844, phone=True))  # the same table on a phone held upright
    phone.open(url)
    assert phone.size()[0] < 80
    phone.wait_state("resume")
    reach_a_turn(phone, None, phone.wait_state("pass", before=phone.tap("Continue")), by="tap")
    play_one_move(phone, data_dir)


def test_the_lessons_are_served_too(start_server, browser):
    """``palace serve --learn`` opens the lessons, and the tab is titled for them."""
    url, _ = start_server("--learn")
    tab = ServedPage(browser(1024, 768))
    tab.open(url)
    assert tab.title() == "Learn Palace"
    tab.wait_for("lessons done")
