"""The new-table screen's house-rule sets, pressed as a player would: save the rules on the form
under a name, pick a saved set beside the presets, rename, overwrite and delete one; and the
options in folding sections, reachable from the keyboard at 80x24."""

from __future__ import annotations

import pytest

from palace_tui.rules import Rules
from palace_tui.store import MemoryStore
from palace_tui.tui.screens.new_table import NewTableScreen
from palace_tui.tui.table.screen import TableScreen
from palace_tui.tui.widgets.option_sections import OptionSections
from tests.helpers.app import choose_option, screen_text
from tests.helpers.settle import running, settle
from tests.helpers.told import told

OURS = Rules.preset("palace").replace(seven="low")
OURS_LINE = "seven=low next_dealer=loser"


def typed(text: str) -> list[str]:
    return ["space" if ch == " " else ch for ch in text]


async def press(pilot, *keys: str) -> None:
    """One key at a time, each waited for (a list opening or closing is a screen of its own)."""
    for key in keys:
        await pilot.press(key)
    await settle(pilot)


def notes(app) -> list[str]:
    return told(app)


@pytest.mark.slow
async def test_rules_set_up_by_keys_are_saved_under_a_name_and_started(make_app) -> None:
    store = MemoryStore()
    app = make_app(store=store)
    async with running(app) as pilot:
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        assert "▶ Rank powers" in screen_text(app) and "Enter: open a list" in screen_text(app)
        screen.query_one("#section-rank-powers CollapsibleTitle").focus()
        await press(pilot, "enter")
        screen.query_one("#opt-seven").focus()
        await press(pilot, "enter", "down", "down", "down", "down", "enter")  # ordinary, reset, clear, see-through, low
        assert screen.query_one("#opt-seven").value == "low"
        assert screen.query_one("#preset").value == "custom"
        screen.query_one("#set-name").focus()
        await press(pilot, *typed("Our rules"), "enter")
        assert store.rule_sets() == {"Our rules": OURS_LINE}
        assert screen.query_one("#preset").value == "set:Our rules"
        assert any("Saved as 'Our rules'" in n and "palace --rules 'Our rules'" in n for n in notes(app))
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, TableScreen) and app.session.rules == OURS
        assert store.last_table()["rules_name"] == "Our rules"


async def test_a_saved_set_is_picked_beside_the_presets_and_remembered(make_app) -> None:
    store = MemoryStore()
    store.save_rule_sets({"Our rules": OURS_LINE, "Friday": "ten=not-on-picture"})
    app = make_app(store=store)
    async with running(app) as pilot:
        screen = app.screen
        screen.query_one("#preset").focus()
        await press(pilot, "enter")
        text = screen_text(app)
        assert all(name in text for name in ("palace", "shithead", "first-out", "Our rules", "Friday", "custom"))
        await press(pilot, "down", "down", "down", "enter")
        assert screen.query_one("#preset").value == "set:Our rules"
        assert screen.query_one(OptionSections).values["seven"] == "low"
        assert "Rank powers: sevens low" in screen_text(app), "the folded section says what it holds"
        assert "saved as 'Our rules'" in screen_text(app)
        await press(pilot, "ctrl+s")
        assert app.session.rules == OURS
    again = make_app(store=store)
    async with running(again) as pilot:
        await press(pilot, "n")  # the game just dealt is saved: a new table instead
        assert again.screen.query_one("#preset").value == "set:Our rules"


async def test_changing_an_option_of_a_saved_set_and_saving_again_overwrites_it(make_app) -> None:
    store = MemoryStore()
    store.save_rule_sets({"Our rules": OURS_LINE})
    app = make_app(store=store, table={"preset": "custom", "rules_name": "Our rules", "options": OURS.as_dict()})
    async with running(app) as pilot:
        screen = app.screen
        assert screen.query_one("#preset").value == "set:Our rules"
        assert screen.query_one("#set-name").value == "Our rules"
        await choose_option(pilot, "eight", "see-through")
        await settle(pilot, lambda: screen.query_one("#preset").value == "custom")
        assert screen.query_one("#preset").value == "custom"
        assert str(screen.query_one("#save-set").label) == "Save"
        screen.query_one("#set-name").focus()
        await press(pilot, "enter")
        assert store.rule_sets() == {"Our rules": "seven=low eight=see-through next_dealer=loser"}
        assert screen.query_one("#preset").value == "set:Our rules"
        assert any("(replacing it)" in n for n in notes(app))


