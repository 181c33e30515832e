"""The screens behind the new doors: a game dealt again from the review list is recorded the
moment it ends, the list reads rows edited by hand and first-out games, and the seat table
cuts wide and combining names by terminal cells at 80x24."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from rich.cells import cell_len
from textual.geometry import Region

from palace_tui.rules import Rules
from palace_tui.store import MemoryStore, Store
from palace_tui.table.session import SeatConfig, Session
from palace_tui.tui.app import PalaceApp
from palace_tui.tui.review_app import ReviewApp
from palace_tui.tui.screens.results import ResultsScreen
from palace_tui.tui.screens.review_list import ReviewListScreen
from palace_tui.tui.widgets.seat_list import SeatList
from tests.helpers.app import press, screen_text
from tests.helpers.settle import running, settle


def computers_game(names: list[str], preset: str = "palace", seed: int = 5) -> Session:
    session = Session.new([SeatConfig(n, human=False, level="easy") for n in names], Rules.preset(preset), seed=seed)
    while session.game.phase != "over":
        session.computer_move()
    return session


async def test_a_game_dealt_again_from_the_review_is_recorded_the_moment_it_ends(tmp_path: Path) -> None:
    """d on the list, the game played to its results screen: another reader of the folder (a
    second process, say ``palace records``) sees it there before the app has quit."""
    data = tmp_path / "data"
    store = Store(data)
    store.record_game(computers_game(["Ann", "Ben", "Cy"]).record())
    review = ReviewApp(store=store)
    async with running(review, size=(100, 32)) as pilot:
        assert isinstance(review.screen, ReviewListScreen)
        await press(pilot, "d")
    again = review.return_value
    assert isinstance(again, Session)
    app = PalaceApp(again, store=store, ai_delay=0)
    async with running(app, size=(100, 32)) as pilot:
        await settle(pilot, ResultsScreen)
        await settle(pilot)  # the results screen mounted whole: Textual trips on an exit during its mount
        with Store(data, claim_saves=False) as reader:  # its own connection, as another process has
            assert reader.game_count() == 2
            assert reader.game_list()[0]["game_id"] == again.game_id
    store.close()


async def test_the_list_names_a_first_out_winner_once_and_counts_unreadable_rows(tmp_path: Path) -> None:
    """'Cy first, Cy last' for a first-out game; a row edited by hand crashed the list."""
    data = tmp_path / "data"
    with Store(data) as store:
        first_out = computers_game(["Ann", "Ben", "Cy"], "first-out")
        store.record_game(first_out.record())
        store.record_game(computers_game(["Dee", "Eve"], seed=6).record())
        store.record_game(computers_game(["Fay", "Gus"], seed=7).record())
    db = sqlite3.connect(data / "records.sqlite3")
    with db:
        db.execute("UPDATE histories SET players = 'not json' WHERE id = 3")
    db.close()
    winner = first_out.names[first_out.game.outcome().order[0]]
    with Store(data) as store:
        app = ReviewApp(store=store)
        async with running(app, size=(100, 32)):
            assert isinstance(app.screen, ReviewListScreen)
            text = screen_text(app)
            assert f"{winner} went out first" in text and f"{winner} last" not in text
            assert "1 recorded game could not be read (edited by hand?) and is not listed." in " ".join(text.split())
            assert "Fay" not in text and "Dee" in text


async def test_wide_and_combining_names_keep_the_seat_table_in_line_at_80x24() -> None:
    """Names cut by characters misaligned the columns and pushed face-up cards off the panel."""
    names = ["中文名字中文名字", "Zoe\u0308lle-Marie", "👍👍👍👍👍👍", "Ann"]
    session = Session.new([SeatConfig(n, human=False, level="easy") for n in names], Rules.preset("palace"), seed=3)
    app = PalaceApp(session, store=MemoryStore(), ai_delay=60)
    async with running(app):
        seats = app.screen.query_one(SeatList)
        drawn = [strip.text for strip in seats.render_lines(Region(0, 0, *seats.outer_size)) if " cpu" in strip.text]
        assert len(drawn) == len(names), drawn
        columns = [cell_len(line[: line.index(" cpu")]) for line in drawn]
        assert len(set(columns)) == 1, drawn  # every name takes the same cells: the columns line up
        for seat, line in zip(session.game.seats, drawn):
            assert "…" not in line, drawn
            for card in seat.face_up:
                assert str(card) in line, drawn  # no face-up card cut off
