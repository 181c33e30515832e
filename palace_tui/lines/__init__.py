"""The spoken table: the whole game as lines of text on stdin and stdout (``palace --plain``).

For a screen reader or a braille display, which read a stream of lines and not a painted screen.
It drives the same table as the app (the table's door over a session) with the same words; it
imports neither Textual nor rich (an import-linter contract keeps it so).
"""

from __future__ import annotations

import sys
from typing import TextIO

from palace_tui.lines.player import WIDTH, LineTable
from palace_tui.store.memory import open_store
from palace_tui.table.session import Session

__all__ = ["WIDTH", "LineTable", "play_lines"]


def play_lines(
    session: Session | None,
    *,
    resume: bool = False,
    data_dir: str | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Play in lines: ``session`` (a new table), else the saved game. 0, or 1 with nothing to play."""
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
        if session is None or resume:
            data = store.load_session()
            if not data:
                say("There is no saved game to go on with. Start one: palace --plain --players Ann,Ben")
                return 1
            session, resumed = Session.from_dict(data), True
        else:
            session.continue_table(len(store.table_games(session.table_id)))
        LineTable(session, store, ask, say, resumed=resumed).run()
    finally:
        store.close()
    return 0
