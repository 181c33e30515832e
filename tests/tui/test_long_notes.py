"""A long note at the table ("Since your last turn" after a busy lap, "Your move") is read
whole, by keys alone, at every width from 40 columns up.

The note grows to show its words, up to half the screen; the public table above it gives
way and scrolls by PgUp/PgDn. A note longer than half the screen scrolls too: PgDn reads it
on before it scrolls the table.
"""

from __future__ import annotations

import pytest

from palace_tui.tui.table.screen import TableScreen
from palace_tui.tui.widgets.board import Board
from palace_tui.words.events import recap_for
from tests.helpers.app import press, reads, screen_text
from tests.helpers.built_table import FIVE_SEATS, long_recap
from tests.helpers.settle import running, settle

SIZES = [(80, 24), (60, 20), (40, 20)]


async def at_anns_turn(app, pilot) -> TableScreen:
    """Ann's turn (her cards are up as the table opens: she was the last at the screen)."""
    await settle(pilot)
    screen = app.screen
    assert isinstance(screen, TableScreen) and screen.mode() == "hand"
    return screen


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_a_long_recap_is_read_whole_and_the_table_it_covers_by_keys(make_app, size):
    """Five seats, a pickup, three skips, two clears since Ann's last turn: her recap is on
    screen whole when her turn starts, with her cards and what to do; every seat and the
    pile it pushed out of view come back by PgDn (the recap and the cards staying put) and
    PgUp goes back to the top; after her move, "Your move" and how to end the turn are read."""
    session = long_recap()
    recap = f"Since your last turn: {recap_for(session.events, session.names, 0)}"
    assert len(recap) > 320 and "then played 3♣." in recap
    app = make_app(session)
    async with running(app, size=size) as pilot:
        screen = await at_anns_turn(app, pilot)
        text = screen_text(app)
        assert reads(text, recap), text
        assert reads(text, "Your turn: play 3 or higher") and "5♣" in text and "K♣" in text, text
        board = screen.query_one(Board)
        seen = [text]
        for _ in range(12):
            if board.scroll_y >= board.max_scroll_y:
                break
            await press(pilot, "pagedown")
            text = screen_text(app)
            assert reads(text, recap) and "5♣" in text, text
            seen.append(text)
        assert board.scroll_y == board.max_scroll_y
        table = "\n".join(seen)
        for seat in FIVE_SEATS:
            face_up = " ".join(str(c) for c in session.game.view(0).seats[FIVE_SEATS.index(seat)].face_up)
            assert any(seat["name"] in line and face_up in line for line in table.splitlines()), (seat, table)
        assert "1 card in the pile" in table and "stock 0" in table
        for _ in range(12):
            await press(pilot, "pageup")
        assert board.scroll_y == 0 and "Table" in screen_text(app).splitlines()[0]
        await press(pilot, "enter")  # the 5♣ under the cursor
        assert screen.mode() == "result"
        text = screen_text(app)
        assert reads(text, "Your move: You played 5♣.") and reads(text, "Enter ends your turn"), text


async def test_a_note_longer_than_half_the_screen_is_read_on_by_pgdn(make_app):
    """Past half the screen (ten lines at 40x20) a note scrolls: PgDn reads it on to its last
    words before it scrolls the table, and PgUp scrolls the table back before the note. (No
    recap gets this long: six clauses at most; the note is built here.)"""
    session = long_recap()
    app = make_app(session)
    async with running(app, size=(40, 20)) as pilot:
        screen = await at_anns_turn(app, pilot)
        words = " ".join(f"Sentence number {n} of a very long note." for n in range(1, 16))
        screen.note.say("Coach", words)
        await settle(pilot)
        note, board = screen.note, screen.query_one(Board)
        assert note.size.height == 10 and note.max_scroll_y > 0
        assert reads(screen_text(app), "Coach: Sentence number 1 of")
        assert not reads(screen_text(app), "number 15 of a very long note.")
        for _ in range(5):
            if reads(screen_text(app), "number 15 of a very long note."):
                break
            await press(pilot, "pagedown")
        assert reads(screen_text(app), "number 15 of a very long note.") and board.scroll_y == 0
        await press(pilot, "pagedown")  # the note's end is in view: the table scrolls now
        assert board.scroll_y > 0 and reads(screen_text(app), "number 15 of a very long note.")
        await press(pilot, "pageup")
        assert board.scroll_y == 0 and reads(screen_text(app), "number 15 of a very long note.")
        for _ in range(5):
            await press(pilot, "pageup")
        assert reads(screen_text(app), "Coach: Sentence number 1 of")
