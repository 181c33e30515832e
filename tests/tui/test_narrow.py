"""The narrow layout (a phone held upright, a narrow pane): the table down to 40x20.

Below NARROW_WIDTH the app takes the -narrow class and narrow.tcss lays every screen
out in about 40 columns; below 40x20 the too-small message still stands in.
"""

from __future__ import annotations

import random

import pytest

from palace_tui.rules import Game, Rules
from palace_tui.table.session import SeatConfig, Session
from palace_tui.tui.layout_classes import NARROW_WIDTH
from palace_tui.tui.screens.pass_device import PassScreen
from palace_tui.tui.table.screen import TableScreen
from palace_tui.tui.widgets.board import Board
from palace_tui.tui.widgets.keys_footer import KeysFooter
from palace_tui.tui.widgets.option_sections import OptionSections
from palace_tui.tui.widgets.too_small import MIN_HEIGHT, MIN_WIDTH
from tests.helpers.app import bar_lines, bar_text, keys_for, make_session, press, reads, screen_text
from tests.helpers.app_driver import PrivacyWatch, choose_move
from tests.helpers.settle import running, settle

TOO_SMALL = "Make the window larger"


@pytest.mark.slow
async def test_hot_seat_moves_at_40x20_never_show_a_secret(make_app):
    """Two people and a computer play twenty human turns at 40x20: no card of a hand or a
    face-down row is ever on the wrong screen, and the privacy screen shows none at all."""
    app = make_app(make_session(humans=("Ann", "Ben"), computers=("Cy",), seed=3))
    rng, swaps, turns = random.Random(3), {}, 0
    async with running(app, size=(40, 20)) as pilot:
        assert app.has_class("-narrow")
        await settle(pilot)
        watch = PrivacyWatch(app.session)
        while turns < 20:
            screen = app.screen
            if isinstance(screen, PassScreen):
                watch.check_pass(app)
                await press(pilot, "enter")
                continue
            assert isinstance(screen, TableScreen), screen
            if screen.mode() == "wait":
                await settle(pilot)
                continue
            if screen.mode() == "result":  # the mover sees what the move did, then ends the turn
                watch.check_table(app, screen.viewer)
                await press(pilot, "enter")
                continue
            view = screen.view()
            watch.check_table(app, screen.viewer)
            assert TOO_SMALL not in screen_text(app)
            move = choose_move(view, rng, swaps)
            await press(pilot, *keys_for(move, view, screen.cursor, screen.cursor.row))
            assert screen.message is None, f"{move} was refused: {screen.message}"
            turns += 1
        assert watch.pass_screens > 2


async def test_every_zone_of_the_table_is_on_a_40x20_screen(make_app):
    """Seats, pile, log, the player's cards, the hint and the keys all fit in 40x20."""
    session = make_session(humans=("Ann", "Ben"), computers=("Cy",), seed=7)
    app = make_app(session)
    async with running(app, size=(40, 20)) as pilot:
        assert isinstance(app.screen, PassScreen)
        text = screen_text(app)
        assert "Pass to Ben" in text and "Show my cards" in text  # the box and its key
        await press(pilot, "enter")
        screen = app.screen
        assert isinstance(screen, TableScreen) and screen.mode() == "swap"
        text = screen_text(app)
        for name in ("Ann", "Ben", "Cy"):
            assert name in text
        assert "play anything" in text and "stock" in text  # the pile
        assert "Down" in text and "Up" in text and "Hand" in text  # both setup rows
        for card in session.game.seats[1].hand:
            assert str(card) in text
        assert "r when ready" in text  # the hint's last words: the whole hint is shown
        assert "Swap" in "".join(text.splitlines()[-2:])  # the footer, on two lines
        widths = [len(line.rstrip()) for line in text.splitlines()]
        assert max(widths) <= 40
        # Three seats, both setup rows and two lines of keys leave the log out of view while
        # swapping: a key (PgDn) scrolls the table above the cards to it, the cards stay put.
        assert "Game 1: Ann deals" not in text
        await press(pilot, "pagedown")
        text = screen_text(app)
        assert "Game 1: Ann deals" in text  # the log
        assert "r when ready" in text and all(str(card) in text for card in session.game.seats[1].hand)
        await press(pilot, "pageup")
        assert "Game 1: Ann deals" not in screen_text(app) and "hand down" in screen_text(app)


