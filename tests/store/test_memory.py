"""MemoryStore answers like Store: the same scoreboard rows, ties ranked the same way."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from palace_tui.store import MemoryStore, Store, open_store

Record = Callable[..., dict[str, Any]]


@pytest.mark.parametrize("scoring", ["wins", "losses", "podium"])
def test_ties_are_ranked_as_the_real_store_ranks_them(scoring: str, data_dir: Path, make_record: Record) -> None:
    """Players listed out of name order, all level: both stores list them by name, sharing first place."""
    players = ["cy", "Bo", "al", "Dee"]
    records = [make_record(players, [k, (k + 1) % 4, (k + 2) % 4, (k + 3) % 4], scoring) for k in range(4)]
    memory = MemoryStore()
    with Store(data_dir) as store:
        for record in records:
            assert memory.record_game(record) == store.record_game(record) is True
        real = store.scoreboard("t1")
    assert memory.scoreboard("t1") == real
    assert [r["name"] for r in real] == ["al", "Bo", "cy", "Dee"] and {r["place"] for r in real} == {1}


def test_places_and_totals_match_after_mixed_results(data_dir: Path, make_record: Record) -> None:
    players = ["Zed", "Amy", "Moe"]
    orders = [[0, 1, 2], [1, 0, 2], [2, 1, 0], [0, 2, 1], [1, 2, 0]]
    memory = MemoryStore()
    with Store(data_dir) as store:
        for order in orders:
            record = make_record(players, order, "losses")
            memory.record_game(record)
            store.record_game(record)
        assert memory.scoreboard("t1") == store.scoreboard("t1")
        assert memory.scoreboard("other") == store.scoreboard("other") == []


def test_a_game_counts_once_and_an_abandoned_one_not_at_all(make_record: Record) -> None:
    memory = MemoryStore()
    record = make_record(["Ann", "Ben"], [0, 1], "wins")
    assert memory.record_game(record) is True and memory.record_game(record) is False
    assert memory.record_game({**make_record(["Ann", "Ben"], [1, 0], "wins"), "abandoned": True}) is False
    assert [r["games"] for r in memory.scoreboard("t1")] == [1, 1]


def test_open_store_falls_back_to_memory_with_a_warning(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = open_store(data_dir)
    assert isinstance(store, Store) and store.warnings == []
    store.close()

    def broken(self: Store, *args: object, **kwargs: object) -> None:
        raise OSError("the disk said no")

    monkeypatch.setattr(Store, "__init__", broken)
    fallback = open_store(data_dir)
    assert isinstance(fallback, MemoryStore)
    assert fallback.warnings == ["Saving is off for this run: the data folder could not be opened (the disk said no)."]


def test_the_old_imports_still_work() -> None:
    from palace_tui.table.session import MemoryStore as Old
    from palace_tui.table.session import open_store as old_open

    assert Old is MemoryStore and old_open is open_store
