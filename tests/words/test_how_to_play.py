"""How to play on one screen: the sentences, made from the options in force."""

from __future__ import annotations

import pytest

from palace_tui.rules import PRESETS, Rules
from palace_tui.words.how_to_play import how_to_play


def card(rules: Rules) -> dict[str, str]:
    return dict(how_to_play(rules))


def test_the_palace_preset_in_ten_lines_or_fewer():
    lines = how_to_play(Rules.preset("palace"))
    assert [label for label, _ in lines] == ["Goal", "Deal", "Starts", "Turn", "Or", "Special", "Later", "Keys"]
    words = dict(lines)
    assert words["Goal"] == "Get rid of all your cards. The last one holding cards is the Palace."
    assert words["Deal"] == "3 face down, 3 face up on them, 3 in hand. Swap hand and face-up cards, then press r."
    assert words["Starts"] == "The lowest 3 face up (then in hand; then 4s...)."
    assert words["Or"] == "Take the whole pile into your hand; the next player leads."
    assert words["Later"] == (
        "Hand and stock gone: play your face-up cards (stuck, add one to the pile and take it), "
        "then the face-down ones blind."
    )


def test_first_out_chooses_its_face_up_cards_and_the_first_out_wins():
    words = card(Rules.preset("first-out"))
    assert words["Goal"] == "Get rid of all your cards. The first one out wins."
    assert words["Deal"] == "3 face down, 6 in hand: mark 3 with Space, Enter lays them face up."
    assert words["Starts"] == "The player on the dealer's left."


def test_the_loser_is_named_under_house_rules_too():
    """A house rule keeps the loser's title: the scoring says whose game it is (as the results do)."""
    assert card(Rules.preset("shithead"))["Goal"].endswith("is the Shithead.")
    assert card(Rules.preset("palace").replace(seven="low"))["Goal"].endswith("holding cards is the Palace.")
    assert card(Rules.preset("shithead").replace(seven="low"))["Goal"].endswith("holding cards is the Shithead.")


def test_house_rules_get_one_line_only_when_on():
    assert "Also" not in card(Rules.preset("palace"))
    rules = Rules.preset("palace").with_text_options(
        ["seven=low", "eight=invisible", "jokers=true", "ten=not-on-picture", "stuck_face_up=keep-row"]
    )
    words = card(rules)
    assert words["Also"] == (
        "After a 7, play 7 or lower; 8 goes on anything and is see-through; "
        "a joker goes on anything, reverses play, is see-through."
    )
    assert "(never on J, Q, K or A)" in words["Special"]
    assert "(stuck, take the pile and keep them)" in words["Later"]


def test_the_sizes_follow_the_options():
    words = card(Rules.preset("palace").with_text_options(["face_down=4", "face_up=5", "hand_size=2"]))
    assert words["Deal"].startswith("4 face down, 5 face up on them, 2 in hand.")
    assert words["Turn"].endswith("then draw back up to 2.")
    assert card(Rules.preset("palace").replace(after_pickup="builder"))["Or"].endswith("whoever built the pile leads.")


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_fits_about_ten_lines(preset):
    assert len(how_to_play(Rules.preset(preset))) <= 10
