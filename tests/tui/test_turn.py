"""Pilot tests of the turn at a shared keyboard: act, see the result, hide, pass.

Each step as people meet it: the mover sees what the move did (a card turned, a card
drawn, the pile taken, out and the place), Enter ends the turn and every hand leaves the
screen while the computers play, the pass screen names only the next person and takes
only Enter, and a setup turn's own key hides at once. Positions are built with
``Game.from_position`` so each test is short.
"""

from __future__ import annotations

from palace_tui.rules import Game, Move, Rules
from palace_tui.table.session import SeatConfig, Session
from palace_tui.tui.screens.pass_device import PassScreen
from palace_tui.tui.table.screen import TableScreen
from tests.helpers.app import hand_text, press, screen_text
from tests.helpers.settle import running, settle
from tests.tui.test_features import play

ANN_CY_BEN = [
    {"name": "Ann", "hand": "4C 9D 10H", "face_up": "KS", "face_down": "3D"},
    {"name": "Cy", "hand": "JC QC", "face_up": "KH", "face_down": "8C"},
    {"name": "Ben", "hand": "5S 6S 7S", "face_up": "QH", "face_down": "8D"},
]


def at_table(
    position=ANN_CY_BEN, stock: str = "", pile: str = "5H 6D", computers=(1,), preset: str = "palace"
) -> Session:
    """A built position, Ann (seat 0) to play with her cards up."""
    game = Game.from_position(Rules.preset(preset), seats=position, pile=pile, stock=stock)
    seats = [SeatConfig(s["name"], human=i not in computers, level="easy") for i, s in enumerate(position)]
    return Session("t1", seats, game.rules, preset, 1, game, game_id="t1-1", shown=0)


def hand_cards_on_screen(app, session, seat: int) -> list[str]:
    text = screen_text(app)
    return [str(c) for c in session.game.seats[seat].hand if str(c) in text]


async def test_the_mover_sees_the_card_drawn_then_enter_hides_it_while_the_computer_plays(make_app):
    session = at_table(stock="2C 3S")
    app = make_app(session, ai_delay=30)
    async with running(app) as pilot:
        screen = app.screen
        await play(pilot, screen, Move.play("9D"))
        assert screen.mode() == "result" and session.game.turn == 1  # Cy waits for Ann's Enter
        assert "You drew 3♠." in screen_text(app) and "3♠" in hand_text(screen)
        assert screen.computers._timer is None and not app.workers._workers  # the computer has not started
        # The title (in the header, where there is room) says it is still Ann's turn until her Enter.
        assert screen.sub_title == "Ann's turn"
        # Cy keeps its pause here (a move a pass screen covers has none: tests/tui/test_pass_timing.py).
        screen.computers.covered = lambda: False
        await press(pilot, "enter")
        assert app.screen is screen and screen.viewer is None and screen.mode() == "wait"
        assert screen.sub_title == "Cy to play"
        assert hand_cards_on_screen(app, session, 0) == [] and "Your move" not in screen_text(app)
        assert "Nobody's cards are shown" in screen_text(app) and "Cy is playing" in screen_text(app)


async def test_after_the_computers_the_pass_screen_names_only_the_next_person(make_app):
    session = at_table()
    app = make_app(session)
    async with running(app) as pilot:
        await play(pilot, app.screen, Move.play("9D"))
        await press(pilot, "enter")
        assert isinstance(app.screen, PassScreen) and app.screen.seat == 2
        text = screen_text(app)
        assert "Pass to Ben" in text and "Ann" not in text and "Cy" not in text
        assert "⏎ Show my cards" in text and "^q Save+quit" in text and " u " not in text


