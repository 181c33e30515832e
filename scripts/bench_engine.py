"""How fast the rules engine is: whole random games, on one core.

    python scripts/bench_engine.py [--games 2000] [--players 4] [--preset palace]

Three ways of playing the same games between ``random`` players, from the deal to the
outcome (deal, setup and every turn included):

- loop path: ``palace_tui.rules.random_policy.play_random``, whole games of the random policy in one engine loop
  (what ``palace simulate --ai random`` uses);
- fast path: ``RandomPlayer.act``, the engine's own random turn, one call a move, no Move
  objects, no events;
- move path: ``RandomPlayer.choose`` builds a Move and ``game.play`` checks it and
  returns the public events (what the app and the other players use);
- legal-move path: ``game.legal_moves()`` each turn, a random one played.

It also times hard's rollouts: from the sample positions, a re-deal of the cards the
seat to act cannot see (:func:`palace_tui.rules.fast.determinize`) and the game
played out with the rule of thumb hard uses at every seat in its rollouts
(``palace_tui.ai.search.rollout``); hard's cost per decision is about (candidate moves x
sampled deals) of these. And it times ``legal_moves()``, ``copy()`` and ``to_json()``/``from_json()`` on
positions taken from those games. A move is one turn's decision: a play, a take or a
flip. A benchmark to read, not a test.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from palace_tui.ai import RandomPlayer
from palace_tui.rules import Game, Rules
from palace_tui.rules.random_policy import play_random


def play_games(rules: Rules, players: int, games: int, mode: str) -> tuple[int, float, list[Game]]:
    """Play ``games`` games; return the moves made, the seconds taken and sample positions."""
    names = [f"P{i}" for i in range(players)]
    samples: list[Game] = []
    moves = 0
    t0 = time.perf_counter()
    for g in range(games):
        game = Game.deal(rules, names, seed=g, dealer=g % players)
        seats = [RandomPlayer(g * 31 + i) for i in range(players)]
        rng = random.Random(g)
        if mode == "loop":
            while game.phase == "setup":
                seats[game.turn].act(game)
            play_random(game, [p.rng for p in seats], 10**9)
        while game.phase != "over":
            if mode == "fast":
                seats[game.turn].act(game)
            elif mode == "move":
                game.play(seats[game.turn].choose(game))
            else:
                legal = game.legal_moves()
                game.play(legal[rng.randrange(len(legal))])
            if mode == "move" and g % 50 == 0 and game.moves % 20 == 0 and game.phase == "play":
                samples.append(game.copy())
        moves += game.moves
    return moves, time.perf_counter() - t0, samples


def per_second(fn, items) -> float:
    t0 = time.perf_counter()
    for x in items:
        fn(x)
    return len(items) / (time.perf_counter() - t0)


def rollouts_per_second(samples: list[Game]) -> float:
    from palace_tui.ai.search import canonical_shuffle, rollout
    from palace_tui.rules import fast

    shuffle = canonical_shuffle(1)
    worlds = [fast.determinize(g, g.turn, shuffle) for g in samples if g.phase == "play"]
    return per_second(lambda w: rollout(w.copy()), worlds * 3)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--preset", default="palace")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    args = p.parse_args(argv)
    rules = Rules.preset(args.preset).with_text_options(args.option)
    print(f"{args.games} games, {args.players} players, preset {args.preset} {' '.join(args.option)}")
    samples: list[Game] = []
    for mode in ("loop", "fast", "move", "legal"):
        moves, secs, got = play_games(rules, args.players, args.games, mode)
        samples += got
        print(
            f"{mode:>6} path  {moves / args.games:6.1f} moves/game  {args.games / secs:8.0f} games/s  "
            f"{moves / secs:9.0f} moves/s"
        )
    samples = samples[:2000] or [Game.deal(rules, [f"P{i}" for i in range(args.players)], seed=1)]
    texts = [g.to_json() for g in samples]
    print(
        f"hard rollout   {rollouts_per_second(samples):9.0f} rollouts/s (re-deal, copy, play out "
        "with the rule of thumb)"
    )
    print(f"legal_moves()  {per_second(lambda g: g.legal_moves(), samples):9.0f} calls/s on {len(samples)} positions")
    print(f"copy()         {per_second(lambda g: g.copy(), samples):9.0f} calls/s")
    print(f"to_json()      {per_second(lambda g: g.to_json(), samples):9.0f} calls/s")
    print(f"from_json()    {per_second(Game.from_json, texts):9.0f} calls/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
