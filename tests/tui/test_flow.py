"""Pilot tests of the screens and keys: refusals, privacy, resume, the new-table screen, sizes."""

from __future__ import annotations

import re

from palace_tui.rules import Game
from palace_tui.table.session import MemoryStore, Session
from palace_tui.tui.screens.how_to_play import HowToPlayScreen
from palace_tui.tui.screens.new_table import NewTableScreen
from palace_tui.tui.screens.pass_device import PassScreen
from palace_tui.tui.screens.results import ResultsScreen
from palace_tui.tui.screens.rules import RulesScreen
from palace_tui.tui.table.screen import TableScreen
from palace_tui.tui.widgets.option_sections import OptionSections
from tests.helpers.app import choose_option, make_session, press, screen_text
from tests.helpers.settle import running, settle


async def to_play(app, pilot) -> TableScreen:
    """Get a one-human table through setup (ready at once) to the human's first turn."""
    await settle(pilot)
    screen = app.screen
    assert isinstance(screen, TableScreen)
    for _ in range(10):
        if app.session.game.phase == "play" and screen.mode() != "wait":
            return screen
        if screen.mode() == "swap":
            await press(pilot, "r")
        else:
            await settle(pilot)
    return screen


def session_at(**position) -> Session:
    """A session of Ann (human) against Ben (computer) at a built position."""
    from palace_tui.rules import Rules
    from palace_tui.table.session import SeatConfig

    game = Game.from_position(Rules.preset("palace"), **position)
    return Session(
        "t1",
        [SeatConfig("Ann"), SeatConfig("Ben", human=False)],
        game.rules,
        "palace",
        1,
        game,
        game_id="t1-1",
        shown=0,
    )


async def test_a_refused_play_explains_and_changes_nothing(make_app):
    """Enter on a card the pile won't take shows the engine's sentence; the game is unchanged."""
    session = session_at(
        seats=[
            {"name": "Ann", "hand": "4C 9D", "face_up": "5S", "face_down": "6H"},
            {"name": "Ben", "hand": "3C", "face_up": "5H", "face_down": "7H"},
        ],
        pile="8H",
        stock="",
        turn=0,
    )
    app = make_app(session)
    async with running(app) as pilot:
        screen = app.screen
        assert screen.mode() == "hand" and screen.cursor["hand"] == 0
        before = session.game.to_json()
        await press(pilot, "enter")
        assert session.game.to_json() == before
        assert "can't go on" in screen_text(app)
        await press(pilot, "right", "enter")
        assert "Ann played 9♦" in session.log


async def test_face_down_cards_are_chosen_by_position(make_app):
    """At the face-down stage ← → pick a back and Enter turns it."""
    session = session_at(
        seats=[
            {"name": "Ann", "face_down": "6H 9C"},
            {"name": "Ben", "hand": "3C", "face_up": "5H", "face_down": "7H"},
        ],
        pile="4H",
        turn=0,
    )
    app = make_app(session)
    async with running(app) as pilot:
        screen = app.screen
        assert screen.mode() == "face_down"
        assert "6♥" not in screen_text(app) and "9♣" not in screen_text(app)
        await press(pilot, "right", "enter")
        assert "Ann turned over 9♣" in session.log


async def test_footer_greys_out_take_on_an_empty_pile(make_app):
    """With nothing on the pile, taking it is shown but disabled."""
    session = make_session(humans=("Ann",), computers=("Ben",), seed=2)
    app = make_app(session)
    async with running(app) as pilot:
        screen = await to_play(app, pilot)
        if not screen.view().pile:
            assert screen.check_action("take", ()) is None
        assert screen.check_action("play", ()) is True
        assert screen.check_action("ready", ()) is False


