"""The results screen leaves no empty rows: those its boxes leave free tell how the game went
(its log, the last move at the bottom), or stay empty when too few to read it (issue 36, R-19).

Looked at with two and six seats, on a first game and a third (the table's story under the
scoreboard), at 80x24, 120x40 and a phone held upright (40x45 cells, touched).
"""

from __future__ import annotations

import pytest

from palace_tui.ai import make_player
from palace_tui.device import Device
from palace_tui.rules import Rules
from palace_tui.store.memory import MemoryStore
from palace_tui.table.session import SeatConfig, Session
from palace_tui.tui.app import PalaceApp
from palace_tui.tui.screens.results import GAME_STORY_LINES, ResultsScreen
from palace_tui.words import log_sentence
from palace_tui.words.results import GAME_STORY_TITLE
from tests.helpers.app import screen_text
from tests.helpers.settle import running, settle

NAMES = ("Ann", "Ben", "Cy", "Dee", "Eve", "Flo")
PHONE = Device("touch", 5, 3)


def played(seats: int, games: int, store: MemoryStore) -> Session:
    """Ann and ``seats - 1`` computers after ``games`` games, the last just over (six need jokers)."""
    rules = Rules.preset("palace").replace(jokers=seats > 5)
    table = [SeatConfig(name, human=k == 0, level="random") for k, name in enumerate(NAMES[:seats])]
    session = Session.new(table, rules, seed=3)
    for k in range(games):
        while session.game.phase != "over":
            g = session.game
            if session.is_human(g.turn):
                session.apply(make_player("random", g.moves).choose(g))
            else:
                session.computer_move()
        if k < games - 1:
            store.record_game(session.record())
            session.play_again()
    return session


def body_rows(app: PalaceApp) -> list[str]:
    """The screen's rows the results' body covers (under the title, over the keys)."""
    body = app.screen.query_one("#results-body").region
    return screen_text(app).splitlines()[body.y : body.bottom]


def longest_empty_run(rows: list[str]) -> int:
    run = longest = 0
    for row in rows:
        run = run + 1 if not row.strip() else 0
        longest = max(longest, run)
    return longest


@pytest.mark.parametrize("seats", [2, 6])
@pytest.mark.parametrize("games", [1, 3])
@pytest.mark.parametrize(
    ("size", "device"),
    [((80, 24), None), ((120, 40), None), ((40, 45), PHONE)],
    ids=["80x24", "120x40", "phone"],
)
async def test_no_run_of_empty_rows_the_game_told_in_them(seats, games, size, device) -> None:
    store = MemoryStore()
    session = played(seats, games, store)
    app = PalaceApp(session, ai_delay=0, store=store, **({"device": device} if device else {}))
    async with running(app, size=size):
        assert isinstance(app.screen, ResultsScreen)
        rows = body_rows(app)
        story = app.screen.query_one("#game-story")
        shown = not story.has_class("-no-room") and story.size.height > 0
        # Fewer empty rows than the smallest log box (its two edges and its lines) would take.
        assert longest_empty_run(rows) < GAME_STORY_LINES + 2, "\n".join(rows)
        text = "\n".join(rows)
        if shown:
            # The box is whole, its title on top and the game's last line at its bottom.
            assert GAME_STORY_TITLE in text, text
            last = [e for e in session.log_entries if not isinstance(e, str)][-1]
            assert str(log_sentence(last, session.names, session.rules)) in text, text
            assert story.size.height >= GAME_STORY_LINES
        else:
            assert GAME_STORY_TITLE not in text, text


async def test_the_game_comes_and_goes_as_the_screen_grows_and_shrinks() -> None:
    """Too few rows: no box at all (not an edge and a cut line); room again: the box again."""
    store = MemoryStore()
    app = PalaceApp(played(6, 1, store), ai_delay=0, store=store)
    async with running(app, size=(120, 40)) as pilot:
        assert GAME_STORY_TITLE in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await settle(pilot, lambda: GAME_STORY_TITLE not in screen_text(app))
        assert longest_empty_run(body_rows(app)) < GAME_STORY_LINES + 2
        await pilot.resize_terminal(120, 40)
        await settle(pilot, GAME_STORY_TITLE)
        # Wrapped again to the new width: the last line whole on one row.
        assert "went out" in screen_text(app)
