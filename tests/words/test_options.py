"""Options in a player's words: every name and value the engine has is said in words, one place."""

from __future__ import annotations

import re

import pytest

from palace_tui.lessons import BY_ID
from palace_tui.lessons.compare import compare, differences_text
from palace_tui.rules import OPTIONS, Game, IllegalMove, Move, Rules
from palace_tui.words import rules_card
from palace_tui.words.options import (
    house_rules_words,
    option_name,
    setting_words,
    value_sentence,
    value_words,
)

IDENTIFIER = re.compile(r"[a-z]+[_=][a-z]+|\b(add-one|keep-row|not-on-picture|last-loses|first-out|dealer-left)\b")


@pytest.mark.parametrize("name", list(OPTIONS))
def test_every_option_and_value_is_said_in_words(name):
    assert not IDENTIFIER.search(option_name(name)) and len(option_name(name)) <= 14
    for value in OPTIONS[name]:
        words = value_words(name, value)
        assert not IDENTIFIER.search(words) and len(words) <= 14, words
        sentence = value_sentence(name, value)
        assert sentence.endswith(".") and not IDENTIFIER.search(sentence), sentence


def test_an_option_not_written_yet_still_reads_as_words():
    assert option_name("stack_sixes") == "Stack sixes"
    assert value_words("stack_sixes", "on-nines") == "on nines"
    assert value_words("stack_sixes", False) == "no"
    assert value_sentence("stack_sixes", True) == "Stack sixes: yes."
    assert setting_words("seven", "bogus-value") == "Sevens: bogus value"


def test_a_count_of_one_is_not_a_switch():
    # True == 1 in Python: the jokers' words must not answer for one pack, nor the reverse.
    assert value_words("packs", 1) == "1 pack" and value_words("jokers", True) == "two a pack"
    assert value_words("hand_size", 1) == "1 card"


def test_the_compare_table_names_options_and_values_in_words():
    rows = compare(Rules.preset("palace"), Rules.preset("shithead"))
    cells = " ".join(f"{r.name} {r.left} {r.right}" for r in rows)
    assert "Face down" in cells and "Stuck face up" in cells and "add one, take" in cells
    assert "face_down" not in cells and "stuck_face_up" not in cells
    assert (
        differences_text("palace", "shithead")
        == "Scoring: 3-2-1 points / count losses\nNext dealer: the loser / to the left"
    )


def test_the_lesson_list_names_a_lessons_option_as_the_new_table_screen_does():
    assert BY_ID["builder"].option_words() == "After a pickup: builder leads"
    assert BY_ID["keep-row"].option_words() == "Stuck face up: keep row"
    assert BY_ID["climb"].option_words() == ""


def test_the_rules_cards_options_table_is_in_words():
    card = rules_card(Rules.preset("palace").replace(stuck_face_up="keep-row"))
    table = card[card.index("## Options in force") :]
    assert "| Stuck face up | keep row | Stuck on face-up cards: take the pile and keep your face-up row. |" in table
    assert not IDENTIFIER.search(table)


def test_a_house_rule_set_is_told_apart_from_its_preset():
    assert house_rules_words(Rules.preset("shithead")) == "shithead"
    assert house_rules_words(Rules.preset("shithead").replace(seven="low")) == "shithead with Sevens: low"


def test_the_choose_deal_refusal_says_what_to_do_in_a_players_words():
    game = Game.deal(Rules.preset("first-out"), ["Ann", "Ben"], seed=3, dealer=0)
    with pytest.raises(IllegalMove) as refused:
        game.play(Move.ready())
    assert str(refused.value) == "Before play, choose the 3 cards to lay face up; this deal has no swapping."
    assert "deal=" not in str(refused.value)


def test_a_loser_keeps_a_title_under_house_rules():
    from palace_tui.words.results import loser_sentence

    assert loser_sentence("Eve", Rules.preset("palace").replace(seven="low")) == "Eve is the Palace: last with cards."
    shithead_ish = Rules.preset("shithead").replace(eight="reverse")
    assert loser_sentence("Eve", shithead_ish) == "Eve is the Shithead: last with cards."


def test_a_reset_and_a_clear_read_differently_and_every_name_is_finished():
    """N-9: the Twos' "on anything" and the Tens' "on anything" were one phrase for two powers
    (a 2 resets, a 10 clears); "Play the drawn" read unfinished."""
    assert value_words("two", "reset") == "resets pile"
    assert value_words("ten", "anything") == "clears pile"
    assert value_words("seven", "clear") == "clears pile", "the same power reads the same on any rank"
    words = {name: {value_words(name, value) for value in OPTIONS[name]} for name in OPTIONS}
    assert not any("on anything" in said for values in words.values() for said in values), words
    assert option_name("play_drawn") == "Draw and play"
    assert not any(option_name(name).split()[-1] in ("the", "a", "an", "of") for name in OPTIONS)
