"""Save and resume through the real app: ctrl+q mid-game, then Continue, New or ``palace --resume``.

Each test plays some moves by keys, quits with ctrl+q, and starts a second app on
the same data folder. The resumed game must be exactly the saved position (the
engine's own ``to_json``), with the seat that was to act behind the privacy screen;
a finished game must count once in the records however often it is resumed.
"""

from __future__ import annotations

import json
import random

from palace_tui.cli.play import build
from palace_tui.rules import Rules
from palace_tui.store import Store
from palace_tui.table.session import SeatConfig, Session
from palace_tui.tui.screens.new_table import NewTableScreen
from palace_tui.tui.screens.pass_device import PassScreen
from palace_tui.tui.screens.results import ResultsScreen
from palace_tui.tui.table.screen import TableScreen
from tests.helpers.robust import (
    choose_move,
    deck_problem,
    keys_for,
    make_session,
    play_human_moves,
    screen_text,
    send_keys,
)
from tests.helpers.settle import running, settle


def saved(data_dir) -> dict | None:
    """The session the store holds now (read by a separate Store, as a new process would)."""
    with Store(data_dir) as store:
        return store.load_session()


#: What the start-up question's answers may be called: its own words, or a yes/no question's.
ANSWERS = {"Continue": ("continue", "yes"), "New": ("new", "no")}


def offer_key(app, answer: str) -> str | None:
    """The key on the top screen that answers Continue or New to "an unfinished game is saved"."""
    for key, active in app.screen.active_bindings.items():
        description = (active.binding.description or "").casefold()
        if active.enabled and description.startswith(ANSWERS[answer]):
            return key
    return None


async def quit_mid_game(make_app, session: Session, moves: int, seed: int = 5) -> tuple[str, dict]:
    """Play ``moves`` human moves, ctrl+q, and return the position and the session dict at that moment."""
    app = make_app(session)
    async with running(app, size=(100, 30)) as pilot:
        played = await play_human_moves(app, pilot, random.Random(seed), moves)
        assert played == moves
        await settle(pilot)
        position = session.game.to_json()
        state = session.to_dict()
        await send_keys(pilot, ["ctrl+q"])
    assert app.return_code == 0, app._exception
    assert session.game.to_json() == position, "ctrl+q changed the game"
    return position, state


def assert_same_position(resumed: Session, position: str, state: dict) -> None:
    assert resumed.game.to_json() == position
    assert deck_problem(resumed.game) is None
    for key in ("table_id", "game_id", "game_number", "seats", "rules", "log", "log_total", "started"):
        assert resumed.to_dict()[key] == state[key], key


async def test_ctrl_q_then_continue_restores_the_position_behind_the_privacy_screen(make_app, data_dir):
    """Two humans and a computer: after ctrl+q a new start offers Continue, which puts back the
    very same position and names the seat that was to act on the privacy screen, showing no card."""
    session = make_session("palace", humans=("Ann", "Ben"), computers=("Cy",), seed=21)
    position, state = await quit_mid_game(make_app, session, moves=9)
    to_act = json.loads(position)["turn"]
    assert saved(data_dir)["game"] == json.loads(position), "ctrl+q did not save the position on screen"

    app = make_app()
    async with running(app, size=(100, 30)) as pilot:
        text = screen_text(app)
        key = offer_key(app, "Continue")
        assert key is not None, f"no Continue offered at start with a saved game:\n{text}"
        assert "Continue" in text and "new" in text.casefold(), text
        assert offer_key(app, "New") is not None, f"no New offered beside Continue:\n{text}"
        await send_keys(pilot, [key])
        await settle(pilot, PassScreen)
        assert isinstance(app.screen, PassScreen), type(app.screen).__name__
        assert app.screen.seat == to_act
        text = screen_text(app)
        assert f"Pass to {session.names[to_act]}" in text
        assert_same_position(app.session, position, state)
        await send_keys(pilot, ["enter"])
        game_screen = app.screen
        assert isinstance(game_screen, TableScreen) and game_screen.viewer == to_act
        # The game goes on from there: one more move by keys is accepted.
        assert await play_human_moves(app, pilot, random.Random(8), 1) == 1
        assert app.session.game.moves > json.loads(position)["moves"] or json.loads(position)["phase"] == "setup"


async def test_new_instead_of_continue_opens_the_new_table(make_app, data_dir):
    """Choosing New at the offer goes to the new-table screen, and a started table replaces the save."""
    session = make_session("shithead", humans=("Ann", "Ben"), computers=(), seed=4)
    await quit_mid_game(make_app, session, moves=3)

    app = make_app()
    async with running(app, size=(100, 30)) as pilot:
        key = offer_key(app, "New")
        assert key is not None, f"no New offered at start with a saved game:\n{screen_text(app)}"
        await send_keys(pilot, [key])
        await settle(pilot, NewTableScreen)
        assert isinstance(app.screen, NewTableScreen), type(app.screen).__name__
        await send_keys(pilot, ["ctrl+s"])
        fresh = lambda: app.session is not None and app.session.game_id != session.game_id  # noqa: E731
        await settle(pilot, fresh)
        # The same people at the same rules: the same table, a new game in place of the saved one.
        assert app.session is not None and app.session.game_id != session.game_id and app.session.game.moves == 0
        await send_keys(pilot, ["ctrl+q"])
    assert app.return_code == 0
    assert saved(data_dir)["game_id"] != session.game_id


