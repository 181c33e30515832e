"""The ``palace`` command: play (the default), ``simulate``, ``records``, ``review``, ``learn`` and ``serve``.

Subcommands import only what they need, so ``palace simulate`` never loads Textual.
"""

from __future__ import annotations

import importlib
import sys

#: Every subcommand: the module whose ``main`` runs it, and one line for ``palace --help``.
#: The dispatch and the help both read this table, so a command cannot be left out of the help.
COMMANDS: dict[str, tuple[str, str]] = {
    "learn": ("learn_app", "lessons: learn Palace in five minutes"),
    "review": ("review_app", "replay a finished game with the coach's verdicts (or a game FILE)"),
    "records": ("store.records_cli", "the standings and the recent games; --export N FILE"),
    "simulate": ("simulate", "computer-only games, for statistics"),
    "serve": ("web.serve_cli", "play in a web browser (on this machine or a tablet)"),
}


def commands_help() -> str:
    """The ``commands:`` block of ``palace --help``."""
    width = max(len(name) for name in COMMANDS) + len("palace ") + 2
    lines = [f"  {'palace ' + name:<{width}}{line}" for name, (_module, line) in COMMANDS.items()]
    return "commands:\n" + "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Dispatch to a subcommand; with none, start the game."""
    args = list(sys.argv[1:] if argv is None else argv)
    command = args[0] if args and not args[0].startswith("-") else ""
    if command in COMMANDS:
        module = importlib.import_module(f".{COMMANDS[command][0]}", __package__)
        return module.main(args[1:])
    from .play_cli import main as play_main
    return play_main(args)


if __name__ == "__main__":
    raise SystemExit(main())
