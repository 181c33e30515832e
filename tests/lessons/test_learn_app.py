"""Pilot tests: the Learn app run by the table's keys, reading what the screen shows."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from rich.text import Text
from textual.widgets import Static

from palace_tui.lessons import BY_ID, LESSONS
from palace_tui.rules.saving import to_dict
from palace_tui.tui.learn_app import LearnApp
from palace_tui.tui.screens.compare import CompareScreen
from palace_tui.tui.screens.learn_list import LearnScreen
from palace_tui.tui.screens.lesson import LessonScreen
from palace_tui.tui.table.hand import Hand
from palace_tui.tui.widgets.card_row import CardRow
from palace_tui.tui.widgets.pile_view import PileView
from palace_tui.tui.widgets.seat_list import SeatList
from tests.helpers.settle import running, settle

DATA = Path(__file__).parent / "data"
TOTAL = len(LESSONS)


@pytest.fixture(autouse=True)
def _colour(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)


def screen_text(screen) -> str:
    """Every Static and card row on the screen as plain text."""
    from textual.widgets import Static

    out = []
    for w in screen.query(Static):
        content = w.content
        out.append(content.plain if hasattr(content, "plain") else str(content))
    out += [row.text for row in screen.query(CardRow)]
    return "\n".join(out)


def hand_text(screen) -> str:
    return screen.query_one("#hand-row", CardRow).text


def feedback_text(screen) -> str:
    """The lesson's feedback box as plain text, its title first."""
    box = screen.query_one("#feedback", Static)
    content = box.content
    body = content.plain if isinstance(content, Text) else str(content)
    return f"{box.border_title or ''}\n{body}"


def footer_keys(screen) -> dict[str, str]:
    """The keys the footer shows now, by key: their description."""
    return {key: b.binding.description for key, b in screen.active_bindings.items() if b.binding.show and b.enabled}


async def open_lesson(app, pilot, lesson_id: str) -> LessonScreen:
    await settle(pilot)
    app.push_screen(LessonScreen(BY_ID[lesson_id], app.screen.progress))
    await settle(pilot)
    return app.screen


async def test_the_first_game_lessons_by_keys(tmp_path):
    """From the list: go out (Ben is the Palace), swap with ↑↓ and Enter, r to be ready, read
    the pass screen page with Enter, and reach the first card lesson; all saved by id."""
    app = LearnApp(data_dir=tmp_path)
    async with running(app) as pilot:
        assert isinstance(app.screen, LearnScreen)
        assert f"0 of {TOTAL} lessons done" in screen_text(app.screen)
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LessonScreen) and screen.lesson.id == "palace"
        assert "A♠" in hand_text(screen)
        await pilot.press("enter")
        await settle(pilot, lambda: feedback_text(screen).startswith("Well done!"))
        assert feedback_text(screen).startswith("Well done!")
        assert "Ben is the Palace" in feedback_text(screen)
        assert json.loads((tmp_path / "lessons.json").read_text())["done"] == ["palace"]
        # Enter goes on once a lesson is done.
        assert footer_keys(screen)["enter"] == "Continue"
        await pilot.press("enter")
        await settle(pilot, lambda: screen.lesson.id == "deal-swap")
        assert screen.lesson.id == "deal-swap"
        assert footer_keys(screen)["enter"] == "Swap" and "r" in footer_keys(screen)
        # The hand is sorted 5♣ K♥ 10♦: two steps right, down to the face-up row (4♣ under its cursor).
        await pilot.press("right", "right", "down", "enter")
        await settle(pilot, lambda: feedback_text(screen).startswith("Well done!"))
        assert feedback_text(screen).startswith("Well done!"), feedback_text(screen)
        assert "You put 10♦ face up in place of 4♣." in feedback_text(screen)
        await pilot.press("enter")
        await settle(pilot, lambda: screen.lesson.id == "starts")
        assert screen.lesson.id == "starts"
        assert screen.query_one("#lesson-seats").border_title == "Table  clockwise →"
        await pilot.press("enter")  # the hand is sorted: the cursor starts on the 3♥, the low lead
        await settle(
            pilot,
            lambda: feedback_text(screen).startswith("Well done!") and "You played 3♥." in feedback_text(screen),
            what="feedback_text(screen).startswith('Well done!') and 'You played 3♥.'...",
        )
        assert feedback_text(screen).startswith("Well done!") and "You played 3♥." in feedback_text(screen)
        await pilot.press("enter")
        await settle(pilot, lambda: screen.lesson.id == "pass")
        assert screen.lesson.id == "pass"
        text = screen_text(screen)
        # The table's own pass box, as the pass screen draws it.
        from palace_tui.tui.widgets.pass_box import PassBox

        assert str(screen.query_one(PassBox).query_one("#pass-title").render()) == "Pass to Ben"
        assert "look away" in text
        assert set(footer_keys(screen)) == {"enter", "n", "escape"}
        await pilot.press("enter")
        await settle(pilot, lambda: screen.lesson.id == "climb")
        assert screen.lesson.id == "climb"
        assert json.loads((tmp_path / "lessons.json").read_text())["done"] == ["deal-swap", "palace", "pass", "starts"]
        await pilot.press("escape")
        await settle(pilot, LearnScreen)
        assert isinstance(app.screen, LearnScreen)
        assert f"4 of {TOTAL} lessons done" in screen_text(app.screen)


