"""Pilot tests of issue 13's "Also at the table": the too-small screen, keys that say why
they are greyed out, long hands, mouse, results, and what the screen says in players' words.

Each test reads what the screen shows (``screen_text`` or a widget's text), never only state.
"""

from __future__ import annotations

from textual import events

from palace_tui.rules import Card, Rules
from palace_tui.table.session import SeatConfig, Session
from palace_tui.tui.screens.pass_device import PassScreen
from palace_tui.tui.table.screen import TableScreen
from tests.helpers.app import press, screen_text
from tests.helpers.built_table import ANN_BEN, table
from tests.helpers.settle import running, settle

# ---------------------------------------------------------------------- closing


async def test_a_key_while_closing_is_dropped(make_app):
    """A key that reaches the app once its screens are gone (typed during quit) does nothing.

    Textual raised "No screens on stack" there, and a storm met it once on CI; an app
    with no screen yet is the same state, reached without timing.
    """
    app = make_app()
    assert not app.screen_stack
    for event in (events.Key("a", "a"), events.Key("enter", "\r"), events.Key("ctrl+q", None)):
        event.set_sender(app)
        await app.on_event(event)  # raised ScreenStackError before


# ---------------------------------------------------------------------- too small


async def test_too_small_swallows_game_keys(make_app):
    """Enter behind "Make the window larger" plays nothing; ctrl+q still works."""
    session = table()
    app = make_app(session)
    async with running(app) as pilot:
        await press(pilot, "e")  # a note is up: it must hide with the rest
        assert "Pile:" in screen_text(app)
        moves = session.game.moves
        await pilot.resize_terminal(36, 18)
        await settle(pilot, "Make the window larger")
        assert "Make the window larger" in screen_text(app)
        assert "Pile:" not in screen_text(app)
        await press(pilot, "enter", "t", "space", "x", "right", "enter")
        await pilot.click(offset=(5, 5))
        assert session.game.moves == moves
        assert isinstance(app.screen, TableScreen)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert "Make the window larger" not in screen_text(app)
        assert "Hand" in screen_text(app)


async def test_too_small_recovers_on_a_screen_pushed_while_small(make_app):
    """The pass screen goes up while the terminal is small; at 80x24 again it shows."""
    session = table(humans=2)
    app = make_app(session)
    async with running(app) as pilot:
        await pilot.resize_terminal(38, 16)
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        screen.apply(next(m for m in screen.view().legal if m.kind == "play"))
        await settle(pilot)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        text = screen_text(app)
        assert "Make the window larger" not in text
        # whatever the turn flow puts up next (a result step or the pass screen), it is visible
        assert text.strip() and ("Ben" in text)
        app.pop_screen() if isinstance(app.screen, PassScreen) else None
        await settle(pilot)
        assert "Make the window larger" not in screen_text(app)


# ---------------------------------------------------------------------- greyed keys say why


async def _note_after(make_app, session: Session, *keys: str) -> str:
    app = make_app(session)
    async with running(app) as pilot:
        await press(pilot, *keys)
        assert isinstance(app.screen, TableScreen)
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
    async with running(app) as pilot:
        await settle(pilot)
        if isinstance(app.screen, PassScreen):
            await press(pilot, "enter")
        await press(pilot, "space", "enter")
        assert app.screen.note.body == "Choose exactly 3 cards to lay face up, not 1."
        assert "Choose exactly 3 cards" in screen_text(app)


async def test_e_in_setup_says_why(make_app):
    session = Session.new(
        [SeatConfig("Ann"), SeatConfig("Ben", human=False, level="easy")], Rules.preset("palace"), seed=3
    )
    app = make_app(session)
    async with running(app) as pilot:
        await settle(pilot)
        if isinstance(app.screen, PassScreen):
            await press(pilot, "enter")
        await press(pilot, "e")
        assert app.screen.note.body == "Nothing is played until everyone is ready."
        assert "Nothing is played until everyone is ready." in screen_text(app)


# ---------------------------------------------------------------------- long hands and the mouse

LONG = [
    {
        "name": "Ann",
        "hand": "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2C 3D 4D 5D 6D 7D 8D 9D",
        "face_up": "KS",
        "face_down": "3H",
    },
    {"name": "Ben", "hand": "5S 6S 7S", "face_up": "QH", "face_down": "8H"},
]


def cursor_card(app) -> str:
    screen = app.screen
    return str(screen.cursor.cards(screen.view())[screen.cursor[screen.cursor.row]])


