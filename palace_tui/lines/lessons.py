"""The lessons in lines of text (``palace learn --plain``), for a screen reader or a braille display.

The same lessons as the Learn screen (:mod:`palace_tui.lessons`), judged by the same
:class:`~palace_tui.lessons.LessonRunner`, with the same progress file: each lesson says its rule,
its position as the line mode's table does (the other seats, your cards, the pile), its question,
and the legal moves as numbered choices. Where a lesson's own words name a key they are said for
numbered choices instead (:mod:`palace_tui.lessons.by_ear`).
"""

from __future__ import annotations

from collections.abc import Sequence

from palace_tui.lessons import LESSONS, Lesson, LessonRunner, Progress
from palace_tui.lessons.by_ear import says_in_lines
from palace_tui.lines.player import WIDTH, Ask, Quit, Say, wrap_lines
from palace_tui.words import lines as words
from palace_tui.words.device import LESSON_KEYS

__all__ = ["LineLessons"]


class LineLessons:
    """The course in lines: :meth:`run` offers the list of lessons until the learner quits."""

    def __init__(
        self, ask: Ask, say: Say, progress: Progress, lessons: Sequence[Lesson] = LESSONS, width: int = WIDTH
    ) -> None:
        self._ask = ask
        self._say = say
        self.progress = progress
        self.lessons = list(lessons)
        self.width = width
        #: Whether the letters a position offers were listed (once a sitting: the prompt names them).
        self._keys_told = False

    def say(self, text: str) -> None:
        """Print ``text`` as short plain lines."""
        for line in wrap_lines(text, self.width):
            self._say(line)

    def ask(self, prompt: str) -> str:
        """Print ``prompt`` and read the answer (stripped, lower case); Quit at end of input."""
        self.say(prompt)
        answer = self._ask(prompt)
        if answer is None:
            raise Quit
        return answer.strip().lower()

    # ------------------------------------------------------------ the list

    def run(self) -> None:
        """The list of lessons, a lesson, the list again... until q or the end of input."""
        self.say(words.LEARN_WELCOME)
        if self.progress.warning:
            self.say(self.progress.warning)
        try:
            number = self._choose()
            while number is not None:
                number = self._lesson(number)
                if number is None or number >= len(self.lessons):
                    number = self._choose()
        except Quit:
            pass
        self.say(words.LEARN_BYE)

    def _first_undone(self) -> int | None:
        return next((i for i, lesson in enumerate(self.lessons) if not self.progress.is_done(lesson.id)), None)

    def _choose(self) -> int | None:
        """List the lessons, a part at a time (the part of the first not done; a letter lists
        another): xterm.js's screen-reader mode reads out at most 20 new lines at once, the
        answer's own line included. The index chosen, None to quit."""
        parts = list(dict.fromkeys(lesson.part for lesson in self.lessons))
        first = self._first_undone()
        part = self.lessons[first].part if first is not None else parts[0]
        done = sum(self.progress.is_done(lesson.id) for lesson in self.lessons)
        heading = words.lessons_done_line(done, len(self.lessons))
        while True:
            self.say(f"{heading} {words.LESSON_PARTS.get(part, part)}".strip())
            heading = ""
            numbered = [(n, lesson) for n, lesson in enumerate(self.lessons, 1) if lesson.part == part]
            for n, lesson in numbered:
                self.say(words.choice_line(n, words.lesson_title(lesson.title, self.progress.is_done(lesson.id))))
            others = {words.PART_KEYS[p]: p for p in parts if p != part and p in words.PART_KEYS}
            for key, other in others.items():
                numbers = [n for n, lesson in enumerate(self.lessons, 1) if lesson.part == other]
                self.say(words.key_line(key, words.part_line(other, numbers[0], numbers[-1])))
            while True:
                answer = self.ask(
                    words.lesson_list_prompt(
                        len(self.lessons), None if first is None else (first + 1, self.lessons[first].title)
                    )
                )
                if answer == "" and first is not None:
                    return first
                if answer.isdigit() and 1 <= int(answer) <= len(self.lessons):
                    return int(answer) - 1
                if answer == "q":
                    return None
                if answer in others:
                    part = others[answer]
                    break
                self.say(words.NOT_A_CHOICE)

    # ------------------------------------------------------------ one lesson

    def _lesson(self, index: int) -> int | None:
        """Play lesson ``index``; the index to go on with (the next), or None for the list."""
        lesson = self.lessons[index]
        runner = LessonRunner(lesson)
        self.say("")
        self.say(words.lesson_heading(index + 1, len(self.lessons), lesson.title))
        self.say(says_in_lines(lesson, "rule"))
        if lesson.option_words():
            self.say(words.lesson_options_line(lesson.option_words()))
        if lesson.is_page:
            self.say(says_in_lines(lesson, "prompt"))
            if lesson.picture:
                self.say(says_in_lines(lesson, "picture"))
            answer = self.ask(LESSON_KEYS.read + " " + words.LESSON_LIST_KEY)
            if answer == "q":
                return None
            runner.read()
            self.say(says_in_lines(lesson, "praise"))
            return self._finished(lesson, index)
        self._position(runner)
        while not runner.done:
            moves = list(runner.view().legal)
            for i, move in enumerate(moves, 1):
                self.say(words.choice_line(i, str(move)))
            if not self._keys_told:
                self._keys_told = True
                for key, what in words.LESSON_KEYS_LINES:
                    self.say(words.key_line(key, what))
            while True:
                answer = self.ask(words.lesson_prompt(len(moves)))
                if answer.isdigit() and 1 <= int(answer) <= len(moves):
                    break
                if answer == "e":
                    self.say(runner.explain())
                elif answer == "h":
                    self.say(says_in_lines(lesson, "hint") or says_in_lines(lesson, "prompt"))
                elif answer == "n":
                    return index + 1
                elif answer == "q":
                    return None
                else:
                    self.say(words.NOT_A_CHOICE)
            feedback = runner.attempt(moves[int(answer) - 1])
            text = says_in_lines(lesson, "praise") if feedback.ok else feedback.text
            self.say(" ".join(part for part in (feedback.headline, feedback.happened, text) if part))
        return self._finished(lesson, index)

    def _position(self, runner: LessonRunner) -> None:
        """The lesson's table in lines: the other seats, your cards, the pile; then its question."""
        view = runner.view()
        for seat in view.seats:
            if seat.index != runner.seat:
                self.say(words.seat_line(seat))
        for line in words.own_lines(view):
            self.say(line)
        if view.phase != "setup":
            self.say(words.pile_line(view))
        self.say(says_in_lines(runner.lesson, "prompt"))

    def _finished(self, lesson: Lesson, index: int) -> int | None:
        self.progress.mark_done(lesson.id)
        if self.progress.warning:
            self.say(self.progress.warning)
        if index + 1 >= len(self.lessons):
            self.say(words.LESSONS_ALL_SEEN)
            return None
        answer = self.ask(LESSON_KEYS.next_lesson + " " + words.LESSON_LIST_KEY)
        return None if answer == "q" else index + 1
