"""Ann and Ben pass one terminal, Cy plays on her own device, Dee is a computer: one table.

A real host runs in this process on 127.0.0.1; Cy is a scripted device on her own websocket;
Ann and Ben are one joined terminal (``palace join CODE --seat Ann --seat Ben``: one connection
a seat, combined by :class:`~palace_tui.net.remote_seats.RemoteSeats`), driven by keys through
Pilot. Every frame the app draws is checked, as the hot seat's privacy sweep checks its frames:
only the seat whose pass screen was passed may have cards on screen (and nobody's once that
seat's turn is ended), a pass screen shows no card and no name but the next person's, and the
table is public while Cy or Dee acts. Both seats take their moves back now and then.
"""

from __future__ import annotations

import asyncio
import random
import re

import pytest

from palace_tui.cli.join_seats import check, connect_seats, rejoin_line
from palace_tui.net import seat_tokens
from palace_tui.net.bots import Bot, Habits
from palace_tui.net.protocol import JoinRequest
from palace_tui.net.remote_seats import RemoteSeats
from palace_tui.rules import Rules
from palace_tui.tui.screens.pass_device import PassScreen
from palace_tui.tui.screens.remote_results import RemoteResultsScreen
from palace_tui.tui.seats_join_app import SeatsJoinApp
from palace_tui.tui.table.burn_in_offer import BurnInScreen
from palace_tui.tui.table.screen import TableScreen
from palace_tui.words import remote as words
from tests.helpers.app import keys_for, press
from tests.helpers.app_driver import choose_move
from tests.helpers.robust import CARD_RE
from tests.helpers.settle import settle
from tests.net.test_remote_table import until

CODE = "KX4P2M"
ANN, BEN, CY, DEE = range(4)
NAMES = ["Ann", "Ben", "Cy", "Dee"]


def screen_text(app) -> str:
    """The terminal's text now, straight from the compositor (cheap enough for every frame)."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    return "\n".join("".join(segment.text for strip in line for segment in strip) for line in update.strips)


class Frames:
    """Checks every frame the joined app draws against the host's true table."""

    def __init__(self, app, session, monkeypatch) -> None:
        self.session = session
        #: The seat whose pass screen was passed, until its turn is ended (None: nobody's).
        self.up: int | None = None
        self.public: set[str] = set()
        self.failures: list[str] = []
        self.table_frames = self.pass_frames = self.offer_frames = self.result_frames = 0
        self.dark_frames = self.own_cards_seen = 0
        self.passed: list[int] = []
        apply = session.apply

        def watched_apply(move):  # every move at the host, people's and the computer's
            events = apply(move)
            for event in events:
                self.public.update(str(c) for c in event.cards)
            self.see_table()
            return events

        session.apply = watched_apply
        end_turn, reveal = TableScreen.action_end_turn, PassScreen.action_reveal

        def watched_end_turn(screen):
            self.up = None  # Enter on the result step: dark from this key on
            end_turn(screen)

        def watched_reveal(screen):
            self.up = screen.seat
            self.passed.append(screen.seat)
            reveal(screen)

        monkeypatch.setattr(TableScreen, "action_end_turn", watched_end_turn)
        monkeypatch.setattr(PassScreen, "action_reveal", watched_reveal)
        self.see_table()
        display = app._display

        def checked_display(screen, renderable):
            display(screen, renderable)
            if renderable is not None:
                self.check(app)

        app._display = checked_display

    def see_table(self) -> None:
        game = self.session.game
        for seat in game.seats:
            self.public.update(str(c) for c in seat.face_up)
        self.public.update(str(c) for c in game.pile)

    def secrets(self, up: int | None) -> set[str]:
        """Card texts nobody but ``up`` may see: other hands and unturned face-down cards, never public."""
        hidden: set[str] = set()
        own: set[str] = set()
        for i, seat in enumerate(self.session.game.seats):
            (own if i == up else hidden).update(str(c) for c in seat.hand)
            hidden.update(str(c) for c in seat.face_down)
        return hidden - self.public - own

    def check(self, app) -> None:
        try:
            screen = app.screen
            text = screen_text(app)
            if isinstance(screen, PassScreen):
                self.pass_frames += 1
                assert not CARD_RE.findall(text), f"cards on the pass screen:\n{text}"
                assert f"Pass to {NAMES[screen.seat]}" in text, text
                others = [n for i, n in enumerate(NAMES) if i != screen.seat and re.search(rf"\b{n}\b", text)]
                assert not others, f"the pass screen to {NAMES[screen.seat]} names {others}:\n{text}"
                for note in app._notifications:
                    assert not CARD_RE.search(note.message), f"a toast holds a card behind the pass screen: {note}"
                return
            if isinstance(screen, TableScreen):
                self.table_frames += 1
                assert screen.viewer in (None, self.up), f"seat {screen.viewer}'s cards up; {self.up} was passed to"
                self.dark_frames += screen.viewer is None
            elif isinstance(screen, BurnInScreen):
                self.offer_frames += 1
                below = app.screen_stack[-2]
                assert not isinstance(below, TableScreen) or below.viewer is None, "the offer over a hand"
            elif isinstance(screen, RemoteResultsScreen):
                self.result_frames += 1
            self.see_table()
            leaked = set(CARD_RE.findall(text)) & self.secrets(self.up)
            assert not leaked, f"{sorted(leaked)} on screen while only seat {self.up}'s cards may be up:\n{text}"
        except AssertionError as exc:
            self.failures.append(str(exc))


