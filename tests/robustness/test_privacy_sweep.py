"""Privacy sweep: whole games with several humans at one keyboard, every screen checked.

At every privacy screen no card text at all is on screen (no card of any hand or
face-down row, and no toast holding one), only "Pass to <name>". At every table
view, no card of another seat's hand and no face-down card that was never turned
is on screen. Notifications are switched on, so a toast that leaked a card would
be caught.

Equal cards: with several packs two cards can print the same (``7♥`` twice), and
face-up, pile and logged cards are public. So a card text only counts as secret
when no public card and no card in the viewer's own hand prints the same; with one
pack every card is unique and every never-seen card is checked. As a control the
viewer's own hand must show, so the check reads the same text a player sees.

The seeds are chosen (by playing the same games in memory) for games of modest
length; the computer seat and the key-driven humans are deterministic.
"""

from __future__ import annotations

import random

import pytest

from palace_tui.screens.game import GameScreen
from palace_tui.screens.pass_device import PassScreen
from palace_tui.screens.results import ResultsScreen

from robust_driver import CARD_RE, make_session, play_human_moves, screen_text


class Sweep:
    """Knows which cards have ever been public, and checks every screen it is shown."""

    def __init__(self, session) -> None:
        self.session = session
        self.public: set[str] = set()
        self.pass_checks = 0
        self.table_checks = 0
        self.own_cards_seen = 0
        self.viewers: set[int] = set()
        original = session.apply

        def apply(move):  # every move, the computer's too, goes through Session.apply
            events = original(move)
            for event in events:
                self.public.update(str(c) for c in event.cards)
            self.see_table()
            return events

        session.apply = apply
        self.see_table()

    def see_table(self) -> None:
        game = self.session.game
        for seat in game.seats:
            self.public.update(str(c) for c in seat.face_up)
        self.public.update(str(c) for c in game.pile)

    def secrets(self, viewer: int | None) -> set[str]:
        """Card texts the viewer must not see: other hands and unturned face-down cards, never public."""
        game = self.session.game
        hidden: set[str] = set()
        own: set[str] = set()
        for i, seat in enumerate(game.seats):
            if i == viewer:
                own.update(str(c) for c in seat.hand)
            else:
                hidden.update(str(c) for c in seat.hand)
            hidden.update(str(c) for c in seat.face_down)
        return hidden - self.public - own

    def __call__(self, app) -> None:
        screen = app.screen
        if isinstance(screen, PassScreen):
            self.check_pass(app, screen)
        elif isinstance(screen, GameScreen) and screen.session is self.session:
            self.check_table(app, screen)

    def check_pass(self, app, screen: PassScreen) -> None:
        self.pass_checks += 1
        text = screen_text(app)
        shown = CARD_RE.findall(text)
        assert not shown, f"cards {shown} on the privacy screen:\n{text}"
        assert f"Pass to {self.session.names[screen.seat]}" in text, text
        for note in app._notifications:
            assert not CARD_RE.search(note.message), f"a toast holds a card behind the privacy screen: {note}"
        game = self.session.game
        for seat in game.seats:  # the brief's literal check, also for cards that are public elsewhere
            for card in [*seat.hand, *seat.face_down]:
                assert str(card) not in text

    def check_table(self, app, screen: GameScreen) -> None:
        self.see_table()
        viewer = screen.viewer
        text = screen_text(app)
        shown = set(CARD_RE.findall(text))
        leaked = shown & self.secrets(viewer)
        assert not leaked, f"seat {viewer} sees {sorted(leaked)}, cards of other hands or face down:\n{text}"
        self.table_checks += 1
        if viewer is not None and screen.mode() not in ("wait", "over"):
            self.viewers.add(viewer)
            hand = {str(c) for c in self.session.game.seats[viewer].hand}
            if hand:
                # The control: what the check reads is what the player sees, own cards included.
                assert shown & hand, f"none of seat {viewer}'s own cards {sorted(hand)} found on screen:\n{text}"
                self.own_cards_seen += 1


# preset, humans, computers, seed, options
GAMES = [
    ("palace", ("Ann", "Ben"), ("Cy",), 30, []),
    ("shithead", ("Ann", "Ben"), ("Cy",), 9, []),
    ("first-out", ("Ann", "Ben", "Dee"), ("Cy",), 33, []),
]


@pytest.mark.parametrize("preset,humans,computers,seed,options", GAMES, ids=[g[0] for g in GAMES])
async def test_privacy_sweep_over_a_whole_game(make_app, preset, humans, computers, seed, options):
    session = make_session(preset, humans=humans, computers=computers, seed=seed, options=options)
    sweep = Sweep(session)
    app = make_app(session)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await play_human_moves(app, pilot, random.Random(seed), moves=10**6, on_screen=sweep, max_steps=20000)
        assert isinstance(app.screen, ResultsScreen), type(app.screen).__name__
    assert session.game.phase == "over"
    print(f"{preset}: {session.game.moves} moves, {sweep.pass_checks} privacy screens, "
          f"{sweep.table_checks} table views checked")
    assert sweep.viewers == set(range(len(humans))), "not every human had a checked turn"
    assert sweep.pass_checks >= 2 * len(humans)
    assert sweep.own_cards_seen >= 10


async def test_privacy_sweep_with_two_packs_and_jokers(make_app):
    """Equal cards in play: the first 20 human moves of a two-pack game, checked zone by zone."""
    session = make_session("palace", humans=("Ann", "Ben"), computers=("Cy",), seed=5,
                           options=["packs=2", "jokers=true"])
    sweep = Sweep(session)
    app = make_app(session)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        played = await play_human_moves(app, pilot, random.Random(5), moves=20, on_screen=sweep)
    assert played == 20
    assert sweep.pass_checks >= 4 and sweep.own_cards_seen >= 8
