"""Short interactive lessons that teach Palace with real positions (pure Python, no UI).

>>> from palace_tui.lessons import LESSONS
>>> [lesson.id for lesson in LESSONS][:3]
['palace', 'deal-swap', 'starts']
"""

from .course import BY_ID, CORE, LESSONS, OPTION_LESSONS, lesson_for_option
from .lesson import Lesson, Result
from .progress import Progress
from .runner import Feedback, LessonRunner, describe

__all__ = ["Lesson", "Result", "LESSONS", "CORE", "OPTION_LESSONS", "BY_ID", "lesson_for_option",
           "LessonRunner", "Feedback", "Progress", "describe"]
