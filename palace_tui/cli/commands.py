"""The subcommands of ``palace`` and one line each for ``palace --help`` (run from :mod:`palace_tui.cli`)."""

from __future__ import annotations

#: Every subcommand and its line in the help, in the help's order.
COMMAND_LINES: dict[str, str] = {
    "learn": "lessons: learn Palace in five minutes",
    "review": "replay a finished game with the coach's verdicts (or a game FILE)",
    "records": "the standings and the recent games; --export N FILE",
    "rules": "your saved house rules, and the line that shares each",
    "simulate": "computer-only games, for statistics",
    "serve": "play in a web browser (on this machine or a tablet)",
    "host": "open a table that each player joins from their own device",
    "join": "sit at a table palace host opened: palace join CODE|URL [--seat NAME]",
}


def commands_help() -> str:
    """The ``commands:`` block of ``palace --help``."""
    width = max(len(name) for name in COMMAND_LINES) + len("palace ") + 2
    lines = [f"  {'palace ' + name:<{width}}{line}" for name, line in COMMAND_LINES.items()]
    return "commands:\n" + "\n".join(lines)