async def test_home_end_and_rank_keys_move_the_cursor(make_app):
    app = make_app(table(position=LONG, pile="3S"))
    async with running(app) as pilot:
        hand = [str(c) for c in app.screen.view().hand]
        await press(pilot, "end")
        assert cursor_card(app) == hand[-1]
        await press(pilot, "home")
        assert cursor_card(app) == hand[0]
        await press(pilot, "q")
        assert cursor_card(app) == "Q♣"
        await press(pilot, "0")
        assert cursor_card(app) == "10♣"
        await press(pilot, "3")
        first_three = cursor_card(app)
        await press(pilot, "3")  # again: the next three, cycling
        assert {first_three, cursor_card(app)} == {"3♣", "3♦"}
        await press(pilot, "3")
        assert cursor_card(app) == first_three
        await press(pilot, "home")
        # the cursor is drawn where the keys put it: a heavy frame round the 3♣
        assert f"┃{hand[0]:<3}┃" in screen_text(app)


async def test_long_hand_wraps_cleanly(make_app):
    app = make_app(table(position=LONG, pile="3S"))
    async with running(app):
        hand = app.screen.query_one("#hand-row").text.split("\n")
        # every line of cards is whole: as many tops as bottoms, no half-drawn frame
        assert len(hand) % 3 == 0
        for top, bottom in zip(hand[0::3], hand[2::3]):
            assert top.count("╭") + top.count("┏") == bottom.count("╰") + bottom.count("┗")


async def test_escape_clears_marks(make_app):
    position = [{"name": "Ann", "hand": "9C 9D 9H 4C", "face_up": "KS", "face_down": "3D"}, ANN_BEN[1]]
    app = make_app(table(position=position))
    async with running(app) as pilot:
        await press(pilot, "9", "space", "9", "space")
        assert len(app.screen.cursor.marked) == 2
        assert "✓" in app.screen.query_one("#hand-row").text
        await press(pilot, "escape")
        assert not app.screen.cursor.marked
        assert "✓" not in app.screen.query_one("#hand-row").text


async def test_setup_cursor_starts_fresh_for_each_seat(make_app):
    session = Session.new([SeatConfig("Ann"), SeatConfig("Ben")], Rules.preset("palace"), seed=3)
    app = make_app(session)
    async with running(app) as pilot:
        await settle(pilot)
        for _ in range(2):
            if isinstance(app.screen, PassScreen):
                await press(pilot, "enter")
            await press(pilot, "right", "right")
            assert app.screen.cursor["hand"] == 2
            first = session.game.turn
            await press(pilot, "r")
            for _ in range(10):
                if session.game.turn != first or session.game.phase != "setup":
                    break
                await press(pilot, "enter")  # the turn flow may show the result first
            if session.game.phase != "setup":
                break
            if isinstance(app.screen, PassScreen):
                await press(pilot, "enter")
            assert app.screen.cursor["hand"] == 0
            assert "┏━━━┓" in app.screen.query_one("#hand-row").text.split("\n")[0][:5]


async def test_click_a_card_then_again_marks_it_and_click_the_pile_takes(make_app):
    position = [{"name": "Ann", "hand": "4C 9C 9D", "face_up": "KS", "face_down": "3D"}, ANN_BEN[1]]
    session = table(position=position, pile="5H 6D")
    app = make_app(session)
    async with running(app) as pilot:
        screen = app.screen
        hand = screen.query_one("#hand-row")
        await pilot.click(hand, offset=(7, 1))  # the second card
        assert screen.cursor["hand"] == 1
        assert "┏━━━┓" in hand.text.split("\n")[0]
        await pilot.click(hand, offset=(7, 1))
        assert screen.cursor.marked == {1}
        assert "✓" in hand.text
        await pilot.click(screen.query_one("#pile"))
        await settle(pilot)
        # One click on the pile only asks, with the count: a stray click takes nothing.
        assert session.game.seats[0].hand_count == 3
        assert "Take 2 cards? Click the pile again (or press t)" in screen_text(app)
        await pilot.click(screen.query_one("#pile"))
        await settle(pilot, lambda: session.game.seats[0].hand_count == 5)
        assert session.game.seats[0].hand_count == 5  # Ann took the two-card pile
        assert "Ann took" in " ".join(session.log)


