"""A tap on the key bar is never lost to the bar being built again under the finger.

The bar (palace_tui/tui/widgets/keys_footer.py) acts on a key's mouse-down. While the bar is
being built again its keys are replaced, and a tap that lands then reaches no key. So the bar
is built again only when its keys change: a key lit or greyed is changed where it stands, on
one line or wrapped onto more (a phone's narrow bar, where every change used to build it
again).
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from palace_tui.tui.widgets.keys_footer import BarKey, KeysFooter
from tests.helpers.app import bar_text
from tests.helpers.settle import running, settle


def counting_rebuilds(monkeypatch) -> list[str]:
    """Every time a key bar is built again from scratch, the name of its screen."""
    rebuilt: list[str] = []
    recompose = KeysFooter.recompose

    async def counted(footer):
        rebuilt.append(type(footer.screen).__name__)
        return await recompose(footer)

    monkeypatch.setattr(KeysFooter, "recompose", counted)
    return rebuilt


class Keys(Screen[None]):
    """Six keys that wrap onto two lines in 40 columns; ``works`` says whether Play works (greyed
    when not: a check that answers None)."""

    BINDINGS = [
        Binding(key, action, words)
        for key, action, words in (
            ("enter", "play", "Play"),
            ("t", "take", "Take"),
            ("e", "pile", "Pile"),
            ("ctrl+r", "retry", "Retry"),
            ("n", "next", "Next lesson"),
            ("escape", "back", "Back to the list"),
        )
    ]

    def __init__(self) -> None:
        super().__init__()
        self.works = True
        self.played = 0

    def compose(self) -> ComposeResult:
        yield KeysFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action == "play" and not self.works else True

    def action_play(self) -> None:
        self.played += 1


class KeysApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(Keys())


def lit(key: BarKey) -> bool:
    return not key.has_class("-disabled")


async def test_a_wrapped_bar_greys_and_lights_a_key_where_it_stands(monkeypatch):
    rebuilt = counting_rebuilds(monkeypatch)
    app = KeysApp()
    async with running(app, size=(40, 12)) as pilot:
        screen = app.screen
        assert isinstance(screen, Keys)
        await settle(pilot, lambda: "Back to the list" in bar_text(app), what="the bar's keys")
        lines = list(screen.query(".keys-line"))
        assert len(lines) == 2, "six keys in 40 columns wrap onto two lines"
        keys = list(screen.query(BarKey))
        built = len(rebuilt)
        screen.works = False
        screen.refresh_bindings()
        await settle(pilot, lambda: not lit(keys[0]), what="Play greyed where it stands")
        assert list(screen.query(BarKey)) == keys and len(rebuilt) == built
        screen.works = True
        screen.refresh_bindings()
        await settle(pilot, lambda: lit(keys[0]), what="Play lit again where it stands")
        assert list(screen.query(BarKey)) == keys and len(rebuilt) == built
        await pilot.click(keys[0])
        await settle(pilot, lambda: screen.played == 1, what="the tap on Play to play")
