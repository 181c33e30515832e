"""``palace serve`` end to end: a hot-seat game in real headless Chromium, by keys, clicks and taps.

Saves PNG screenshots of the page at a tablet's size and a phone's into screenshots/
(or $PALACE_WEB_SCREENSHOTS) for the README.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

pytest.importorskip("textual_serve", reason="the web extra is not installed: pip install -e '.[web]'")

from served_page import ServedPage, saved_game  # noqa: E402

from palace_tui.rules import Rules  # noqa: E402
from palace_tui.session import default_level, open_store  # noqa: E402

SHOTS = Path(os.environ.get("PALACE_WEB_SCREENSHOTS") or Path(__file__).resolve().parents[2] / "screenshots")


def two_at_the_table(data_dir: Path) -> None:
    """Ann and Ben, both human, as the new-table screen will offer them."""
    open_store(str(data_dir)).save_last_table({
        "players": 2, "preset": "palace", "options": Rules.preset("palace").as_dict(), "seed": "11",
        "seats": [{"name": name, "human": True, "level": default_level()} for name in ("Ann", "Ben")]})


def wait_saved(data_dir: Path, done, tab: ServedPage | None = None, limit: float = 60.0):
    """Wait until the saved game satisfies ``done`` (the served game saves after every move)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        session = saved_game(str(data_dir))
        if session is not None and done(session):
            return session
        time.sleep(0.1)
    raise AssertionError("the served game did not save the move; the page shows:\n"
                         + (tab.text() if tab else ""))


def pass_screen_hides_every_card(tab: ServedPage) -> str:
    """At the privacy screen no card at all is on the page; returns who it passes to."""
    text = tab.wait_for("Pass to")
    assert tab.cards_shown() == [], f"a card on the privacy screen:\n{text}"
    return text


def play_one_move(tab: ServedPage, data_dir: Path) -> None:
    """At the player's table: ask the coach (h) and play what it points at, else take the pile."""
    before = saved_game(str(data_dir)).log_total
    tab.settle()
    tab.press("h")
    tab.wait_for("Coach:")
    if "Enter plays" in tab.settle():
        tab.press("Enter")
    else:
        tab.press("t")
    wait_saved(data_dir, lambda s: s.log_total > before, tab)


def reach_a_players_table(tab: ServedPage, by: str = "key") -> None:
    """From the privacy screen (or a result still on show) to the next player's own cards."""
    while True:
        seen = tab.wait_for_any("Pass to", "Hand ")
        if seen == "Hand " and "h Coach" in tab.text():
            return
        if seen == "Pass to":
            pass_screen_hides_every_card(tab)
        tab.settle()
        if by == "tap":
            tab.tap("Show my cards")
        else:
            tab.press("Enter")
        tab.settle()


@pytest.mark.xfail(reason="not finished: a key or tap right after a mouse click is sometimes lost on "
                          "the way to the game, and the test then waits in vain", strict=False, run=False)
def test_a_hot_seat_game_in_the_browser_by_keys_clicks_and_taps(start_server, browser):
    """Start at a click, swap and ready by keys and footer clicks, play, reload and go on."""
    url, data_dir = start_server()
    two_at_the_table(data_dir)
    tab = ServedPage(browser(1024, 768))
    tab.open(url)
    assert tab.title() == "Palace"
    tab.wait_for("Start", "Seat 1")
    assert tab.size()[0] >= 80  # a tablet gets the full layout

    tab.click("Start")  # the new-table screen's button, by mouse
    pass_screen_hides_every_card(tab)
    tab.press("Enter")
    first = tab.wait_for("Hand ", "r Ready")
    assert tab.cards_shown(), "the player's cards are not shown"
    tab.press("r")  # ready, by key
    pass_screen_hides_every_card(tab)
    tab.tap("Show my cards")  # the footer key, by finger
    tab.wait_for("Hand ", "r Ready")
    assert tab.text() != first
    tab.click("Ready")  # the footer key, by mouse
    wait_saved(data_dir, lambda s: s.game.phase == "play")

    for _ in range(3):
        reach_a_players_table(tab)
        play_one_move(tab, data_dir)
    reach_a_players_table(tab)
    SHOTS.mkdir(exist_ok=True)
    tab.page.screenshot(path=str(SHOTS / "web-tablet.png"))

    saved = saved_game(str(data_dir))
    tab.page.reload()  # a new game process: it offers the saved game
    tab.wait_for("Continue")
    tab.press("Enter")
    reach_a_players_table(tab)
    resumed = saved_game(str(data_dir))
    assert resumed.log_total == saved.log_total and resumed.game.to_json() == saved.game.to_json()
    play_one_move(tab, data_dir)

    phone = ServedPage(browser(390, 844, phone=True))  # a second tab: a phone held upright
    phone.open(url)
    assert phone.size()[0] < 80
    phone.wait_for("Continue")
    phone.tap("Continue")
    reach_a_players_table(phone, by="tap")
    assert phone.cards_shown()
    phone.page.screenshot(path=str(SHOTS / "web-phone.png"))
    play_one_move(phone, data_dir)


def test_the_lessons_are_served_too(start_server, browser):
    """``palace serve --learn`` opens the lessons, and the tab is titled for them."""
    url, _ = start_server("--learn")
    tab = ServedPage(browser(1024, 768))
    tab.open(url)
    assert tab.title() == "Learn Palace"
    tab.wait_for("lessons done")
