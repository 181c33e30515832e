"""N-14: a game file the rules refuse is said on the error output, terminal or not, with status 2,
and in one person: the player named, the game's words to them quoted."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from palace_tui.rules.gamefile import format_game
from tests.rules.test_gamefile import _finished


def test_a_move_the_rules_refuse_is_said_without_a_terminal(tmp_path: Path) -> None:
    lines = format_game(_finished("palace", 5).game_record()).splitlines()
    at = next(i for i, line in enumerate(lines) if i > 30 and line.startswith("Cy: play"))
    lines[at] = "Cy: play 3C"
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(lines) + "\n")
    done = subprocess.run(
        [sys.executable, "-P", "-m", "palace_tui", "review", str(bad)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[2]), "PALACE_DATA_DIR": str(tmp_path / "d")},
        timeout=120,
    )
    assert done.returncode == 2 and done.stdout == ""
    err = done.stderr
    assert err.count("\n") == 1, err
    assert err.startswith(f"palace review: {bad} is not a game file palace can replay: line {at + 1}: ")
    assert "Cy can't play 3♣ here; the game would have told Cy: \"You" in err
    assert "draws on a terminal" not in err
