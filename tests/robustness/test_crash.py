"""Crash test of the real app: a headless game in a subprocess is killed with SIGKILL at random moments.

``crash_child.py`` runs the app (resuming its own save each time, as ``palace
--resume`` does) and logs a line before and after every save, clear and record the
app makes. After each kill this test opens the data folder as the next start would
and checks that:

* the save loads with no warning, and is the last save the app finished, or the one
  it was writing when killed (never a mix, never an older one);
* the next run resumes exactly that save (its first save is the same session);
* every card of the deck is in the saved game exactly once;
* the records hold each finished game once: every game before the current one of
  the table, nothing recorded twice, the scoreboard totals matching the games.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from palace_tui.store import Store
from palace_tui.table.session import Session
from tests.helpers.robust import deck_problem
from tests.robustness.crash_child import digest

ROOT = Path(__file__).resolve().parents[2]
KILLS = 14
SEED = 20261130


def parse(lines: list[str]) -> list[list]:
    """The log as operations ``[kind, value, done]`` in order (kind save, clear or record)."""
    ops: list[list] = []
    for line in lines:
        word, *rest = line.split()
        if word == "begin-save":
            ops.append(["save", rest[0], False])
        elif word == "saved":
            assert ops and ops[-1][:2] == ["save", rest[0]], f"'{line}' without its begin"
            ops[-1][2] = True
        elif word == "begin-clear":
            ops.append(["clear", None, False])
        elif word == "cleared":
            assert ops and ops[-1][0] == "clear"
            ops[-1][2] = True
        elif word == "begin-record":
            ops.append(["record", rest[0], False])
        elif word == "recorded":
            assert ops and ops[-1][:2] == ["record", rest[0]]
            ops[-1][2] = rest[1]
        elif word == "warnings":
            raise AssertionError(f"the store warned at start: {line}")
    return ops


def allowed_saves(ops: list[list], before: str | None) -> set[str | None]:
    """What the session file may hold after a run whose save/clear operations are ``ops``."""
    state = before
    writes = [op for op in ops if op[0] in ("save", "clear")]
    for op in writes[:-1]:
        assert op[2], f"{op} was not finished but the run went on"
        state = op[1]
    if not writes:
        return {state}
    last = writes[-1]
    return {last[1]} if last[2] else {state, last[1]}


def start(data: Path, log: Path, seed: int, err: Path) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "PALACE_DATA_DIR")}
    return subprocess.Popen(
        [sys.executable, "-m", "tests.robustness.crash_child", str(data), str(log), str(seed)],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=open(err, "w"),
    )


def lines_of(log: Path) -> list[str]:
    return log.read_text(encoding="utf-8").splitlines() if log.exists() else []


def wait_for(proc, log: Path, err: Path, done, timeout: float = 30.0) -> None:
    """Wait until ``done(lines)`` holds; fail with the child's stderr if it dies first."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise AssertionError(f"the app died on its own ({proc.returncode}):\n{err.read_text()}")
        if done(lines_of(log)):
            return
        time.sleep(0.02)
    proc.kill()
    proc.wait()
    raise AssertionError(f"the app never got there in {timeout} s:\n{err.read_text()[-3000:]}")


def check_folder(data: Path, all_lines: list[str], run_lines: list[str], before: str | None) -> tuple:
    """Open the folder as the next start does and check save, cards and records; return (digest, data)."""
    with Store(data) as store:
        assert store.warnings == [], store.warnings
        saved = store.load_session()
        games = store.recent_games(100000)
        boards = {g.table_id: store.scoreboard(g.table_id) for g in games}
    now = digest(saved) if saved is not None else None
    allowed = allowed_saves(parse(run_lines), before)
    assert now in allowed, f"the save on disk ({now}) is not the last one written ({allowed})"
    if saved is not None:
        session = Session.from_dict(saved)
        problem = deck_problem(session.game)
        assert problem is None, f"cards lost or made up in the save: {problem}"

    ops = parse(all_lines)
    ids = [g.game_id for g in games]
    assert len(ids) == len(set(ids)), f"a game is recorded twice: {ids}"
    counted = Counter(op[1] for op in ops if op[0] == "record" and op[2] == "True")
    assert all(n == 1 for n in counted.values()), f"record_game counted a game twice: {counted}"
    begun = {op[1] for op in ops if op[0] == "record"}
    assert set(ids) <= begun, "the records hold a game the app never recorded"
    assert set(counted) <= set(ids), "a game recorded before the kill is missing from the records"
    if saved is not None:
        table, number = saved["table_id"], saved["game_number"]
        # A game's key is its table, its number and a sitting's mark (a table goes on across sittings).
        numbers = {int(i.split("-")[1]) for i in ids if i.split("-")[0] == table}
        for n in range(1, number + 1):
            assert n in numbers, f"game {n} of the table finished but is not in the records"
        assert number + 2 not in numbers
    per_table = Counter(g.table_id for g in games)
    for table, rows in boards.items():
        players = {len(g.players) for g in games if g.table_id == table}
        assert sum(r["games"] for r in rows) == per_table[table] * players.pop(), rows
    return now, saved


@pytest.mark.slow
def test_sigkill_at_random_moments_leaves_the_last_save_and_consistent_records(tmp_path):
    rng = random.Random(SEED)
    data, log = tmp_path / "data", tmp_path / "child.log"
    before: str | None = None
    seen_phases: Counter = Counter()
    resumed = 0
    for kill in range(KILLS + 1):
        err = tmp_path / f"child-{kill}.err"
        first = len(lines_of(log))
        proc = start(data, log, SEED + kill, err)
        if kill == KILLS:
            # The last run plays until a finished game is recorded, so that path is always crossed.
            wait_for(
                proc, log, err, lambda ls, first=first: any(x.startswith("recorded") for x in ls[first:]), timeout=60
            )
            time.sleep(rng.uniform(0.0, 0.3))
        elif rng.random() < 0.2:
            time.sleep(rng.uniform(0.0, 0.8))  # during start-up and resume
        else:
            wait_for(proc, log, err, lambda ls, first=first: "ready" in ls[first:])
            time.sleep(rng.uniform(0.02, 1.5))
        if proc.poll() is not None:
            raise AssertionError(f"the app died on its own ({proc.returncode}):\n{err.read_text()}")
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        all_lines = lines_of(log)
        run_lines = all_lines[first:]
        saves = [x.split()[1] for x in run_lines if x.startswith("begin-save")]
        if before is not None and saves:
            # The run resumed the save it found: its first save is that very session.
            assert saves[0] == before, "the resumed game is not the saved position"
            resumed += 1
        before, saved = check_folder(data, all_lines, run_lines, before)
        if saved is not None:
            seen_phases[saved["game"]["phase"]] += 1
    with Store(data) as store:
        recorded = store.game_count()
    print(f"{KILLS + 1} kills, {resumed} resumed, saves seen at kills: {dict(seen_phases)}, {recorded} games recorded")
    assert resumed >= KILLS // 2, f"only {resumed} runs resumed a save"
    assert recorded >= 1
    assert seen_phases["play"] >= 3, seen_phases