async def test_in_play_the_face_up_and_face_down_rows_stay_in_view(make_app):
    """Playing from the hand at 40x20, the face-down and face-up rows are still in view,
    on one line (only to be looked at), so the lines go to the table above."""
    app = make_app(make_session(humans=("Ann",), computers=("Cy",), seed=7))
    async with running(app, size=(40, 20)) as pilot:
        screen = app.screen
        await press(pilot, "r")
        await settle(pilot, lambda: screen.mode() == "hand", what="Ann to play from her hand")
        assert screen.mode() == "hand"
        view = screen.view()
        area = screen.query_one("#me")
        assert area.query_one("#table-cards").display and area.query_one("#hand-cards").display
        line = next(line for line in screen_text(app).splitlines() if line.startswith("Down"))
        assert "░1 ░2 ░3" in line and "Up" in line
        assert all(str(card) in line for card in view.face_up)


#: Three people at the table; Ben holds fourteen cards (two lines of them at 40 columns).
BIG_HAND = [
    {"name": "Ann", "hand": "4H 9D 10H", "face_up": "KS QS JS", "face_down": "3S 4S 8S"},
    {
        "name": "Ben",
        "hand": "3C 4C 5C 6C 7C 8C 9C JC QC KC AC 3D 4D 5D",
        "face_up": "QH JH 2H",
        "face_down": "8D 9H 7H",
    },
    {"name": "Cy", "hand": "10S 6S 7S", "face_up": "QD JD 2D", "face_down": "8H 9S 7D"},
]


@pytest.mark.parametrize("size", [(40, 20), (60, 20)], ids=["40x20", "60x20"])
async def test_the_recap_the_move_and_the_prompt_are_read_without_scrolling(make_app, size):
    """On a narrow, short screen, with a fourteen-card hand: what happened since your last
    turn, your cards, what to do, the coach's whole note and what your move did are all on
    screen as each comes up; only the public table above them is cut, and a key scrolls it."""
    game = Game.from_position(Rules.preset("palace"), seats=BIG_HAND, pile="5H 6D")
    session = Session("t1", [SeatConfig(s["name"]) for s in BIG_HAND], game.rules, "palace", 1, game, game_id="t1-1")
    app = make_app(session, coach_work=2_000)
    async with running(app, size=size) as pilot:
        await press(pilot, "enter")  # Ann sees her cards
        await press(pilot, "t")
        text = screen_text(app)
        assert reads(text, "Your move: You took the pile (2 cards).") and reads(text, "Enter ends your turn"), text
        await press(pilot, "enter")  # the turn is over: pass to Ben
        assert isinstance(app.screen, PassScreen)
        await press(pilot, "enter")
        screen = app.screen
        text = screen_text(app)
        assert reads(text, "Since your last turn: Ann took the pile (2 cards)."), text
        assert reads(text, "Your turn: play anything"), text
        assert all(str(card) in text for card in screen.view().hand), text
        down = next(line for line in text.splitlines() if line.startswith("Down"))
        assert "░1 ░2 ░3" in down and "Q♥ J♥ 2♥" in down
        # The pile's line is below the cut; PgDn brings it up, the recap stays where it was.
        board = screen.query_one(Board)
        assert board.max_scroll_y > 0 and board.scroll_y == 0
        await press(pilot, "pagedown")
        assert board.scroll_y > 0
        assert reads(screen_text(app), "Since your last turn: Ann took the pile")
        await press(pilot, "h")
        await settle(pilot, "Enter plays")
        text = screen_text(app)
        assert reads(text, "Coach: Play both your threes") and reads(text, "Enter plays 3♣ 3♦."), text
        await press(pilot, "enter")
        text = screen_text(app)
        assert screen.mode() == "result"
        assert reads(text, "Your move: You played 3♣ 3♦.") and reads(text, "Enter ends your turn"), text
        assert all(str(card) in text for card in screen.view().hand), text
        board.scroll_home(animate=False)
        await press(pilot, "pagedown")  # the table scrolls on the result step too
        assert board.scroll_y > 0 and screen.mode() == "result"