async def test_resume_flag_goes_straight_back_to_the_saved_seat(make_app, data_dir):
    """``palace --resume --data-dir D`` (through play_cli) skips the offer and shows the saved seat's privacy screen."""
    session = make_session("first-out", humans=("Ann", "Ben", "Dee"), computers=("Cy",), seed=33)
    position, state = await quit_mid_game(make_app, session, moves=7)
    to_act = json.loads(position)["turn"]

    kwargs = build(["--resume", "--data-dir", data_dir, "--ai-delay", "0"])
    assert kwargs["resume"] is True and kwargs["session"] is None
    from palace_tui.tui.app import PalaceApp

    app = PalaceApp(**kwargs)
    async with running(app) as pilot:
        assert isinstance(app.screen, PassScreen), type(app.screen).__name__
        assert app.screen.seat == to_act
        assert_same_position(app.session, position, state)
        assert "Pass to " + session.names[to_act] in screen_text(app)
        # ctrl+q straight away saves the same position again.
        await send_keys(pilot, ["ctrl+q"])
    assert app.return_code == 0
    assert saved(data_dir)["game"] == json.loads(position)


async def test_resume_in_setup_keeps_the_setup_step(make_app, data_dir):
    """A game quit half-way through setup (one human has swapped) resumes at the same setup step."""
    session = make_session("palace", humans=("Ann", "Ben"), computers=(), seed=2)
    position, state = await quit_mid_game(make_app, session, moves=1)
    assert json.loads(position)["phase"] == "setup"
    app = make_app(resume=True)
    async with running(app):
        assert isinstance(app.screen, PassScreen)
        assert app.screen.seat == json.loads(position)["turn"]
        assert_same_position(app.session, position, state)


async def test_resume_with_nothing_saved_opens_the_new_table(make_app, data_dir):
    """--resume with an empty data folder does not crash: the new-table screen opens."""
    app = make_app(resume=True)
    async with running(app):
        assert isinstance(app.screen, NewTableScreen)
        assert "Traceback" not in screen_text(app)


def near_the_end(seed: int) -> Session:
    """Two humans whose next move (for the seat to act) can end the game: found by playing in memory."""
    rules = Rules.preset("palace")
    session = Session.new([SeatConfig("Ann"), SeatConfig("Ben")], rules, seed=seed)
    rng = random.Random(seed)
    swaps: dict[int, int] = {}
    for _ in range(2000):
        game = session.game
        view = game.view(game.turn)
        if game.phase == "play":
            for move in view.legal:
                trial = game.copy()
                trial.play(move)
                if trial.phase == "over":
                    return session
        session.apply(choose_move(view, rng, swaps))
    raise AssertionError("no game-ending move found")


def ending_move(game):
    for move in game.legal_moves():
        trial = game.copy()
        trial.play(move)
        if trial.phase == "over":
            return move
    raise AssertionError("no ending move")


async def test_a_finished_game_counts_once_when_resumed_and_ended_again(make_app, data_dir):
    """The last move is saved, recorded, and the app "dies" before the save is cleared. Resuming
    shows the result again and records nothing new; playing on and resuming again changes no count."""
    session = near_the_end(seed=12)
    names = session.names
    app = make_app(session)
    async with running(app, size=(100, 30)) as pilot:
        app.store.clear_session = lambda: None  # the crash: the record is written, the save stays
        await settle(pilot, PassScreen)
        assert isinstance(app.screen, PassScreen)
        await send_keys(pilot, ["enter"])
        screen = app.screen
        move = ending_move(session.game)
        await send_keys(pilot, keys_for(move, screen.view(), screen.cursor, screen.cursor.row))
        await settle(pilot, ResultsScreen)
        assert isinstance(app.screen, ResultsScreen), type(app.screen).__name__
        await send_keys(pilot, ["ctrl+q"])
    left = saved(data_dir)
    assert left is not None and left["game"]["phase"] == "over"
    with Store(data_dir) as store:
        assert store.game_count() == 1

    for crash in range(2):  # resumed twice from the same save: the result is shown, never counted again
        if crash:
            with Store(data_dir) as store:
                store.save_session(left)  # as if the resumed app died before clearing the save too
        app = make_app(resume=True)
        async with running(app, size=(100, 30)) as pilot:
            assert isinstance(app.screen, ResultsScreen), type(app.screen).__name__
            await send_keys(pilot, ["ctrl+q"])
        assert saved(data_dir) is None, "the shown result left its save behind"
        with Store(data_dir) as store:
            assert store.game_count() == 1
            board = store.scoreboard(session.table_id)
            assert sorted(r["name"] for r in board) == sorted(names)
            assert all(r["games"] == 1 for r in board), board

    # Play again from a resumed result, quit, resume: still one game recorded.
    with Store(data_dir) as store:
        store.save_session(left)
    app = make_app(resume=True)
    async with running(app, size=(100, 30)) as pilot:
        await send_keys(pilot, ["enter"])  # play again
        await settle(pilot, lambda: app.session.game_number == 1 and app.session.game.phase == "setup")
        assert app.session.game_number == 1 and app.session.game.phase == "setup"
        await send_keys(pilot, ["ctrl+q"])
    again = saved(data_dir)
    assert again is not None and again["game_number"] == 1
    with Store(data_dir) as store:
        assert store.game_count() == 1
        assert all(r["games"] == 1 for r in store.scoreboard(session.table_id))
