"""The table's story: games, wins, average place, streaks and the last games' places, counted
alike from the file store and from memory."""

from __future__ import annotations

from pathlib import Path

from palace_tui.store import Store
from palace_tui.store.memory import MemoryStore
from palace_tui.store.story import RECENT, story, table_stories
from palace_tui.words.story import places_chart

FIRST_OUT = {"finish": "first-out", "scoring": "wins"}


def test_where_the_first_out_wins_the_streak_is_wins_and_no_one_else_has_a_place(make_record) -> None:
    games = [make_record(["Ann", "Ben", "Cy"], [order], "wins", rules=FIRST_OUT) for order in (0, 0, 1, 0, 0, 0, 2)]
    told = {p.name: p for p in story(games)}
    ann = told["Ann"]
    assert (ann.games, ann.wins, ann.best_streak, ann.current_streak) == (7, 5, 3, 0)
    assert ann.average_place is None  # the game stopped at the first out: no second place
    assert places_chart(ann.recent) == "█ █ ▁ █ █ █ ▁"
    assert (told["Cy"].wins, told["Cy"].current_streak) == (1, 1)
    assert table_stories(games)[0].streak_not_last is False


def test_a_player_who_missed_games_is_charted_with_gaps(make_record) -> None:
    games = [
        make_record(["Ann", "Ben"], [0, 1]),
        make_record(["Ann", "Cy"], [1, 0]),
        make_record(["Ann", "Ben"], [1, 0]),
    ]
    told = {p.name: p for p in story(games)}
    assert places_chart(told["Ben"].recent) == "▁ · █"
    # Ben's own games are counted in a row: the one he missed does not break his streak.
    assert (told["Ben"].games, told["Ben"].current_streak, told["Ben"].best_streak) == (2, 1, 1)
    assert (told["Cy"].games, told["Cy"].average_place) == (1, 1.0)
    assert (told["Ann"].current_streak, told["Ann"].best_streak, told["Ann"].average_place) == (0, 1, 1.7)


def test_the_chart_shows_the_last_games_only(make_record) -> None:
    games = [make_record(["Ann", "Ben"], [0, 1]) for _ in range(RECENT + 5)]
    ann = story(games)[0]
    assert ann.games == RECENT + 5 and len(ann.recent) == RECENT


def test_a_house_rule_set_tells_its_own_story(make_record) -> None:
    plain = make_record(["Ann", "Ben"], [0, 1], rules={"scoring": "podium"})
    house = make_record(["Ann", "Ben"], [1, 0], rules={"scoring": "podium", "seven": "low"})
    other = make_record(["Ann", "Ben"], [1, 0], table_id="t2", rules={"scoring": "podium"})
    told = table_stories([plain, house, other])
    assert [(t.table_id, t.rules.get("seven"), t.games) for t in told] == [
        ("t2", None, 1),
        ("t1", "low", 1),
        ("t1", None, 1),
    ]


def test_the_file_store_and_memory_tell_the_same_story(data_dir: Path, make_record) -> None:
    records = [make_record(["Ann", "Ben", "Cy"], order) for order in ([0, 1, 2], [2, 1, 0], [1, 0, 2], [0, 2, 1])]
    records.append(make_record(["Ann", "Ben"], [1, 0], table_id="elsewhere"))
    memory = MemoryStore()
    with Store(data_dir) as store:
        for record in records:
            store.record_game(record)
            memory.record_game(record)
        from_file = store.table_games("t1")
        everything = store.table_games()
    assert [g.game_id for g in from_file] == [r["game_id"] for r in records[:4]]  # oldest first, one table
    assert len(everything) == 5
    assert story(from_file) == story(memory.table_games("t1"))
    assert table_stories(everything)[0].table_id == "elsewhere"  # the table played most lately first
