"""Pilot tests of the new-table screen and the command line's table flags (issue 13's "Also at
the table"), and of the results screen's words: each reads what the screen or stdout shows.
"""

from __future__ import annotations

import pytest

from palace_tui.rules import Rules
from palace_tui.table.session import SeatConfig, Session
from tests.helpers.app import press, screen_text
from tests.helpers.built_table import table
from tests.helpers.settle import running, settle

# ---------------------------------------------------------------------- new table, CLI


@pytest.mark.slow
async def test_blank_seed_next_time_and_a_fresh_shuffle(make_app):
    """A seed typed once is not offered again: the next table deals fresh cards."""
    from palace_tui.table.session import MemoryStore
    from palace_tui.tui.screens.new_table import NewTableScreen

    store = MemoryStore()
    app = make_app(store=store)
    async with running(app) as pilot:
        app.screen.query_one("#seed").value = "42"
        await settle(pilot)
        await press(pilot, "ctrl+s")
        assert app.session.game.seed == 42
    store.clear_session()
    again = make_app(store=store)
    async with running(again) as pilot:
        assert isinstance(again.screen, NewTableScreen)
        assert again.screen.query_one("#seed").value == ""
        await press(pilot, "ctrl+s")
        first = again.session.game.seed
    store.clear_session()
    third = make_app(store=store)
    async with running(third) as pilot:
        await press(pilot, "ctrl+s")
        assert third.session.game.seed != first


@pytest.mark.slow
async def test_option_help_says_what_the_shown_value_does(make_app):
    from palace_tui.table.session import MemoryStore
    from palace_tui.tui.widgets.option_sections import OptionSections

    app = make_app(store=MemoryStore())
    async with running(app) as pilot:
        screen = app.screen
        sections = screen.query_one(OptionSections)
        sections.open_section_of("seven")
        await settle(pilot, lambda: screen.query("#row-seven"), what="the rank powers' rows")
        help_line = screen.query_one("#row-seven .option-help")
        assert str(help_line.render()) == "A 7 is an ordinary card."
        screen.query_one("#opt-seven").value = "low"
        await settle(
            pilot,
            lambda: str(help_line.render()) == "After a 7 the next ordinary play must be 7 or lower.",
            what="str(help_line.render()) == 'After a 7 the next ordinary play must b...",
        )
        assert str(help_line.render()) == "After a 7 the next ordinary play must be 7 or lower."
        screen.query_one("#section-rank-powers").collapsed = True
        await settle(pilot, "▶ Rank powers: sevens low", what="a folded section saying what it holds")
        sections.open_section_of("seven")
        await settle(pilot)
        screen.query_one("#row-seven").scroll_visible(animate=False)
        await settle(pilot)
        await settle(pilot, "After a 7 the next ordinary play must be 7")
        assert "After a 7 the next ordinary play must be 7" in screen_text(app)  # wrapped, whole
        screen.query_one("#form").scroll_end(animate=False)
        await settle(pilot)
        await settle(pilot, "Blank: a fresh shuffle every game.")
        assert "Blank: a fresh shuffle every game." in screen_text(app)


async def test_players_flag_with_a_saved_game_asks_first(make_app, data_dir, capfd):
    from palace_tui.tui.screens.confirm import ReplaceSavedScreen

    saved = table(humans=2)
    first = make_app(saved)
    async with running(first) as pilot:
        await press(pilot, "ctrl+q")
    printed = capfd.readouterr()
    assert "the game is saved. Run palace --resume" in printed.out + printed.err
    fresh = Session.new([SeatConfig("Zed"), SeatConfig("Yan")], Rules.preset("palace"), seed=1)
    app = make_app(fresh)
    async with running(app) as pilot:
        assert isinstance(app.screen, ReplaceSavedScreen)
        text = screen_text(app)
        assert "An unfinished game is saved" in text and "Ann, Ben" in text and "Zed, Yan" in text
        await press(pilot, "n")
        assert app.session is not None and app.session.names == ["Ann", "Ben"]
    app = make_app(fresh)
    async with running(app) as pilot:
        await press(pilot, "y")
        assert app.session.names == ["Zed", "Yan"]


def test_help_lists_commands_and_bad_move_cap_refused(capsys):
    from palace_tui.cli import main

    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "palace learn" in out and "palace records" in out and "palace simulate" in out
    assert main(["simulate", "--move-cap", "0"]) == 2
    assert "--move-cap must be at least 1" in capsys.readouterr().err


def test_records_scoring_with_no_such_games_says_so(tmp_path, capsys):
    from palace_tui.cli.records import main
    from palace_tui.store.store import Store

    session = table(
        position=[{"name": "Ann", "hand": "9C"}, {"name": "Ben", "hand": "5S", "face_down": "8D"}], pile="5H", humans=2
    )
    session.play_human(next(m for m in session.game.legal_moves() if m.kind == "play"))
    assert session.game.phase == "over"
    with Store(tmp_path) as store:
        store.record_game(session.record())
    assert main(["--data-dir", str(tmp_path), "--scoring", "wins"]) == 0
    assert "No games scored by wins yet" in capsys.readouterr().out


