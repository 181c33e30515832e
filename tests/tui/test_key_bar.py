"""The key bar (palace_tui/tui/widgets/keys_footer.py) through a hot-seat game at 80x24.

On one line the bar keeps the keys of every step it has shown and shows or hides them where
they stand, instead of being built again at each step of a turn. What it shows must still be
exactly the screen's keys of the moment, in their order, greyed where they do not work now,
and a key shown again must work under a click.
"""

from __future__ import annotations

import random

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from palace_tui.terminal import key_text
from palace_tui.tui.screens.pass_device import PassScreen
from palace_tui.tui.screens.results import ResultsScreen
from palace_tui.tui.table.screen import TableScreen
from palace_tui.tui.widgets.keys_footer import KeysFooter
from tests.helpers.app import bar_keys, bar_lines, keys_for, make_session
from tests.helpers.robust import choose_move, send_keys
from tests.helpers.settle import running, settle


def keys_of_the_moment(app) -> list[tuple[str, bool]]:
    """What the bar should say now, read from the screen's bindings: each shown key's words
    ("⏎ Play") and whether it works, one key per action, in the bindings' order."""
    keys: list[tuple[str, bool]] = []
    actions: set[str] = set()
    for _, binding, enabled, _ in app.screen.active_bindings.values():
        if binding.show and binding.action not in actions:
            actions.add(binding.action)
            keys.append((f"{key_text(app.get_key_display(binding))} {binding.description}", enabled))
    return keys


def bar_line(app) -> str:
    """The bar's one line on the terminal."""
    [line] = bar_lines(app)
    return line.rstrip()


def bar_says(app) -> list[tuple[str, bool]]:
    """The keys the bar shows, each with whether it is lit (not greyed)."""
    return [(f"{key.key_display} {key.description}", not key.has_class("-disabled")) for key in bar_keys(app.screen)]


def shows_the_moment(app) -> bool:
    keys = keys_of_the_moment(app)
    return bar_says(app) == keys and bar_line(app) == " ".join(words for words, _ in keys)


async def test_the_bar_shows_each_steps_keys_where_they_stand_and_a_shown_key_works(make_app, monkeypatch):
    rebuilt: list[str] = []
    recompose = KeysFooter.recompose

    async def counted(footer):
        rebuilt.append(type(footer.screen).__name__)
        return await recompose(footer)

    monkeypatch.setattr(KeysFooter, "recompose", counted)
    session = make_session(humans=("Ann", "Ben"), computers=("Cy",), seed=11)
    app = make_app(session)
    rng, swaps = random.Random(11), {}
    steps = clicks = 0
    async with running(app) as pilot:
        while session.game.moves < 16 and not isinstance(app.screen, ResultsScreen):
            await settle(pilot, lambda: shows_the_moment(app), what="the bar showing the keys of the moment")
            steps += 1
            screen = app.screen
            if isinstance(screen, PassScreen):
                await send_keys(pilot, ["enter"])
            elif isinstance(screen, TableScreen) and screen.mode() == "result":
                # End turn came back onto the bar in place: a click on it ends the turn.
                [end_turn] = [key for key in bar_keys(screen) if key.description == "End turn"]
                await pilot.click(end_turn)
                clicks += 1
                await settle(pilot, lambda table=screen: app.screen is not table or table.mode() != "result")
            elif isinstance(screen, TableScreen) and screen.mode() not in ("wait", "over"):
                view = screen.view()
                move = choose_move(view, rng, swaps)
                await send_keys(pilot, keys_for(move, view, screen.cursor, screen.cursor.row))
                assert screen.message is None, f"{move} was refused: {screen.message}"
            else:
                await settle(pilot)
    assert steps > 20 and clicks > 4, (steps, clicks)
    # Each screen's bar is built once, and again only for keys it had not shown yet.
    assert rebuilt.count("TableScreen") <= 8, rebuilt


async def test_the_bar_has_its_keys_in_its_first_frame():
    """A bar that came up empty and filled a frame later would move everything centred above it:
    a button would jump as a finger comes down on it. Its keys are there when its screen mounts."""
    seen: list[str] = []

    class Asked(Screen[None]):
        BINDINGS = [Binding("enter", "app.quit", "Go on")]

        def compose(self):
            yield Static("Anyone with the fourth 7?")
            yield KeysFooter()

        def on_mount(self) -> None:
            seen.extend(key.description for key in bar_keys(self))

    class Table(App[None]):
        def on_mount(self) -> None:
            self.push_screen(Asked())

    async with running(Table(), size=(40, 12)) as pilot:
        await settle(pilot, lambda: seen or bar_keys(pilot.app.screen), what="the asking screen mounted")
        assert seen == ["Go on"], "the bar was empty as its screen came up"
