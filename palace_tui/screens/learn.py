"""The Learn screens, one per file: kept so that older imports still work.

:mod:`.learn_list` (the list), :mod:`.lesson` (one lesson), :mod:`.compare` (two presets).
"""

from .compare import CompareScreen
from .learn_list import LearnScreen
from .lesson import LessonScreen

__all__ = ["LearnScreen", "LessonScreen", "CompareScreen"]
