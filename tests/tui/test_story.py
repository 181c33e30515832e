"""The results screen tells the table's story under the scoreboard: wins, average place, the
streak and a chart of the last games' places, from the records kept."""

from __future__ import annotations

from palace_tui.ai import make_player
from palace_tui.store.memory import MemoryStore
from palace_tui.store.story import story
from palace_tui.tui.screens.results import ResultsScreen
from palace_tui.words.story import places_chart, streak_words
from tests.helpers.app import make_session, screen_text
from tests.helpers.settle import running
from tests.tui.test_snapshots import app_for


def _played(games: int, store: MemoryStore):
    """A table of Ann and three computers that has played ``games`` games, the last just over."""
    session = make_session("palace", humans=("Ann",), computers=("Ben", "Cy", "Dee"), seed=4)
    for k in range(games):
        while session.game.phase != "over":
            session.apply(make_player("random", session.game.moves).choose(session.game))
        if k < games - 1:
            store.record_game(session.record())
            session.play_again()
    return session


async def test_the_results_tell_the_tables_story() -> None:
    store = MemoryStore()
    session = _played(4, store)
    app = app_for(session, store)
    async with running(app):
        assert isinstance(app.screen, ResultsScreen)
        text = screen_text(app)
        # The game just over is in the story too: four games, one bar each.
        expected = story(store.table_games(session.table_id))
        assert [p.games for p in expected] == [4, 4, 4, 4]
        for player in expected:
            row = next(line for line in text.splitlines() if f" {player.name} " in line and "(best" in line)
            assert places_chart(player.recent) in row
            assert streak_words(player.current_streak, player.best_streak) in row
        assert "In a row" in text and "Place: the average place." in text


async def test_one_game_tells_no_story_yet() -> None:
    store = MemoryStore()
    app = app_for(_played(1, store), store)
    async with running(app):
        assert isinstance(app.screen, ResultsScreen)
        assert not app.screen.query_one("#story").display and "In a row" not in screen_text(app)
