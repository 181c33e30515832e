"""A game stopped before its first move, reviewed (issue 31, A1): r on its results, the list of
`palace review` and `palace review FILE` raised IndexError (exit 1) every time. It is reviewed
as its deal, and the review says there is nothing to review."""

from __future__ import annotations

from palace_tui.rules import Rules
from palace_tui.rules.cards import shuffled_deck
from palace_tui.rules.gamefile import GameRecord, SeatInfo, format_game
from palace_tui.tui.review_app import ReviewApp
from palace_tui.tui.screens.pass_device import PassScreen
from palace_tui.tui.screens.results import ResultsScreen
from palace_tui.tui.screens.review import ReviewScreen
from palace_tui.tui.screens.review_list import ReviewListScreen
from palace_tui.tui.table.screen import TableScreen
from tests.helpers.app import make_session, press, screen_text
from tests.helpers.pty_app import PtyApp
from tests.helpers.settle import running, settle

NOTHING = "Nothing to review: these are the cards as dealt."


async def test_a_game_abandoned_at_the_deal_reviews_as_its_deal(make_app, data_dir) -> None:
    session = make_session("palace", humans=("Ann", "Ben"), computers=(), seed=6)
    app = make_app(session)
    app.review_iterations = 1
    dealt = session.game.copy()
    async with running(app, size=(100, 32), until=PassScreen) as pilot:
        await press(pilot, "enter")  # the pass screen: Ann's cards
        await settle(pilot, TableScreen)
        await press(pilot, "x", "y")  # stopped before anyone moved
        await settle(pilot, ResultsScreen)
        assert isinstance(app.screen, ResultsScreen) and not session.history
        await press(pilot, "r")
        await settle(pilot, ReviewScreen)
        text = screen_text(app)
        assert NOTHING in text and "stopped at the deal" in text
        assert " ".join(str(c) for c in dealt.seats[1].face_down) in text  # every card face up
        await press(pilot, "right", "t", "s", "home")  # nothing to step to, no turning points, no summary
        assert isinstance(app.screen, ReviewScreen) and NOTHING in screen_text(app)
        await press(pilot, "escape")
        assert isinstance(app.screen, ResultsScreen)
    assert app.return_code in (None, 0)

    # palace review's list holds it (an abandoned game's moves are kept): it opens, every time.
    for _ in range(2):
        review = ReviewApp(data_dir=data_dir, iterations=1)
        async with running(review, size=(100, 32), until=ReviewListScreen) as pilot:
            await settle(pilot, "abandoned")
            await press(pilot, "enter")
            await settle(pilot, NOTHING)
            assert isinstance(review.screen, ReviewScreen)
            await press(pilot, "escape")
            await settle(pilot, ReviewListScreen)
        assert review.return_code in (None, 0)
        review.store.close()


def test_palace_review_of_a_file_with_no_moves_shows_the_deal(tmp_path) -> None:
    rules = Rules.preset("palace")
    record = GameRecord(
        rules, [SeatInfo("Ann"), SeatInfo("Ben")], seed=3, dealer=0, deck=shuffled_deck(1, False, 3)[::-1]
    )
    record.abandoned = True
    path = tmp_path / "stopped.palace"
    path.write_text(format_game(record), encoding="utf-8")
    app = PtyApp(["review", str(path), "--data-dir", str(tmp_path / "data")])
    try:
        assert app.read_until(b"Nothing to review"), app.seen.decode(errors="replace")[-2000:]
        app.type(b"\x1b")
        assert app.finish() == 0
        assert b"Traceback" not in app.seen and b"IndexError" not in app.seen
    finally:
        app.close()
