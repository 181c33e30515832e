"""Pilot tests of the review: stepping through a finished game, verdicts from the search, turning
points, the summary, stopping and keeping the analysis, the results screen's r, the list of
recorded games and dealing one again."""

from __future__ import annotations

import contextlib
import shutil
from pathlib import Path

import pytest

from palace_tui.ai import make_player
from palace_tui.ai.analysis import analyse
from palace_tui.rules.cards import cards_text
from palace_tui.rules.gamefile import replay
from palace_tui.store import Store
from palace_tui.table.session import Session
from palace_tui.tui.review_app import ReviewApp
from palace_tui.tui.screens.results import ResultsScreen
from palace_tui.tui.screens.review import ReviewScreen
from palace_tui.tui.screens.review_list import ReviewListScreen
from palace_tui.tui.screens.review_summary import ReviewSummaryScreen
from palace_tui.tui.table.screen import TableScreen
from palace_tui.tui.widgets.seat_list import place_text
from tests.helpers.app import make_session, press, screen_text
from tests.helpers.settle import running, settle
from tests.helpers.told import told

V1 = Path(__file__).parents[1] / "store" / "data" / "records-v1.sqlite3"
#: The coach's search in these reviews: small, so a whole game is reviewed quickly.
WORK = 3_000


def finished(seed: int = 4) -> Session:
    """Ann (a person, who here plays at random) against two easy computers, played to the end."""
    session = make_session("palace", humans=("Ann",), computers=("Ben", "Cy"), seed=seed, level="easy")
    ann = make_player("random", seed)
    while session.game.phase != "over":
        if session.is_human(session.game.turn):
            session.play_human(ann.choose(session.game))
        else:
            session.computer_move()
    return session


async def analysed(pilot, screen: ReviewScreen) -> None:
    """Wait for the worker (no timing is asserted: the bound only keeps a hung worker from hanging the run)."""
    await settle(pilot, lambda: screen.analysis is not None, what="the review's analysis", timeout=180)


@contextlib.asynccontextmanager
async def reviewed_alone(screen: ReviewScreen, size: tuple[int, int]):
    """``screen`` as the only screen of a bare app, its analysis finished: yields the app."""
    from textual.app import App

    class One(App):
        def on_mount(self) -> None:
            self.push_screen(screen)

    app = One()
    async with running(app, size=size) as pilot:
        await analysed(pilot, screen)
        await settle(pilot)
        yield app


@pytest.mark.slow
async def test_step_through_a_reviewed_game(tmp_path) -> None:
    """← → step, every card is face up, the verdicts are the search's, t jumps to turning points,
    and s shows the summary whose keys jump back to them."""
    session = finished()
    record = session.game_record()
    with Store(tmp_path) as store:
        app = ReviewApp(record, store=store, iterations=20, coach_work=WORK)
        async with running(app, size=(100, 32)) as pilot:
            screen = app.screen
            assert isinstance(screen, ReviewScreen)
            await analysed(pilot, screen)
            await settle(pilot)
            text = screen_text(app)
            assert f"Move 1 of {len(record.moves)}" in text
            start = replay(record).start
            # All cards face up: another seat's face-down cards are on the screen.
            assert cards_text(start.seats[1].face_down) in text
            await press(pilot, "right", "right")
            assert f"Move 3 of {len(record.moves)}" in screen_text(app)
            await press(pilot, "left")
            assert screen.index == 1
            # The verdicts are the search's: the same analysis computed apart from the screen.
            expected = analyse(replay(record), [0], iterations=20, work=WORK, workers=1)
            assert screen.analysis.verdicts == expected.verdicts
            assert screen.analysis.turning, "a player at random gives up chances somewhere"
            await press(pilot, "t")
            index = screen.index
            assert index == expected.turning[0]
            verdict = expected.verdicts[index]
            shown = " ".join(screen_text(app).split())
            assert f"Ann's turning point 1 of {len(expected.turning)}" in shown
            # Said to Ann, in one voice, and in games rather than percentages.
            assert "Ann, you chose to " in shown and "A longer look prefers " in shown and "%" not in shown
            made, better = (round(c.not_last * 100) for c in (verdict.made_chances, verdict.better_chances))
            assert f"It cost you about {better - made} games in 100" in shown
            assert f"last place in about {made}, where the better move kept you out in {better}." in shown
            await press(pilot, "t")
            assert screen.index == (expected.turning[1] if len(expected.turning) > 1 else expected.turning[0])
            await press(pilot, "s")
            assert isinstance(app.screen, ReviewSummaryScreen)
            summary = " ".join(screen_text(app).split())
            assert "Ann, you made the coach's choice in" in summary
            assert f"Ann's turning point 1 of {len(expected.turning)}, move {expected.turning[0] + 1}" in summary
            await press(pilot, "enter")  # the first turning point is highlighted
            assert app.screen is screen and screen.index == expected.turning[0]


