"""The table screen through its door alone: a fake table, no Session and no Game in the process.

The fake builds its seat's view from JSON (as a remote table would receive it), answers the
screen's requests with events, and records what the screen asked. The screen draws from it,
sends the move Enter makes, follows the answer, and asks the coach through the door, so the
door is the one way in (``palace_tui.tui.table`` may not import the session or the game: the
import contract in pyproject.toml).
"""

from __future__ import annotations

import gc
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.app import App

from palace_tui.rules import Card, Event, Move, Rules, SeatView
from palace_tui.rules.view import OtherSeat, PileRun, Requirement
from palace_tui.table.door import (
    AskCoach,
    CoachAdvised,
    Followed,
    Listener,
    MakeMove,
    Moved,
    Now,
    Public,
    Refused,
    Request,
    SeatInfo,
    Start,
    Step,
    TableInfo,
    TakeBackNow,
    Turn,
)
from palace_tui.tui.table.screen import TableScreen
from tests.helpers.app import press, screen_text
from tests.helpers.settle import running, settle

#: Ann's view as a wire would carry it: cards and moves by their codes.
ANN_VIEW = json.loads(
    """{
    "seat": 0, "phase": "play", "turn": 0, "direction": 1, "dealer": 1,
    "hand": ["5H", "9S", "KD"],
    "seats": [
        {"name": "Ann", "hand_count": 3, "face_up": ["7C", "8C", "JH"], "face_down_count": 3},
        {"name": "Ben", "hand_count": 3, "face_up": ["2S", "TD", "QC"], "face_down_count": 3}
    ],
    "stock_count": 30, "pile": ["4C"], "need": 4,
    "legal": ["play 5H", "play 9S", "play KD", "take"]
}"""
)


def view_from_data(data: dict) -> SeatView:
    """A seat's view from plain data (the fake's wire)."""
    cards = lambda codes: tuple(Card.parse(c) for c in codes)  # noqa: E731
    seats = tuple(
        OtherSeat(i, s["name"], s["hand_count"], cards(s["face_up"]), s["face_down_count"], None, True)
        for i, s in enumerate(data["seats"])
    )
    pile = cards(data["pile"])
    legal = tuple(Move.from_code(m) for m in data["legal"])
    return SeatView(
        seat=data["seat"],
        phase=data["phase"],
        turn=data["turn"],
        direction=data["direction"],
        dealer=data["dealer"],
        hand=cards(data["hand"]),
        seats=seats,
        stock_count=data["stock_count"],
        pile=pile,
        cleared_count=0,
        need=Requirement(data["need"]),
        run=PileRun(pile[-1].rank, 1),
        stage="hand",
        legal=legal,
        playable_ranks=frozenset(m.cards[0].rank for m in legal if m.kind == "play"),
    )


class FakeTable:
    """A table behind the door with no engine: Ann (here) against Ben (a computer elsewhere)."""

    def __init__(self, refuse: str = "") -> None:
        self.info = TableInfo(
            Rules.preset("palace"), (SeatInfo("Ann", True, True, True), SeatInfo("Ben", False, False, False))
        )
        self.seat_view = view_from_data(ANN_VIEW)
        self.turn = Turn(Step.ACT, 0, 0)
        self.asked: list[Request] = []
        self.refuse = refuse
        self.listener: Listener | None = None
        self.log: tuple[str | Event, ...] = ("Game 1: Ben deals",)

    def table(self) -> TableInfo:
        return self.info

    def view(self) -> SeatView:
        return self.seat_view

    def public(self) -> Public:
        return Public(self.log, len(self.log), (), ())

    def now(self) -> Now:
        to_act = self.seat_view.turn
        return Now("play", to_act, self.turn, 0, TakeBackNow(False, "Nothing to take back.", False))

    def listen(self, listener: Listener | None) -> None:
        self.listener = listener

    def tell(self, event) -> None:
        assert self.listener is not None
        self.listener(event)

    def send(self, request: Request) -> None:
        self.asked.append(request)
        if isinstance(request, Start):
            self.tell(Followed(self.turn, first=True))
        elif isinstance(request, MakeMove) and self.refuse:
            self.tell(Refused(self.refuse))
        elif isinstance(request, MakeMove):
            card = request.move.cards[0]
            played = Event("played", 0, (card,))
            self.log = (*self.log, played)
            hand = tuple(c for c in self.seat_view.hand if c != card)
            self.seat_view = view_from_data(
                {**ANN_VIEW, "hand": [c.code for c in hand], "pile": ["4C", card.code], "turn": 1, "legal": []}
            )
            # Ann is alone with a computer: her cards stay up while Ben plays (elsewhere).
            self.turn = Turn(Step.WATCH, 1, 0)
            self.tell(Moved(0, (played,), self.turn, person=True))
        elif isinstance(request, AskCoach):
            self.tell(CoachAdvised(request.seat, Move.play([Card.parse("9S")]), "The coach keeps the king."))

    def computer_thinker(self) -> Callable[[], Move | None] | None:
        return None  # the (pretend) host plays Ben

    def coach_thinker(self, seat: int, work: int | None) -> Callable[[], CoachAdvised] | None:
        return None  # asked through the door: AskCoach, answered by CoachAdvised


