"""The lessons in lines (``palace learn --plain``, and ``palace --plain``'s start menu): a script
plays through every lesson answering by number, once wrong where a wrong choice exists, then right;
every line printed is plain text under 100 characters and names no key the line mode has not.
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from palace_tui.lessons import BY_ID, LESSONS, LessonRunner, Progress
from palace_tui.lessons.by_ear import LINES, says_in_lines
from palace_tui.lines import WIDTH, learn_lines, play_lines
from palace_tui.lines.lessons import LineLessons
from palace_tui.lines.player import wrap_lines
from palace_tui.words import lines as words

ROOT = Path(__file__).resolve().parents[2]
HEADING = re.compile(r"^Lesson (\d+) of (\d+): ")
CHOICE = re.compile(r"^  (\d+): (.*)$")
#: Words of a lesson screen's keys, which a line terminal does not have.
KEYS = re.compile(r"\b[Pp]ress(es)? (t|c|d|Space|[←→↑↓])|\bSpace\b|[←→↑↓]|\^r|\bcursor\b|\bthe screen\b|\bTap\b")


def plain(line: str) -> None:
    assert "\x1b" not in line and all(ch.isprintable() for ch in line), repr(line)
    assert len(line) <= WIDTH < 100, line


@dataclass
class Learner:
    """Answers the lessons' questions by number: a wrong choice first where there is one, then the right."""

    lines: list[str] = field(default_factory=list)
    since: list[str] = field(default_factory=list)
    lesson: int | None = None
    tried_wrong: set[int] = field(default_factory=set)
    played: list[str] = field(default_factory=list)

    def say(self, line: str) -> None:
        plain(line)
        self.lines.append(line)
        self.since.append(line)

    def ask(self, prompt: str) -> str:
        said, self.since = self.since, []
        asked = wrap_lines(prompt)
        assert said[-len(asked) :] == asked, (said[-3:], prompt)  # the question is the last thing printed
        for line in said:
            if m := HEADING.match(line):
                self.lesson = int(m.group(1)) - 1
                self.played.append(LESSONS[self.lesson].id)
        if "a lesson's number" in prompt:
            return "" if len(self.played) < len(LESSONS) else "q"
        if prompt.startswith("Your choice:"):
            return self.choose(said)
        return ""  # a page read, the next lesson

    def choose(self, said: list[str]) -> str:
        assert self.lesson is not None
        lesson = LESSONS[self.lesson]
        shown = [m.group(2) for line in said if (m := CHOICE.match(line))]
        legal = list(LessonRunner(lesson).view().legal)
        assert shown == [str(move) for move in legal]  # the choices are the engine's legal moves, in order
        right = [i for i, move in enumerate(legal) if LessonRunner(lesson).attempt(move).ok]
        assert right, lesson.id
        wrong = [i for i in range(len(legal)) if i not in right]
        if wrong and self.lesson not in self.tried_wrong:
            self.tried_wrong.add(self.lesson)
            return str(wrong[0] + 1)
        return str(right[0] + 1)


def test_the_list_of_lessons_comes_a_part_at_a_time(tmp_path):
    """At most 20 rows at once (xterm.js's screen-reader mode reads no more in one go); h and b
    list the other part, and every number opens its lesson whichever part is listed."""
    out = io.StringIO()
    learn_lines(str(tmp_path), stdin=io.StringIO("h\nb\n16\n"), stdout=out)
    text = out.getvalue().splitlines()
    first = text[: text.index(next(line for line in text if line.startswith("Enter: lesson 1,"))) + 1]
    assert len(first) + 1 < 20, first  # with the line the answer that asked for it ends, and one to spare
    assert "  h: the house rules' lessons, 15 to 28" in first and "  15: House rule: sevens are low" not in first
    assert "  15: House rule: sevens are low" in text and "  b: the basics, 1 to 14" in text
    assert "Lesson 16 of 28: House rule: eights reverse." in text


