"""``palace`` with no subcommand: parse the flags and start the app.

Every bad flag or value prints one clear sentence and exits with status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from palace_tui.cli.commands import commands_help
from palace_tui.cli.rules_flag import chosen_rules
from palace_tui.cli.usage import Parser, UsageError, check_terminal, refuse
from palace_tui.names import clean_name, refuse_hidden
from palace_tui.rules import OPTIONS, PRESETS, Rules

NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"]
#: The longest pause a computer may take before playing, in seconds.
MAX_AI_DELAY = 60

#: The subcommands (each has its own --help, listed from cli.commands), then where the keys are.
EPILOG = (
    commands_help()
    + """

With no command and no flags the new-table screen opens. Keys are listed at the
bottom of every screen; ? shows the rules in force."""
)


def parser() -> argparse.ArgumentParser:
    """The command line of ``palace``."""
    p = Parser(
        prog="palace",
        description="Palace (Shithead): the card game, hot seat in the terminal.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=EPILOG,
    )
    p.add_argument("--players", help="comma-separated names, in seat order: Ann,Ben,Cy (starts at the deal)")
    p.add_argument(
        "--computers", type=int, default=None, help="how many of the players (the last ones) the computer plays"
    )
    p.add_argument("--level", default=None, help="computer level for every computer seat")
    p.add_argument("--preset", choices=list(PRESETS), default=None, help="rule preset (default palace)")
    p.add_argument(
        "--rules",
        metavar="NAME|LINE",
        default=None,
        help="a saved set's name (palace rules lists them), a preset's name, or a rules line, "
        "optionally after a preset's name: 'shithead seven=low eight=reverse'",
    )
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=f"set a rule option, repeatable: {', '.join(OPTIONS)}",
    )
    p.add_argument("--seed", type=int, default=None, help="deal the same cards every time")
    p.add_argument("--resume", action="store_true", help="go back to the saved game")
    p.add_argument("--data-dir", default=None, help="where saves and records live")
    p.add_argument("--ai-delay", type=float, default=0.6, help="seconds a computer waits before playing")
    p.add_argument(
        "--quiet", action="store_true", help="no bell this time (b at the table switches it, and is remembered)"
    )
    colours = p.add_mutually_exclusive_group()
    colours.add_argument(
        "--four-colour",
        dest="four_colour",
        action="store_const",
        const=True,
        default=None,
        help="a four-colour deck: spades white (black on a light theme), hearts red, diamonds blue, "
        "clubs green (remembered)",
    )
    colours.add_argument(
        "--two-colour",
        dest="four_colour",
        action="store_const",
        const=False,
        help="the usual red and black suits (remembered)",
    )
    p.add_argument(
        "--plain",
        action="store_true",
        help="play in lines of text, read as they come (for a screen reader or a braille display)",
    )
    p.add_argument("--learn", action="store_true", help=argparse.SUPPRESS)
    return p


def build(argv: list[str]) -> dict[str, Any]:
    """Read the command line into the app's arguments; UsageError with one sentence if bad."""
    from palace_tui.table.session import SeatConfig, Session, computer_levels, default_level

    args = parser().parse_args(argv)
    if args.learn:
        raise UsageError("The lessons are a subcommand: run palace learn")
    if not 0 <= args.ai_delay <= MAX_AI_DELAY:  # also refuses nan and inf
        raise UsageError(f"--ai-delay must be from 0 to {MAX_AI_DELAY} seconds")
    for flag, value in (
        ("--players", args.players),
        ("--level", args.level),
        ("--data-dir", args.data_dir),
        ("--rules", args.rules),
    ):
        if value is not None and not value.strip():
            raise UsageError(f"{flag} needs a value: leave the flag out to use the default")
    table_flags = (
        args.players
        or args.computers is not None
        or args.preset
        or args.rules
        or args.option
        or args.seed is not None
        or args.level
    )
    if args.resume and table_flags:
        raise UsageError("--resume goes back to the saved game, so it takes no table flags")
    if args.rules and args.preset:
        raise UsageError("--rules and --preset both choose the rules: use one of them")
    session = None
    if table_flags:
        base, rules_name = chosen_rules(args.rules, args.data_dir) if args.rules else (None, None)
        base = base or Rules.preset(args.preset or "palace")
        try:
            rules = base.with_text_options(args.option)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        try:
            for name in (args.players or "").split(","):
                refuse_hidden(name, "a player's name", spaces=True)
        except ValueError as exc:
            raise UsageError(f"--players: {exc}") from None
        names = [clean_name(n) for n in (args.players or "").split(",") if clean_name(n)]
        if not args.players:
            names = NAMES[: 1 + (args.computers if args.computers is not None else 2)]
        computers = args.computers if args.computers is not None else 0
        if not 0 <= computers <= len(names):
            raise UsageError(f"--computers must be between 0 and the number of players ({len(names)})")
        levels = computer_levels()
        level = args.level or default_level()
        if level not in levels:
            raise UsageError(f"There is no computer level {level!r}: choose {', '.join(levels)}")
        seats = [SeatConfig(n, human=i < len(names) - computers, level=level) for i, n in enumerate(names)]
        if len(seats) < 2:
            raise UsageError("Palace needs at least 2 players: --players Ann,Ben")
        try:
            # A saved set changed by --option is no longer that set: it plays without its name.
            named = rules_name if rules_name and rules == base else ""
            session = Session.new(seats, rules, seed=args.seed, rules_name=named)
        except ValueError as exc:
            raise UsageError(str(exc)[0].upper() + str(exc)[1:]) from None
    data_dir = args.data_dir or os.environ.get("PALACE_DATA_DIR") or None
    return {
        "session": session,
        "resume": args.resume,
        "data_dir": data_dir,
        "ai_delay": args.ai_delay,
        "quiet": args.quiet,
        "four_colour": args.four_colour,
    }


def play_plain(kwargs: dict[str, Any]) -> int:
    """``palace --plain``: the game in lines of text on stdin and stdout (no full-screen app)."""
    from palace_tui.lines import play_lines
    from palace_tui.rules.cards import use_letter_suits_if_needed

    use_letter_suits_if_needed(sys.stdout)
    return play_lines(kwargs["session"], resume=kwargs["resume"], data_dir=kwargs["data_dir"])


def main(argv: list[str] | None = None) -> int:
    """Start the app; 2 for a bad command line."""
    try:
        args = list(sys.argv[1:] if argv is None else argv)
        kwargs = build(args)
        if parser().parse_args(args).plain:
            return play_plain(kwargs)
        check_terminal("palace")
    except UsageError as exc:
        return refuse("palace", exc)
    from palace_tui.rules.cards import use_letter_suits_if_needed
    from palace_tui.tui.app import PalaceApp

    use_letter_suits_if_needed(sys.stdout)
    app = PalaceApp(**kwargs, judge_ahead=True)  # the review is judged while the game is played
    try:
        app.run()
    finally:
        app.store.close()  # a result the disk refused is kept aside now, or printed to keep by hand
    # Textual prints a crash's traceback and returns; the exit status must still say it failed.
    return app.return_code or 0
