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


#: What runs each subcommand (its line for ``palace --help`` is in :mod:`palace_tui.cli.commands`;
#: a test holds the two tables to the same names, so no command is left out of the help).
RUNNERS: dict[str, Callable[[list[str]], int]] = {
    "learn": _learn,
    "review": _review,
    "records": _records,
    "rules": _rules,
    "simulate": _simulate,
    "serve": _serve,
    "host": _host,
    "join": _join,
}


def main(argv: list[str] | None = None) -> int:
    """Dispatch to a subcommand; with none, start the game."""
    from palace_tui.terminal import printable_anywhere

    printable_anywhere()  # an ASCII terminal gets the nearest ASCII, never an escape or a traceback
    args = list(sys.argv[1:] if argv is None else argv)
    command = args[0] if args and not args[0].startswith("-") else ""
    try:
        try:
            if command in RUNNERS:
                code = RUNNERS[command](args[1:])
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