async def test_t_takes_at_one_press_whether_the_pile_asked_or_not(make_app):
    """The key t never asks: it takes the pile at one press, even while a click's question shows."""
    position = [{"name": "Ann", "hand": "4C 9C 9D", "face_up": "KS", "face_down": "3D"}, ANN_BEN[1]]
    session = table(position=position, pile="5H 6D")
    app = make_app(session)
    async with running(app) as pilot:
        screen = app.screen
        await pilot.click(screen.query_one("#pile"))
        assert session.game.seats[0].hand_count == 3
        await press(pilot, "t")
        assert session.game.seats[0].hand_count == 5


# ---------------------------------------------------------------------- NO_COLOR


async def test_no_color_red_suits_bold_and_readable(make_app, monkeypatch):
    """Under NO_COLOR a red card is bold in the default colour (not a dark grey), a black one plain."""
    from palace_tui.tui.widgets import card_art

    position = [{"name": "Ann", "hand": "4C 9H", "face_up": "KS", "face_down": "3D"}, ANN_BEN[1]]
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(table(position=position))
    try:
        async with running(app):
            row = app.screen.query_one("#hand-row")
            text = row.render()
            spans = {text.plain[s.start : s.end]: s.style for s in text.spans}
            red = next(st for t, st in spans.items() if "9♥" in t)
            black = next(st for t, st in spans.items() if "4♣" in t)
            assert red.bold and red.color is None
            assert not black.bold and black.color is None
    finally:
        card_art.set_no_color(False)
    assert card_art.suit_style(Card.parse("9H")).color is not None  # colour is back for the next app


# ---------------------------------------------------------------------- 80x24 fit


def footer_line(app) -> str:
    return screen_text(app).rstrip("\n").split("\n")[-1]


async def test_footer_keeps_every_key_when_take_back_is_offered(make_app, monkeypatch):
    """At 80 columns the footer shows u and x together (x used to vanish to make room)."""
    app = make_app(table(humans=2))
    async with running(app) as pilot:
        screen = app.screen
        monkeypatch.setattr(type(app.session), "take_back_offered", lambda self: True)
        screen.refresh_bindings()
        await settle(pilot)
        shown = [b.binding for b in screen.active_bindings.values() if b.binding.show]
        line = footer_line(app)
        assert "u Undo" in line and "x Abandon" in line and "^q Save+quit" in line
        for binding in shown:
            assert binding.description in line, (binding.description, line)


# ---------------------------------------------------------------------- words


def test_players_words():
    from palace_tui.rules import Event
    from palace_tui.tui.widgets.card_art import card_text
    from palace_tui.tui.widgets.game_log import log_line
    from palace_tui.words import log_sentence
    from palace_tui.words.events import recap

    assert log_sentence(Event("starts", 0), ["Ann"]) == "Ann leads"
    assert recap([(0, Event("starts", 0))], ["Ann"], 0) == "Ann leads."
    # A joker is named in sentences, and coloured from the Card itself (no text is read back).

    joker, seven = Card.parse("JK"), Card.parse("7H")
    played = log_line(log_sentence(Event("played", 3, (joker, joker)), ["Ann", "Ben", "Cy", "Dee"]))
    assert played.plain == "Dee played 2 jokers"
    assert [played.plain[s.start : s.end] for s in played.spans] == ["2 jokers"]
    swapped = log_line(log_sentence(Event("swapped", 3, (seven, joker)), ["Ann", "Ben", "Cy", "Dee"]))
    assert swapped.plain == "Dee put a joker face up in place of 7♥"
    assert [swapped.plain[s.start : s.end] for s in swapped.spans] == ["a joker", "7♥"]
    assert log_line("Dee played JK").plain == "Dee played JK"  # plain text stays as it is
    assert card_text(Card.parse("JK")).plain == "Jkr"


async def test_face_down_hint_never_says_the_pile_needs_anything(make_app):
    position = [{"name": "Ann", "face_down": "3D 4D"}, {"name": "Ben", "hand": "5S", "face_down": "8D"}]
    app = make_app(table(position=position, pile=""))
    async with running(app):
        text = screen_text(app)
        hint = str(app.screen.query_one("#hint").render())
        assert "needs anything" not in text and "needs anything" not in hint
        assert hint.endswith("Any card stays on this pile.")
        assert "Any card stays" in text


# ---------------------------------------------------------------------- the largest rows at 80x24


def largest_rows_session(seed: int) -> Session:
    from tests.tui.test_snapshots import largest_rows

    return largest_rows(seed)


