"""See-through has one name, ``see-through`` (``Power.SEE_THROUGH``, the tables' ``see_through``),
and what older versions wrote as ``invisible`` still reads, and means the same."""

from __future__ import annotations

from pathlib import Path

from palace_tui.rules import Game, Rules
from palace_tui.rules.gamefile import parse_game
from palace_tui.rules.powers import Power
from palace_tui.words.options import rules_words_of, value_words

DATA = Path(__file__).parent / "data"


def test_a_save_written_when_see_through_was_invisible_loads_with_its_see_through_eights():
    text = (DATA / "before_see_through_save.json").read_text()
    assert '"eight":"invisible"' in text and '"three":"invisible"' in text  # the old spelling
    game = Game.from_json(text)
    assert game.rules.power(8) is Power.SEE_THROUGH and game.rules.power(3) is Power.SEE_THROUGH
    assert game.rules == Rules.preset("palace").replace(eight="see-through", three="see-through")
    again = game.to_json()
    assert '"eight":"see-through"' in again and "invisible" not in again  # written with today's name
    assert Game.from_json(again) == game


def test_a_game_file_and_a_rules_line_that_say_invisible_read_as_see_through():
    old = parse_game((DATA / "before_house_rules_house.palace").read_text()).rules
    assert "eight=invisible" in (DATA / "before_house_rules_house.palace").read_text()
    assert old.power(8) is Power.SEE_THROUGH and old.eight == "see-through"
    line = Rules.from_line("palace three=invisible eight=skip")
    assert line == Rules.from_line("palace three=see-through eight=skip")
    assert line.line().endswith("three=see-through")
    assert Rules(three="invisible") == Rules(three="see-through")


def test_an_old_record_of_invisible_rules_is_said_in_todays_words():
    options = {**Rules.preset("palace").saved_dict(), "eight": "invisible", "seven": "low"}
    assert value_words("eight", "invisible") == value_words("eight", "see-through") == "see-through"
    assert rules_words_of(options) == "palace with Sevens: low, Eights: see-through"