# ---------------------------------------------------------------------- results


async def _results(make_app, position, pile="5H", preset="palace"):
    from palace_tui.tui.screens.results import ResultsScreen

    session = table(position=position, pile=pile, preset=preset)
    app = make_app(session)
    async with running(app) as pilot:
        await press(pilot, "enter")
        for _ in range(10):
            if isinstance(app.screen, ResultsScreen):
                break
            await press(pilot, "enter")
        assert isinstance(app.screen, ResultsScreen)
        outcome = str(app.screen.query_one("#outcome").render())
        text = screen_text(app)
        for line in outcome.split("\n"):  # every line of the outcome is on screen (perhaps wrapped)
            assert line.split(" ")[0] in text
        return outcome + "\n" + text


async def test_results_heads_up_podium(make_app):
    text = await _results(
        make_app, [{"name": "Ann", "hand": "9C"}, {"name": "Ben", "hand": "5S 6S", "face_up": "QH", "face_down": "8D"}]
    )
    assert "Ann wins!" in text
    assert "Ben is the Palace: last with cards." in text
    assert "Last move: Ann played 9♣, then went out (1st)" in text
    assert "Points: 3 to the first out and 2 to the second." in text
    assert "3, 2, 1" not in text
    assert "Next game: Ben deals." in text  # palace: the loser deals


async def test_results_shithead_names_its_loser(make_app):
    text = await _results(
        make_app,
        [{"name": "Ann", "hand": "9C"}, {"name": "Ben", "hand": "5S 6S", "face_up": "QH", "face_down": "8D"}],
        preset="shithead",
    )
    assert "Ben is the Shithead: last with cards." in text
    assert "One loss to the last with cards." in text


def box_rows(text: str, title: str) -> list[str]:
    """The screen's rows of the box titled ``title``, its top edge to its bottom edge (where it
    is cut: to the screen's last row)."""
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if f"─ {title} ─" in line)
    left = lines[top].index("╭", max(0, lines[top].index(title) - 4))
    rows = [lines[top]]
    for line in lines[top + 1 :]:
        rows.append(line)
        if line[left : left + 1] == "╰":
            break
    return rows


async def test_results_boxes_are_as_tall_as_what_they_hold(make_app):
    """No empty rows at the end of the outcome or the scoreboard."""
    text = await _results(
        make_app, [{"name": "Ann", "hand": "9C"}, {"name": "Ben", "hand": "5S 6S", "face_up": "QH", "face_down": "8D"}]
    )
    outcome = box_rows(text, "Game 1")
    assert "Next game: Ben deals." in outcome[-2] and outcome[-1].lstrip().startswith("╰"), outcome
    board = box_rows(text, "Scoreboard")
    assert "Ann" in board[-3] and "Ben" in board[-2] and "╰" in board[-1], board


async def test_a_duplicate_with_four_seats_is_whole_at_80x24(tmp_path):
    """A deal played again at a four-seat table: the outcome, and the same deal's table with
    every seat and its bottom edge, all on an 80x24 screen."""
    from textual.app import App

    from palace_tui.ai import make_player
    from palace_tui.store import Store
    from palace_tui.tui.app import PalaceApp
    from palace_tui.tui.screens.results import ResultsScreen
    from tests.helpers.app import make_session

    first = make_session(humans=("Ann",), computers=("Ben", "Cy", "Dee"), seed=9, level="easy")
    ann = make_player("random", 9)
    while first.game.phase != "over":
        first.play_human(ann.choose(first.game)) if first.is_human(first.game.turn) else first.computer_move()
    with Store(tmp_path) as store:
        store.record_game(first.record())
        again = Session.from_record(
            first.game_record(), store.game_list()[0]["game_id"], shift=1, table_id=first.table_id, games_so_far=1
        )
        while again.game.phase != "over":
            again.computer_move()
        store.record_game(again.record())
        board = [{"place": k + 1, "name": name, "points": 3 - k, "games": 2} for k, name in enumerate(again.names)]

        class Results(App):
            CSS_PATH = PalaceApp.CSS_PATH

            def on_mount(self) -> None:
                self.push_screen(ResultsScreen(again, board, store))

        app = Results()
        async with running(app) as pilot:
            text = screen_text(app)
            # Upright on a phone the results scroll, and a key scrolls them to the table's end.
            app.add_class("-narrow")
            await pilot.resize_terminal(40, 20)
            await settle(pilot)
            assert "seat 4" not in screen_text(app)
            await press(pilot, "pagedown", "pagedown")
            assert "seat 4" in screen_text(app)
    assert "Game 1" in text and "Next game:" in text
    same = box_rows(text, "The same deal, seats moved round")
    assert [row.split()[1:3] for row in same[2:-1]] == [["seat", str(k)] for k in range(1, 5)], same
    assert same[-1].startswith("╰"), same
