"""The judging process from outside (issue 31): nothing in the player's folder runs inside it
(S1), and a judge that cannot start is no judge: the move is saved and the game goes on (J1)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from palace_tui.ai import ahead
from palace_tui.ai.ahead import JudgeAhead, settings_of
from palace_tui.rules import Rules
from palace_tui.table.judging import TableJudge
from palace_tui.table.seats import SeatConfig
from palace_tui.table.session import Session
from palace_tui.tui.table.screen import TableScreen
from tests.ai.test_judge_ahead import ITERATIONS, WORK, _record
from tests.helpers.app import make_session, press
from tests.helpers.settle import running, settle

REPO = Path(__file__).resolve().parents[2]


def _plant(folder: Path, marker: Path) -> None:
    """Modules the judge imports, each writing ``marker`` when imported from ``folder``."""
    folder.mkdir()
    for name in ("queue", "pickle", "threading", "dataclasses"):
        (folder / f"{name}.py").write_text(
            f"import pathlib\npathlib.Path({str(marker)!r}).write_text({name!r})\n", encoding="utf-8"
        )


def test_the_judge_never_imports_from_the_folder_the_player_is_in(tmp_path, monkeypatch) -> None:
    """S1: a queue.py in the current folder ran inside the judge. The judge is started with -P:
    it judges (its imports done) and the planted modules never ran; PYTHONPATH still counts (the
    judge found palace_tui through it, the current folder being elsewhere)."""
    here, marker = tmp_path / "where the player is", tmp_path / "ran"
    _plant(here, marker)
    # The bait works: a child started the old way (the current folder first) runs it.
    subprocess.run([sys.executable, "-c", "import queue"], cwd=here, check=False)
    assert marker.read_text() == "queue"
    marker.unlink()

    monkeypatch.chdir(here)
    judge = JudgeAhead(nice=0)
    try:
        judge.follow("g", _record(38, 2), settings_of([0], ITERATIONS, WORK))
        deadline = time.monotonic() + 300  # a bound on a hung judge, not a timing
        while not judge.known("g") and not marker.exists() and time.monotonic() < deadline:
            process = judge._process
            if process is not None and process.poll() is not None:
                break  # the judge ended (a planted module broke it)
            time.sleep(0.05)
        assert not marker.exists(), f"{marker.read_text()}.py from the current folder ran inside the judge"
        assert judge.known("g"), f"the judge judged nothing ({judge.unavailable})"
    finally:
        judge.close()


def _missing_interpreter(nice: int) -> list[str]:
    return [str(REPO / "no-such-interpreter"), "-P", "-m", "palace_tui.ai.ahead", str(nice)]


def test_a_judge_that_cannot_start_is_no_judge_and_every_move_is_saved(monkeypatch) -> None:
    """J1 at the table: the judge's interpreter is gone. Every move is saved, the game plays to
    its end, and the judge says why it is not judging."""
    monkeypatch.setattr(ahead, "judge_command", _missing_interpreter)
    seats = [SeatConfig("Ann", human=False, level="easy"), SeatConfig("Ben", human=False, level="easy")]
    session = Session.new(seats, Rules.preset("palace"), seed=4)
    saved: list[int] = []
    session.saver = lambda s: saved.append(len(s.history or []))
    judge = TableJudge(lambda: (ITERATIONS, WORK), nice=0)
    try:
        judge.attach(session)
        while session.game.phase != "over":
            session.computer_move()
            assert saved[-1] == len(session.history or [])  # saved before the judge heard of it
        kept: list[object] = []
        judge.finish(session, lambda *args: kept.append(args))
    finally:
        judge.close()
    assert judge.ahead.unavailable is not None and "could not start" in judge.ahead.unavailable
    assert kept == []  # no analysis kept: the review judges the game when it is opened


def test_the_move_is_saved_before_any_watcher_hears_of_it() -> None:
    """J1: whatever a watcher does (here it fails), the move it is told of is already saved."""
    session = Session.new([SeatConfig("Ann"), SeatConfig("Ben")], Rules.preset("palace"), seed=4)
    saved: list[int] = []
    session.saver = lambda s: saved.append(len(s.history or []))

    def watcher(s: Session) -> None:
        raise RuntimeError("the watcher failed")

    session.watcher = watcher
    with pytest.raises(RuntimeError):
        session.apply(session.game.legal_moves()[-1])
    assert saved == [1]


async def test_the_app_saves_the_first_move_and_plays_on_without_a_judge(make_app, data_dir, monkeypatch) -> None:
    """J1 in the app: the first move used to end the app (the judge's start raised) and was not
    saved. Now the move is on disk, the computer answers, and the table is still there."""
    monkeypatch.setattr(ahead, "judge_command", _missing_interpreter)
    session = make_session(humans=("Ann",), computers=("Ben",), seed=3, level="easy")
    app = make_app(session, judge_ahead=True)
    async with running(app, size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        # Through the setup: Ann says ready (her move saved, the judge's start fails), Ben answers.
        await settle(pilot, lambda: screen.mode() == "swap", what="Ann's setup: swap or say ready")
        await press(pilot, "r")  # and waits for the app to be idle: Ben's answer made
        assert session.history, "Ann's ready was not made"
        assert app.is_running and isinstance(app.screen, TableScreen)
        on_disk = json.loads((Path(data_dir) / "session.json").read_text(encoding="utf-8"))["data"]
        assert Session.from_dict(on_disk).game.moves == session.game.moves
        assert len(Session.from_dict(on_disk).history or []) >= 1
        assert app.judge is not None and app.judge.ahead.unavailable is not None
        assert session.game.phase == "play"  # both readies made: the game went on


_NO_DESCRIPTORS = textwrap.dedent(
    """
    import json, os, resource, sys
    from palace_tui.rules import Rules
    from palace_tui.store import Store
    from palace_tui.table.judging import TableJudge
    from palace_tui.table.seats import SeatConfig
    from palace_tui.table.session import Session

    store = Store(sys.argv[1])
    seats = [SeatConfig("Ann", human=False, level="easy"), SeatConfig("Ben", human=False, level="easy")]
    session = Session.new(seats, Rules.preset("palace"), seed=4)
    session.saver = lambda s: store.save_session(s.to_dict())
    judge = TableJudge(lambda: (10, 2000), nice=0)
    judge.attach(session)
    # Every file descriptor but three taken: a save (a file and its folder) still opens,
    # the judge's pipes cannot.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(256, soft), hard))
    held = []
    try:
        while True:
            held.append(os.open(os.devnull, os.O_RDONLY))
    except OSError:
        pass
    for fd in held[-3:]:
        os.close(fd)
    session.computer_move()
    first = len(session.history)
    for fd in held[:-3]:
        os.close(fd)
    for _ in range(4):
        session.computer_move()
    print(json.dumps({"first": first, "moves": len(session.history), "why": judge.ahead.unavailable}))
    judge.close()
    store.close()
    """
)


@pytest.mark.skipif(sys.platform == "win32", reason="file descriptor limits are POSIX's")
def test_no_file_descriptors_left_for_the_judge_still_saves_the_move(tmp_path) -> None:
    """J1 with no file descriptors left (RLIMIT_NOFILE, in a process of its own): the first move is
    saved, the judge is no judge, and the game goes on and is saved."""
    data = tmp_path / "data"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [sys.executable, "-P", "-c", _NO_DESCRIPTORS, str(data)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout.strip().splitlines()[-1])
    assert said["first"] == 1 and said["moves"] == 5
    assert said["why"] and "could not start" in said["why"]
    on_disk = json.loads((data / "session.json").read_text(encoding="utf-8"))["data"]
    assert len(Session.from_dict(on_disk).history or []) == 5
