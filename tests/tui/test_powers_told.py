"""Every power is told where it happens, pressed as players would: the mover's note, the public
log, the next person's recap ("Since your last turn"), the pile panel and the pile explainer (e),
with the powers on ranks other than their usual ones (issue 22)."""

from __future__ import annotations

import pytest

from palace_tui.rules import Game, Move, Rules
from palace_tui.table.session import SeatConfig, Session
from palace_tui.tui.table.screen import TableScreen
from palace_tui.tui.widgets.game_log import GameLog
from tests.helpers.app import press, screen_text
from tests.helpers.settle import running, settle
from tests.tui.test_features import play

HOUSE = Rules.preset("palace")


def people(rules: Rules, pile: str, ann: str) -> Session:
    """Ann, Ben and Cy at one keyboard, Ann to play from ``ann`` on ``pile``."""
    position = [
        {"name": "Ann", "hand": ann, "face_up": "KS", "face_down": "3C"},
        {"name": "Ben", "hand": "4S 5S 6S", "face_up": "QH", "face_down": "8D"},
        {"name": "Cy", "hand": "4H 5H JS", "face_up": "QD", "face_down": "8H"},
    ]
    game = Game.from_position(rules, seats=position, pile=pile)
    seats = [SeatConfig(s["name"], human=True, level="easy") for s in position]
    return Session("t1", seats, game.rules, "palace", 1, game, game_id="t1-1", shown=0)


def one_line(app) -> str:
    """The screen's text with its lines joined (a note may wrap)."""
    return " ".join(line.strip(" │") for line in screen_text(app).splitlines())


async def next_person(pilot, app) -> None:
    """Ann ends her turn; the pass screen is answered for the next person."""
    await press(pilot, "enter")
    if not isinstance(app.screen, TableScreen):
        await press(pilot, "enter")
    await settle(pilot)


@pytest.mark.parametrize(
    ("pile", "move", "log", "told", "panel", "explained"),
    [
        (  # on a 7: the 7 under it is the card to beat
            "7H",
            "3D",
            "3♦ is see-through: play on the 7♥ under it",
            "Ann played 3♦ (see-through: play on the 7♥ under it)",
            "play 7 or higher",
            "The 3 is see-through: beat the 7 under it.",
        ),
        (  # on an empty pile: nothing under it
            "",
            "3D",
            "3♦ is see-through, with nothing under it: anything goes",
            "Ann played 3♦ (see-through, with nothing under it: anything goes)",
            "play anything",
            "The 3 is see-through and there is nothing under it: anything goes.",
        ),
        (  # on another see-through 3: look through both to the 9
            "9C 3H",
            "3D",
            "3♦ is see-through: play on the 9♣ under it",
            "Ann played 3♦ (see-through: play on the 9♣ under it)",
            "play 9 or higher",
            "The 3s are see-through: beat the 9 under them.",
        ),
    ],
)
async def test_a_see_through_card_is_named_when_it_lands(make_app, pile, move, log, told, panel, explained):
    session = people(HOUSE.replace(three="invisible"), pile, "3D 9D JD")
    app = make_app(session)
    async with running(app) as pilot:
        await play(pilot, app.screen, Move.play(move))
        text = one_line(app)
        assert f"Your move: {told.replace('Ann', 'You')}." in text, "the mover is told"
        assert log in text and "3♦: see-through" in text and panel in text, "the log and the pile panel"
        await next_person(pilot, app)
        text = one_line(app)
        assert f"Since your last turn: {told}." in text, "Ben's recap says it"
        assert "3♦: see-through" in text and log in text
        await press(pilot, "e")
        assert explained in one_line(app)


@pytest.mark.parametrize(
    ("options", "pile", "move", "told", "log"),
    [
        ({"nine": "reverse"}, "7H", "9D", "Ann played 9♦, then reversed play", "Ann reversed play"),
        ({"five": "low"}, "4C", "5D", "Ann played 5♦ (fives are low: play 5 or lower)", "play 5 or lower"),
        ({"king": "clear"}, "7H", "KD", "Ann played K♦, clearing the pile (2 cards)", "cleared the pile with a king"),
        ({"eight": "skip"}, "7H", "8C", "Ann played 8♣: Ben misses a turn", "Ben misses a turn"),
        ({"six": "reset"}, "9H", "6D", "Ann played 6♦ (a 6 goes on anything: anything may follow it)", "play anything"),
    ],
)
async def test_each_power_on_another_rank_is_told_where_it_happens(make_app, options, pile, move, told, log):
    session = people(HOUSE.replace(**options), pile, "9D KD 8C 5D 6D JD")
    app = make_app(session)
    async with running(app) as pilot:
        await play(pilot, app.screen, Move.play(move))
        text = one_line(app)
        if move in ("5D", "6D"):  # the log line itself names the quiet power, not only the panel
            logged = " ".join(" ".join(strip.text for strip in app.screen.query_one(GameLog).lines).split())
            assert told in logged
        mover = told.replace("Ann played", "You played").replace(", then reversed play", ". You reversed play")
        assert f"Your move: {mover}." in text and log in text
        if move == "KD":  # Ann plays again after a clear: her own note is the whole story
            return
        await next_person(pilot, app)
        reader = "Cy" if move == "8C" else "Ben"
        assert f"Since your last turn: {told}." in one_line(app), f"{reader}'s recap says it"