class TableOnly(App[None]):
    """Just the table screen on the app's stylesheet."""

    CSS_PATH = Path(__file__).parents[2] / "palace_tui" / "tui" / "app.tcss"

    def __init__(self, table: FakeTable) -> None:
        super().__init__()
        self.fake = table

    def on_mount(self) -> None:
        self.push_screen(TableScreen(self.fake, ai_delay=0))


def engine_objects() -> set[int]:
    """Every Game and Session alive in the process (by id; earlier tests may leave some)."""
    from palace_tui.rules.game import Game
    from palace_tui.table.session import Session

    gc.collect()
    return {id(o) for o in gc.get_objects() if isinstance(o, Game | Session)}


@pytest.fixture
def no_engine(monkeypatch):
    """While the test runs, making a Game or a Session fails."""
    from palace_tui.rules.game import Game
    from palace_tui.table.session import Session

    def refuse(self, *args, **kwargs):
        raise AssertionError(f"the table screen made a {type(self).__name__}")

    monkeypatch.setattr(Game, "__init__", refuse)
    monkeypatch.setattr(Session, "__init__", refuse)


async def test_the_table_screen_plays_through_a_fake_door(no_engine):
    """The screen draws the fake's view, Enter sends the move under the cursor through the door, and
    the screen follows the table's answer: no Session or Game exists anywhere."""
    before = engine_objects()
    fake = FakeTable()
    app = TableOnly(fake)
    async with running(app, size=(100, 32)) as pilot:
        assert isinstance(app.screen, TableScreen)
        text = screen_text(app)
        assert "Ann" in text and "Ben" in text and "5♥" in text and "K♦" in text, text
        assert fake.asked == [Start(resumed=False)]
        await press(pilot, "enter")  # the cursor starts on the first card: 5♥
        assert fake.asked[-1] == MakeMove(Move.play([Card.parse("5H")]))
        await settle(pilot)  # the table's answer drawn
        text = screen_text(app)
        assert "Ann played 5♥" in text and "5♥" not in app.screen.query_one("#hand-row").text, text
        assert app.screen.mode() == "wait"
        assert engine_objects() <= before  # not one made while the table was played


async def test_a_refusal_and_the_coach_come_through_the_door(no_engine):
    """A refused move shows the table's sentence; h asks the coach through the door (the fake has no
    thinker) and the advice it answers with is shown."""
    before = engine_objects()
    fake = FakeTable(refuse="That card can't go on a 4 here.")
    app = TableOnly(fake)
    async with running(app, size=(100, 32)) as pilot:
        await press(pilot, "enter")
        await settle(pilot)  # the refusal drawn
        assert "That card can't go on a 4 here." in " ".join(screen_text(app).split())
        await press(pilot, "h")
        await settle(pilot)  # the coach's answer drawn
        assert fake.asked[-1] == AskCoach(0, None)
        assert "The coach keeps the king." in " ".join(screen_text(app).split())
        assert engine_objects() <= before  # not one made while the table was played
