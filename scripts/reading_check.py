#!/usr/bin/env python
"""Does reading the table find the real hands? A diagnostic (it looks at the real hands;
the player never does).

Plays seeded games of hard reading the table among normals. At each of hard's decisions
that reads the table, it deals worlds as the search does and keeps them by their chance
(:class:`palace_tui.ai.reading.Reading`), then compares with the real position: the share
of worlds kept, the real world's own chance of being kept (its weight against the scale
the first worlds set), and how many of the other seats' unseen hand cards a world places in the
right hand, over every world dealt and over the worlds kept.

    python scripts/reading_check.py --games 6
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from palace_tui.ai.hard import HardPlayer, NormalPlayer  # noqa: E402
from palace_tui.ai.reading import PROBE  # noqa: E402
from palace_tui.ai.search import CanonicalShuffle  # noqa: E402
from palace_tui.rules import Card, Game, Rules, fast  # noqa: E402


def right_cards(world: Game, real: Game, seat: int, known: dict[int, list[Card]]) -> tuple[int, int]:
    """How many of the other seats' hand cards not known to ``seat`` the world puts in the right hand, of how many."""
    hit = total = 0
    for i, s in enumerate(real.seats):
        if i == seat:
            continue
        unknown = Counter(s.hand)
        unknown.subtract(Counter(known.get(i, ())))
        guess = Counter(world.seats[i].hand)
        for c, k in unknown.items():
            if k > 0:
                total += k
                hit += min(k, guess[c])
    return hit, total


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=6)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--preset", default="palace")
    p.add_argument("--worlds", type=int, default=300, help="worlds dealt at each decision checked")
    args = p.parse_args(argv)
    kept_share, real_chance, hit_all, hit_kept = [], [], [], []
    for g in range(args.games):
        seed, seat = args.seed + g, g % 4
        game = Game.deal(Rules.preset(args.preset), [f"Seat {i + 1}" for i in range(4)], seed=seed, dealer=g % 4)
        table = [
            HardPlayer(seed * 7919 + i, iterations=20, read_table=True) if i == seat else NormalPlayer(seed * 7919 + i)
            for i in range(4)
        ]
        while game.phase != "over" and game.moves < 5000:
            player = table[game.turn]
            if game.turn == seat and game.phase == "play":
                known = {i: list(cs) for i, cs in player.memory.known_hands(game, seat).items()}
                reading = player.reader.read(game, seat, known)
                if reading is not None:
                    shuffle = CanonicalShuffle(random.Random(seed * 1000 + game.moves))
                    worlds = [fast.determinize(game, seat, shuffle, known) for _ in range(args.worlds)]
                    reading.calibrate(worlds[:PROBE])
                    chance = [min(1.0, reading.weight(w)) for w in worlds]
                    kept_share.append(statistics.fmean(chance))
                    real_chance.append(min(1.0, reading.weight(game)))
                    hits = [right_cards(w, game, seat, known) for w in worlds]
                    total = hits[0][1]
                    if total:
                        hit_all.append(statistics.fmean(h for h, _ in hits) / total)
                        hit_kept.append(sum(c * h for c, (h, _) in zip(chance, hits)) / sum(chance) / total)
            events = game.play(player.choose(game))
            for q in table:
                q.observe(events)
    print(f"decisions read: {len(kept_share)} in {args.games} games")
    print(f"share of dealt worlds kept: mean {statistics.fmean(kept_share):.3f}")
    print(
        f"the real world's chance of being kept: mean {statistics.fmean(real_chance):.3f}, "
        f"kept for sure in {sum(c >= 1 for c in real_chance)} of {len(real_chance)}"
    )
    print(
        f"unknown hand cards of the other seats placed right: every world dealt {statistics.fmean(hit_all):.3f}, "
        f"worlds kept {statistics.fmean(hit_kept):.3f} ({len(hit_all)} decisions)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
