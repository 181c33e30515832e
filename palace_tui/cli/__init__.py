"""The ``palace`` command: play (the default), ``simulate``, ``records``, ``review``, ``learn`` and ``serve``.

Subcommands import only what they need, so ``palace simulate`` never loads Textual.
"""

from __future__ import annotations

import importlib
import sys

#: Every subcommand: the module whose ``main`` runs it, and one line for ``palace --help``.
#: The dispatch and the help both read this table, so a command cannot be left out of the help.
COMMANDS: dict[str, tuple[str, str]] = {
    "learn": ("palace_tui.tui.learn_app", "lessons: learn Palace in five minutes"),
    "review": ("palace_tui.tui.review_app", "replay a finished game with the coach's verdicts (or a game FILE)"),
    "records": ("palace_tui.cli.records", "the standings and the recent games; --export N FILE"),
    "simulate": ("palace_tui.cli.simulate", "computer-only games, for statistics"),
    "serve": ("palace_tui.cli.serve", "play in a web browser (on this machine or a tablet)"),
}


def commands_help() -> str:
    """The ``commands:`` block of ``palace --help``."""
    width = max(len(name) for name in COMMANDS) + len("palace ") + 2
    lines = [f"  {'palace ' + name:<{width}}{line}" for name, (_module, line) in COMMANDS.items()]
    return "commands:\n" + "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Dispatch to a subcommand; with none, start the game."""
    from palace_tui.terminal import printable_anywhere

    printable_anywhere()  # an ASCII terminal gets the nearest ASCII, never an escape or a traceback
    args = list(sys.argv[1:] if argv is None else argv)
    command = args[0] if args and not args[0].startswith("-") else ""
    if command in COMMANDS:
        module = importlib.import_module(COMMANDS[command][0])
        status: int = module.main(args[1:])
        return status
    from palace_tui.cli.play import main as play_main

    return play_main(args)


if __name__ == "__main__":
    raise SystemExit(main())