def test_every_lesson_is_played_in_lines_by_number(tmp_path):
    progress = Progress(tmp_path)
    learner = Learner()
    LineLessons(learner.ask, learner.say, progress).run()
    assert learner.played == [lesson.id for lesson in LESSONS]
    assert progress.done == {lesson.id for lesson in LESSONS}
    text = "\n".join(learner.lines)
    positions = [lesson for lesson in LESSONS if not lesson.is_page]
    assert text.count("Well done!") == len(positions)
    assert text.count("Not quite.") == len(learner.tried_wrong) > 10
    assert "Your hand: 6♥ 8♠ 9♦ K♣." in text and "Pile: 9♣ (2 cards). It takes 9 or higher." in text
    for line in learner.lines:
        assert not KEYS.search(line), line
    # Every lesson says its rule, and its question in the words for lines.
    read = " ".join(text.split())  # as a reader hears it: the wrapped lines run on
    for lesson in LESSONS:
        for name in ("rule", "prompt"):
            assert " ".join(says_in_lines(lesson, name).split()) in read, (lesson.id, name)


def test_the_words_for_lines_cover_every_field_that_names_a_key():
    for lesson in LESSONS:
        for name in ("rule", "prompt", "hint", "praise", "picture"):
            if KEYS.search(lesson.says(name)) or re.search(r"\bEnter\b|[Pp]ress t\b|[Pp]ress c\b", lesson.says(name)):
                assert name in LINES.get(lesson.id, {}), (lesson.id, name)
    assert set(LINES) <= set(BY_ID)  # no words for a lesson that is gone
    for fields in LINES.values():
        assert set(fields) <= {"rule", "prompt", "hint", "praise", "picture"}


def test_palace_learn_plain_runs_the_lessons_on_stdin_and_stdout(tmp_path):
    """The command itself: lesson 1 right (its number found from the choices), then q, q."""
    answers = "\n1\n\nq\nq\n"  # Enter opens lesson 1; 1 plays the ace; Enter: next; q: the list; q
    run = subprocess.run(
        [sys.executable, "-m", "palace_tui", "learn", "--plain", "--data-dir", str(tmp_path)],
        input=answers,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr
    assert "Well done!" in run.stdout and words.LEARN_BYE in run.stdout
    for line in run.stdout.splitlines():
        plain(line)
    assert Progress(tmp_path).done == {"palace"}


def test_palace_plain_with_no_flags_asks_and_offers_the_lessons(tmp_path):
    out = io.StringIO()
    assert play_lines(None, data_dir=str(tmp_path), stdin=io.StringIO("4\n3\n\nq\n"), stdout=out) == 0
    text = out.getvalue()
    assert words.START_QUESTION in text and words.NOT_A_CHOICE in text  # 4 is no choice: no saved game
    assert "  3: the lessons" in text and "Lesson 1 of" in text


def test_palace_plain_with_no_flags_starts_a_table_of_people_and_computers(tmp_path):
    """2: names asked, one computer; the first hand-over comes; end of input saves; 1 goes on with it."""
    out = io.StringIO()
    play_lines(None, data_dir=str(tmp_path), stdin=io.StringIO("2\nAnn, Bo\n1\n"), stdout=out)
    text = out.getvalue()
    assert "At the table: Ann, Bo, Ben (computer)." in text and "Pass to" in text
    assert words.SAVED in text
    out = io.StringIO()
    play_lines(None, data_dir=str(tmp_path), stdin=io.StringIO("1\n"), stdout=out)
    assert "  1: go on with the saved game" in out.getvalue() and "goes on: Ann, Bo, Ben" in out.getvalue()


def test_learn_lines_quits_at_the_end_of_input(tmp_path):
    out = io.StringIO()
    assert learn_lines(str(tmp_path), stdin=io.StringIO(""), stdout=out) == 0
    assert out.getvalue().splitlines()[-1] == words.LEARN_BYE