def cy(served, seed: int) -> Bot:
    """Cy's own device: plays her seat from what she is sent, takes a move back now and then."""
    return Bot(served.url, JoinRequest(CODE, name="Cy"), random.Random(seed), Habits(games=1, take_back=0.2))


async def play(app, pilot, door: RemoteSeats, room, frames: Frames, rng: random.Random) -> int:
    """Play Ann's and Ben's turns by keys until the results are up; returns the moves made."""
    swaps: dict[int, int] = {}
    moves = offers = claims = 0
    table = app.screen_stack[1]
    assert isinstance(table, TableScreen)

    def actionable() -> bool:
        screen = app.screen
        if isinstance(screen, PassScreen | RemoteResultsScreen | BurnInScreen):
            return True
        return screen is table and table.mode() not in ("wait", "over")

    for _ in range(3000):
        await settle(pilot, actionable, what="a pass, a turn of Ann's or Ben's, or the results")
        assert not frames.failures, frames.failures[0]
        screen = app.screen
        if isinstance(screen, RemoteResultsScreen):
            print(f"{offers} burn-in offers passed by Enter, {claims} claims")
            return moves
        if isinstance(screen, BurnInScreen) and screen.seats and rng.random() < 0.5:
            claims += 1  # a claim, good or wrong: the host's engine judges it
            await press(pilot, str(rng.choice(screen.seats)[0] + 1))
            await settle(pilot, lambda s=screen: app.screen is not s or s.said, what="the claim's answer")
            continue
        if isinstance(screen, PassScreen | BurnInScreen):
            offers += isinstance(screen, BurnInScreen)
            if isinstance(screen, PassScreen):  # ctrl+q leaves this table: the footer says so, not Save+quit
                await settle(pilot, "^q Leave", what="the pass screen's footer saying Leave")
                assert "Save+quit" not in screen_text(app)
            await press(pilot, "enter")
            continue
        shown = table.viewer
        if table.mode() == "result":
            offered = table.check_action("take_back", ())
            if offered and rng.random() < 0.3:
                before = door.now().moves
                await press(pilot, "u")
                await settle(pilot, lambda b=before: door.now().moves != b, what="the host to take the move back")
                assert table.viewer == shown and table.mode() not in ("result", "wait"), "u: not the mover's turn again"
            else:
                await press(pilot, "enter")
            continue
        view = table.view()
        assert view.seat == shown and tuple(view.hand) == tuple(room.session.game.seats[shown].hand)
        if view.hand:
            frames.own_cards_seen += 1
        move = choose_move(view, rng, swaps)
        before = door.now().moves, room.version
        await press(pilot, *keys_for(move, view, table.cursor, table.cursor.row))
        await settle(
            pilot,
            lambda b=before: room.version != b[1] or table.message is not None,
            what=f"the host to take {move.code()}",
        )
        assert table.message is None, f"{move.code()} was refused: {table.message}"
        await settle(pilot, lambda b=before: door.now().moves != b[0], what="every connection to hear it")
        moves += 1
    raise AssertionError("the game did not end")


#: House rules for the second game: the public burn-in offer between turns, skips, see-through threes.
HOUSE_RULES = ["burn_in=true", "eight=skip", "three=invisible"]


