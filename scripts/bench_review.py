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
    for number, record in enumerate(games(args.games, args.seed)):
        played = replay(record)
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


if __name__ == "__main__":
    raise SystemExit(main())
