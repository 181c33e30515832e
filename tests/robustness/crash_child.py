"""The process the crash test kills: the real app, headless, playing on and on from its own save.

Run as ``python -m tests.robustness.crash_child DATA_DIR LOG SEED`` from the repository. It resumes the saved game if
there is one (as ``palace --resume`` does), else deals a new table, then plays human
turns by keys (a computer fills the other seats, with no pause) and answers the
results screen with "play again", until it is killed.

Around every store call the app makes it appends a line to LOG, so the test knows
what the data folder must hold at the moment of the kill::

    ready                         the app is up and the first screen is shown
    begin-save <digest> <game_id> <phase> <moves>
    saved <digest>
    begin-clear / cleared
    begin-record <game_id> / recorded <game_id> <True|False>

``digest`` is the SHA-256 of the session dict as saved. Lines are written before
and after each call with plain ``write``: a SIGKILL loses no byte already written.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import sys


def digest(data: dict) -> str:
    """The fingerprint of a saved session dict (the parent computes the same from the file)."""
    return hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:20]


def table(seed: int):
    """A new table: one human and two computers under the quick first-out rules, or Palace rules."""
    from palace_tui.rules import Rules
    from palace_tui.table.session import SeatConfig, Session

    preset = "first-out" if seed % 2 else "palace"
    seats = [SeatConfig("Ann"), SeatConfig("Cy", human=False), SeatConfig("Dee", human=False)]
    return Session.new(seats, Rules.preset(preset), seed=seed)


async def run(data_dir: str, log_path: str, seed: int) -> None:
    from palace_tui.table.session import open_store
    from palace_tui.tui.app import PalaceApp
    from palace_tui.tui.screens.pass_device import PassScreen
    from palace_tui.tui.screens.results import ResultsScreen
    from tests.helpers.robust import choose_move, human_turn, keys_for, on_result_step, send_keys
    from tests.helpers.settle import running, settle

    log = open(log_path, "a", encoding="utf-8")  # noqa: SIM115 (open while the child lives; a kill closes it)

    def write(line: str) -> None:
        log.write(line + "\n")
        log.flush()

    store = open_store(data_dir)
    if store.warnings:
        write("warnings " + json.dumps(store.warnings))
    save, clear, record = store.save_session, store.clear_session, store.record_game

    def save_session(data):
        game = data["game"]
        d = digest(data)
        write(f"begin-save {d} {data['game_id']} {game['phase']} {game['moves']}")
        save(data)
        write(f"saved {d}")

    def clear_session():
        write("begin-clear")
        clear()
        write("cleared")

    def record_game(rec):
        write(f"begin-record {rec['game_id']}")
        done = record(rec)
        write(f"recorded {rec['game_id']} {done}")
        return done

    store.save_session, store.clear_session, store.record_game = save_session, clear_session, record_game
    if store.load_session() is None:
        app = PalaceApp(table(seed), store=store, ai_delay=0)
    else:
        app = PalaceApp(resume=True, store=store, ai_delay=0)
    rng = random.Random(seed)
    swaps: dict[int, int] = {}
    async with running(app, size=(80, 24)) as pilot:
        write("ready")
        while True:
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, ResultsScreen):
                await send_keys(pilot, ["enter"])
                continue
            if isinstance(screen, PassScreen) or on_result_step(app):
                await send_keys(pilot, ["enter"])
                continue
            game_screen = human_turn(app)
            if game_screen is None:
                continue
            if rng.random() < 0.05:  # a look at the rules now and then: a screen on top mid-turn
                await send_keys(pilot, ["question_mark", "escape"])
                continue
            view = game_screen.view()
            move = choose_move(view, rng, swaps)
            await send_keys(pilot, keys_for(move, view, game_screen.cursor, game_screen.cursor.row))
            if game_screen.message is not None:
                raise AssertionError(f"{move} was refused: {game_screen.message}")


if __name__ == "__main__":
    asyncio.run(run(sys.argv[1], sys.argv[2], int(sys.argv[3])))
