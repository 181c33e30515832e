"""The ``palace`` command: play (the default), ``simulate``, ``records``, ``review`` and ``learn``.

Subcommands import only what they need, so ``palace simulate`` never loads Textual.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Dispatch to a subcommand; with none, start the game."""
    args = list(sys.argv[1:] if argv is None else argv)
    command = args[0] if args and not args[0].startswith("-") else ""
    if command == "simulate":
        from .simulate import main as simulate_main
        return simulate_main(args[1:])
    if command == "records":
        from .store.records_cli import main as records_main
        return records_main(args[1:])
    if command == "review":
        from .review_app import main as review_main
        return review_main(args[1:])
    if command == "learn":
        from .learn_app import main as learn_main
        return learn_main(args[1:])
    from .play_cli import main as play_main
    return play_main(args)


if __name__ == "__main__":
    raise SystemExit(main())
