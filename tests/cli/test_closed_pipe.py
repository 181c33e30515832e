"""N-13: a command whose reader goes away (``palace rules | head -3``) ends quietly, no traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from palace_tui.store import Store


def _run_into_closed_pipe(argv: list[str], env: dict[str, str]) -> tuple[int, str]:
    """Run ``python -m palace_tui ARGV`` with its output into a pipe whose reader has already gone."""
    read, write = os.pipe()
    os.close(read)  # nobody will ever read: the first write meets a closed pipe
    try:
        done = subprocess.run(
            [sys.executable, "-P", "-m", "palace_tui", *argv],
            stdout=write,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            env=env,
            text=True,
            timeout=120,
        )
    finally:
        os.close(write)
    return done.returncode, done.stderr


@pytest.mark.parametrize(
    "argv, status",
    [
        (["rules"], 1),
        (["rules", "Ours"], 1),
        (["records"], 1),
        (["simulate", "--games", "2", "--workers", "1"], 1),
        (["--help"], 0),  # argparse's help passes over a failed write itself, and says nothing either
        (["simulate", "--help"], 0),
    ],
)
def test_every_command_ends_quietly_on_a_closed_pipe(argv: list[str], status: int, data_dir: Path) -> None:
    with Store(data_dir) as store:
        store.save_rule_sets({"Ours": "seven=low", "Friday": "ten=not-on-picture"})
    env = {**os.environ, "PALACE_DATA_DIR": str(data_dir), "PYTHONPATH": str(Path(__file__).parents[2])}
    code, err = _run_into_closed_pipe(argv, env)
    assert "Traceback" not in err and "BrokenPipeError" not in err and "Exception ignored" not in err, err
    assert err == "" and code == status
