"""``palace learn``: the lessons on their own (:class:`~palace_tui.tui.learn_app.LearnApp`)."""

from __future__ import annotations

import sys

from palace_tui.cli.usage import Parser, UsageError, check_terminal, refuse


def parser() -> Parser:
    """The command line of ``palace learn``."""
    p = Parser(prog="palace learn", description="Learn Palace in five minutes.")
    p.add_argument("--data-dir", default=None, help="where lesson progress is kept")
    p.add_argument(
        "--plain",
        action="store_true",
        help="the lessons in lines of text, read as they come (for a screen reader or a braille display)",
    )
    return p


def main(argv: list[str] | None = None) -> int:
    """Run the lessons; the exit status (2 with one sentence for a bad command line)."""
    try:
        args = parser().parse_args(sys.argv[1:] if argv is None else argv)
        if args.data_dir is not None and not args.data_dir.strip():
            raise UsageError("--data-dir needs a value: leave the flag out to use the default")
        if args.plain:
            from palace_tui.lines import learn_lines
            from palace_tui.rules.cards import use_letter_suits_if_needed

            use_letter_suits_if_needed(sys.stdout)
            return learn_lines(args.data_dir)
        check_terminal("palace learn")
    except UsageError as exc:
        return refuse("palace learn", exc)
    from palace_tui.rules.cards import use_letter_suits_if_needed
    from palace_tui.tui.learn_app import LearnApp

    use_letter_suits_if_needed(sys.stdout)
    app = LearnApp(data_dir=args.data_dir)
    app.run()
    return app.return_code or 0  # a crash must not exit 0
