#!/usr/bin/env python
"""The host's own cost of one move, in-process: a :class:`Room` with 4 list links, no network.

Plays ``--moves`` moves of 4-seat tables (the palace preset, no computers): each move is
chosen at random from the acting device's last ``state`` (as a device would), and the time
counted is the room's own CPU time (``time.process_time``, so other work on the machine
counts less than in wall time): ``Room.handle`` of the move, which plays it, builds every
device's update, encodes it and queues it. Reading the updates back (to choose the next
move) is not counted. Prints milliseconds per move (the best of ``--repeat`` runs, and the
median), or with ``--profile`` a cProfile of one run.

To compare two trees in one sitting (the same machine state), run it alternately with each
on ``PYTHONPATH`` (``--tree`` puts a tree first on the path):

    python scripts/bench_room.py --tree /work/main --moves 4000
    python scripts/bench_room.py --moves 4000
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(moves: int, seed: int) -> float:
    """Seconds the room spent per move over ``moves`` moves."""
    from palace_tui.net.protocol import JoinRequest, MoveRequest
    from palace_tui.net.room import ListLink, Room
    from palace_tui.rules import Rules
    from palace_tui.table.session import SeatConfig, Session

    rng = random.Random(seed)
    spent = 0.0
    done = 0
    table = 0
    while done < moves:
        names = ("Ann", "Ben", "Cy", "Dee")
        session = Session.new([SeatConfig(n) for n in names], Rules.preset("palace"), seed=seed + table)
        table += 1
        code = "ABCDEF"
        room = Room(code, session, ai_delay=0)
        links = [ListLink() for _ in names]
        for link in links:
            room.join(link, JoinRequest(code))
        while done < moves:
            to_act = session.to_act
            if to_act is None:
                break  # the game is over: a new table (as the benchmark's "again" would deal)
            last = next(json.loads(t) for t in reversed(links[to_act].sent) if '"type":"state"' in t)
            for link in links:
                link.sent.clear()
            move = MoveRequest(rng.choice(last["view"]["legal"]))
            start = time.process_time()
            room.handle(links[to_act], move)
            spent += time.process_time() - start
            done += 1
    return spent / moves


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--moves", type=int, default=3000, help="moves a run (default 3000)")
    p.add_argument("--repeat", type=int, default=5, help="runs (default 5): the best and the median are printed")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--tree", type=Path, default=ROOT, help="the palace-tui tree to measure (default this one)")
    p.add_argument("--profile", action="store_true", help="print a cProfile of one run instead")
    args = p.parse_args()
    sys.path.insert(0, str(args.tree.resolve()))
    import palace_tui

    where = Path(palace_tui.__file__).resolve().parents[1]
    if args.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.runcall(run, args.moves, args.seed)
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(40)
        return 0
    run(200, args.seed)  # warm up
    times = [run(args.moves, args.seed) for _ in range(args.repeat)]
    print(
        f"{where}: {1000 * min(times):.3f} ms a move (best of {args.repeat}), "
        f"median {1000 * statistics.median(times):.3f} ms, {args.moves} moves a run"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
