"""The lab: computer-only games (:mod:`.runner`), their statistics (:mod:`.stats`) and report (:mod:`.report`).

``palace simulate`` (:mod:`palace_tui.cli.simulate`) is its command line.
"""

from palace_tui.sim.report import report
from palace_tui.sim.runner import CHUNK, DEFAULT_MOVE_CAP, SimConfig, make_players, play_one, run, run_parallel
from palace_tui.sim.stats import SimStats, count_head_to_head, wilson

__all__ = [
    "CHUNK",
    "DEFAULT_MOVE_CAP",
    "SimConfig",
    "SimStats",
    "count_head_to_head",
    "make_players",
    "play_one",
    "report",
    "run",
    "run_parallel",
    "wilson",
]
