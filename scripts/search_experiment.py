#!/usr/bin/env python
"""Quick four-seat experiments with hard's search settings (A B A B against a lower level).

    python scripts/search_experiment.py shithead 200 normal '{"iterations": 20, "z": 1.0}'

Game i is dealt with seed 1000 + i, the dealer at seat i % 4, the tested level at the
even seats for even i and the odd seats for odd i; every player observes every event.
Prints the tested level's share of wins and of games whose last player was the lower
level (50% is even for both), with 95% Wilson intervals. The JSON holds options for
make_player ("level" picks the tested level, default hard).
"""

import sys, json, time, multiprocessing as mp
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from palace_tui.rules import Game, Rules
from palace_tui.ai import make_player
from palace_tui.sim import wilson

def one(args):
    preset, i, opts, lower = args
    rules = Rules.preset(preset)
    n = 4
    game = Game.deal(rules, [f"S{k}" for k in range(n)], seed=1000 + i, dealer=i % n)
    up = [(k + i) % 2 == 0 for k in range(n)]
    players = []
    for k in range(n):
        seed = (1000 + i) * 7919 + k
        if up[k]:
            o = dict(opts); lvl = o.pop("level", "hard")
            players.append(make_player(lvl, seed=seed, **o))
        else:
            players.append(make_player(lower, seed=seed))
    obs = [p for p in players if hasattr(p, "observe")]
    while game.phase != "over" and game.moves < 3000:
        ev = game.play(players[game.turn].choose(game))
        for p in obs: p.observe(ev)
    r = game.outcome()
    if r is None: return None
    return (up[r.winner], not up[r.loser])

if __name__ == "__main__":
    preset, games, lower = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    opts = json.loads(sys.argv[4])
    t = time.time()
    with mp.Pool(2) as pool:
        res = [x for x in pool.map(one, [(preset, i, opts, lower) for i in range(games)], chunksize=4) if x]
    w = sum(a for a, b in res); nl = sum(b for a, b in res); f = len(res)
    lo, hi = wilson(w, f); lo2, hi2 = wilson(nl, f)
    print(f"{preset} {opts} vs {lower}: n={f} wins {w/f:.1%} ({lo:.1%}-{hi:.1%}) notlast {nl/f:.1%} ({lo2:.1%}-{hi2:.1%}) {time.time()-t:.0f}s", flush=True)