async def test_the_full_layout_comes_back_when_the_window_widens(make_app):
    """Narrow below NARROW_WIDTH columns, the full layout at it, too small below 40x20."""
    app = make_app(make_session(humans=("Ann",), computers=("Cy",), seed=7))
    async with running(app, size=(NARROW_WIDTH, 24)) as pilot:
        assert not app.has_class("-narrow")
        assert app.screen.query_one("#table-cards").display
        await pilot.resize_terminal(NARROW_WIDTH - 1, 24)
        await settle(pilot)
        assert app.has_class("-narrow") and TOO_SMALL not in screen_text(app)
        await pilot.resize_terminal(MIN_WIDTH - 1, MIN_HEIGHT)
        await settle(pilot, lambda: TOO_SMALL in screen_text(app))
        assert TOO_SMALL in screen_text(app)
        await pilot.resize_terminal(MIN_WIDTH, MIN_HEIGHT - 1)
        await settle(pilot, lambda: TOO_SMALL in screen_text(app))
        assert TOO_SMALL in screen_text(app)
        await pilot.resize_terminal(MIN_WIDTH, MIN_HEIGHT)
        await settle(pilot)
        assert TOO_SMALL not in screen_text(app) and "Hand" in screen_text(app)


async def test_the_new_table_form_fits_40_columns(make_app):
    """Seats on two lines each, Start always in view, an option's help under it when focused."""
    app = make_app()
    async with running(app, size=(40, 20)) as pilot:
        text = screen_text(app)
        assert "Seat 1" in text and "Human" in text and "Start" in text
        assert max(len(line.rstrip()) for line in text.splitlines()) <= 40
        app.screen.query_one(OptionSections).open_section_of("packs")
        await settle(pilot)
        help_ = app.screen.query_one("#row-packs .option-help")
        assert not help_.display
        app.screen.query_one("#opt-packs").focus()
        await settle(pilot, lambda: help_.display and str(help_.render())[:20] in screen_text(app))
        assert help_.display and str(help_.render())[:20] in screen_text(app)


async def test_every_key_is_on_screen_at_40x20(make_app):
    """A phone has no keyboard to find a key with: at 40x20 the footer wraps its keys onto
    more lines instead of cutting them off, on the table, the pass screen and in play."""
    app = make_app(make_session(humans=("Ann", "Ben"), computers=("Cy",), seed=7))
    async with running(app, size=(40, 20)) as pilot:
        # The footer fills a refresh after its screen's keys change (KeysFooter.bindings_changed):
        # read it once its keys are there (one pause was not always enough on a busy machine).
        await settle(pilot, lambda: bar_text(app).strip(), what="the pass screen's keys in the footer")
        assert bar_lines(app) == ["⏎ Show my cards ^q Save+quit".ljust(40)]
        await press(pilot, "enter")
        await settle(pilot, lambda: "Swap" in bar_text(app), what="the table's keys in the footer")
        keys = bar_lines(app)
        assert len(keys) == 2, keys
        text = " ".join(keys)
        for hint in (
            "←→ Card",
            "↑↓ Row",
            "⏎ Swap",
            "r Ready",
            "h Coach",
            "e Pile",
            "? Help",
            "x Abandon",
            "^q Save+quit",
        ):
            assert hint in text, f"{hint!r} is not in the footer: {keys}"
        assert all(len(line.rstrip()) <= 40 for line in keys)
        # The hint's last line is above the keys, not under them.
        assert "r when ready" in screen_text(app).splitlines()[app.screen.query_one(KeysFooter).region.y - 1]
        row = next(i for i, line in enumerate(keys) if "r Ready" in line)
        await pilot.click(KeysFooter, offset=(keys[row].index("r Ready"), row))  # a tap on a wrapped key
        await settle(pilot, PassScreen)
        assert "Pass to Ann" in screen_text(app)  # Ben is ready: the keyboard goes to Ann


async def test_the_keys_take_one_line_at_80x24(make_app):
    """From 80 columns the footer is Textual's one line, as before."""
    app = make_app(make_session(humans=("Ann", "Ben"), computers=("Cy",), seed=7))
    async with running(app) as pilot:
        await press(pilot, "enter")
        keys = bar_lines(app)
        assert len(keys) == 1 and "r Ready" in keys[0] and "^q Save+quit" in keys[0], keys
        assert not app.screen.has_class("-keys-lines-2")
        await pilot.resize_terminal(40, 20)  # the phone turned upright: the keys wrap
        await settle(pilot)
        await settle(pilot, lambda: len(bar_lines(app)) == 2 and app.screen.has_class("-keys-lines-2"))
        assert len(bar_lines(app)) == 2 and app.screen.has_class("-keys-lines-2")
