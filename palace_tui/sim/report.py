"""What ``palace simulate`` prints: one JSON object, or a table for a person."""

from __future__ import annotations

import json

from palace_tui.sim.runner import SimConfig
from palace_tui.sim.stats import SimStats


def report(config: SimConfig, stats: SimStats, as_json: bool, workers: int = 1) -> None:
    has_loser = config.rules.has_loser
    data = stats.as_dict(has_loser)
    data.update(
        players=config.players,
        ai=list(config.ais),
        seed=config.seed,
        rules=config.rules.saved_dict(),
        preset=config.rules.preset_name(),
        workers=workers,
        hard_budget_ms=None if config.budget_s is None else config.budget_s * 1000,
        hard_iterations=config.iterations,
    )
    if as_json:
        print(json.dumps(data))
        return
    n = config.players
    print(f"games played      {data['games']} ({n} players, {workers} worker{'s' if workers != 1 else ''})")
    print(f"average length    {data['avg_moves_per_game']:.1f} moves per game")
    print(f"stalemates        {data['stalemates']} (stopped at {config.move_cap} moves)")
    print(f"pickups           {data['pickups_per_game']:.2f} per game")
    fp = data["first_player"]
    lo, hi = fp["win_ci95"]
    print(
        f"first player      wins {fp['win_rate']:.1%} (95% CI {lo:.1%}-{hi:.1%}) against {fp['chance_rate']:.1%} "
        f"by chance: advantage {fp['advantage']:+.1%}"
    )
    for seat in range(n):
        # Points are the podium's; under losses or wins scoring they would repeat a column.
        points = f"  points {stats.points[seat]:>6}" if config.rules.scores_podium else ""
        print(f"seat {seat + 1:<12} wins {stats.wins[seat]:>6}  losses {stats.losses[seat]:>6}{points}")
    for pos in range(n):
        label = "dealer's left" if pos == 0 else ("dealer" if pos == n - 1 else f"dealer + {pos + 1}")
        print(f"  {label:<15} wins {stats.pos_wins[pos]:>6}  losses {stats.pos_losses[pos]:>6}")
    if len(data["by_ai"]) > 1 or config.ais != ("random",):
        for ai, rec in data["by_ai"].items():
            lo, hi = rec["win_ci95"]
            line = f"{ai:<17} wins {rec['win_rate']:.1%} ({lo:.1%}-{hi:.1%})"
            if rec["not_last_rate"] is not None:
                lo, hi = rec["not_last_ci95"]
                line += f"  not last {rec['not_last_rate']:.1%} ({lo:.1%}-{hi:.1%})"
            print(line + f"  over {rec['games']} seat-games")
    for pair, rec in data["head_to_head"].items():
        lo, hi = rec["ahead_ci95"]
        print(f"{pair:<17} finished ahead in {rec['ahead_rate']:.1%} ({lo:.1%}-{hi:.1%}) of {rec['games']} games")
    print(f"elapsed           {data['elapsed_s']:.2f} s")
    print(f"speed             {data['games_per_s']:.1f} games/s, {data['moves_per_s']:.0f} moves/s")