async def test_largest_rows_fit_80x24(make_app, data_dir):
    """Six seats, packs=2, five up and five down: every public card whole on its seat's line,
    every footer key shown, the pile explanation whole."""
    for seed in (11, 12, 13):
        session = largest_rows_session(seed)
        app = make_app(session, data_dir=f"{data_dir}/{seed}")
        async with running(app) as pilot:
            screen = app.screen
            lines = screen_text(app).split("\n")
            for seat in session.game.view(0).seats:
                if seat.out or not seat.face_up:
                    continue
                line = next((ln for ln in lines if f" {seat.name[:3]}" in ln[:16]), None)
                assert line is not None, (seat.name, lines)
                for card in seat.face_up:
                    label = "Jkr" if card.rank == 15 else str(card)
                    assert label in line, (seat.name, label, line)
                assert "…" not in line
            foot = lines[-2] if not lines[-1].strip() else lines[-1]
            for b in screen.active_bindings.values():
                if b.binding.show:
                    assert b.binding.description in foot, (b.binding.description, foot)
            if screen.note.label == "Since your last turn":  # the recap, whole
                assert screen.note.max_scroll_y == 0
                tail = " ".join(screen.note.body.split()[-3:])
                assert tail in " ".join(screen_text(app).split())
            await press(pilot, "e")
            note = screen.note
            assert note.body
            assert note.max_scroll_y == 0  # the whole explanation is laid out, nothing scrolled away
            words = note.body.split()
            text = " ".join(screen_text(app).split())
            assert " ".join(words[-4:]) in text and " ".join(words[:4]) in text


async def test_log_follows_newest_after_resize_and_scrolls_by_key(make_app, data_dir):
    session = largest_rows_session(11)
    app = make_app(session)
    async with running(app, size=(120, 40)) as pilot:
        log = app.screen.query_one("#log")
        await pilot.resize_terminal(80, 24)
        # Scrolled to the newest line, and that line painted (the paint may come a frame after the scroll).
        await settle(
            pilot,
            lambda: log.scroll_y == log.max_scroll_y > 0 and session.log[-1] in screen_text(app),
            what="the log at its newest line, on screen",
        )
        await press(pilot, "pageup")
        assert log.scroll_y < log.max_scroll_y
        await press(pilot, "pagedown", "pagedown")
        assert log.scroll_y == log.max_scroll_y


async def test_roomy_terminal_draws_tall_cards(make_app):
    app = make_app(table())
    async with running(app, size=(120, 40)) as pilot:
        await settle(pilot)
        hand = app.screen.query_one("#hand-row").text.split("\n")
        assert len(hand) == 5 and "4♣" in hand[1] and " 4♣" in hand[3]
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        await settle(
            pilot,
            lambda: len(app.screen.query_one("#hand-row").text.split("\n")) == 3,
            what="len(app.screen.query_one('#hand-row').text.split('\\n')) == 3",
        )
        assert len(app.screen.query_one("#hand-row").text.split("\n")) == 3


async def test_click_in_setup_moves_between_rows_and_face_down_click_twice_turns(make_app, data_dir):
    session = Session.new(
        [SeatConfig("Ann"), SeatConfig("Ben", human=False, level="easy")], Rules.preset("palace"), seed=3
    )
    app = make_app(session)
    async with running(app) as pilot:
        await settle(pilot)
        if isinstance(app.screen, PassScreen):
            await press(pilot, "enter")
        screen = app.screen
        await pilot.click(screen.query_one("#up-row"), offset=(13, 1))  # the third face-up card
        assert screen.cursor.row == "face_up" and screen.cursor["face_up"] == 2
        assert "┏━━━┓" in screen.query_one("#up-row").text.split("\n")[0]
    position = [{"name": "Ann", "face_down": "3D 4D 5D"}, {"name": "Ben", "hand": "5S", "face_down": "8D"}]
    session = table(position=position, pile="")
    app = make_app(session, data_dir=f"{data_dir}/2")
    async with running(app) as pilot:
        down = app.screen.query_one("#down-row")
        await pilot.click(down, offset=(7, 1))
        assert app.screen.cursor["face_down"] == 1 and session.game.moves == 0
        await pilot.click(down, offset=(7, 1))
        await settle(pilot, lambda: session.game.moves >= 1)
        assert session.game.moves >= 1
        assert "Ann turned over 4♦" in " ".join(session.log)
