"""R-17: a computer's move that a pass screen covers as it lands is never seen, so it lands
without its pause: the pass screen comes as the last move anyone could see has been seen.
A computer whose move stays on the table (another computer follows it) keeps its pause."""

from __future__ import annotations

from palace_tui.rules import Game, Rules
from palace_tui.table.session import SeatConfig, Session
from palace_tui.tui.screens.pass_device import PassScreen
from palace_tui.tui.table.screen import TableScreen
from tests.helpers.app import press
from tests.helpers.settle import running, settle

#: A pause no test run waits out: the pass screen must come without it.
LONG = 600.0

SEATS = [
    {"name": "Ann", "hand": "4C 9D 10H", "face_up": "KS", "face_down": "3D"},
    {"name": "Ben", "hand": "5S 6S 7S JD", "face_up": "QH", "face_down": "8D"},
    {"name": "Cy", "hand": "5C 6C 7C JC", "face_up": "QC", "face_down": "8C"},
    {"name": "Dan", "hand": "5D 4D 7D", "face_up": "QD", "face_down": "8H"},
]


def session(people: set[str], seats: list[dict[str, str]]) -> Session:
    game = Game.from_position(Rules.preset("palace"), seats=seats, pile="5H 6D")
    configs = [SeatConfig(s["name"], human=s["name"] in people, level="easy") for s in seats]
    return Session("t1", configs, game.rules, "palace", 1, game, game_id="t1-1", shown=0)


async def test_the_pass_screen_comes_without_the_pause_of_the_move_it_covers(make_app):
    s = session({"Ann", "Cy"}, SEATS[:3])
    app = make_app(s, ai_delay=LONG)
    async with running(app, size=(80, 30)) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await press(pilot, "right", "enter")  # Ann plays the 9♦
        await press(pilot, "enter")  # and ends her turn: Ben (a computer), then Cy (a person)
        # Ben thinks in a worker: once it is done and its answer handled (the app idle), his move
        # has landed, nothing waiting out his pause (a pause would be a timer of LONG seconds).
        await settle(pilot)
        assert isinstance(app.screen, PassScreen) and app.screen.seat == 2, "on to Cy at once"
        assert [e.seat for _, e in s.events if e.kind == "played"][-1] == 1, "Ben's move landed (told in Cy's recap)"


async def test_a_computer_whose_move_stays_on_the_table_keeps_its_pause(make_app):
    s = session({"Ann", "Dan"}, SEATS)
    app = make_app(s, ai_delay=LONG)
    async with running(app, size=(80, 30)) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await press(pilot, "right", "enter", "enter")
        assert s.game.turn == 1
        assert not screen.pass_comes_next(), "Cy, a computer, follows Ben: Ben's move is seen"
        # Ben's worker done and its answer handled: his move waits out his pause (a timer).
        await settle(pilot)
        assert s.game.turn == 1 and not isinstance(app.screen, PassScreen), "Ben keeps his pause"