async def test_a_saved_set_is_renamed_then_deleted(make_app) -> None:
    store = MemoryStore()
    store.save_rule_sets({"Our rules": OURS_LINE, "Friday": "ten=not-on-picture"})
    app = make_app(store=store, table={"rules_name": "Our rules", "options": OURS.as_dict()})
    async with running(app) as pilot:
        screen = app.screen
        screen.query_one("#set-name").focus()
        await press(pilot, *["backspace"] * 9, *typed("Sunday"))
        assert str(screen.query_one("#save-set").label) == "Rename"
        await press(pilot, "enter")
        assert list(store.rule_sets().items()) == [("Sunday", OURS_LINE), ("Friday", "ten=not-on-picture")]
        assert screen.query_one("#preset").value == "set:Sunday"
        screen.query_one("#delete-set").focus()
        await press(pilot, "enter")
        assert store.rule_sets() == {"Friday": "ten=not-on-picture"}
        assert (
            screen.query_one("#preset").value == "custom" and screen.query_one(OptionSections).values["seven"] == "low"
        )
        assert screen.query_one("#delete-set").disabled, "nothing saved is chosen now"


async def test_a_bad_name_is_refused_in_one_sentence_and_nothing_is_saved(make_app) -> None:
    store = MemoryStore()
    app = make_app(store=store)
    async with running(app) as pilot:
        app.screen.query_one("#set-name").focus()
        await press(pilot, *typed("Shithead"), "enter")
        assert store.rule_sets() == {}
        assert "'Shithead' is a preset's name already: choose another name." in notes(app)
        assert isinstance(app.screen, NewTableScreen), "Enter in the name field never starts the game"


@pytest.mark.slow
async def test_every_option_is_in_a_section_and_the_form_fits_both_sizes(make_app) -> None:
    from palace_tui.rules import OPTIONS

    for size in ((80, 24), (120, 40)):
        app = make_app(store=MemoryStore())
        async with running(app, size=size) as pilot:
            sections = app.screen.query_one(OptionSections)
            for name in OPTIONS:
                sections.open_section_of(name)
            await settle(pilot)
            rows = {row.option for row in app.screen.query("OptionRow")}
            assert rows == set(OPTIONS)
            text = screen_text(app)
            assert max(len(line.rstrip()) for line in text.splitlines()) <= size[0]
            assert "Start" in text and "^s Start" in text, "Start stays in view with every section open"


@pytest.mark.slow
async def test_the_focused_option_row_stands_out_at_both_sizes(make_app) -> None:
    """The row of the option with the focus is drawn on another background, its name in bold."""
    for size in ((80, 24), (120, 40)):
        app = make_app(store=MemoryStore())
        async with running(app, size=size) as pilot:
            screen = app.screen
            screen.query_one(OptionSections).open_section_of("three")
            await settle(pilot)
            screen.query_one("#opt-three").focus()
            await settle(pilot)
            screen.query_one("#row-three").scroll_visible(animate=False)
            await settle(pilot)

            def drawn(option: str, column: int, screen=screen):
                region = screen.query_one(f"#row-{option}").region
                return screen.get_style_at(region.x + column, region.y)

            focused, other = drawn("three", 1), drawn("four", 1)
            assert focused.bgcolor != other.bgcolor and focused.bold and not other.bold
            assert drawn("three", 60).bgcolor != drawn("four", 60).bgcolor, "the whole row, its help too"


async def test_a_save_the_disk_refuses_says_it_was_not_kept_and_why(make_app, tmp_path, monkeypatch) -> None:
    """R1: a full disk (and a folder where the file goes) never reads "Saved as"."""
    import errno

    from palace_tui.store import Store

    def disk_full(*_args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    store = Store(tmp_path / "data")
    monkeypatch.setattr("palace_tui.store.store.atomic_write", disk_full)
    app = make_app(store=store)
    async with running(app, size=(80, 24)) as pilot:
        screen = app.screen
        screen.query_one("#set-name").focus()
        await press(pilot, *typed("Ours"), "enter")
        said = notes(app)
        assert not any("Saved as" in n for n in said), said
        assert any("'Ours' could not be kept for next time: the disk is full" in n for n in said), said
        assert any("until you quit" in n for n in said)
    monkeypatch.undo()
    store.close()
    assert Store(tmp_path / "data").rule_sets() == {}


async def test_a_section_opened_after_a_rule_set_is_picked_shows_that_set(make_app) -> None:
    """A section's rows are made when it first opens: until then the form keeps its values, so a
    rule set picked while it is folded is what it shows, what its title says and what is dealt."""
    app = make_app(store=MemoryStore())
    async with running(app) as pilot:
        screen = app.screen
        assert not screen.query("OptionRow"), "a folded section has no rows yet"
        screen.query_one("#preset").value = "shithead"
        await settle(pilot, "Shithead: swap, lowest 3 leads")
        shithead = Rules.preset("shithead").as_dict()
        assert screen.option_values() == shithead
        screen.query_one(OptionSections).open_section_of("scoring")
        await settle(pilot, lambda: screen.query("#opt-scoring"), what="the end's rows")
        await settle(pilot)
        shown = {row.option: row.query_one("Select").value for row in screen.query("OptionRow")}
        assert shown == {"finish": shithead["finish"], "scoring": "losses", "next_dealer": "clockwise"}
        await press(pilot, "ctrl+s")
        await settle(pilot, lambda: not isinstance(app.screen, NewTableScreen), what="the deal")
        assert app.session.rules == Rules.preset("shithead")
