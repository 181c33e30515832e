"""What every command does with a bad command line: one sentence on stderr and status 2.

argparse alone prints its usage block and a second line; here each command's parser
is a :class:`Parser`, whose errors become :class:`UsageError`, and :func:`refuse`
prints the sentence. Everything printed passes through
:func:`~palace_tui.names.printable`: a flag's value, a path or a file's contents can
hold escape sequences, and none may reach the terminal.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import NoReturn

from palace_tui.names import printable


class UsageError(Exception):
    """A bad command line (or a reason not to start); the message is one sentence for the user."""


class Parser(argparse.ArgumentParser):
    """An argparse parser whose errors are one sentence (:class:`UsageError`), not the usage block."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message[0].upper()}{message[1:]} (see {self.prog} --help)")


def refuse(prog: str, why: object) -> int:
    """Print ``prog: Why.`` on stderr, made printable, and return the exit status 2."""
    print(f"{prog}: {printable(why).rstrip().rstrip('.')}.", file=sys.stderr)
    return 2


def say(text: object, *, err: bool = False) -> None:
    """Print a line the user reads (made printable: it may quote a path or a file)."""
    print(printable(text), file=sys.stderr if err else sys.stdout)


def check_terminal(prog: str) -> None:
    """UsageError unless the keyboard and the screen are a terminal (the game draws on stderr).

    With no terminal Textual would wait on a closed input for ever, a core busy; textual-serve
    runs the game with its own driver (``TEXTUAL_DRIVER``) and needs none.
    """
    if os.environ.get("TEXTUAL_DRIVER"):
        return
    if not (_is_tty(sys.__stdin__) and _is_tty(sys.__stderr__)):
        raise UsageError(
            f"{prog} draws on a terminal and reads its keys, and this has none "
            "(its input or its error output is a file or a pipe): run it in a terminal, or palace serve for a browser"
        )


def _is_tty(stream: object) -> bool:
    try:
        return bool(stream is not None and stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError, OSError):
        return False
