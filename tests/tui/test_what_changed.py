"""What changed is seen: the last move lit up for a moment, and the bell when the keyboard must move.

The highlight is read off what the widgets draw (a reversed name in the seat list, the pile
panel's ``-changed`` class and its reversed run or counts), never from the screen's own
idea of it. The bell is counted where Textual writes BEL (``App.bell`` of Textual's own
class, which a headless app skips), so a bell that is switched off never reaches it; a real
terminal's bytes are read in ``test_bel_is_written_to_a_real_terminal_only_when_on``.
"""

from __future__ import annotations

import dataclasses
import re
import sys

import pytest
from rich.text import Text
from textual.app import App

from palace_tui.rules import Game, Move, Rules
from palace_tui.table.last_move import Changes
from palace_tui.table.session import SeatConfig, Session
from palace_tui.tui.screens.pass_device import PassScreen
from palace_tui.tui.widgets.pile_view import PileView
from palace_tui.tui.widgets.seat_list import SeatList
from tests.helpers.app import press, screen_text
from tests.helpers.pty_app import PtyApp
from tests.tui.test_features import play

ANN_BEN_CY = [
    {"name": "Ann", "hand": "4C 9D TH 8S", "face_up": "KS", "face_down": "3D"},
    {"name": "Ben", "hand": "5S 6S 7S", "face_up": "QH", "face_down": "8D"},
    {"name": "Cy", "hand": "JC QC KC", "face_up": "KH", "face_down": "8C"},
]


def at_table(humans=("Ann",), stock: str = "", pile: str = "5H 6D", position=ANN_BEN_CY, **options) -> Session:
    """Ann (seat 0) to play at a built position; the seats not in ``humans`` are easy computers."""
    game = Game.from_position(Rules.preset("palace").replace(**options), seats=position, pile=pile, stock=stock)
    seats = [SeatConfig(s["name"], human=s["name"] in humans, level="easy") for s in position]
    return Session("t1", seats, game.rules, None, 1, game, game_id="t1-1", shown=0)


def lit(text: Text | None) -> list[str]:
    """The parts of a widget's text that stand out (reversed)."""
    if text is None:
        return []
    return [text.plain[s.start : s.end] for s in text.spans if getattr(s.style, "reverse", False)]


def seats_lit(screen) -> list[str]:
    return [part.strip() for part in lit(screen.query_one(SeatList)._last)]


def pile_lit(screen) -> tuple[bool, list[str]]:
    pile = screen.query_one(PileView)
    return pile.has_class("-changed"), lit(pile._last)


@pytest.fixture
def bells(monkeypatch) -> list[int]:
    """Every BEL the app would write to its terminal (Textual's own bell, reached only when the bell is on)."""
    rung: list[int] = []
    monkeypatch.setattr(App, "bell", lambda self: rung.append(1))
    return rung


async def test_a_computers_move_lights_up_its_seat_and_the_pile_then_goes_out(make_app):
    """Ann plays; Ben and Cy (computers) answer at once: Cy's name and the pile stand out, then nothing does."""
    session = at_table()
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.highlight.seconds = 30  # long enough to look at it on a busy machine
        await play(pilot, screen, Move.play("9D"))
        await pilot.pause()
        assert session.game.turn == 0 and session.game.moves == 3  # Ben and Cy have answered
        mover = session.game.seats[2].name
        assert seats_lit(screen) == [mover]
        changed, run = pile_lit(screen)
        top = str(session.game.pile[-1]) if session.game.pile else "empty pile"
        assert changed and run and top in run[0]
        screen.highlight.seconds = 0.01
        screen.highlight.show(screen.highlight.changes)
        await pilot.pause(0.1)
        await pilot.pause()
        assert seats_lit(screen) == [] and pile_lit(screen) == (False, [])


async def test_a_clear_lights_up_the_cleared_count_and_a_draw_the_stock(make_app):
    position = [{**ANN_BEN_CY[0], "hand": "4C TH 8S"}, *ANN_BEN_CY[1:]]
    session = at_table(stock="2C 3C 4H 5C 6C", position=position)
    app = make_app(session, ai_delay=30)  # Ben thinks for a long time: Ann's move stays the last
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.highlight.seconds = 30
        await play(pilot, screen, Move.play("TH"))  # clears, draws one, plays again
        assert seats_lit(screen) == ["Ann"]
        changed, parts = pile_lit(screen)
        assert changed and "empty pile" in parts and "cleared 3" in parts and "stock 4" in parts
        await play(pilot, screen, Move.play("4C"))
        changed, parts = pile_lit(screen)
        assert changed and "cleared 3" not in parts and "stock 3" in parts


async def test_a_reversal_lights_up_the_direction(make_app):
    session = at_table(eight="reverse")
    app = make_app(session, ai_delay=30)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.highlight.seconds = 30
        await play(pilot, screen, Move.play("8S"))
        assert screen.query_one("#seats").border_title == "Table  [reverse]anticlockwise ←[/reverse]"
        assert "anticlockwise ←" in screen_text(app)


