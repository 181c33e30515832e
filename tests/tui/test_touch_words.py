"""A game played by finger (``palace serve`` on a tablet or phone), under Pilot: the app is
told its device (palace_tui/device.py) and words and lays out every screen for it.

The pass screen's box is the button and says "Tap here"; the hints name what to tap, never
a key; the footer's keys are buttons a fingertip tall, without tooltips or the keys a tap
on a card does; a tap on the pile asks first; a tab that does not save says so in a
player's words and keeps a mark beside the keys. The same in a browser: tests/web.
"""

from __future__ import annotations

import subprocess
import sys

from palace_tui.device import Device
from palace_tui.tui.screens import pass_device
from palace_tui.tui.screens.pass_device import PassScreen
from palace_tui.tui.table.screen import TableScreen
from palace_tui.words.device import NOT_SAVED, SECOND_TAB
from tests.helpers.app import bar_keys, bar_text, make_session, press, screen_text
from tests.helpers.built_table import table
from tests.helpers.settle import running, settle

#: A phone upright: a fingertip covers five columns and three rows of its cells.
PHONE = Device("touch", 5, 3)

#: Words that name a key: none of them may be on a finger's screen.
KEY_WORDS = ("Enter", "press", "Space", "↑↓", " t to ", " t takes")


#: Another process (a copy is a process) holding a data folder's lock, as the first tab's game does.
HOLD_THE_FOLDER = """
import sys, time
from palace_tui.store import Store
with Store(sys.argv[1]):
    print("held", flush=True)
    time.sleep(60)
"""


def flat(text: str) -> str:
    return " ".join(" ".join(line.split()) for line in text.splitlines())


async def test_by_finger_the_pass_box_is_the_button_and_the_words_say_tap(make_app, monkeypatch):
    monkeypatch.setattr(pass_device, "SETTLE", 0)  # no stray tap to wait out here
    session = table(
        position=[
            {"name": "Ann", "hand": "4C 9D 10H", "face_up": "KS", "face_down": "3D"},
            {"name": "Ben", "hand": "5S 6S 7S", "face_up": "QH", "face_down": "8D"},
        ],
        humans=2,
    )
    app = make_app(session, device=PHONE, coach_work=2_000)
    async with running(app, size=(40, 20)) as pilot:
        assert app.has_class("-touch") and app.has_class("-finger-rows-3")
        screen = app.screen
        assert isinstance(screen, TableScreen) and screen.mode() == "hand"  # Ann's cards are up
        text = flat(screen_text(app))
        assert "Your turn: play 6 or higher (tap a card, then Play), or tap the pile to take it." in text, text
        assert not any(word in text for word in KEY_WORDS), text
        keys = bar_keys(screen)
        assert {key.description for key in keys} >= {"Play", "Take", "Coach"}
        assert "Card" not in {key.description for key in keys}  # a tap on a card moves to it
        assert all(key.region.height == 3 and not key.tooltip for key in keys), [k.region for k in keys]

        await pilot.click("#pile")
        await settle(
            pilot,
            lambda: "Take 2 cards? Tap the pile again (or Take) to take them." in flat(screen_text(app)),
            what="'Take 2 cards? Tap the pile again (or Take) to take them.' in flat(...",
        )
        assert "Take 2 cards? Tap the pile again (or Take) to take them." in flat(screen_text(app))
        assert session.game.seats[0].hand_count == 3  # one tap only asks
        await settle(pilot)
        await pilot.click("#pile")  # in view still: the question's lines did not push it out
        await settle(pilot, lambda: session.game.seats[0].hand_count == 5)
        assert session.game.seats[0].hand_count == 5, screen_text(app)
        text = flat(screen_text(app))
        assert screen.mode() == "result" and "Tap End turn to hide your cards; Undo takes it back." in text, text
        # The keys follow the screen's mode a refresh later (KeysFooter.bindings_changed).
        await settle(pilot, lambda: any(key.description == "End turn" for key in bar_keys(screen)))
        [end_turn] = [key for key in bar_keys(screen) if key.description == "End turn"]
        await pilot.click(end_turn)
        await settle(pilot, PassScreen)
        text = flat(screen_text(app))
        assert "Tap here, Ben, to see your cards." in text and "Enter" not in text, text
        await pilot.click("#pass-box")  # the box itself is the button
        await settle(pilot, lambda: app.screen is screen, what="the table back after the tap")
        assert app.screen is screen and screen.viewer == 1, screen_text(app)
        assert "5♠" in screen_text(app)
        [coach] = [key for key in bar_keys(screen) if key.description == "Coach"]
        await pilot.click(coach)
        await settle(pilot, lambda: "plays" in screen.note.body, what="the coach's note")
        assert "Play plays 5♠." in screen.note.body and "Enter" not in screen.note.body, screen.note.body