async def test_a_lesson_is_drawn_with_the_tables_widgets(tmp_path):
    """The seats, the pile and the learner's rows are the table's own widgets."""
    app = LearnApp(data_dir=tmp_path)
    async with running(app) as pilot:
        screen = await open_lesson(app, pilot, "climb")
        assert screen.query_one("#lesson-seats").__class__ is SeatList
        assert screen.query_one("#lesson-pile").__class__ is PileView
        assert isinstance(screen.query_one("#lesson-me"), Hand)  # the table's own hand
        # Framed cards as at the table: │6♥ │ boxes, the cursor card in heavy lines.
        hand = hand_text(screen)
        assert "┃6♥ ┃" in hand and "│K♣ │" in hand
        assert "9♣" in screen.query_one(PileView).content.plain
        assert "Your turn: play 9 or higher" in screen_text(screen)


async def test_climb_refusal_explain_and_right_by_keys(tmp_path):
    app = LearnApp(data_dir=tmp_path)
    async with running(app) as pilot:
        screen = await open_lesson(app, pilot, "climb")
        # The cursor starts on the 6: Enter is refused with the engine's sentence.
        await pilot.press("enter")
        await settle(pilot, lambda: "Not allowed." in feedback_text(screen))
        assert "Not allowed." in feedback_text(screen)
        assert "A 6 can't go on a 9" in feedback_text(screen)
        await pilot.press("e")
        await settle(
            pilot,
            lambda: "A 9 is on top: play a 9 or higher, a 2 or a 10." in feedback_text(screen),
            what="'A 9 is on top: play a 9 or higher, a 2 or a 10.' in feedback_text(...",
        )
        assert "A 9 is on top: play a 9 or higher, a 2 or a 10." in feedback_text(screen)
        await pilot.press("right", "right", "enter")
        await settle(pilot, lambda: feedback_text(screen).startswith("Well done!"))
        assert feedback_text(screen).startswith("Well done!")
        assert "You played 9♦." in feedback_text(screen)


async def test_marking_another_rank_starts_a_new_set_as_at_the_table(tmp_path):
    """Hand 5♣ Q♥ Q♠: marking the 5 then a queen keeps only the queen; both queens then play."""
    app = LearnApp(data_dir=tmp_path)
    async with running(app) as pilot:
        screen = await open_lesson(app, pilot, "pairs")
        await pilot.press("space")
        await settle(pilot, lambda: screen.cursor.marked == {0} and "✓" in hand_text(screen))
        assert screen.cursor.marked == {0} and "✓" in hand_text(screen)
        await pilot.press("right", "space")
        await settle(pilot, lambda: screen.cursor.marked == {1})
        assert screen.cursor.marked == {1}
        await pilot.press("right", "space")
        await settle(pilot, lambda: screen.cursor.marked == {1, 2} and hand_text(screen).count("✓") == 2)
        assert screen.cursor.marked == {1, 2} and hand_text(screen).count("✓") == 2
        # Space again unmarks, as at the table.
        await pilot.press("space")
        await settle(pilot, lambda: screen.cursor.marked == {1})
        assert screen.cursor.marked == {1}
        await pilot.press("space", "enter")
        await settle(pilot, lambda: feedback_text(screen).startswith("Well done!"))
        assert feedback_text(screen).startswith("Well done!"), feedback_text(screen)
        assert "You played Q♥ Q♠." in feedback_text(screen)


