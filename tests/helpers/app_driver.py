"""Plays whole games through key presses, checking privacy at every screen."""

from __future__ import annotations

import random

from palace_tui.rules import Card, Move
from palace_tui.tui.screens.pass_device import PassScreen
from palace_tui.tui.screens.results import ResultsScreen
from palace_tui.tui.table.screen import TableScreen
from tests.helpers.app import keys_for, press, screen_text
from tests.helpers.settle import settle


def choose_move(view, rng: random.Random, swaps_done: dict[int, int]) -> Move:
    """A sensible human: lowest full group it may play, take when stuck, a swap or two in setup."""
    legal = list(view.legal)
    if view.phase == "setup":
        swaps = [m for m in legal if m.kind == "swap"]
        if swaps and swaps_done.get(view.seat, 0) < 1:
            swaps_done[view.seat] = swaps_done.get(view.seat, 0) + 1
            return rng.choice(swaps)
        chooses = [m for m in legal if m.kind == "choose"]
        return rng.choice(chooses) if chooses else Move.ready()
    # House rules: the chance card instead of taking, or ending the turn on a drawn match, now and then.
    extra = [m for m in legal if m.kind in ("chance", "done")]
    if extra and rng.random() < 0.4:
        return rng.choice(extra)
    plays = [m for m in legal if m.kind == "play"]
    if plays:
        best: dict[int, Move] = {}
        for m in plays:
            if m.rank not in best or len(m.cards) > len(best[m.rank].cards):
                best[m.rank] = m
        groups = list(best.values())
        if rng.random() < 0.25:
            return rng.choice(plays)
        return groups[0]
    takes = [m for m in legal if m.kind == "take"]
    if takes:
        return rng.choice(takes)
    return rng.choice(legal)


class PrivacyWatch:
    """Knows which cards have been public, and checks screens against the game's secrets."""

    def __init__(self, session) -> None:
        self.session = session
        self.public: set[Card] = set()
        self.pass_screens = 0
        self.table_checks = 0
        original = session.apply

        def apply(move):
            events = original(move)
            for e in events:
                self.public.update(e.cards)
            return events

        session.apply = apply  # computer moves go through apply too
        self.see_table()

    def see_table(self) -> None:
        game = self.session.game
        for s in game.seats:
            self.public.update(s.face_up)
        self.public.update(game.pile)

    def secrets(self, viewer: int | None) -> set[Card]:
        """Cards the screen must not show: other hands and every face-down card never made public."""
        game = self.session.game
        out: set[Card] = set()
        for i, s in enumerate(game.seats):
            if i != viewer:
                out.update(s.hand)
            out.update(s.face_down)
        return {c for c in out if c not in self.public and c.rank != 15}

    def check_pass(self, app) -> None:
        """At a privacy screen: no card of any hand or face-down row is on screen."""
        self.pass_screens += 1
        text = screen_text(app)
        game = self.session.game
        for s in game.seats:
            for c in [*s.hand, *s.face_down]:
                assert str(c) not in text, f"{c} visible on the privacy screen"
        assert "Pass to" in text

    def check_table(self, app, viewer: int | None) -> None:
        self.see_table()
        self.table_checks += 1
        text = screen_text(app)
        for c in self.secrets(viewer):
            assert str(c) not in text, f"{c} (secret from seat {viewer}) visible on the table"


async def play_through(app, pilot, seed: int = 1, max_steps: int = 3000) -> PrivacyWatch:
    """Answer every privacy screen and every human turn by keys until the results show."""
    rng = random.Random(seed)
    swaps: dict[int, int] = {}
    watch: PrivacyWatch | None = None
    await settle(pilot)
    for _ in range(max_steps):
        screen = app.screen
        if isinstance(screen, ResultsScreen):
            return watch
        if isinstance(screen, PassScreen):
            if watch is None:
                watch = PrivacyWatch(app.session)
            watch.check_pass(app)
            await press(pilot, "enter")
            continue
        if not isinstance(screen, TableScreen):
            await settle(pilot, lambda s=screen: app.screen is not s, what=f"the {type(screen).__name__} to give way")
            continue
        if watch is None or watch.session is not app.session:
            watch = PrivacyWatch(app.session)
        mode = screen.mode()
        if mode in ("wait", "over"):
            await settle(
                pilot,
                lambda s=screen, m=mode: app.screen is not s or s.mode() != m,
                what=f"the table's {mode!r} to end",
            )
            continue
        if mode == "result":  # the mover sees what the move did, then ends the turn
            watch.check_table(app, screen.viewer)
            await press(pilot, "enter")
            continue
        view = screen.view()
        watch.check_table(app, screen.viewer)
        move = choose_move(view, rng, swaps)
        await press(pilot, *keys_for(move, view, screen.cursor, screen.cursor.row))
        assert screen.message is None, f"{move} was refused: {screen.message}"
    raise AssertionError("the game did not finish")
