"""The ``palace`` command: play (the default), ``simulate``, ``records``, ``rules``, ``review``, ``learn``,
``serve``, ``host``, ``join``.

Each subcommand's module is imported only when it runs, so ``palace simulate`` never loads
Textual. Every bad flag of every command prints one sentence and exits with status 2
(:mod:`palace_tui.cli.usage`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable


def _learn(argv: list[str]) -> int:
    from palace_tui.cli import learn

    return learn.main(argv)


def _review(argv: list[str]) -> int:
    from palace_tui.cli import review

    return review.main(argv)


def _records(argv: list[str]) -> int:
    from palace_tui.cli import records

    return records.main(argv)


def _rules(argv: list[str]) -> int:
    from palace_tui.cli import house_rules

    return house_rules.main(argv)


def _simulate(argv: list[str]) -> int:
    from palace_tui.cli import simulate

    return simulate.main(argv)


def _serve(argv: list[str]) -> int:
    from palace_tui.cli import serve

    return serve.main(argv)


def _host(argv: list[str]) -> int:
    from palace_tui.cli import host

    return host.main(argv)


def _join(argv: list[str]) -> int:
    from palace_tui.cli import join

    return join.main(argv)


#: Every subcommand: what runs it, and one line for ``palace --help``.
#: The dispatch and the help both read this table, so a command cannot be left out of the help.
COMMANDS: dict[str, tuple[Callable[[list[str]], int], str]] = {
    "learn": (_learn, "lessons: learn Palace in five minutes"),
    "review": (_review, "replay a finished game with the coach's verdicts (or a game FILE)"),
    "records": (_records, "the standings and the recent games; --export N FILE"),
    "rules": (_rules, "your saved house rules, and the line that shares each"),
    "simulate": (_simulate, "computer-only games, for statistics"),
    "serve": (_serve, "play in a web browser (on this machine or a tablet)"),
    "host": (_host, "open a table that each player joins from their own device"),
    "join": (_join, "sit at a table palace host opened: palace join CODE|URL [--seat NAME]"),
}


def commands_help() -> str:
    """The ``commands:`` block of ``palace --help``."""
    width = max(len(name) for name in COMMANDS) + len("palace ") + 2
    lines = [f"  {'palace ' + name:<{width}}{line}" for name, (_run, line) in COMMANDS.items()]
    return "commands:\n" + "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Dispatch to a subcommand; with none, start the game."""
    from palace_tui.terminal import printable_anywhere

    printable_anywhere()  # an ASCII terminal gets the nearest ASCII, never an escape or a traceback
    args = list(sys.argv[1:] if argv is None else argv)
    command = args[0] if args and not args[0].startswith("-") else ""
    try:
        try:
            if command in COMMANDS:
                run, _line = COMMANDS[command]
                code = run(args[1:])
            else:
                from palace_tui.cli.play import main as play_main

                code = play_main(args)
        finally:
            sys.stdout.flush()  # what is still buffered meets a closed pipe here (--help too), not at exit
    except BrokenPipeError:
        return closed_pipe()
    return code


def closed_pipe() -> int:
    """The reader of the output went away (``palace rules | head -3``): end quietly, status 1.

    Python's recipe: what is left in the buffer goes to devnull, so the flush at exit
    raises nothing more either.
    """
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real file behind stdout (a test's capture)
        pass
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