async def test_enter_turns_a_face_down_card_and_f_does_nothing(tmp_path):
    app = LearnApp(data_dir=tmp_path)
    async with running(app) as pilot:
        screen = await open_lesson(app, pilot, "blind")
        assert footer_keys(screen)["enter"] == "Turn card"
        assert "f" not in footer_keys(screen)
        await pilot.press("f", "1")
        await settle(pilot, lambda: not screen.runner.done and screen.runner.last is None)
        assert not screen.runner.done and screen.runner.last is None
        await pilot.press("t")
        await settle(pilot, lambda: "only move is to turn a face-down card" in feedback_text(screen))
        assert "only move is to turn a face-down card" in feedback_text(screen)
        await pilot.press("enter")
        await settle(
            pilot,
            lambda: "Well done!" in feedback_text(screen) and "4♣" in feedback_text(screen),
            what="'Well done!' in feedback_text(screen) and '4♣' in feedback_text(scr...",
        )
        assert "Well done!" in feedback_text(screen) and "4♣" in feedback_text(screen)


async def test_stuck_takes_with_the_face_up_card_and_retry_puts_it_back(tmp_path):
    app = LearnApp(data_dir=tmp_path)
    async with running(app) as pilot:
        screen = await open_lesson(app, pilot, "stuck")
        await pilot.press("right", "t")
        await settle(pilot, lambda: "adding 5♦" in feedback_text(screen))
        assert "adding 5♦" in feedback_text(screen)
        await pilot.press("ctrl+r")
        await settle(pilot, lambda: not screen.runner.done and "Your move" in feedback_text(screen))
        assert not screen.runner.done and "Your move" in feedback_text(screen)
        assert to_dict(screen.runner.game) == to_dict(BY_ID["stuck"].position())


async def test_progress_saved_by_an_earlier_release_still_loads(tmp_path):
    """A lessons.json written before the first-game lessons existed: its ids keep their marks."""
    shutil.copy(DATA / "lessons_v1_17.json", tmp_path / "lessons.json")
    app = LearnApp(data_dir=tmp_path)
    async with running(app) as pilot:
        screen = app.screen
        assert f"3 of {TOTAL} lessons done" in screen_text(screen)
        assert not screen.progress.warning
        # The list starts on the first lesson not done: the new first one.
        ol = screen.query_one("#lesson-list")
        assert ol.get_option_at_index(ol.highlighted).id == "palace"
        lesson = await open_lesson(app, pilot, "climb")
        assert "✓ done" in lesson.query_one("#lesson-title").content.plain


@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_lesson_fits_before_its_move(tmp_path, size):
    """The rule, the table, the learner's cards and the prompt fit without scrolling."""
    app = LearnApp(data_dir=tmp_path)
    async with running(app, size=size) as pilot:
        for lesson in LESSONS:
            screen = await open_lesson(app, pilot, lesson.id)
            body = screen.query_one("#lesson-body")
            assert body.max_scroll_y == 0, (lesson.id, body.max_scroll_y)
            app.pop_screen()
            await settle(pilot)


async def test_escape_on_the_list_quits(tmp_path):
    app = LearnApp(data_dir=tmp_path)
    async with running(app) as pilot:
        await pilot.press("escape")
        await settle(pilot, lambda: app._exit, what="the app to quit")
    assert app.return_code in (0, None)


async def test_compare_presets_view(tmp_path):
    app = LearnApp(data_dir=tmp_path)
    async with running(app) as pilot:
        await pilot.press("c")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, CompareScreen) and screen.pair == ["palace", "shithead"]
        await pilot.press("2")
        await settle(pilot, lambda: screen.pair == ["palace", "first-out"])
        assert screen.pair == ["palace", "first-out"]
        text = screen_text(screen)
        assert "first-out: One-deck guide" in text
        assert "The deal\n    palace: Trade hand and face-up cards" in text
        assert "first-out: Pick your face-up cards" in text
        # The table itself: option names and values in a player's words, no identifiers.
        from tests.helpers.app import screen_text as shown

        table = shown(app)
        assert "Face down" in table and "Stuck face up" in table and "keep row" not in table
        assert "face_down" not in table and "stuck_face_up" not in table and "add-one" not in table
        await pilot.press("escape")
        await settle(pilot, LearnScreen)
        assert isinstance(app.screen, LearnScreen)


