"""Short interactive lessons that teach Palace with real positions (pure Python, no UI).

>>> from palace_tui.lessons import LESSONS
>>> [lesson.id for lesson in LESSONS][:3]
['palace', 'deal-swap', 'starts']
"""

from palace_tui.lessons.course import BY_ID, CORE, LESSONS, OPTION_LESSONS, lesson_for_option, lessons_for
from palace_tui.lessons.lesson import Lesson, Result
from palace_tui.lessons.progress import Progress
from palace_tui.lessons.runner import Feedback, LessonRunner, describe

__all__ = [
    "BY_ID",
    "CORE",
    "LESSONS",
    "OPTION_LESSONS",
    "Feedback",
    "Lesson",
    "LessonRunner",
    "Progress",
    "Result",
    "describe",
    "lesson_for_option",
    "lessons_for",
]