async def test_single_human_never_sees_a_privacy_screen(make_app):
    """Against computers only there is nobody to hide the cards from."""
    session = make_session(humans=("Ann",), computers=("Ben", "Cy"), seed=4)
    app = make_app(session)
    async with running(app) as pilot:
        await to_play(app, pilot)
        for _ in range(15):
            assert not isinstance(app.screen, PassScreen)
            screen = app.screen
            if not isinstance(screen, TableScreen) or screen.mode() == "over":
                break
            await press(pilot, "enter" if screen.view().playable_ranks else "t")


async def test_privacy_screen_is_opaque_and_clears_toasts(make_app):
    """The privacy screen shows a name and no card, even with a toast and a hand underneath."""
    session = make_session(humans=("Ann", "Ben"), computers=(), seed=9)
    app = make_app(session)
    async with running(app) as pilot:
        assert isinstance(app.screen, PassScreen)
        await press(pilot, "enter")
        assert isinstance(app.screen, TableScreen)
        ben = session.game.seats[session.game.turn]
        text = screen_text(app)
        assert any(str(c) in text for c in ben.hand)
        app.notify("a toast that must go")
        await press(pilot, "r")
        assert isinstance(app.screen, PassScreen)
        text = screen_text(app)
        assert "Pass to Ann" in text and "a toast that must go" not in text
        for seat in session.game.seats:
            for c in [*seat.hand, *seat.face_down]:
                assert str(c) not in text


async def test_resume_puts_the_same_position_behind_the_privacy_screen(make_app, data_dir):
    """ctrl+q saves; --resume brings back the same game, the same seat to act, hidden first."""
    session = make_session(humans=("Ann", "Ben"), computers=("Cy",), seed=12)
    app = make_app(session)
    async with running(app) as pilot:
        await press(pilot, "enter")  # reveal Ben's setup
        await press(pilot, "r")
        saved = session.game.to_json()
        await press(pilot, "ctrl+q")
    again = make_app(resume=True)
    async with running(again) as pilot:
        assert isinstance(again.screen, PassScreen)
        restored = again.session
        assert restored.game == Game.from_json(saved)
        assert again.screen.seat == restored.game.turn
        assert restored.log[-1] == session.log[-1]


async def test_autosave_after_every_step(make_app):
    """Every setup step and move is saved at once."""
    store = MemoryStore()
    session = make_session(humans=("Ann", "Ben"), computers=(), seed=3)
    app = make_app(session, store=store)
    async with running(app) as pilot:
        await press(pilot, "enter", "r")
        assert Session.from_dict(store.load_session()).game == session.game


async def test_abandon_gives_no_result(make_app):
    """x then y stops the game; the results say so and no record is kept."""
    store = MemoryStore()
    session = make_session(humans=("Ann",), computers=("Ben",), seed=3)
    app = make_app(session, store=store)
    async with running(app) as pilot:
        await press(pilot, "x", "y")
        assert isinstance(app.screen, ResultsScreen)
        assert "Abandoned" in screen_text(app)
        assert store.scoreboard(session.table_id) == []
        assert store.load_session() is None


async def test_play_again_deals_with_the_next_dealer(make_app):
    """After a result, Enter deals game 2 at the same table with the rules' next dealer."""
    store = MemoryStore()
    session = make_session("shithead", humans=("Ann",), computers=("Ben", "Cy"), seed=8)
    g = session.game
    from palace_tui.ai import make_player

    while g.phase != "over":
        g.play(make_player("random", 1).choose(g))
    expected = g.next_dealer()
    app = make_app(session, store=store)
    async with running(app) as pilot:
        assert isinstance(app.screen, ResultsScreen)
        assert len(store.scoreboard(session.table_id)) == 3
        await press(pilot, "enter")
        assert isinstance(app.screen, TableScreen)
        assert session.game_number == 1 and session.game.dealer == expected