async def test_table_keys_home_end_rank_jump_and_escape_clears_marks(tmp_path):
    """Home/End and a typed rank move the cursor; Esc clears marks first, then leaves."""
    app = LearnApp(data_dir=tmp_path)
    async with running(app) as pilot:
        screen = await open_lesson(app, pilot, "climb")  # hand 6♥ 8♠ 9♦ K♣
        await pilot.press("end")
        assert screen.cursor["hand"] == 3
        await pilot.press("home")
        assert screen.cursor["hand"] == 0
        await pilot.press("9")
        assert screen.cursor["hand"] == 2
        await pilot.press("k")
        assert screen.cursor["hand"] == 3
        await pilot.press("space")
        assert screen.cursor.marked == {3}
        await pilot.press("escape")
        await settle(pilot, lambda: screen.cursor.marked == set() and app.screen is screen)
        assert screen.cursor.marked == set() and app.screen is screen
        await pilot.press("escape")
        await settle(pilot, LearnScreen)
        assert isinstance(app.screen, LearnScreen)


@pytest.mark.slow
async def test_the_result_is_in_view_after_every_right_move_at_80x24(tmp_path):
    """After the move the whole feedback box is on screen, whatever the lesson."""
    app = LearnApp(data_dir=tmp_path)
    async with running(app) as pilot:
        for lesson in (lesson for lesson in LESSONS if not lesson.is_page):
            screen = await open_lesson(app, pilot, lesson.id)
            runner = screen.runner
            right = next(m for m in runner.game.legal_moves() if type(runner)(lesson).attempt(m).kind == "right")
            screen._attempt(right)

            # The scroll happens after a refresh: on a loaded machine that can take a few frames.
            def in_view(screen=screen) -> bool:
                box = screen.query_one("#feedback").region
                body = screen.query_one("#lesson-body").region
                return bool(box.height) and box.y >= body.y and box.bottom <= body.bottom

            await settle(pilot, in_view, what="the feedback box scrolled into the lesson's view")
            box = screen.query_one("#feedback").region
            body = screen.query_one("#lesson-body").region
            assert box.y >= body.y and box.bottom <= body.bottom, (lesson.id, box, body)
            app.pop_screen()
            await settle(pilot)


async def test_a_lesson_from_the_new_table_screen_and_back(tmp_path):
    """ctrl+l on the new-table screen, a lesson played by keys there, Esc twice comes back."""
    from palace_tui.table.session import MemoryStore
    from palace_tui.tui.app import PalaceApp
    from palace_tui.tui.screens.new_table import NewTableScreen

    app = PalaceApp(None, ai_delay=0, store=MemoryStore(), data_dir=str(tmp_path))
    async with running(app) as pilot:
        form = app.screen
        assert isinstance(form, NewTableScreen)
        await pilot.press("ctrl+l")
        await settle(pilot, LearnScreen)
        assert isinstance(app.screen, LearnScreen)
        await pilot.press("enter")
        await settle(pilot)
        lesson = app.screen
        assert isinstance(lesson, LessonScreen) and lesson.lesson.id == "palace"
        await pilot.press("enter")
        await settle(pilot, lambda: feedback_text(lesson).startswith("Well done!"))
        assert feedback_text(lesson).startswith("Well done!")
        assert json.loads((tmp_path / "lessons.json").read_text())["done"] == ["palace"]
        await pilot.press("escape", "escape")
        await settle(pilot, lambda: app.screen is form)
        assert app.screen is form


async def test_the_eights_lesson_shows_play_turning_round(tmp_path):
    """As at the table, the seats' title says which way play goes: the 8 turns it round."""
    app = LearnApp(data_dir=tmp_path)
    async with running(app) as pilot:
        screen = await open_lesson(app, pilot, "eight-reverse")
        seats = screen.query_one("#lesson-seats")
        assert seats.border_title == "Table  clockwise →"
        await pilot.press("4")  # a 4 can't go on the king: the hint says the 8 goes on anything
        await pilot.press("enter")
        await settle(pilot, lambda: "An 8 goes on anything, even a king" in feedback_text(screen))
        assert "An 8 goes on anything, even a king" in feedback_text(screen)
        await pilot.press("8", "enter")
        await settle(pilot, lambda: feedback_text(screen).startswith("Well done!"))
        assert feedback_text(screen).startswith("Well done!"), feedback_text(screen)
        assert seats.border_title == "Table  anticlockwise ←"


