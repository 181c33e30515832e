"""A table's house rules are taught from its rules cards: ``l`` on ``?`` (and on the full rules)
lists the lessons of the house rules in force, and only those; a table with none has no ``l``."""

from __future__ import annotations

from palace_tui.tui.screens.how_to_play import HowToPlayScreen
from palace_tui.tui.screens.learn_list import LearnScreen
from palace_tui.tui.screens.lesson import LessonScreen
from palace_tui.tui.screens.rules import RulesScreen
from palace_tui.tui.table.screen import TableScreen
from tests.helpers.app import make_session, press, screen_text
from tests.helpers.settle import running


async def test_the_rules_card_opens_the_lessons_of_this_tables_house_rules(make_app):
    session = make_session(humans=("Ann",), computers=("Ben",), options=["seven=low", "eight=invisible"])
    app = make_app(session)
    async with running(app) as pilot:
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HowToPlayScreen) and "l Lessons" in screen_text(app)
        await press(pilot, "l")
        assert isinstance(app.screen, LearnScreen)
        text = screen_text(app)
        assert "This table's house rules" in text and "0 of 2 lessons done" in text
        assert "sevens are low" in text and "see-through eights" in text
        assert "Play equal or higher" not in text and "jokers" not in text, "only this table's house rules"
        await press(pilot, "enter")
        assert isinstance(app.screen, LessonScreen)
        await press(pilot, "escape")
        await press(pilot, "escape")
        assert isinstance(app.screen, HowToPlayScreen)
        await press(pilot, "question_mark")
        assert isinstance(app.screen, RulesScreen) and "l Lessons" in screen_text(app)
        await press(pilot, "l")
        assert isinstance(app.screen, LearnScreen)
        await press(pilot, "escape", "escape")
        assert isinstance(app.screen, TableScreen)


async def test_a_table_without_house_rules_has_no_lessons_key(make_app):
    app = make_app(make_session(humans=("Ann",), computers=("Ben",)))
    async with running(app) as pilot:
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HowToPlayScreen) and "Lessons" not in screen_text(app)
        await press(pilot, "l")
        assert isinstance(app.screen, HowToPlayScreen)