async def test_how_to_play_then_the_full_rules(make_app):
    """? opens how to play on one screen, made from the options in force (a house rule gets its
    line); ? there opens the full rules in its place; Escape goes back to the table."""
    session = make_session(humans=("Ann",), computers=("Ben",), options=["seven=low"])
    app = make_app(session)
    async with running(app) as pilot:
        table = app.screen
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HowToPlayScreen)
        text = screen_text(app)
        lines = [line for line in text.split("\n") if line.strip()]
        assert "How to play: palace with Sevens: low" in text  # a house rule on the palace preset
        assert "Also    After a 7, play 7 or lower." in text
        assert "Goal    Get rid of all your cards. The last one holding cards is the Palace." in text
        assert "esc Back ? Full rules l Lessons ^q Save+quit" in text  # seven=low has a lesson
        assert len(lines) <= 22  # one screen at 80x24, footer included
        await press(pilot, "escape")
        assert app.screen is table
        await press(pilot, "question_mark", "question_mark")
        assert isinstance(app.screen, RulesScreen)
        assert "the rules in force" in screen_text(app)
        await press(pilot, "pagedown")
        assert "7 is low" in screen_text(app)
        await press(pilot, "escape")
        assert isinstance(app.screen, TableScreen)


async def test_new_table_starts_a_game_and_remembers_it(make_app):
    """The new-table screen starts with ctrl+s and offers the same table next time."""
    store = MemoryStore()
    app = make_app(store=store)
    async with running(app) as pilot:
        assert isinstance(app.screen, NewTableScreen)
        app.screen.query_one("#seat-name-0").value = "Zed"
        app.screen.query_one("#seed").value = "42"
        await settle(pilot)
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, TableScreen)
        assert app.session.names[0] == "Zed" and app.session.game.seed == 42
    assert store.last_table()["seats"][0]["name"] == "Zed"
    again = make_app(store=store)
    async with running(again) as pilot:
        await press(pilot, "n")  # the game just started is saved: New, not Continue
        assert again.screen.query_one("#seat-name-0").value == "Zed"


async def test_new_table_refuses_options_that_mean_nothing(make_app):
    """finish first-out with podium scoring: the engine's reason shows and Start is greyed."""
    app = make_app(store=MemoryStore())
    async with running(app) as pilot:
        screen = app.screen
        await choose_option(pilot, "finish", "first-out")
        await settle(pilot, "needs a loser")
        assert "needs a loser" in screen_text(app)
        assert screen.check_action("start", ()) is None
        await choose_option(pilot, "scoring", "wins")
        await choose_option(pilot, "next_dealer", "clockwise")
        await settle(pilot, lambda: screen.check_action("start", ()) is True)
        assert screen.check_action("start", ()) is True


async def test_too_small_terminal_says_so(make_app):
    """Below 40x20 the screen asks for a larger window instead of drawing a broken table."""
    session = make_session(humans=("Ann",), computers=("Ben",))
    app = make_app(session)
    async with running(app, size=(36, 18)) as pilot:
        assert "Make the window larger" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        assert "Make the window larger" not in screen_text(app)


async def test_six_seats_fit_80x24(make_app):
    """Six seats with jokers: every seat's line is on screen at 80x24."""
    session = make_session(humans=("Ann",), computers=("Ben", "Cy", "Dee", "Eve", "Fay"), options=["jokers=true"])
    app = make_app(session)
    async with running(app) as pilot:
        await to_play(app, pilot)
        text = screen_text(app)
        for name in session.names:
            assert name in text
        assert "Hand" in text and "Pile" in text


