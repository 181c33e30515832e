"""The rules engine is pure Python: importing it loads no UI library, and playing a whole
game through it loads nothing of the package above it (no ``palace_tui.words``)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import sys
import palace_tui.rules
from palace_tui.rules import Card, Game, Move, Rules
g = Game.deal(Rules.preset("palace"), ["A", "B"], seed=1)
g.view(0).observation_string()
bad = sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich"))
print("LOADED:" + ",".join(bad))
"""

#: A whole game through every part of the engine: the deal, setup, checked moves and a refusal,
#: views, saves, position codes, the random policy, the fast contract and a game file.
WHOLE_GAME = """
import random, sys
from palace_tui.rules import Game, IllegalMove, Move, Rules
from palace_tui.rules import fast, gamefile, random_policy
from palace_tui.rules.cards import shuffled_deck
rules = Rules.preset("palace").replace(seven="low", eight="invisible", jokers=True)
g = Game.deal(rules, ["Ann", "Ben", "Cy"], seed=5)
deck = shuffled_deck(rules.packs, rules.jokers, 5)[::-1]
record = gamefile.GameRecord(rules, [gamefile.SeatInfo(n) for n in g.names], 5, 0, deck)
rng = random.Random(5)
while g.phase != "over":
    moves = g.legal_moves()
    for seat in range(3):
        g.view(seat).observation_string()
    try:
        g.play(Move.flip(99))
    except IllegalMove as why:
        str(why)
    record.moves.append(rng.choice(moves))
    g.play(record.moves[-1])
    assert Game.from_code(g.code()) == g and Game.from_json(g.to_json()) == g
assert gamefile.replay(gamefile.parse_game(gamefile.format_game(record))).game == g
h = Game.deal(rules, ["Ann", "Ben", "Cy"], seed=6)
while h.phase == "setup":
    h.play(Move.ready())
fast.determinize(h, 0, random.Random(1))
random_policy.play_random(h, [random.Random(i) for i in range(3)], 10_000)
assert h.phase == "over"
PROBE
above = sorted(m for m in sys.modules if m.startswith("palace_tui.") and not m.startswith("palace_tui.rules")
               and m not in ("palace_tui.names", "palace_tui.terminal"))
print("ABOVE:" + ",".join(above))
"""


def _run(script: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": str(ROOT), "PATH": ""},
    )


def test_rules_import_loads_neither_textual_nor_rich():
    result = _run(SCRIPT)
    assert result.returncode == 0, result.stderr
    assert "LOADED:" in result.stdout
    assert result.stdout.strip().endswith("LOADED:"), result.stdout


def test_the_check_would_see_a_ui_import():
    # the same probe notices a UI module when one is loaded (so the test above can fail)
    script = SCRIPT.replace("import palace_tui.rules\n", "import palace_tui.rules\nimport rich.text\n")
    result = _run(script)
    if result.returncode != 0 and "No module named 'rich'" in result.stderr:
        return  # rich is not installed here: nothing to show
    assert "rich" in result.stdout.split("LOADED:")[1]


@pytest.mark.slow
def test_a_whole_game_loads_no_words_and_nothing_above_the_engine():
    result = _run(WHOLE_GAME.replace("PROBE\n", ""))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ABOVE:", result.stdout


@pytest.mark.slow
def test_the_whole_game_probe_would_see_words():
    # the same probe names palace_tui.words when something loads it (so the test above can fail)
    result = _run(WHOLE_GAME.replace("PROBE\n", "import palace_tui.words\n"))
    assert result.returncode == 0, result.stderr
    assert "palace_tui.words" in result.stdout.split("ABOVE:")[1].split(","), result.stdout
