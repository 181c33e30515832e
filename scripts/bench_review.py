#!/usr/bin/env python
"""Time the review's analysis of whole four-seat games: the median of several runs.

The games are made here, seeded: four seats of palace, every seat played by ``normal``
(a person's kind of play, with its mistakes), seat 0 (or every seat, ``--humans all``)
reviewed as a person. Each game is analysed with the review's own defaults
(``analyse(played, humans)``), as ``palace review`` would, and timed on the wall
clock. Run it against another tree to compare (``--tree PATH`` imports palace_tui from
there), on the same machine at the same time, for a before and after:

    python scripts/bench_review.py --runs 5
    python scripts/bench_review.py --runs 5 --tree /tmp/before

``--wait`` times the players' wait instead, with the game judged while it is played
(:mod:`palace_tui.ai.ahead`): the game is handed to the judging process move by move,
each person's move ``--think`` seconds after the one before and each computer's
``--computer`` seconds after (the app's pause before a computer plays), and when it ends
``r`` is pressed at once: the review takes what is judged and judges the rest on every
core, as the results screen's review does. Printed: the wait from the last move to the
verdicts, and how many of the judgements were still to make then.

    python scripts/bench_review.py --wait --runs 5 --games 1 --think 2

``--table`` times what judging ahead costs the table: a game of one person (played by
normal, ``--think`` seconds a move) and three hard computers, played through the table's
session with the judge watching and without, alternately: each computer's move (its
search) and the judge's own work on the app's thread after every move (what a key press
waits for more).

    python scripts/bench_review.py --table --runs 2 --think 2
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path


def games(count: int, seed: int) -> list:
    """``count`` finished four-seat games, as game records (dealt as a table deals them)."""
    from palace_tui.ai import make_player
    from palace_tui.rules import Game, Rules
    from palace_tui.rules.cards import shuffled_deck

    try:
        from palace_tui.rules.gamefile import GameRecord, SeatInfo
    except ImportError:  # before the game files moved into the engine
        from palace_tui.store.gamefile import GameRecord, SeatInfo  # type: ignore[no-redef]
    out = []
    rules = Rules.preset("palace")
    names = ["Ann", "Ben", "Cy", "Di"]
    for g in range(count):
        deck = shuffled_deck(rules.packs, rules.jokers, seed + g)[::-1]
        game = Game.deal(rules, names, seed=seed + g, dealer=g % 4, deck=deck)
        players = [make_player("normal", seed=(seed + g) * 10 + i) for i in range(4)]
        moves = []
        while game.phase != "over":
            move = players[game.turn].choose(game)
            moves.append(move)
            events = game.play(move)
            for p in players:
                p.observe(events)
        out.append(GameRecord(rules, [SeatInfo(n) for n in names], seed + g, g % 4, deck, moves))
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--humans", default="0", help="seats reviewed as people: a comma list, or all")
    p.add_argument("--tree", default=None, help="import palace_tui from this tree")
    p.add_argument("--wait", action="store_true", help="judge while the game is played; time the wait after it")
    p.add_argument("--think", type=float, default=2.0, help="--wait: seconds a person takes a move")
    p.add_argument("--computer", type=float, default=0.6, help="--wait: seconds a computer takes a move")
    p.add_argument("--table", action="store_true", help="time the table's moves with the judge and without")
    args = p.parse_args(argv)
    sys.path.insert(0, str(Path(args.tree).resolve() if args.tree else Path(__file__).resolve().parent.parent))
    from palace_tui.ai.analysis import analyse

    try:
        from palace_tui.rules.gamefile import replay
    except ImportError:
        from palace_tui.store.gamefile import replay  # type: ignore[no-redef]
    humans = [0, 1, 2, 3] if args.humans == "all" else [int(x) for x in args.humans.split(",")]
    import palace_tui

    print(f"tree {Path(palace_tui.__file__).parent.parent}, humans {humans}")
    if args.table:
        for _ in range(args.runs):
            for judged in (False, True):
                table(args, judged)
        return 0
    for number, record in enumerate(games(args.games, args.seed)):
        played = replay(record)
        if args.wait:
            waited(number, record, played, humans, args)
            continue
        times = []
        for _ in range(args.runs):
            t0 = time.perf_counter()
            analyse(played, humans)
            times.append(time.perf_counter() - t0)
        print(
            f"game {number + 1} ({len(played.steps)} moves): median {statistics.median(times):.2f} s "
            f"of {args.runs} runs ({', '.join(f'{t:.2f}' for t in times)})",
            flush=True,
        )
    return 0


def table(args: argparse.Namespace, judged: bool) -> None:
    """One game at a table of a person and three hard computers, timed (see the module's doc)."""
    import os

    from palace_tui.ai import make_player
    from palace_tui.ai.analysis import DEFAULT_ITERATIONS
    from palace_tui.rules import Rules
    from palace_tui.table.judging import TableJudge
    from palace_tui.table.seats import SeatConfig
    from palace_tui.table.session import Session

    seats = [SeatConfig("Ann"), *(SeatConfig(n, human=False, level="hard") for n in ("Ben", "Cy", "Di"))]
    session = Session.new(seats, Rules.preset("palace"), seed=args.seed)
    judge = TableJudge(lambda: (DEFAULT_ITERATIONS, None)) if judged else None
    hook: list[float] = []
    if judge is not None:
        judge.attach(session)

        def moved(s: Session) -> None:
            t0 = time.perf_counter()
            judge.moved(s)
            hook.append(time.perf_counter() - t0)

        session.watcher = moved
    ann = make_player("normal", args.seed)
    computer: list[float] = []
    try:
        while session.game.phase != "over":
            if session.is_human(session.game.turn):
                time.sleep(args.think)
                session.play_human(ann.choose(session.game))
            else:
                t0 = time.perf_counter()
                session.computer_move()
                computer.append(time.perf_counter() - t0)
    finally:
        if judge is not None:
            judge.close()
    computer.sort()
    line = (
        f"{'with the judge' if judged else 'no judge      '}: {len(computer)} computer moves, ms median "
        f"{statistics.median(computer) * 1000:.0f} p90 {computer[int(0.9 * len(computer))] * 1000:.0f} "
        f"max {computer[-1] * 1000:.0f}; load {os.getloadavg()[0]:.1f}"
    )
    if hook:
        median, most = statistics.median(hook) * 1000, max(hook) * 1000
        line += f"; the judge's work after a move: median {median:.2f} ms, max {most:.1f} ms"
    print(line, flush=True)


def waited(number: int, record, played, humans: list[int], args: argparse.Namespace) -> None:
    """The wait after the game under judging while it is played (see the module's doc)."""
    import dataclasses
    import os

    from palace_tui.ai.ahead import JudgeAhead, settings_of
    from palace_tui.ai.analysis import DEFAULT_ITERATIONS, analyse, jobs

    settings = settings_of(humans, DEFAULT_ITERATIONS, None)
    every = jobs(played, humans, DEFAULT_ITERATIONS, None)
    waits, left = [], []
    for _ in range(args.runs):
        ahead = JudgeAhead()
        try:
            for k, step in enumerate(played.steps):
                time.sleep(args.think if step.seat in humans else args.computer)
                ahead.follow("game", dataclasses.replace(record, moves=record.moves[: k + 1]), settings)
            ended = time.perf_counter()
            known = ahead.take("game")
            analyse(played, humans, known=known)
            waits.append(time.perf_counter() - ended)
            left.append(sum(1 for job in every if job.key not in known))
        finally:
            ahead.close()
        load = os.getloadavg()[0]
        print(f"  run: wait {waits[-1]:.2f} s, {left[-1]} of {len(every)} left, load {load:.1f}", flush=True)
    print(
        f"game {number + 1} ({len(played.steps)} moves), judged while played (think {args.think} s, "
        f"computer {args.computer} s): wait median {statistics.median(waits):.2f} s of {args.runs} runs "
        f"({', '.join(f'{t:.2f}' for t in waits)}); left {', '.join(map(str, left))} of {len(every)}",
        flush=True,
    )


if __name__ == "__main__":
    raise SystemExit(main())