@pytest.mark.slow
async def test_escape_stops_the_analysis_and_a_kept_one_is_instant(tmp_path) -> None:
    """Esc stops a long analysis (moves still step); a finished analysis is kept in the records."""
    session = finished(5)
    record = session.game_record()
    with Store(tmp_path) as store:
        app = ReviewApp(record, store=store, iterations=400)
        # Up, not idle: the long analysis is still running, and Esc is to stop it.
        async with running(app, size=(100, 32), until=ReviewScreen) as pilot:
            screen = app.screen
            app.screen.game_key = ""  # this one keeps nothing
            await press(pilot, "escape")
            assert screen.analysis is None and "analysis was stopped" in screen_text(app)
            await press(pilot, "right")
            assert screen.index == 1
            assert screen.check_action("summary", ()) is None  # greyed: nothing to summarise
        # Review with a key: analysed and kept; the next review shows it at once.
        first = ReviewScreen(record, store=store, game_key="g-1", iterations=2, coach_work=WORK)
        app = ReviewApp(record, store=store, iterations=2, coach_work=WORK)
        async with running(app, size=(100, 32)) as pilot:
            app.push_screen(first)
            await settle(pilot)
            await analysed(pilot, first)
        assert store.analysis("g-1", first.settings) is not None
        app = ReviewApp(record, store=store, iterations=2, coach_work=WORK)
        async with running(app, size=(100, 32)) as pilot:
            again = ReviewScreen(record, store=store, game_key="g-1", iterations=2, coach_work=WORK)
            app.push_screen(again)
            await settle(pilot, lambda: again.analysis is not None and again._worker is None)
            assert again.analysis is not None and again._worker is None
            assert again.analysis.verdicts == first.analysis.verdicts


async def test_results_r_opens_the_review_and_nothing_during_the_game(make_app) -> None:
    """During the game no key reaches the review; after it, r on the results screen opens it."""
    assert not any("review" in b.action for b in TableScreen.BINDINGS)
    session = make_session("palace", humans=("Ann",), computers=("Ben",), seed=3, level="easy")
    ann = make_player("easy", 1)
    while session.game.phase != "over":
        session.apply(
            ann.choose(session.game)
            if session.is_human(session.game.turn)
            else make_player("easy", 2).choose(session.game)
        )
    app = make_app(session)
    app.review_iterations = 1
    app.review_coach_work = WORK
    async with running(app, size=(100, 32)) as pilot:
        assert isinstance(app.screen, ResultsScreen)
        await press(pilot, "r")
        assert isinstance(app.screen, ReviewScreen)
        await analysed(pilot, app.screen)
        await press(pilot, "escape")
        assert isinstance(app.screen, ResultsScreen)


