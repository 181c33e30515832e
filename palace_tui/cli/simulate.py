"""``palace simulate``: headless games between computer players, the engine benchmark
and the house-rule lab (the lab itself is :mod:`palace_tui.sim`)."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from palace_tui.cli.rules_flag import chosen_rules
from palace_tui.cli.usage import Parser, UsageError, refuse
from palace_tui.rules import Rules
from palace_tui.sim.report import report
from palace_tui.sim.runner import DEFAULT_MOVE_CAP, SimConfig, run_parallel
from palace_tui.sim.stats import SimStats

#: Bounds on what one command may ask for: more games would not fit in memory's results,
#: a longer budget would never finish a game.
MAX_GAMES = 10_000_000
MAX_BUDGET_MS = 60_000
#: Hard's search limit per decision, in sampled deals: the ladder uses 30; more than this would
#: take minutes a move, a run that only looks stuck.
MAX_ITERATIONS = 10_000
#: More processes than this would only queue for the cores (and a million would exhaust the machine).
MAX_WORKERS = 256


def build_parser() -> Parser:
    p = Parser(prog="palace simulate", description="Play headless games between computer players.")
    p.add_argument("--preset", default=None, help="palace, shithead or first-out (default palace)")
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="change one option, e.g. seven=low (repeatable)",
    )
    p.add_argument(
        "--rules",
        default=None,
        metavar="NAME|LINE",
        help="the rules as palace --rules takes them: a saved set's name, or one line of name=value pairs, "
        "optionally after a preset's name, as a game file's rules: line "
        "(e.g. 'palace three=see-through eight=skip must_play=true'); --option changes them further",
    )
    p.add_argument(
        "--data-dir",
        metavar="PATH",
        help="where --rules NAME finds the saved sets (default: $PALACE_DATA_DIR or the user data folder)",
    )
    p.add_argument("--players", type=int, default=4, help="players per game (default 4)")
    p.add_argument("--games", type=int, default=1000, help="games to play (default 1000)")
    p.add_argument(
        "--ai",
        default="random",
        help="computer levels (random, easy, normal, hard), or a comma list that shifts "
        "one seat every round of deals (default random)",
    )
    p.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    p.add_argument(
        "--move-cap", type=int, default=DEFAULT_MOVE_CAP, help="stop a game as a stalemate after this many moves"
    )
    p.add_argument(
        "--workers",
        type=int,
        default=None,
        help="processes to use (default: all cores); results are the same for any number",
    )
    p.add_argument(
        "--budget-ms",
        type=float,
        default=None,
        help="hard's time budget per decision in ms (default: none; hard's own budget of work, "
        "the same games on any machine)",
    )
    p.add_argument(
        "--iterations", type=int, default=None, help="hard's search limit per decision in sampled deals (deterministic)"
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    except UsageError as exc:
        return refuse("palace simulate", exc)
    except SystemExit as exc:  # --help
        return int(exc.code or 0)
    try:
        if args.rules is not None and args.preset is not None:
            raise ValueError(
                "--rules and --preset both choose the rules: use one of them "
                "(a rules line may begin with a preset's name, like --rules 'shithead seven=low')"
            )
        if args.rules is not None and not args.rules.strip():
            raise ValueError("--rules needs a value: leave the flag out to use the default")
        base = (
            Rules.preset(args.preset or "palace") if args.rules is None else chosen_rules(args.rules, args.data_dir)[0]
        )
        rules = base.with_text_options(args.option)
        if not 2 <= args.players <= rules.max_players:
            raise ValueError(f"--players must be from 2 to {rules.max_players} with these options")
        if not 1 <= args.games <= MAX_GAMES:
            raise ValueError(f"--games must be from 1 to {MAX_GAMES:,}")
        if args.workers is not None and not 1 <= args.workers <= MAX_WORKERS:
            raise ValueError(f"--workers must be from 1 to {MAX_WORKERS}")
        if args.iterations is not None and not 1 <= args.iterations <= MAX_ITERATIONS:
            raise ValueError(f"--iterations must be from 1 to {MAX_ITERATIONS:,}")
        if args.budget_ms is not None and not 0 < args.budget_ms <= MAX_BUDGET_MS:  # also refuses nan and inf
            raise ValueError(f"--budget-ms must be more than 0 and at most {MAX_BUDGET_MS:,}")
        if args.move_cap < 1:
            raise ValueError("--move-cap must be at least 1")
        if args.move_cap > MAX_GAMES:
            raise ValueError(f"--move-cap must be at most {MAX_GAMES:,}")
        from palace_tui.ai import make_player

        ais = tuple(a.strip() for a in args.ai.split(",") if a.strip())
        if not ais:
            raise ValueError("--ai needs at least one computer level")
        for a in ais:
            make_player(a)
    except (ValueError, UsageError) as exc:
        return refuse("palace simulate", exc)
    budget_s = args.budget_ms / 1000 if args.budget_ms is not None else None
    config = SimConfig(rules, args.players, ais, args.seed, args.move_cap, budget_s, args.iterations)
    workers = args.workers or os.cpu_count() or 1
    stats = _run_with_progress(config, args.games, workers)
    report(config, stats, args.json, workers)
    return 0


def _run_with_progress(config: SimConfig, games: int, workers: int) -> SimStats:
    """Run, with a rich progress bar on stderr when it is a terminal and the run is long."""
    slow = any(a != "random" for a in config.ais)
    long_run = games >= (200 if slow else 20000)
    if not (long_run and sys.stderr.isatty()):
        return run_parallel(config, games, workers)
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (
        TextColumn("simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("games", total=games)
        return run_parallel(config, games, workers, lambda done: bar.update(task, completed=done))
