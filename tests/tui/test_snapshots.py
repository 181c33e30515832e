"""Snapshots of the main screens at 80x24, from fixed seeds (pytest-textual-snapshot).

Update them after a deliberate change with ``pytest tests/app --snapshot-update``.
"""

from __future__ import annotations

import pytest
from textual.widgets import Input

from palace_tui.ai import make_player
from palace_tui.table.session import MemoryStore, Session
from palace_tui.tui.app import PalaceApp
from tests.helpers.app import make_session
from tests.helpers.settle import settle

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def _last_move_stays_lit(monkeypatch):
    """A move made by a key stays lit until the snapshot is taken, however loaded the machine."""
    monkeypatch.setattr("palace_tui.tui.table.move_highlight.SECONDS", 3600)


def app_for(session: Session | None = None, store: MemoryStore | None = None) -> PalaceApp:
    return PalaceApp(session, ai_delay=0, store=store or MemoryStore())


def advance(session: Session, until, limit: int = 3000) -> Session:
    """Play on (humans by the random player) until ``until(session)`` with a human to act."""
    for _ in range(limit):
        g = session.game
        assert g.phase != "over", "position not reached"
        if session.is_human(g.turn) and until(session):
            return session
        if session.is_human(g.turn):
            session.apply(make_player("random", g.moves).choose(g))
        else:
            session.computer_move()
    raise AssertionError("position not reached")


def five_seats(seed: int = 7) -> Session:
    return make_session(humans=("Ann",), computers=("Ben", "Cy", "Dee", "Eve"), seed=seed)


async def _no_blink(pilot) -> None:
    """Stop text cursors blinking, or a slow machine catches one mid-blink."""
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False
    await settle(pilot)


def test_new_table(snap_compare):
    """The new-table screen with the default table."""
    assert snap_compare(app_for(), terminal_size=SIZE, run_before=_no_blink)


def test_privacy_screen(snap_compare):
    """Pass to Ben before his setup: a name and nothing else."""
    assert snap_compare(app_for(make_session(humans=("Ann", "Ben"), computers=("Cy",))), terminal_size=SIZE)


def test_swap_setup(snap_compare):
    """Ann swaps: her hand and face-up row with the cursor on the face-up row."""
    session = make_session(humans=("Ann",), computers=("Ben", "Cy"), seed=5)
    assert snap_compare(app_for(session), terminal_size=SIZE, press=["right", "down"])


def test_five_seats_mid_game(snap_compare):
    """A 5-seat game some way in, a group of one rank marked."""
    session = advance(five_seats(), lambda s: s.game.phase == "play" and s.game.moves >= 20)
    assert snap_compare(app_for(session), terminal_size=SIZE, press=["space"])


def test_face_down_stage(snap_compare):
    """Ann has only face-down cards: backs numbered by position, the second chosen."""
    session = advance(five_seats(8), lambda s: s.game.phase == "play" and s.game.stage(0) == "face_down")
    assert snap_compare(app_for(session), terminal_size=SIZE, press=["right"])


def test_results(snap_compare):
    """The result of a finished game and the table's scoreboard."""
    store = MemoryStore()
    session = make_session("shithead", humans=("Ann",), computers=("Ben", "Cy"), seed=3)
    while session.game.phase != "over":
        g = session.game
        session.apply(make_player("random", g.moves).choose(g))
    assert snap_compare(app_for(session, store), terminal_size=SIZE)


def test_how_to_play(snap_compare):
    """How to play on one screen, with a house rule in force."""
    session = make_session(humans=("Ann",), computers=("Ben",), options=["eight=reverse"])
    assert snap_compare(app_for(session), terminal_size=SIZE, press=["question_mark"])


def test_rules(snap_compare):
    """The full rules for the options in force (? on the how-to-play card)."""
    session = make_session(humans=("Ann",), computers=("Ben",), options=["eight=reverse"])
    assert snap_compare(app_for(session), terminal_size=SIZE, press=["question_mark", "question_mark"])


# ---------------------------------------------------------------------- the turn at a shared keyboard

