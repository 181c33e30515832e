"""Pilot tests of issue 13's "Also at the table": the too-small screen, keys that say why
they are greyed out, long hands, mouse, results, and what the screen says in players' words.

Each test reads what the screen shows (``screen_text`` or a widget's text), never only state.
"""

from __future__ import annotations

from palace_app_helpers import press, screen_text

from palace_tui.rules import Game, Rules
from palace_tui.screens.game import GameScreen
from palace_tui.screens.pass_device import PassScreen
from palace_tui.session import SeatConfig, Session

ANN_BEN = [{"name": "Ann", "hand": "4C 9D 10H", "face_up": "KS", "face_down": "3D"},
           {"name": "Ben", "hand": "5S 6S 7S", "face_up": "QH", "face_down": "8D"}]


def table(position=ANN_BEN, pile: str = "5H 6D", stock: str = "", humans: int = 1, rules: Rules | None = None,
          preset: str = "palace") -> Session:
    """A session at a built position, Ann (seat 0) to play; the seats after ``humans`` are computers."""
    game = Game.from_position(rules or Rules.preset(preset), seats=position, pile=pile, stock=stock)
    seats = [SeatConfig(s["name"], human=i < humans, level="easy") for i, s in enumerate(position)]
    return Session("t1", seats, game.rules, preset, 1, game, game_id="t1-1", viewer=0)


# ---------------------------------------------------------------------- too small


async def test_too_small_swallows_game_keys(make_app):
    """Enter behind "Make the window larger" plays nothing; ctrl+q still works."""
    session = table()
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        moves = session.game.moves
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert "Make the window larger" in screen_text(app)
        await press(pilot, "enter", "t", "space", "x", "right", "enter")
        await pilot.click(offset=(10, 10))
        assert session.game.moves == moves
        assert isinstance(app.screen, GameScreen)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert "Make the window larger" not in screen_text(app)
        assert "Hand" in screen_text(app)


async def test_too_small_recovers_on_a_screen_pushed_while_small(make_app):
    """The pass screen goes up while the terminal is small; at 80x24 again it shows."""
    session = table(humans=2)
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(70, 22)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.apply(next(m for m in screen.view().legal if m.kind == "play"))
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert "Make the window larger" not in text
        # whatever the turn flow puts up next (a result step or the pass screen), it is visible
        assert text.strip() and ("Ben" in text)
        app.pop_screen() if isinstance(app.screen, PassScreen) else None
        await pilot.pause()
        assert "Make the window larger" not in screen_text(app)


# ---------------------------------------------------------------------- greyed keys say why


async def _note_after(make_app, session: Session, *keys: str) -> str:
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, *keys)
        assert isinstance(app.screen, GameScreen)
        text = screen_text(app)
        note = app.screen.note.body
        assert note and note.split(":")[0][:20] in text.replace("\n", " ")
        return note


async def test_take_on_an_empty_pile_says_why(make_app):
    session = table(pile="")
    assert await _note_after(make_app, session, "t") == "The pile is empty, so there is nothing to take: play any card."
    assert session.game.moves == 0


async def test_take_at_the_face_down_stage_says_why(make_app):
    position = [{"name": "Ann", "face_down": "3D 4D"}, {"name": "Ben", "hand": "5S", "face_down": "8D"}]
    note = await _note_after(make_app, table(position=position), "t")
    assert note == "At the face-down stage the only move is to turn a face-down card."


async def test_enter_with_too_few_marked_in_choose_says_why(make_app):
    rules = Rules.preset("palace").replace(deal="choose")
    session = Session.new([SeatConfig("Ann"), SeatConfig("Ben", human=False, level="easy")], rules, seed=3)
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5):
            await pilot.pause()
        if isinstance(app.screen, PassScreen):
            await press(pilot, "enter")
        await press(pilot, "space", "enter")
        assert app.screen.note.body == "Choose exactly 3 cards to lay face up, not 1."
        assert "Choose exactly 3 cards" in screen_text(app)


async def test_e_in_setup_says_why(make_app):
    session = Session.new([SeatConfig("Ann"), SeatConfig("Ben", human=False, level="easy")],
                          Rules.preset("palace"), seed=3)
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5):
            await pilot.pause()
        if isinstance(app.screen, PassScreen):
            await press(pilot, "enter")
        await press(pilot, "e")
        assert app.screen.note.body == "Nothing is played until everyone is ready."
        assert "Nothing is played until everyone is ready." in screen_text(app)