@pytest.mark.slow
@pytest.mark.parametrize("size,seed,options", [((80, 24), 5, []), ((120, 40), 8, HOUSE_RULES)])
async def test_two_seats_pass_one_terminal_through_a_whole_game_and_no_frame_shows_the_other(
    served, monkeypatch, tmp_path, size, seed, options
):
    rules = Rules.preset("palace").with_text_options(options)
    room = served.open(CODE, NAMES, computers=1, seed=seed, rules=rules)
    other = asyncio.create_task(cy(served, seed).play())
    door = await connect_seats(served.url, CODE, ["Ann", "Ben"], tmp_path)
    assert isinstance(door, RemoteSeats) and door.seats == [ANN, BEN]
    app = SeatsJoinApp(door, quiet=True)
    frames = Frames(app, room.session, monkeypatch)
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(pilot, lambda: len(app.screen_stack) > 1, what="the table")
        moves = await play(app, pilot, door, room, frames, random.Random(seed))
        assert "Play again" in screen_text(app)
        frames.check(app)
        assert room.session.game.phase == "over"
        played = room.session.game.moves
        if not options:
            # a: the next deal, on the same door and table screen; it starts dark (a pass, or the public table).
            await press(pilot, "a")
            await settle(
                pilot,
                lambda: door.members[0].state.game == 2 and isinstance(app.screen, PassScreen | TableScreen),
                what="the next deal",
            )
            frames.public.clear()
            frames.see_table()
            if isinstance(app.screen, PassScreen):
                seat = app.screen.seat
                await press(pilot, "enter")
                await settle(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.viewer == seat)
            else:
                assert app.screen.viewer is None
    assert not frames.failures, frames.failures[:1]
    print(
        f"{size} seed {seed}: {played} moves at the host, {moves} by keys here; "
        f"{frames.table_frames} table frames ({frames.dark_frames} dark), {frames.pass_frames} pass frames, "
        f"{frames.offer_frames} offer frames, {frames.result_frames} results frames; passes {len(frames.passed)}"
    )
    assert {ANN, BEN} <= set(frames.passed) and frames.pass_frames >= 4 and frames.dark_frames > 10
    assert frames.own_cards_seen >= 10
    await asyncio.wait_for(other, 30)
    await door.close()


async def test_the_frame_check_fails_if_the_pass_were_skipped(served, monkeypatch, tmp_path):
    """Planted: the door's flow hands the terminal straight to the next of its seats, cards up."""
    from palace_tui.table.turn_flow import Step, TurnFlow

    real = TurnFlow._hand_on

    def no_pass(self, to_act, hidden=False):
        turn = real(self, to_act, hidden)
        return self._set(Step.ACT, turn.seat, turn.seat) if turn.step == Step.PASS else turn

    monkeypatch.setattr(TurnFlow, "_hand_on", no_pass)
    room = served.open(CODE, NAMES, computers=1, seed=5)
    other = asyncio.create_task(cy(served, 5).play())
    door = await connect_seats(served.url, CODE, ["Ann", "Ben"], tmp_path)
    assert isinstance(door, RemoteSeats)
    app = SeatsJoinApp(door, quiet=True)
    frames = Frames(app, room.session, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: frames.failures, what="the check to catch a hand up with no pass")
    assert "cards up" in frames.failures[0]
    other.cancel()
    await door.close()


async def test_the_same_line_takes_both_seats_back_by_their_tokens(served, tmp_path):
    room = served.open(CODE, NAMES, computers=1, seed=2)
    first = await connect_seats(served.url, CODE, ["Ann", "Ben"], tmp_path)
    assert isinstance(first, RemoteSeats)
    tokens = first.tokens
    assert tokens == {ANN: room.tokens[ANN], BEN: room.tokens[BEN]}
    for seat, name in ((ANN, "Ann"), (BEN, "Ben")):
        assert seat_tokens.token_for(tmp_path, served.url, CODE, seat=name) == tokens[seat]
    views = {seat: m.view() for seat, m in zip(first.seats, first.members, strict=True)}
    await first.close()  # leave: both seats wait for their tokens
    await until(lambda: not room.present[ANN] and not room.present[BEN], "the host to see both gone")
    # By name alone the seats are refused now (their tokens are out); the kept tokens take them back.
    again = await connect_seats(served.url, CODE, ["ann", "BEN"], tmp_path)
    assert isinstance(again, RemoteSeats) and again.tokens == tokens
    assert {seat: m.view() for seat, m in zip(again.seats, again.members, strict=True)} == views
    assert room.present[ANN] and room.present[BEN]
    await again.close()
    other = await connect_seats(served.url, CODE, ["Ann", "Ben"], tmp_path / "another")
    assert isinstance(other, str) and "Ann" in other


async def test_a_seat_that_cannot_be_taken_lets_the_others_go_again(served, tmp_path):
    room = served.open(CODE, NAMES, computers=1)
    said = await connect_seats(served.url, CODE, ["Ann", "Dee"], tmp_path)
    assert said == words.computer_seat("Dee")
    await until(lambda: not room.present[ANN], "Ann's seat to be left again")


def test_the_seats_named_are_checked_and_the_rejoin_line_names_them_all(capsys):
    from palace_tui.cli.join import main

    assert main(["KX4P2M", "--seat", "Ann", "--seat", "ann"]) == 2
    assert "name each seat once" in capsys.readouterr().err
    assert main(["KX4P2M", "--seat", "Ann", "--seat", "Ben", "--watch"]) == 2
    assert "--watch takes no seat" in capsys.readouterr().err
    check(["Ann", "Ben", "Cy"], watch=False)
    assert rejoin_line("KX4P2M", ["Ann", "Ben"]) == "palace join KX4P2M --seat Ann --seat Ben"
