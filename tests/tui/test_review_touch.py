"""The review by finger: every key it offers is a tap target (a key each way, not one "←→"),
and a tap on the chance graph goes to the move under it."""

from __future__ import annotations

from palace_tui.device import Device
from palace_tui.tui.layout_classes import DeviceLayout
from palace_tui.tui.screens.review import ReviewScreen
from tests.helpers.app import bar_keys, screen_text
from tests.helpers.settle import settle
from tests.tui.test_review import WORK, analysed, finished


class Phone(DeviceLayout):
    device = Device("touch", 4, 2)

    def __init__(self, screen: ReviewScreen) -> None:
        super().__init__()
        self.review = screen

    def on_mount(self) -> None:
        self.show_device()
        self.push_screen(self.review)


async def test_the_review_is_stepped_by_taps_on_the_footer_and_the_graph() -> None:
    record = finished().game_record()
    screen = ReviewScreen(record, iterations=20, coach_work=WORK)
    app = Phone(screen)
    async with app.run_test(size=(78, 40)) as pilot:
        await analysed(pilot, screen)
        await settle(pilot)  # the analysis drawn, the footer's keys laid out
        keys = {key.description: key for key in bar_keys(screen)}
        assert {"Back", "On"} <= set(keys), list(keys)
        await pilot.click(keys["On"])
        await settle(pilot)  # the tap handled
        await pilot.click(keys["On"])
        await settle(pilot)  # the tap handled
        assert screen.index == 2 and f"Move 3 of {len(record.moves)}" in screen_text(app)
        await pilot.click(keys["Back"])
        await settle(pilot)
        assert screen.index == 1
        graph = screen.query_one("#graph")
        # The last column of the bars: the end of the game.
        await pilot.click(graph, offset=(graph.region.width - 3, 2))
        await settle(pilot)
        assert screen.index >= len(record.moves) - 3, screen.index