async def test_an_abandoned_game_is_reviewed_with_its_cards(make_app) -> None:
    session = make_session("palace", humans=("Ann",), computers=("Ben",), seed=6, level="easy")
    app = make_app(session)
    app.review_iterations = 1
    app.review_coach_work = WORK
    async with running(app, size=(100, 32)) as pilot:
        await press(pilot, "r")  # ready: no swaps
        await settle(pilot, lambda: session.game.phase == "play", what="the game in play")
        assert not any(isinstance(s, ReviewScreen) for s in app.screen_stack)
        dealt = replay(session.game_record()).start
        await press(pilot, "x", "y")
        assert isinstance(app.screen, ResultsScreen)
        await press(pilot, "r")
        assert isinstance(app.screen, ReviewScreen)
        assert cards_text(dealt.seats[1].face_down) in screen_text(app)


async def test_the_list_reports_old_games_and_deals_one_again(tmp_path) -> None:
    """An old game without moves is listed and refused with a reason; d deals a kept game's
    cards again with every player moved one seat round."""
    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(V1, data / "records.sqlite3")
    session = finished(7)
    broken = finished(8)
    with Store(data) as store:
        record = broken.record()
        record["history"] = record["history"].replace("seed: ", "seed: x", 1)  # damaged on disk
        store.record_game(record)
        store.record_game(session.record())
        app = ReviewApp(store=store)
        async with running(app, size=(100, 32)) as pilot:
            assert isinstance(app.screen, ReviewListScreen)
            text = screen_text(app)
            assert "moves not kept" in text and "Table 1" in text
            seed_line = next(i for i, line in enumerate(record["history"].splitlines(), 1) if line.startswith("seed:"))
            assert f"does not replay: line {seed_line}" in text  # reported, not dropped
            await press(pilot, "down", "enter")  # the damaged one
            await settle(pilot, ReviewListScreen)
            assert isinstance(app.screen, ReviewListScreen)
            assert any(f"does not replay (line {seed_line}:" in m for m in told(app))
            await press(pilot, "down", "enter")  # an old game
            await settle(pilot, ReviewListScreen)
            assert isinstance(app.screen, ReviewListScreen)
            assert any("recorded before palace-tui kept" in m for m in told(app))
            await press(pilot, "up", "up", "d")  # the newest: ours
        again = app.return_value
    assert isinstance(again, Session)
    assert again.names == session.names[1:] + session.names[:1]
    assert again.same_deal_as == session.game_id and again.table_id == session.table_id
    assert again.deck == session.deck and again.game.phase == "setup"


async def test_the_review_gives_the_lessons_right_move_as_the_verdict() -> None:
    """Where a lesson knows the right move (a ten clears a big pile instead of taking it), the
    review of someone who took the pile shows the ten as the coach's move, from the search."""

    from palace_tui.lessons.course import BY_ID
    from palace_tui.rules import Move
    from palace_tui.rules.gamefile import GameRecord, Replay, SeatInfo, Step

    start = BY_ID["ten"].position()
    after = start.copy()
    take = Move.take()
    events = after.play(take)
    played = Replay(start, [Step(start.turn, take, tuple(events), after)])
    record = GameRecord(
        start.rules, [SeatInfo(n, i == start.turn) for i, n in enumerate(start.names)], None, 0, deck=[], moves=[take]
    )
    screen = ReviewScreen(record, played=played, humans=[start.turn], iterations=40)

    async with reviewed_alone(screen, (100, 32)) as app:
        shown = screen_text(app)
        ten = next(c for c in start.seats[start.turn].hand if c.rank == 10)
        name = start.names[start.turn]
        shown = " ".join(shown.split())
        assert f"{name}, you chose to {take}; the coach advised: play {ten}." in shown
        verdict = screen.analysis.verdicts[0]
        assert Move.from_code(verdict.best) == Move.play([ten]) and verdict.loss > 0
        took = f"you took {len(start.pile)} cards when your {ten} would have cleared them."
        assert f"A longer look prefers playing your {ten}: {took}" in shown
        better = round(verdict.better_chances.not_last * 100)
        assert f"where the better move kept you out in {better}." in shown or "about as often" in shown


