"""Records written when see-through was called ``invisible`` load and mean the same."""

from __future__ import annotations

import shutil
from pathlib import Path

from palace_tui.rules import Rules
from palace_tui.rules.powers import Power
from palace_tui.store import Store
from palace_tui.store.story import table_stories
from palace_tui.words.options import rules_words_of

OLD = Path(__file__).parent / "data" / "records-invisible.sqlite3"


def test_a_database_of_invisible_eights_loads_with_see_through_eights(data_dir: Path) -> None:
    data_dir.mkdir()
    shutil.copy(OLD, data_dir / "records.sqlite3")
    with Store(data_dir) as store:
        games = store.table_games("t-old")
        assert [g.game_id for g in games] == ["g-old-1"]
        options = games[0].rules
        assert options["eight"] == "invisible"  # stored as written: a record is never rewritten
        rules = Rules(**options)
        assert rules.power(8) is Power.SEE_THROUGH and rules.power(3) is Power.SEE_THROUGH
        assert rules_words_of(options) == "palace with Eights: see-through, Threes: see-through"
        (told,) = table_stories(games)
        assert told.games == 1 and told.streak_not_last
        assert told.players[0].name == "Ben"
