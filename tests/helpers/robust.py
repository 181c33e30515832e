"""Shared pieces of the robustness tests: card accounting, screen reading and a key-driven player.

The app tests' helpers (``tests/app``) are reused: ``screen_text`` reads the terminal
as text, ``keys_for`` turns a move into key presses, ``choose_move`` is their sensible
human. This module adds what the robustness tests need on top: batches of keys with
one wait, a check that every card of the deck is somewhere exactly once, and a loop
that plays human turns by keys until some condition holds.

It is imported both by the tests and by the crash test's child process, so it
never imports pytest.
"""

from __future__ import annotations

import re
from collections import Counter

from palace_tui.rules.cards import make_deck
from tests.helpers.app import keys_for, make_session, screen_text, send_key_events
from tests.helpers.app_driver import choose_move
from tests.helpers.settle import settle

__all__ = [
    "CARD_RE",
    "card_texts_on",
    "choose_move",
    "deck_problem",
    "human_turn",
    "keys_for",
    "make_session",
    "on_result_step",
    "play_human_moves",
    "screen_name",
    "screen_text",
    "send_keys",
]

#: A card as the app prints it: rank then suit symbol (``7♥``, ``10♦``), or a joker.
CARD_RE = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]|\bJK\b")


async def send_keys(pilot, keys, pause: bool = True) -> None:
    """Send ``keys`` as a terminal would (through the driver), then wait once for the app to settle.

    Unlike ``pilot.press`` this does not wait for idle after every key, so a storm of
    keys costs one settle per batch. ``ctrl+x`` style names are sent with no character.
    """
    send_key_events(pilot.app, keys)
    if pause:
        await settle(pilot)


def deck_problem(game) -> str | None:
    """Why the game's cards are not exactly its deck (None when every card is there once)."""
    want = Counter(c.code for c in make_deck(game.rules.packs, game.rules.jokers))
    have = Counter(c.code for c in game.all_cards())
    if want == have:
        return None
    missing = want - have
    extra = have - want
    return f"missing {sorted(missing.elements())}, extra {sorted(extra.elements())}"


def card_texts_on(text: str) -> set[str]:
    """Every card text (``7♥``) found in a screen's text."""
    return set(CARD_RE.findall(text))


def screen_name(app) -> str:
    """The class name of the screen on top (``TableScreen``, ``PassScreen``...)."""
    return type(app.screen).__name__


def human_turn(app):
    """The game screen if a human is to act on it with their cards shown, else None."""
    from palace_tui.tui.table.screen import TableScreen

    screen = app.screen
    if isinstance(screen, TableScreen) and screen.mode() not in ("wait", "over", "result"):
        return screen
    return None


def on_result_step(app) -> bool:
    """Whether a person is looking at what their move did (Enter ends the turn)."""
    from palace_tui.tui.table.screen import TableScreen

    screen = app.screen
    return isinstance(screen, TableScreen) and screen.mode() == "result"


async def play_human_moves(
    app, pilot, rng, moves: int, swaps: dict | None = None, on_screen=None, max_steps: int = 4000
) -> int:
    """Play ``moves`` human moves by keys (passing every privacy screen); return how many were played.

    Stops early at the results screen. ``on_screen(app)`` is called after every wait,
    before anything is pressed, so a test can check each screen as it is shown.
    """
    from palace_tui.tui.screens.pass_device import PassScreen
    from palace_tui.tui.screens.results import ResultsScreen

    swaps = {} if swaps is None else swaps
    played = 0
    for _ in range(max_steps):
        if played >= moves:
            return played
        await settle(pilot)
        if on_screen is not None:
            on_screen(app)
        screen = app.screen
        if isinstance(screen, ResultsScreen):
            return played
        if isinstance(screen, PassScreen) or on_result_step(app):
            await send_keys(pilot, ["enter"])
            continue
        game_screen = human_turn(app)
        if game_screen is None:
            continue
        view = game_screen.view()
        move = choose_move(view, rng, swaps)
        await send_keys(pilot, keys_for(move, view, game_screen.cursor, game_screen.cursor.row))
        if game_screen.message is not None:
            raise AssertionError(f"{move} was refused: {game_screen.message}")
        played += 1
    raise AssertionError(f"only {played} of {moves} moves were played in {max_steps} steps")
