"""The rules cards' common part, and the lessons of a table's house rules reached from them
(``?`` and ``?`` again).

A table that plays a house rule with a lesson (sevens low, a skip, the chance card...)
gets an ``l`` key on both cards; it opens the lesson list with only those lessons.
"""

from __future__ import annotations

from typing import Any

from textual.binding import Binding
from textual.screen import ModalScreen

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


class RulesCardScreen(ModalScreen[None]):
    """A card of the rules in force (how to play, the full rules): Escape closes it, and ``l``
    (:data:`LESSONS_BINDING`, in the card's bindings) opens its house rules' lessons."""

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        #: The rule set the card is made from.
        self.rules = rules

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The lessons key shows only where this table plays a house rule that has a lesson.
        return has_house_lessons(self.rules) if action == "house_lessons" else True

    def action_house_lessons(self) -> None:
        """The lessons of the house rules in force (Escape comes back here)."""
        open_house_lessons(self.app, self.rules)

    def action_close(self) -> None:
        """Back to where the card was opened."""
        self.dismiss(None)
