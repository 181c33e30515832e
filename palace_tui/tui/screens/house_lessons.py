"""The lessons of a table's house rules, reached from its rules cards (``?`` and ``?`` again).

A table that plays a house rule with a lesson (sevens low, a skip, the chance card...)
gets an ``l`` key on both cards; it opens the lesson list with only those lessons.
"""

from __future__ import annotations

from typing import Any

from textual.binding import Binding

from palace_tui.lessons import lessons_for
from palace_tui.rules import Rules

#: The key on both rules cards (shown only when the rules in force have a lesson).
LESSONS_BINDING = Binding(
    "l", "house_lessons", "Lessons", tooltip="A short lesson on each house rule this table plays", id="house-lessons"
)


def has_house_lessons(rules: Rules) -> bool:
    """Whether any house rule in ``rules`` has a lesson."""
    return bool(lessons_for(rules))


def open_house_lessons(app: Any, rules: Rules) -> None:
    """Open the list of the lessons of ``rules``' house rules on top of ``app``'s screen."""
    from palace_tui.tui.screens.learn_list import LearnScreen

    lessons = lessons_for(rules)
    if lessons:
        app.push_screen(LearnScreen(data_dir=getattr(app, "data_dir", None), only=lessons))