async def test_a_setup_verdict_names_the_cards_on_screen() -> None:
    """A person who kept 3♦ J♣ 9♠ face up sees the coach's setup with the exact cards swapped."""

    from palace_tui.ai.policy import setup_move
    from palace_tui.rules import Game, Move, Rules
    from palace_tui.rules.gamefile import GameRecord, Replay, SeatInfo, Step

    game = Game.deal(Rules.preset("palace"), ["Ann", "Ben"], seed=13, dealer=1)
    steps, g = [], game
    while g.phase == "setup":
        before = g
        move = Move.ready() if before.turn == 0 else setup_move(before)
        g = before.copy()
        steps.append(Step(before.turn, move, tuple(g.play(move)), g))
    record = GameRecord(
        game.rules, [SeatInfo("Ann"), SeatInfo("Ben", False, "easy")], 13, 1, deck=[], moves=[s.move for s in steps]
    )
    screen = ReviewScreen(record, played=Replay(game, steps), humans=[0], iterations=20)

    async with reviewed_alone(screen, (120, 40)) as app:
        shown = " ".join(screen_text(app).split())
        assert "Setup: Ann, you chose to keep the face-up cards as dealt; the coach advised: put your" in shown
        for card in ("10♥", "10♣", "K♠", "3♦", "9♠", "J♣"):
            assert card in shown.split("the coach advised", 1)[1], card
        assert "A longer look prefers laying " in shown and " face up: you kept " in shown
        assert "twos, tens and high cards are safest face up" in shown


async def test_a_duplicate_deals_results_are_side_by_side(tmp_path) -> None:
    """The results of a deal played again show the earlier game beside it: for each seat's
    cards who held them in each game, where they finished and their points."""
    from textual.app import App

    first = finished(9)
    with Store(tmp_path) as store:
        store.record_game(first.record())
        again = Session.from_record(
            first.game_record(),
            store.game_list()[0]["game_id"],
            shift=1,
            table_id=first.table_id,
            games_so_far=first.game_number + 1,
        )
        while again.game.phase != "over":
            again.computer_move()  # every seat by a computer: only the results matter here
        store.record_game(again.record())

        class Results(App):
            def on_mount(self) -> None:
                self.push_screen(ResultsScreen(again, [], store))

        app = Results()
        async with running(app, size=(120, 40)):
            text = screen_text(app)
            assert "The same deal, seats moved round" in text
            assert "Game 1" in text and "This game" in text
            old = first.game.outcome()
            new = again.game.outcome()
            for seat in range(len(first.names)):
                # Seat 1's cards: Ann's in game 1, the next player's in this one.
                before = f"{first.names[seat]} {place_text(old.place(seat))} {old.points[seat]}"
                after = f"{again.names[seat]} {place_text(new.place(seat))} {new.points[seat]}"
                assert before in text and after in text, (before, after)

        # A game that is no duplicate shows no such table.
        class Plain(App):
            def on_mount(self) -> None:
                self.push_screen(ResultsScreen(first, [], store))

        app = Plain()
        async with running(app, size=(120, 40)):
            assert "same deal" not in screen_text(app)


async def test_a_six_seat_row_is_cut_with_an_ellipsis(tmp_path) -> None:
    """At 80 columns a six-seat game's players and result are shortened with … and the result
    column stays on the screen (it used to run off the edge, cut mid-name)."""
    names = ("Annabelle", "Benedict", "Cyrus", "Deirdre", "Evangeline", "Fay")
    session = make_session("palace", humans=(), computers=names, seed=3, options=["packs=2"])
    while session.game.phase != "over":
        session.computer_move()
    with Store(tmp_path) as store:
        store.record_game(session.record())
        app = ReviewApp(store=store)
        async with running(app):
            lines = screen_text(app).split("\n")
            header = next(line for line in lines if line.startswith(" No."))
            row = lines[lines.index(header) + 1]
            assert "Result" in header and "Annabelle, Benedi…" in row
            result = row[header.index("Result") :].strip()
            assert result.endswith("…") and result[:-1] in session_result(session)
            await app.screen.run_action("leave")


def session_result(session: Session) -> str:
    from palace_tui.words.results import order_summary

    return order_summary(list(session.game.names), list(session.game.outcome().order))