async def test_the_pass_screen_comes_as_the_computers_move_lands(make_app):
    """No second computer pause before the pass screen: once Cy's move lands (after its pause),
    Ben's pass screen is up at the next frame, not another pause later."""
    session = at_table()
    app = make_app(session, ai_delay=1.0)
    async with running(app) as pilot:
        await play(pilot, app.screen, Move.play("9D"))
        await press(pilot, "enter")
        # Cy thinks, then its move lands once the pause is over
        await settle(pilot, lambda: session.game.moves == 2, what="Cy's move to land")
        assert session.game.moves == 2 and session.game.turn == 2
        await settle(pilot)
        await settle(pilot, lambda: isinstance(app.screen, PassScreen) and app.screen.seat == 2)
        assert isinstance(app.screen, PassScreen) and app.screen.seat == 2


async def test_a_turned_face_down_card_is_shown_to_the_mover(make_app):
    position = [
        {"name": "Ann", "face_down": "4D"},
        {"name": "Cy", "hand": "JC QC"},
        {"name": "Ben", "hand": "5S 6S 7S"},
    ]
    session = at_table(position, pile="9H")
    app = make_app(session)
    async with running(app) as pilot:
        screen = app.screen
        assert screen.mode() == "face_down"
        await press(pilot, "enter")
        assert screen.mode() == "result" and screen.viewer == 0
        assert (
            screen.note.body
            == "You turned over 4♦ from face down, could not play it and took it with the pile (2 cards)."
        )
        assert "4♦" in hand_text(screen)


async def test_going_out_shows_the_place(make_app):
    position = [{"name": "Ann", "hand": "9D"}, {"name": "Cy", "hand": "JC QC"}, {"name": "Ben", "hand": "5S 6S 7S"}]
    session = at_table(position)
    app = make_app(session)
    async with running(app) as pilot:
        screen = app.screen
        await press(pilot, "enter")
        assert screen.mode() == "result" and screen.note.body == "You played 9♦. You went out (1st)."


async def test_a_clear_simply_continues_the_turn(make_app):
    session = at_table(computers=())
    app = make_app(session)
    async with running(app) as pilot:
        screen = app.screen
        await play(pilot, screen, Move.play("10H"))
        assert screen.mode() == "hand" and session.game.turn == 0 and screen.viewer == 0
        assert "You played 10♥, clearing the pile (" in screen.note.body
        assert screen.check_action("take_back", ()) is True  # nothing new was seen
        await play(pilot, screen, Move.play("4C"))
        assert screen.mode() == "result"


async def test_setup_ready_hides_at_once(make_app):
    """The bug: after a setup r the hand stayed up while the computer set up."""
    seats = [SeatConfig("Ben"), SeatConfig("Ann"), SeatConfig("Cy", human=False)]
    session = Session.new(seats, Rules.preset("palace"), seed=4)  # Ann sets up first, Cy next
    app = make_app(session, ai_delay=30)
    async with running(app) as pilot:
        assert isinstance(app.screen, PassScreen)
        setup_seat = app.screen.seat
        await press(pilot, "enter")
        screen = app.screen
        assert isinstance(screen, TableScreen) and screen.viewer == setup_seat
        await press(pilot, "r")
        assert app.screen is screen and screen.viewer is None and session.game.turn == 2
        assert hand_cards_on_screen(app, session, setup_seat) == [] and "Cy is setting up" in screen_text(app)


async def test_u_at_the_start_of_a_turn_says_why_in_one_sentence(make_app):
    session = at_table(computers=())
    app = make_app(session)
    async with running(app) as pilot:
        screen = app.screen
        assert "u Undo" not in screen_text(app)
        await press(pilot, "u")
        assert screen.message is not None and screen.message.plain == "There is no move of yours to undo."


async def test_ending_the_turn_forgets_the_take_back(make_app):
    """Ann ends her turn with u still possible: after the pass, nobody can take it back."""
    session = at_table(computers=())
    app = make_app(session)
    async with running(app) as pilot:
        await play(pilot, app.screen, Move.play("9D"))
        assert app.screen.check_action("take_back", ()) is True
        await press(pilot, "enter")
        assert isinstance(app.screen, PassScreen) and session.takeback.mover is None
        assert not session.take_back_status()[0]
