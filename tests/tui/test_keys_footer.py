"""The key bar changes in place: when a screen's keys change, the keys already on show keep
their widgets and only their words and state change, so a tap landing while the bar changes
still finds a key, and a move does not pay for a new bar (palace_tui/tui/widgets/keys_footer.py)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.screen import Screen

from palace_tui.tui.widgets.keys_footer import KeysFooter, ShownKey
from tests.helpers.settle import running, settle


class KeysScreen(Screen[None]):
    """A screen whose shown keys are chosen by the test (check_action: False hides a key)."""

    BINDINGS = [("a", "one", "One"), ("b", "two", "Two"), ("c", "three", "Three"), ("d", "four", "Four")]

    def __init__(self) -> None:
        super().__init__()
        self.shown = {"one", "two", "three"}
        self.enabled = set(self.shown)
        self.done: list[str] = []

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action not in self.shown:
            return False
        return True if action in self.enabled else None

    def compose(self) -> ComposeResult:
        yield KeysFooter()

    def action_four(self) -> None:
        self.done.append("four")

    def show(self, *actions: str, enabled: tuple[str, ...] | None = None) -> None:
        self.shown = set(actions)
        self.enabled = set(actions if enabled is None else enabled)
        self.refresh_bindings()


class KeysApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(KeysScreen())


def keys_on_show(app: KeysApp) -> list[tuple[str, str, bool]]:
    return [(key.key_display, key.description, key.has_class("-disabled")) for key in app.screen.query(ShownKey)]


async def test_the_keys_on_show_keep_their_widgets_as_the_screens_keys_change() -> None:
    app = KeysApp()
    async with running(app) as pilot:
        screen = app.screen
        assert isinstance(screen, KeysScreen)
        await settle(pilot, lambda: len(keys_on_show(app)) == 3, what="the three keys")
        first = list(screen.query(ShownKey))
        assert keys_on_show(app) == [("a", "One", False), ("b", "Two", False), ("c", "Three", False)]

        screen.show("one", "three", enabled=("three",))  # one key fewer, another dimmed
        await settle(pilot, lambda: len(keys_on_show(app)) == 2, what="two keys")
        assert keys_on_show(app) == [("a", "One", True), ("c", "Three", False)]
        assert list(screen.query(ShownKey)) == first[:2], "the keys were made again, not changed"

        screen.show("one", "two", "three", "four")  # one more: added after the kept ones
        await settle(pilot, lambda: len(keys_on_show(app)) == 4, what="four keys")
        assert keys_on_show(app)[:2] == [("a", "One", False), ("b", "Two", False)]
        assert list(screen.query(ShownKey))[:2] == first[:2]
        footer = screen.query_one(KeysFooter)
        assert "a One b Two c Three d Four" in " ".join(str(key.render()) for key in footer.query(ShownKey))

        await pilot.click(list(screen.query(ShownKey))[3])  # an added key does its work
        await settle(pilot, lambda: screen.done == ["four"], what="the tapped key's action")
