"""An open list on the new-table form is part of the form (issue 36, R-12): it pushes the rows
below it down instead of painting over them, and never hides the Start row or the keys; every
option is on screen, whole, and on a touch screen a fingertip tall with its words showing.

Looked at with a list high in the form (Players), one among the seats, and two low ones (the
last rank power, the scoring) at 80x24, 120x40 and two phones held upright (40x45 and 40x30
cells, touched: 390x844 and 360x640).
"""

from __future__ import annotations

import pytest
from textual.widgets import OptionList, Select

from palace_tui.device import Device
from palace_tui.store.memory import MemoryStore
from palace_tui.tui.app import PalaceApp
from palace_tui.tui.widgets.finger_list import fingertip_options
from palace_tui.tui.widgets.keys_footer import KeysFooter
from palace_tui.tui.widgets.option_sections import OptionSections
from tests.helpers.app import screen_text
from tests.helpers.settle import running, settle

PHONE = Device("touch", 5, 3)
#: The terminal and the phone in the quick tier; the larger and the smallest screen in the slow one.
SIZES = [
    pytest.param((80, 24), None, id="80x24"),
    pytest.param((120, 40), None, id="120x40", marks=pytest.mark.slow),
    pytest.param((40, 45), PHONE, id="phone"),
    pytest.param((40, 30), PHONE, id="small-phone", marks=pytest.mark.slow),
]


def rows_of(app: PalaceApp, widget_id: str) -> list[str]:
    region = app.screen.query_one(widget_id).region
    return screen_text(app).splitlines()[region.y : region.bottom]


async def in_view(pilot, field: str) -> Select:
    """The Select ``field``, focused and scrolled into view, the form at rest."""
    select = pilot.app.screen.query_one(field, Select)
    select.focus()
    select.scroll_visible(animate=False)
    await settle(pilot)
    return select


async def open_whole(pilot, select: Select):
    """Open ``select``'s list and wait until it has rows and is whole in the form; the form and
    the list's options."""
    form = pilot.app.screen.query_one("#form")
    select.expanded = True
    options = select.query_one(OptionList)
    await settle(pilot, lambda: options.has_focus and options.region.height)
    await settle(pilot, lambda: form.region.contains_region(options.region))
    return form, options


@pytest.mark.parametrize(("size", "device"), SIZES)
@pytest.mark.parametrize("field", ["players", "seat-kind-2", "opt-ace", "opt-scoring"])
async def test_an_open_list_pushes_the_form_down_and_hides_nothing(size, device, field) -> None:
    app = PalaceApp(None, ai_delay=0, store=MemoryStore(), **({"device": device} if device else {}))
    async with running(app, size=size) as pilot:
        screen = app.screen
        if field.startswith("opt-"):
            screen.query_one(OptionSections).open_section_of(field.removeprefix("opt-"))
            await settle(pilot)
        select = await in_view(pilot, f"#{field}")
        start_row = rows_of(app, "#start-row")
        form_widget, options = await open_whole(pilot, select)

        # The list and its field inside the form: not over the Start row, nor the keys under it.
        form = form_widget.region
        assert form.contains_region(select.region), (select.region, form)
        assert rows_of(app, "#start-row") == start_row, "the Start row is painted over"
        assert screen.query_one("#start-row").region.y >= form.bottom
        text = screen_text(app)
        # Every option on screen, whole, and the field it belongs to with it.
        for prompt, _value in select._options:
            assert str(prompt) in text, f"{prompt} is not on screen:\n{text}"
        # Nothing painted over: the row under the field's own row is the list's top edge.
        top = options.region.y
        assert "╭" in text.splitlines()[top], text
        rows = (options.region.height - 2) // len(select._options)
        if device is not None:
            # A fingertip per option; on a small phone a long list takes the keys' rows first,
            # and only a list longer still (eight options) has options of two rows.
            keys_shown = screen.query_one("KeysFooter").display
            assert rows == device.finger_rows or (not keys_shown and rows >= 2), (rows, keys_shown)
        # Choosing closes the list and the form is as it was, the new value in the field.
        last_value = select._options[-1][1]
        await pilot.click(options, offset=(2, 1 + (len(select._options) - 1) * rows + (rows - 1) // 2))
        await settle(pilot, lambda: not select.expanded)
        assert select.value == last_value
        assert screen.query_one("KeysFooter").display, "the keys back once the list is closed"


async def test_a_list_whose_options_grow_once_in_view_is_brought_into_view_again() -> None:
    # On a busy machine a list's options can take their fingertip height a refresh after the
    # list was brought into view: the form then showed the list's top edge only (CI, issue 32).
    app = PalaceApp(None, ai_delay=0, store=MemoryStore(), device=PHONE)
    async with running(app, size=(40, 30)) as pilot:
        form, options = await open_whole(pilot, await in_view(pilot, "#seat-kind-1"))
        scrolled = form.scroll_y
        fingertip_options(options, 4)  # the options grow now, after the list came into view
        await settle(pilot)
        assert form.scroll_y > scrolled, "the form never moved to show the grown list"
        assert form.region.contains_region(options.region), (options.region, form.region, screen_text(app))


async def test_a_list_in_view_is_brought_into_view_again_when_the_keys_take_the_form_s_rows() -> None:
    # The keys under the form change with the focus, and on a busy machine the footer takes its
    # new rows a refresh after the open list came into view: the form grew shorter under it and
    # cut the list at the Start row, though the form's length never changed (CI, issue 32).
    app = PalaceApp(None, ai_delay=0, store=MemoryStore(), device=PHONE)
    async with running(app, size=(40, 30)) as pilot:
        form, options = await open_whole(pilot, await in_view(pilot, "#seat-kind-1"))
        scrolled, height = form.scroll_y, form.region.height
        footer = app.screen.query_one(KeysFooter)
        rows = footer.outer_size.height + 4  # the keys take four more rows now
        footer.styles.max_height = rows
        footer.styles.height = rows
        await settle(pilot, lambda: form.region.height < height)
        await settle(pilot)
        assert form.scroll_y > scrolled, "the form never moved to show the list it cut"
        assert form.region.contains_region(options.region), (options.region, form.region, screen_text(app))
