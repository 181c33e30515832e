"""``palace review [FILE]``: review a game file, or choose a recorded game to review or deal again.

The file is read only when it is a plain file of a sensible size (never a device, a pipe or a
file of gigabytes read whole), a UTF-8 byte-order mark is allowed, and every refusal is one
sentence with status 2 (:mod:`palace_tui.cli.usage`).
"""

from __future__ import annotations

import sys
from pathlib import Path

from palace_tui.ai.analysis import DEFAULT_ITERATIONS
from palace_tui.cli.usage import Parser, UsageError, check_terminal, refuse
from palace_tui.names import clean_text
from palace_tui.rules.gamefile import GameFileError, GameRecord, parse_game
from palace_tui.store.files import NotAFile, read_file

#: A game file larger than this is refused unread (a long game's file is about 20 KB).
MAX_GAME_FILE_BYTES = 2_000_000
#: The most deals the analysis may sample per decision: ten times the default (1.5 s for a decision
#: of three moves here). Stopping waits for the decision in hand, so a quit never waits longer than one.
MAX_ITERATIONS = 10 * DEFAULT_ITERATIONS


def parser() -> Parser:
    """The command line of ``palace review``."""
    p = Parser(
        prog="palace review",
        description="Review a finished game: every move, the coach's verdicts, "
        "the turning points. With no FILE, choose a recorded game.",
    )
    p.add_argument("file", nargs="?", help="a game file (palace records --export N FILE writes one)")
    p.add_argument("--data-dir", default=None, help="where the records live")
    p.add_argument(
        "--iterations",
        type=_iterations,
        default=DEFAULT_ITERATIONS,
        help=(
            f"the fewest deals behind each chance (default {DEFAULT_ITERATIONS}: within ten points either way;"
            f" at most {MAX_ITERATIONS:,})"
        ),
    )
    return p


def _iterations(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise UsageError(f"--iterations must be a whole number, not {text!r}") from None
    if not 1 <= value <= MAX_ITERATIONS:
        raise UsageError(f"--iterations must be from 1 to {MAX_ITERATIONS:,}")
    return value


def read_game_file(name: str) -> GameRecord:
    """The game in the file ``name``; UsageError with one sentence when it cannot be replayed."""
    path = Path(name).expanduser()
    try:
        raw = read_file(path, MAX_GAME_FILE_BYTES, follow_links=True)
    except NotAFile as odd:
        raise UsageError(f"{name} is {odd.kind}, not a game file") from None
    except OSError as err:
        raise UsageError(f"{name} cannot be read ({err.strerror or err})") from None
    if len(raw) > MAX_GAME_FILE_BYTES:
        raise UsageError(f"{name} is too large to be a game file (over {MAX_GAME_FILE_BYTES:,} bytes)")
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark, as some editors write, is no part of the game
    except UnicodeDecodeError:
        raise UsageError(f"{name} is not a text file (not UTF-8)") from None
    try:
        return parse_game(text)
    except GameFileError as err:
        raise UsageError(f"{name} is not a game file palace can replay: {err}") from None


def main(argv: list[str] | None = None) -> int:
    """``palace review [FILE] [--data-dir PATH] [--iterations N]``; 0, or 2 with one sentence."""
    try:
        args = parser().parse_args(sys.argv[1:] if argv is None else argv)
        if args.data_dir is not None and not args.data_dir.strip():
            raise UsageError("--data-dir needs a value: leave the flag out to use the default")
        record = read_game_file(args.file) if args.file else None
        check_terminal("palace review")
    except UsageError as exc:
        return refuse("palace review", exc)
    from palace_tui.rules.cards import use_letter_suits_if_needed
    from palace_tui.table.session import Session
    from palace_tui.tui.review_app import ReviewApp

    use_letter_suits_if_needed(sys.stdout)
    title = clean_text(Path(args.file).name) if args.file else ""
    review = ReviewApp(record, title=title, data_dir=args.data_dir, iterations=args.iterations)
    try:
        session = review.run()
        if review.return_code or not isinstance(session, Session):
            return review.return_code or 0  # a crash must not exit 0
        from palace_tui.tui.app import PalaceApp

        # The same store: the game dealt again is recorded in it the moment it ends.
        app = PalaceApp(session, data_dir=args.data_dir, store=review.store, judge_ahead=True)
        app.run()
        return app.return_code or 0
    finally:
        review.store.close()
