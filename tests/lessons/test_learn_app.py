"""Pilot tests: the Learn app run by key presses, reading what the screen shows."""

from __future__ import annotations

import json

import pytest

from palace_tui.learn_app import LearnApp
from palace_tui.lessons import BY_ID
from palace_tui.screens.learn import LearnScreen, LessonScreen


@pytest.fixture(autouse=True)
def _colour(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)


def screen_text(screen) -> str:
    """Every Static on the screen as plain text."""
    from textual.widgets import Static
    out = []
    for w in screen.query(Static):
        content = w.content
        out.append(content.plain if hasattr(content, "plain") else str(content))
    return "\n".join(out)


async def test_first_lesson_by_keys(tmp_path):
    app = LearnApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LearnScreen)
        assert "0 of 17 lessons done" in screen_text(app.screen)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LessonScreen) and screen.lesson.id == "climb"
        text = screen_text(screen)
        assert "Play equal or higher" in text and "9♣" in text and "K♣" in text
        # The cursor starts on the 6: Enter is refused with the engine's sentence.
        await pilot.press("enter")
        await pilot.pause()
        assert "Not allowed." in screen.feedback_text()
        assert "A 6 can't go on a 9" in screen.feedback_text()
        # e explains the pile.
        await pilot.press("e")
        await pilot.pause()
        assert "A 9 is on top: play a 9 or higher, a 2 or a 10." in screen.feedback_text()
        # Two steps right is the 9: it is right.
        await pilot.press("right", "right", "enter")
        await pilot.pause()
        assert screen.feedback_text().startswith("Well done!")
        assert "You played 9♦." in screen.feedback_text()
        saved = json.loads((tmp_path / "lessons.json").read_text())
        assert saved["done"] == ["climb"]
        # n goes on to the next lesson; Space marks both queens and Enter plays them.
        await pilot.press("n")
        await pilot.pause()
        assert screen.lesson.id == "pairs"
        await pilot.press("right", "space", "right", "space", "enter")
        await pilot.pause()
        assert screen.feedback_text().startswith("Well done!"), screen.feedback_text()
        # Escape goes back to the list, which now shows two done.
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LearnScreen)
        assert "2 of 17 lessons done" in screen_text(app.screen)


async def test_face_down_and_stuck_lessons_by_keys(tmp_path):
    app = LearnApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(LessonScreen(BY_ID["stuck"], app.screen.progress))
        await pilot.pause()
        screen = app.screen
        await pilot.press("right", "t")
        await pilot.pause()
        assert "adding 5♦" in screen.feedback_text()
        await pilot.press("r", "escape")
        await pilot.pause()
        app.push_screen(LessonScreen(BY_ID["blind"], app.screen.progress))
        await pilot.pause()
        screen = app.screen
        await pilot.press("t")
        await pilot.pause()
        assert "only move is to turn a face-down card" in screen.feedback_text()
        await pilot.press("1")
        await pilot.pause()
        assert "Well done!" in screen.feedback_text() and "4♣" in screen.feedback_text()


async def test_escape_on_the_list_quits(tmp_path):
    app = LearnApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
    assert app.return_code in (0, None)


async def test_compare_presets_view(tmp_path):
    from palace_tui.screens.learn import CompareScreen
    app = LearnApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CompareScreen) and screen.pair == ["palace", "shithead"]
        await pilot.press("2")
        await pilot.pause()
        assert screen.pair == ["palace", "first-out"]
        text = screen_text(screen)
        assert "first-out: One-deck guide" in text and "deal  swap: trade hand" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LearnScreen)