async def test_the_blind_card_is_chosen(tmp_path):
    """Three unseen face-down cards: ←→ chooses which to turn, and the one chosen is turned."""
    app = LearnApp(data_dir=tmp_path)
    async with running(app) as pilot:
        screen = await open_lesson(app, pilot, "blind")
        await pilot.press("right", "enter")
        await settle(pilot, lambda: feedback_text(screen).startswith("Well done!"))
        assert feedback_text(screen).startswith("Well done!"), feedback_text(screen)
        assert "6♠" in feedback_text(screen) and "took it with the pile" in feedback_text(screen)


@pytest.mark.parametrize("touch", [False, True])
async def test_the_burn_in_page_draws_the_offer_the_table_puts_up(tmp_path, touch):
    """The page shows the offer framed, as the table asks it; on a touch screen its words say tap."""
    from palace_tui.device import TERMINAL, Device

    device = Device("touch", 3, 2) if touch else TERMINAL
    app = LearnApp(data_dir=tmp_path)
    async with running(app, size=(80, 40)) as pilot:
        app.push_screen(LessonScreen(BY_ID["burn-in"], app.screen.progress, device))
        await settle(pilot)
        picture = app.screen.query_one("#page-picture", Static)
        assert picture.display and picture.border_title == "Burn in?"
        text = str(picture.content)
        assert "Anyone with the fourth 9?" in text
        if touch:
            assert "tap your name" in text and "Press" not in text
            assert "Tap your name to burn in" in screen_text(app.screen)
        else:
            assert "Press your seat number (1 Ann, 3 Cy)" in text
        await pilot.press("enter")
        await settle(pilot, lambda: app.screen.progress.is_done("burn-in"))
        assert app.screen.progress.is_done("burn-in"), "Enter reads the page"


async def test_enter_and_escape_in_one_burst_open_and_close_a_lesson(tmp_path) -> None:
    """L1: Enter on the list opens a lesson at once (a priority key); an Escape read in the same
    burst reaches the lesson before it is drawn. It goes back to the list, no NoMatches."""
    from textual import events

    app = LearnApp(data_dir=str(tmp_path))
    async with running(app, size=(80, 24)) as pilot:
        # Both keys as a terminal's one read hands them over, nothing waited for between them.
        app._driver.send_message(events.Key("enter", "\r"))
        app._driver.send_message(events.Key("escape", "\x1b"))
        await settle(pilot)  # both keys handled: the lesson opened and closed again
        assert app._exception is None
        assert isinstance(app.screen, LearnScreen)
        # The escape acted on before the lesson was drawn (as a priority key or a touch would be).
        app.screen.action_start()
        lesson = app.screen
        assert isinstance(lesson, LessonScreen) and not lesson.is_mounted
        lesson.action_back()
        await settle(pilot)  # the lesson mounted and closed, every message handled
        assert app._exception is None, app._exception
        assert isinstance(app.screen, LearnScreen) and app.return_code is None
        await pilot.press("enter")
        assert isinstance(app.screen, LessonScreen)
        await settle(pilot)  # the lesson drawn
        assert f"Lesson 1 of {TOTAL}" in screen_text(app.screen)


async def test_the_eights_lesson_names_the_8_among_what_may_be_played(tmp_path):
    """R-13: "play K or higher" while the 8 is the answer: the pile and the hint name the 8."""
    app = LearnApp(data_dir=tmp_path)
    async with running(app, size=(80, 24)) as pilot:
        screen = await open_lesson(app, pilot, "eight-reverse")
        text = screen_text(screen)
        assert "play K or higher, or 8" in text and "Your turn: play K or higher, or 8" in text, text


async def test_the_chance_lessons_hint_is_whole_at_80_columns(tmp_path):
    """N-10: after a wrong move the hint is in view whole, nothing of the lesson scrolled away."""
    from tests.helpers.app import screen_text as painted

    app = LearnApp(data_dir=tmp_path)
    async with running(app, size=(80, 24)) as pilot:
        screen = await open_lesson(app, pilot, "chance")
        await pilot.press("4", "enter")
        await settle(pilot, lambda: "Hint: Press c." in feedback_text(screen))
        assert screen.query_one("#lesson-body").max_scroll_y == 0
        text = painted(app)
        assert "Lesson 26 of" in text and "Hint: Press c." in text, text