#: Ann, Ben (people) and Cy (a computer) at a built position, Ann to play, her cards up.
TURN_SEATS = [
    {"name": "Ann", "hand": "4C 9D 10H", "face_up": "KS QD JC", "face_down": "3D 5C 7S"},
    {"name": "Cy", "hand": "5S 6S 7C", "face_up": "QH 8H AD", "face_down": "8D 2S 6C"},
    {"name": "Ben", "hand": "JH 4S 6H", "face_up": "KC 9C 3H", "face_down": "AS 5H 7D"},
]


def shared_turn() -> Session:
    from palace_tui.rules import Game, Rules
    from palace_tui.table.session import SeatConfig

    game = Game.from_position(Rules.preset("palace"), seats=TURN_SEATS, pile="5D 6D", stock="2C 3S 8C")
    seats = [SeatConfig("Ann"), SeatConfig("Cy", human=False, level="easy"), SeatConfig("Ben")]
    return Session("t1", seats, game.rules, "palace", 1, game, game_id="t1-1", shown=0)


def _result_app() -> PalaceApp:
    return PalaceApp(shared_turn(), ai_delay=30, store=MemoryStore())


def test_result_step_80x24(snap_compare):
    """Ann played 9♦ and drew: she sees the card drawn; Enter ends her turn, u takes it back? (no: a draw)."""
    assert snap_compare(_result_app(), terminal_size=SIZE, press=["right", "enter"])


def test_result_step_120x40(snap_compare):
    """The result step at 120x40."""
    assert snap_compare(_result_app(), terminal_size=(120, 40), press=["right", "enter"])


async def _cy_keeps_its_pause(pilot) -> None:
    """Cy's move is to be covered by Ben's pass screen, so it would land at once (R-17): the
    public table is drawn here as a computer that keeps its pause leaves it."""
    await settle(pilot)  # the table screen up, its computers' turns made
    pilot.app.screen.computers.covered = lambda: False


def test_public_table_while_computers_play_80x24(snap_compare):
    """Ann ended her turn: Cy thinks on the public table, nobody's cards are up."""
    assert snap_compare(
        _result_app(), terminal_size=SIZE, press=["right", "enter", "enter"], run_before=_cy_keeps_its_pause
    )


def test_public_table_while_computers_play_120x40(snap_compare):
    """The public table at 120x40."""
    assert snap_compare(
        _result_app(), terminal_size=(120, 40), press=["right", "enter", "enter"], run_before=_cy_keeps_its_pause
    )


def largest_rows(seed: int = 11) -> Session:
    """Six seats, two packs with jokers, five face down and five face up, some way into play."""
    session = make_session(
        humans=("Ann",),
        computers=("Ben", "Cy", "Dee", "Eve", "Fay"),
        seed=seed,
        options=["packs=2", "jokers=true", "face_up=5", "face_down=5"],
    )
    return advance(session, lambda s: s.game.phase == "play" and s.game.moves >= 12)


def test_largest_rows_80x24(snap_compare):
    """Six seats with the largest rows at 80x24: every face-up card whole, the footer whole."""
    assert snap_compare(app_for(largest_rows()), terminal_size=SIZE)


def test_largest_rows_120x40(snap_compare):
    """The same table at 120x40: the cards drawn tall."""
    assert snap_compare(app_for(largest_rows()), terminal_size=(120, 40))


def _finished() -> tuple[Session, MemoryStore]:
    store = MemoryStore()
    session = make_session("palace", humans=("Ann",), computers=("Ben", "Cy", "Dee"), seed=4)
    while session.game.phase != "over":
        g = session.game
        session.apply(make_player("random", g.moves).choose(g))
    return session, store


def test_results_palace_80x24(snap_compare):
    """Results at 80x24: last move, order out, the Palace named, points as awarded, next dealer."""
    session, store = _finished()
    assert snap_compare(app_for(session, store), terminal_size=SIZE)


def test_results_palace_120x40(snap_compare):
    """The same results at 120x40."""
    session, store = _finished()
    assert snap_compare(app_for(session, store), terminal_size=(120, 40))