async def test_a_second_tab_says_so_in_a_players_words_and_keeps_a_mark(make_app, data_dir):
    """Another tab owns the saved game: this one says so once, without the server's folder,
    and "not saved" stays beside the keys after the warning has gone."""
    holder = subprocess.Popen([sys.executable, "-c", HOLD_THE_FOLDER, data_dir], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline() == "held\n"
        app = make_app(make_session(humans=("Ann", "Ben"), computers=("Cy",)), device=Device("mouse", 1, 1))
        async with running(app) as pilot:
            said = [n.message for n in app._notifications]
            assert said == [SECOND_TAB] and str(data_dir) not in SECOND_TAB, said
            app.clear_notifications()
            await press(pilot, "enter")
            assert NOT_SAVED in bar_text(app), screen_text(app)
            # No tooltip in a browser: one would stay over the cards after a click.
            assert all(not key.tooltip for key in bar_keys(app.screen))
    finally:
        holder.kill()
        holder.wait()


async def test_esc_or_a_tap_elsewhere_withdraws_the_piles_question(make_app):
    """N-8: "Take 2 cards?" is taken back by Esc or by a tap anywhere but the pile; the next tap
    on the pile asks again (it does not take)."""
    session = table(
        position=[
            {"name": "Ann", "hand": "4C 9D 10H", "face_up": "KS", "face_down": "3D"},
            {"name": "Ben", "hand": "5S 6S 7S", "face_up": "QH", "face_down": "8D"},
        ],
        humans=2,
    )
    question = "Take 2 cards? Tap the pile again (or Take) to take them."
    app = make_app(session, device=PHONE)
    async with running(app, size=(40, 30)) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        for withdraw in ("escape", "#hand-row"):
            await pilot.click("#pile")
            await settle(pilot)  # the tap handled and drawn
            assert question in flat(screen_text(app))
            if withdraw == "escape":
                await press(pilot, "escape")
            else:
                await pilot.click(withdraw)
            await settle(pilot)
            assert question not in flat(screen_text(app)), withdraw
            assert screen.note.label == "", withdraw
        await pilot.click("#pile")
        await settle(pilot)  # the tap handled: had it taken, the hand would have grown by now
        assert question in flat(screen_text(app)), "asked again"
        assert session.game.seats[0].hand_count == 3, "the tap after a withdrawn question only asks"


async def test_the_pile_stays_whole_while_the_coachs_note_is_up(make_app):
    """A small phone (360x640: 40x26 cells) at a table of four: the coach's advice takes the
    board's lines, and the pile stays whole in view (three rows: a fingertip), not a sliver."""
    from palace_tui.tui.widgets.board import Board
    from palace_tui.tui.widgets.pile_view import PileView

    session = table(
        position=[
            {"name": "Ann", "hand": "4C 9D 10H", "face_up": "KS", "face_down": "3D"},
            {"name": "Ben", "hand": "5S 6S 7S", "face_up": "QH", "face_down": "8D"},
            {"name": "Cy", "hand": "5C 6C 7C", "face_up": "QC", "face_down": "3C"},
            {"name": "Dee", "hand": "4H 2C 7H", "face_up": "QD", "face_down": "8H"},
        ],
        humans=2,
    )
    app = make_app(session, device=PHONE, coach_work=2_000)
    async with running(app, size=(40, 26)) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await press(pilot, "h")
        # The coach thinks in a worker; then its note is laid out.
        await settle(pilot, lambda: "Play your" in screen.note.body, what="the coach's advice in its note")
        await settle(pilot)
        pile, board = screen.query_one(PileView).region, screen.query_one(Board).content_region
        shown = pile.intersection(board)
        assert shown.height >= 3, f"the pile shows {shown.height} rows:\n{screen_text(app)}"