async def test_swapping_shows_both_cursors(make_app):
    """Setup with deal=swap: with the face-up row in the keys' hands the hand's cursor still shows
    (a double frame), so the player sees which two cards Enter trades; ↑ ↓ move the heavy cursor."""
    session = make_session(humans=("Ann",), computers=("Ben",), seed=3)
    app = make_app(session)
    async with running(app) as pilot:
        screen = app.screen
        assert screen.mode() == "swap"
        await press(pilot, "right")
        hand, up = (screen.query_one(f"#{row}-row").text.split("\n")[0] for row in ("hand", "up"))
        assert hand.startswith("╭───╮ ┏━━━┓") and "╔" not in hand
        assert up.startswith("╔═══╗ ╭───╮") and "┏" not in up
        await press(pilot, "up")
        hand, up = (screen.query_one(f"#{row}-row").text.split("\n")[0] for row in ("hand", "up"))
        assert hand.startswith("╭───╮ ╔═══╗") and "┏" not in hand
        assert up.startswith("┏━━━┓ ╭───╮") and "╔" not in up
        hint = " ".join(screen_text(app).split())
        card_hand, card_up = session.game.seats[0].hand[1], session.game.seats[0].face_up[0]
        assert f"Swap {card_hand} (hand) for {card_up} (face up)" in hint


async def test_lay_up_with_too_few_or_too_many_marks_says_what_is_needed(make_app):
    """deal=choose: Enter with none, or two of the three, marked says so in the note (and changes
    nothing); a fourth mark is refused with its own sentence."""
    from palace_tui.rules import Rules
    from palace_tui.table.session import SeatConfig

    rules = Rules.preset("palace").replace(deal="choose")
    session = Session.new([SeatConfig("Ann"), SeatConfig("Ben", human=False, level="easy")], rules, seed=3)
    app = make_app(session)
    async with running(app) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.mode() == "choose"
        moves = session.game.moves
        await press(pilot, "enter")
        assert screen.note.body == "Choose exactly 3 cards to lay face up, not 0."
        await press(pilot, "space", "right", "space", "enter")
        assert screen.note.body == "Choose exactly 3 cards to lay face up, not 2."
        assert "Choose exactly 3 cards to lay face up, not 2." in " ".join(screen_text(app).split())
        assert session.game.moves == moves and screen.mode() == "choose"
        await press(pilot, "right", "space", "right", "space")
        assert screen.message is not None and screen.message.plain == "Only 3 cards go face up: unmark one first."
        await press(pilot, "enter")
        assert session.game.seats[0].face_up and screen.mode() != "choose"


def form_text(app) -> str:
    """The screen's text without the scrollbar's thumb, which may still be settling after a
    section unfolds (the form's words are what must be as they were)."""
    return re.sub("[▁▂▃▄▅▆▇█]", " ", screen_text(app))


async def test_an_open_dropdown_is_a_framed_menu_over_the_form(make_app):
    """An option's open list is framed (it used to lie bare over the rows below, its values read as
    theirs: "hand size 4"); Escape closes it and the form is as it was."""
    app = make_app()
    async with running(app) as pilot:
        assert isinstance(app.screen, NewTableScreen)
        app.screen.query_one(OptionSections).open_section_of("face_up")
        await settle(pilot)
        app.screen.query_one("#opt-face_up").focus()
        # Focus scrolls the form to the row: read it once it has come to rest (no scroll still
        # animating: on a loaded machine two reads between its frames can be the same).
        await settle(pilot)
        seen = [""]

        def at_rest() -> bool:
            seen.append(form_text(app))
            return seen[-1] == seen[-2]

        await settle(pilot, at_rest, what="the form at rest (the same twice in a row)")
        before = seen[-1]
        await press(pilot, "enter")
        lines = screen_text(app).split("\n")
        row = next(i for i, line in enumerate(lines) if line.lstrip().startswith("Face up "))
        column = lines[row].index("3 cards")
        menu = [line[column : column + 9] for line in lines[row + 1 : row + 6]]
        assert menu == ["╭────────", "│3 cards ", "│4 cards ", "│5 cards ", "╰────────"], menu
        await press(pilot, "escape")
        # The footer drops "esc Dismiss menu" a refresh after the menu closes: on a loaded
        # machine that can be after the first pause (bounded: a menu left open still fails).
        await settle(pilot, lambda: form_text(app) == before, what="the form as it was before the menu:\n" + before)
        assert form_text(app) == before
