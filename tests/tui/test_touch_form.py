"""The new-table form for a finger (``palace serve`` on a phone or a tablet): every list,
field, ▶ section and button at least a fingertip tall (the rows the page says 44 CSS px
cover), each option's name apart from its value, the seed's help in whole words, and the
help naming taps, not Tab and Enter."""

from __future__ import annotations

import re

import pytest
from textual.widgets import Button, Input, Select
from textual.widgets._collapsible import CollapsibleTitle

from palace_tui.device import Device
from palace_tui.tui.app import PalaceApp
from palace_tui.words.options import option_name
from tests.helpers.app import screen_text
from tests.helpers.settle import running, settle

#: A phone upright (390x844: 40 columns, a fingertip three rows) and a tablet (768x1024: two rows).
DEVICES = [
    pytest.param((40, 45), Device("touch", 5, 3), id="phone-390", marks=pytest.mark.slow),
    pytest.param((78, 52), Device("touch", 4, 2), id="tablet-768", marks=pytest.mark.slow),
]

SEED_HELP = "Blank: a fresh shuffle every game. A number deals the same cards."


@pytest.mark.parametrize(("size", "device"), DEVICES)
async def test_the_new_table_form_is_for_fingers(tmp_path, size, device):
    app = PalaceApp(None, data_dir=tmp_path, device=device, ai_delay=0)
    async with running(app, size=size) as pilot:
        screen = app.screen
        for title in list(screen.query(CollapsibleTitle)):  # every ▶ section open, by tapping it
            screen.query_one("#form").scroll_to_widget(title, animate=False)
            await settle(pilot)  # scrolled to it and laid out: the tap lands on it
            await pilot.click(title)
            await settle(pilot)  # the section open and laid out
        targets = [*screen.query(Select), *screen.query(Input), *screen.query(CollapsibleTitle), *screen.query(Button)]
        shown = [w for w in targets if w.display and w.region.height]
        assert len(shown) > 40, "the seats, the rules, every option, the seed, the buttons"
        short = [(w.id or type(w).__name__, w.region.height) for w in shown if w.region.height < device.finger_rows]
        assert not short, f"shorter than a fingertip ({device.finger_rows} rows): {short}"

        text = ""
        form = screen.query_one("#form")
        form.scroll_home(animate=False)
        await settle(pilot)
        while True:  # the whole form, page by page
            text += screen_text(app)
            if form.scroll_y >= form.max_scroll_y:
                break
            form.scroll_page_down(animate=False)
            await settle(pilot)  # the next page drawn
        for name in ("play_drawn", "after_pickup", "stuck_face_up", "low_binds_ten"):
            label = option_name(name)
            assert re.search(re.escape(label) + r" +\S", text), f"{label!r} runs into its value:\n{text}"
            assert not re.search(re.escape(label) + r"\S", text), f"{label!r} runs into its value:\n{text}"
        words = " ".join(text.split())
        assert SEED_HELP in words or all(f" {w} " in f" {words} " for w in SEED_HELP.split()), (
            "the seed help breaks words"
        )
        assert "Tap a list to open it" in words and "Tab:" not in words and "Enter: open" not in words
