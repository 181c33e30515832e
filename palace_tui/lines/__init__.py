"""The spoken table: the whole game as lines of text on stdin and stdout (``palace --plain``).

For a screen reader or a braille display, which read a stream of lines and not a painted screen.
It drives the same table as the app (the table's door over a session) with the same words; it
imports neither Textual nor rich (an import-linter contract keeps it so).
"""

from __future__ import annotations

import os
import sys
from typing import TextIO

from palace_tui.lines.player import WIDTH, LineTable, Quit
from palace_tui.store.memory import open_store
from palace_tui.table.session import Session

__all__ = ["WIDTH", "LineTable", "learn_lines", "play_lines"]


def line_width(out: TextIO) -> int:
    """The longest line to print: :data:`WIDTH`, or less on a narrower terminal (a browser tab's,
    whose rows a screen reader reads one by one: a word cut at a row's end is read as two)."""
    try:
        if not out.isatty():
            return WIDTH
        columns = os.get_terminal_size(out.fileno()).columns
    except (OSError, ValueError, AttributeError):
        return WIDTH
    return max(40, min(WIDTH, columns - 1))


def play_lines(
    session: Session | None,
    *,
    resume: bool = False,
    data_dir: str | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Play in lines: ``session`` (a new table); with ``resume`` the saved game; with neither, ask
    (the saved game, a new table or the lessons: :mod:`palace_tui.lines.start`). 0, or 1 with
    nothing to play."""
    inp = stdin if stdin is not None else sys.stdin
    out = stdout if stdout is not None else sys.stdout

    def say(line: str) -> None:
        out.write(line + "\n")
        out.flush()

    def ask(_prompt: str) -> str | None:
        line = inp.readline()
        return None if not line else line.rstrip("\n")

    store = open_store(data_dir)
    try:
        for warning in store.warnings:
            say(warning)
        resumed = False
        if session is None and not resume:
            from palace_tui.lines.start import LEARN, start_menu

            try:
                chosen = start_menu(store.load_session(), ask, say)
            except Quit:
                chosen = None
            if chosen is None:
                return 0
            if chosen == LEARN:
                return learn_lines(data_dir, stdin=inp, stdout=out)
            assert isinstance(chosen, tuple)
            session, resumed = chosen
        elif session is None or resume:
            data = store.load_session()
            if not data:
                say("There is no saved game to go on with. Start one: palace --plain --players Ann,Ben")
                return 1
            session, resumed = Session.from_dict(data), True
        if not resumed:
            session.continue_table(len(store.table_games(session.table_id)))
        LineTable(session, store, ask, say, resumed=resumed, width=line_width(out)).run()
    finally:
        store.close()
    return 0


def learn_lines(data_dir: str | None = None, *, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """The lessons in lines (``palace learn --plain``), with the Learn screen's progress file. 0."""
    from palace_tui.lessons import Progress
    from palace_tui.lines.lessons import LineLessons

    inp = stdin if stdin is not None else sys.stdin
    out = stdout if stdout is not None else sys.stdout

    def say(line: str) -> None:
        out.write(line + "\n")
        out.flush()

    def ask(_prompt: str) -> str | None:
        line = inp.readline()
        return None if not line else line.rstrip("\n")

    LineLessons(ask, say, Progress(data_dir), width=line_width(out)).run()
    return 0