async def test_the_move_made_behind_the_pass_screen_lights_up_for_the_next_person(make_app):
    """Ben's move (a computer's) lands as the pass screen goes up; however long the keyboard takes
    to change hands, Cy's Enter shows it lit."""
    session = at_table(humans=("Ann", "Cy"))
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.highlight.seconds = 0.01
        await play(pilot, screen, Move.play("9D"))
        await press(pilot, "enter")
        assert isinstance(app.screen, PassScreen) and session.game.moves == 2
        await pilot.pause(0.1)
        assert screen.highlight.changes is None  # gone out while nobody looked
        screen.highlight.seconds = 30
        await press(pilot, "enter")
        assert app.screen is screen and screen.viewer == 2
        assert seats_lit(screen) == ["Ben"] and pile_lit(screen)[0]


async def test_a_take_back_puts_the_light_out(make_app):
    session = at_table(humans=("Ann", "Ben", "Cy"))
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.highlight.seconds = 30
        await play(pilot, screen, Move.play("9D"))
        assert seats_lit(screen) == ["Ann"]
        await press(pilot, "u")
        assert seats_lit(screen) == [] and pile_lit(screen) == (False, [])


def test_the_highlight_holds_places_never_cards():
    """What is lit is only where the table changed: no field could carry a card to the screen."""
    assert {f.name: f.type for f in dataclasses.fields(Changes)} == {
        "seat": "int | None",
        "pile": "bool",
        "cleared": "bool",
        "stock": "bool",
        "direction": "bool",
    }


# ---------------------------------------------------------------------- the bell


async def test_the_bell_rings_when_the_pass_screen_names_the_next_player(make_app, bells):
    session = at_table(humans=("Ann", "Ben"))
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await play(pilot, app.screen, Move.play("9D"))
        assert bells == []  # the move itself is quiet
        await press(pilot, "enter")
        assert isinstance(app.screen, PassScreen) and app.screen.seat == 1 and bells == [1]


async def test_the_bell_rings_when_the_only_humans_turn_comes_round(make_app, bells):
    session = at_table()
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await play(pilot, app.screen, Move.play("9D"))
        await pilot.pause()
        assert session.game.turn == 0 and session.game.moves == 3 and bells == [1]


async def test_b_switches_the_bell_and_it_is_remembered(make_app, bells, data_dir):
    session = at_table(humans=("Ann", "Ben"))
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.bell_on
        await press(pilot, "b")
        assert not app.bell_on and app.store.last_table()["bell"] is False
        assert [n.message for n in app._notifications] == [
            "Bell off: the game makes no sound (b switches it on again)."
        ]
        await play(pilot, app.screen, Move.play("9D"))
        await press(pilot, "enter")
        assert isinstance(app.screen, PassScreen) and bells == []
    again = make_app(at_table(humans=("Ann", "Ben")))
    assert not again.bell_on  # remembered in the data folder


async def test_quiet_silences_this_run_without_changing_what_is_remembered(make_app, bells):
    app = make_app(at_table(humans=("Ann", "Ben")), quiet=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await play(pilot, app.screen, Move.play("9D"))
        await press(pilot, "enter")
        assert isinstance(app.screen, PassScreen) and bells == []
        assert not app.bell_on and (app.store.last_table() or {}).get("bell") is not False
    assert make_app(at_table()).bell_on


async def test_a_new_table_keeps_the_remembered_bell(make_app):
    """Starting a table from the form remembers its settings and the bell switch with them."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.store.save_last_table({"bell": False})
        await press(pilot, "ctrl+s")
        assert app.store.last_table()["bell"] is False and app.store.last_table()["players"] == 3


#: BEL written as a bell, not as the end of an escape sequence (a title: ESC ] ... BEL).
OSC = re.compile(rb"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")
@pytest.mark.parametrize("quiet", [False, True])
def test_bel_is_written_to_a_real_terminal_only_when_on(tmp_path, quiet):
    """Two people: the app starts on Ann's pass screen. The terminal gets BEL (byte 7) then,
    unless --quiet."""
    argv = ["--players", "Ann,Ben", "--seed", "3", "--data-dir", str(tmp_path), "--ai-delay", "0"]
    app = PtyApp(argv + (["--quiet"] if quiet else []), size=(80, 24))
    try:
        assert app.read_until(b"Pass to")
        app.read_until(b"\x07", limit=3)  # anything that follows the pass screen's first frame
        bells = OSC.sub(b"", bytes(app.seen)).count(b"\x07")
        assert bells == (0 if quiet else 1)
        app.type(b"\x11")  # ctrl+q: save and quit
        assert app.finish() == 0
    finally:
        app.close()
