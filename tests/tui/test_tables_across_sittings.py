"""N-2: the same people at the same rules are the same table, sitting after sitting, however it
was started; N-7: a saved set is called by its name once play starts."""

from __future__ import annotations

from pathlib import Path

from textual.app import App

from palace_tui.cli.records import main as records_main
from palace_tui.rules import Rules
from palace_tui.store import Store
from palace_tui.table.session import SeatConfig, Session
from palace_tui.tui.app import PalaceApp
from palace_tui.tui.screens.how_to_play import HowToPlayScreen
from palace_tui.tui.screens.new_table import NewTableScreen
from palace_tui.tui.screens.results import ResultsScreen
from tests.helpers.app import press, screen_text
from tests.helpers.settle import running, settle

OURS = Rules.preset("palace").replace(seven="low", eight="skip")


def _played(names: list[str], rules: Rules, rules_name: str = "") -> Session:
    seats = [SeatConfig(n, human=False, level="random") for n in names]
    session = Session.new(seats, rules, seed=3, rules_name=rules_name)
    while session.game.phase != "over":
        session.computer_move()
    return session


def test_the_same_people_at_the_same_rules_go_on_at_one_table(tmp_path: Path, capsys) -> None:
    first = _played(["Ann", "Ben", "Cy"], Rules.preset("palace"))
    again = _played(["Cy", "Ann", "Ben"], Rules.preset("palace"))  # other seats, the same people
    other_rules = _played(["Ann", "Ben", "Cy"], Rules.preset("shithead"))
    other_people = _played(["Ann", "Ben", "Dee"], Rules.preset("palace"))
    assert first.table_id == again.table_id
    assert len({first.table_id, other_rules.table_id, other_people.table_id}) == 3
    assert first.game_id != again.game_id, "a second sitting's game is no first sitting's game"
    with Store(tmp_path) as store:
        for session in (first, again, other_rules, other_people):
            assert store.record_game(session.record())
        assert sorted(row["games"] for row in store.scoreboard(first.table_id)) == [2, 2, 2]
        assert len(store.table_games(first.table_id)) == 2
    assert records_main(["--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Ann, Ben and Cy, palace: 2 games" in out  # named by its people, as they sat first
    assert "Ann, Ben and Cy, shithead: 1 game" in out and "Ann, Ben and Dee, palace: 1 game" in out


async def test_a_command_line_table_is_offered_next_time_and_goes_on(make_app, data_dir: Path) -> None:
    earlier = _played(["Ann", "Ben", "Cy"], Rules.preset("shithead"))
    with Store(data_dir) as store:
        store.record_game(earlier.record())
    # palace --players Ann,Ben,Cy --computers 2 --preset shithead: a new sitting of that table.
    seats = [SeatConfig("Ann"), SeatConfig("Ben", human=False), SeatConfig("Cy", human=False)]
    app = make_app(Session.new(seats, Rules.preset("shithead")))
    async with running(app, size=(80, 24)) as pilot:
        assert app.session is not None and app.session.table_id == earlier.table_id
        assert app.session.game_number == 1, "the table's second game, after the first sitting's"
        assert app.session.log[0].startswith("Game 2: ")
        await press(pilot, "ctrl+q")
    app.store.close()
    app = make_app()
    async with running(app, size=(120, 40)) as pilot:
        if not isinstance(app.screen, NewTableScreen):  # the saved game is offered first: n is a new table
            await press(pilot, "n")
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        assert [screen.query_one(f"#seat-name-{i}").value for i in range(3)] == ["Ann", "Ben", "Cy"]
        assert screen.query_one("#preset").value == "shithead"
        text = screen_text(app)
        assert "Ann, Ben and Cy have played 1 game at these rules: their scoreboard goes on" in text
        screen.query_one("#seat-name-2").value = "Dee"
        await settle(pilot)  # the change handled: the note below the seats written again
        assert "A new table: Ann, Ben and Dee at these rules." in screen_text(app)
    app.store.close()


async def test_a_saved_set_is_called_by_its_name_in_the_how_to_play_title(make_app) -> None:
    seats = [SeatConfig("Ann"), SeatConfig("Ben", human=False)]
    app = make_app(Session.new(seats, OURS, seed=4, rules_name="Our [b]rules"))
    async with running(app, size=(80, 24)) as pilot:
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HowToPlayScreen)
        assert "How to play: Our [b]rules" in screen_text(app)  # as typed, never read as markup


async def test_a_saved_set_is_called_by_its_name_on_the_results(tmp_path: Path) -> None:
    session = _played(["Ann", "Ben"], OURS, rules_name="Ours")
    with Store(tmp_path) as store:
        store.record_game(session.record())

        class Results(App[None]):
            CSS_PATH = PalaceApp.CSS_PATH

            def on_mount(self) -> None:
                self.push_screen(ResultsScreen(session, store.scoreboard(session.table_id), store))

        app = Results()
        async with running(app, size=(80, 24)):
            assert "Game 1 · Ours" in screen_text(app)


def test_palace_records_calls_a_saved_set_by_its_name_in_one_short_cell(tmp_path: Path, capsys) -> None:
    many = Rules.preset("palace").replace(seven="low", eight="skip", three="invisible", ten="not-on-picture")
    named, unnamed = _played(["Ann", "Ben"], many), _played(["Cy", "Dee"], many)
    with Store(tmp_path) as store:
        store.record_game(named.record())
        store.record_game(unnamed.record())
        store.save_rule_sets({"Friday": "seven=low eight=skip three=invisible ten=not-on-picture next_dealer=loser"})
    assert records_main(["--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Ann and Ben, Friday: 1 game" in out
    recent = out[out.index("Recent games") :]
    rows = [line for line in recent.splitlines() if "│" in line and "No." not in line]
    assert len(rows) == 2, recent  # one line a game: no rules wrapped over many lines
    assert all("Friday" in row for row in rows)


def test_the_sets_name_is_saved_with_the_game_and_old_saves_have_none() -> None:
    session = Session.new([SeatConfig("Ann"), SeatConfig("Ben")], OURS, seed=2, rules_name="Ours")
    data = session.to_dict()
    assert Session.from_dict(data).rules_name == "Ours"
    del data["rules_name"]  # a save from before
    assert Session.from_dict(data).rules_name == ""


def test_a_sitting_is_numbered_after_its_tables_games_before_its_first_move_only() -> None:
    seats = [SeatConfig("Ann", human=False), SeatConfig("Ben", human=False)]
    shuffled = Session.new(seats, OURS)
    deck = list(shuffled.deck or [])
    shuffled.continue_table(4)
    assert shuffled.game_number == 4 and shuffled.log[0].startswith("Game 5: ") and shuffled.deck == deck
    seeded = Session.new(seats, OURS, seed=5)
    seeded.continue_table(4)
    assert seeded.game_number == 0, "a seed deals from its game number: the same cards every time"
    started = Session.new(seats, OURS)
    started.computer_move()
    started.continue_table(4)
    assert started.game_number == 0
