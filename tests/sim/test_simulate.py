"""``palace simulate``: same results for any number of workers, the report's keys, the
statistics, and a small ladder smoke test (normal beats random)."""

from __future__ import annotations

import json

import pytest

from palace_tui.cli.simulate import main
from palace_tui.rules import Rules
from palace_tui.sim import SimConfig, run_parallel, wilson

TIMING = {"elapsed_s", "games_per_s", "moves_per_s", "workers"}
KEYS = {
    "games",
    "moves",
    "avg_moves_per_game",
    "stalemates",
    "pickups_per_game",
    "seat_wins",
    "seat_losses",
    "seat_points",
    "elapsed_s",
    "games_per_s",
    "moves_per_s",
    "first_player",
    "by_ai",
    "head_to_head",
    "position_wins",
    "position_losses",
}


def _json_run(capsys, *args: str) -> dict:
    assert main([*args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def _without_timing(data: dict) -> dict:
    return {k: v for k, v in data.items() if k not in TIMING}


@pytest.mark.slow
def test_same_result_for_any_number_of_workers(capsys):
    args = ("--preset", "shithead", "--players", "2", "--games", "101", "--ai", "normal,easy", "--seed", "5")
    one = _json_run(capsys, *args, "--workers", "1")
    two = _json_run(capsys, *args, "--workers", "2")
    assert set(one) >= KEYS
    assert _without_timing(one) == _without_timing(two)
    assert one["games"] == 101 and sum(one["seat_losses"]) + one["stalemates"] == 101
    quick = ("--preset", "palace", "--players", "4", "--games", "230", "--ai", "easy,random", "--seed", "9")
    assert _without_timing(_json_run(capsys, *quick, "--workers", "1")) == _without_timing(
        _json_run(capsys, *quick, "--workers", "2")
    )


def test_hard_with_iterations_is_reproducible(capsys):
    args = (
        "--preset",
        "palace",
        "--players",
        "2",
        "--games",
        "4",
        "--ai",
        "hard,normal",
        "--iterations",
        "3",
        "--seed",
        "2",
    )
    one = _json_run(capsys, *args, "--workers", "1")
    two = _json_run(capsys, *args, "--workers", "2")
    assert _without_timing(one) == _without_timing(two)
    assert one["hard_iterations"] == 3


def test_first_player_is_dealers_left_with_dealer_left_starter(capsys):
    data = _json_run(capsys, "--preset", "first-out", "--players", "3", "--games", "90", "--workers", "1")
    first = data["first_player"]
    assert first["wins"] == data["position_wins"][0]
    assert first["chance_rate"] == round(1 / 3, 4)
    assert first["loss_rate"] is None  # first-out has no loser
    assert data["by_ai"]["random"]["not_last_rate"] is None


def test_per_level_rates_with_confidence_intervals(capsys):
    data = _json_run(capsys, "--players", "4", "--games", "40", "--ai", "easy,random", "--workers", "1")
    for level in ("easy", "random"):
        rec = data["by_ai"][level]
        lo, hi = rec["win_ci95"]
        assert lo <= rec["win_rate"] <= hi
        lo, hi = rec["not_last_ci95"]
        assert lo <= rec["not_last_rate"] <= hi
    assert list(data["by_ai"]) == ["random", "easy"]  # weakest level first


def test_text_report_and_errors(capsys):
    assert main(["--games", "5", "--players", "2", "--option", "seven=low", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "first player" in out and "stalemates" in out and "dealer's left" in out
    assert main(["--workers", "0"]) == 2
    assert main(["--ai", "wizard"]) == 2
    assert main(["--players", "9"]) == 2
    assert "palace simulate:" in capsys.readouterr().err


def test_wilson_interval():
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = wilson(100, 100)
    assert hi == 1.0 and lo > 0.95


@pytest.mark.slow
def test_ladder_smoke_normal_beats_random():
    """200 heads-up games: normal wins far more than half (it wins ~85%; the bound is safe)."""
    config = SimConfig(Rules.preset("palace"), 2, ("normal", "random"), seed=1000)
    stats = run_parallel(config, 200, workers=1)
    normal = stats.by_ai["normal"]
    lo, _ = wilson(normal["wins"], normal["games"])
    assert normal["games"] >= 190 and lo > 0.6


@pytest.mark.slow
def test_head_to_head_counts_who_finished_ahead_when_each_level_has_one_seat(capsys):
    data = _json_run(
        capsys,
        "--preset",
        "shithead",
        "--players",
        "3",
        "--games",
        "120",
        "--ai",
        "normal,easy,random",
        "--seed",
        "4",
        "--workers",
        "1",
    )
    h2h = data["head_to_head"]
    assert list(h2h) == ["easy vs random", "normal vs random", "normal vs easy"]
    finished = data["finished_games"]
    for rec in h2h.values():
        # Last-loses gives every seat a place, so every finished game compares each pair.
        assert rec["games"] == finished
        lo, hi = rec["ahead_ci95"]
        assert lo <= rec["ahead_rate"] <= hi
    # The loser finished behind both others; random loses most games, so it is behind most.
    assert h2h["easy vs random"]["ahead"] >= data["by_ai"]["random"]["losses"]
    # Two levels that share the table with a second seat of their own are not compared.
    shared = _json_run(capsys, "--players", "4", "--games", "40", "--ai", "easy,random", "--workers", "1")
    assert shared["head_to_head"] == {}


@pytest.mark.slow
def test_head_to_head_with_first_out_ranks_the_winner_ahead(capsys):
    data = _json_run(
        capsys,
        "--preset",
        "first-out",
        "--players",
        "3",
        "--games",
        "60",
        "--ai",
        "easy,random,normal",
        "--seed",
        "2",
        "--workers",
        "1",
    )
    for pair, rec in data["head_to_head"].items():
        upper, lower = pair.split(" vs ")
        # Only games one of the two won compare them, and the winner is the one ahead.
        assert rec["games"] == data["by_ai"][upper]["wins"] + data["by_ai"][lower]["wins"]
        assert rec["ahead"] == data["by_ai"][upper]["wins"]


def test_losses_are_not_called_points(capsys):
    """Under Shithead's scoring a seat's tally is its losses: no "points" column repeats them."""
    assert main(["--games", "6", "--players", "3", "--preset", "shithead", "--workers", "1", "--seed", "4"]) == 0
    seats = [line for line in capsys.readouterr().out.splitlines() if line.startswith("seat ")]
    assert len(seats) == 3 and all("losses" in line and "points" not in line for line in seats)
    assert main(["--games", "6", "--players", "3", "--preset", "palace", "--workers", "1", "--seed", "4"]) == 0
    seats = [line for line in capsys.readouterr().out.splitlines() if line.startswith("seat ")]
    assert all("points" in line for line in seats)
