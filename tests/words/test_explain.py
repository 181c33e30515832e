"""The pile explainer (``words.explain_pile``): the core rules and every option."""

from __future__ import annotations

import pytest

from palace_tui.rules import Game, Rules
from palace_tui.words import explain_pile


def pos(
    pile: str,
    hand: str = "3C",
    *,
    up: str = "",
    down: str = "4S",
    stock: str = "",
    owner=None,
    players: int = 2,
    **options,
) -> Game:
    rules = Rules.preset("palace").replace(**options)
    seats = [
        {"name": "Ann", "hand": hand, "face_up": up, "face_down": down},
        {"name": "Ben", "hand": "5H"},
        {"name": "Cy", "hand": "6H"},
    ][:players]
    return Game.from_position(rules, seats=seats, pile=pile, stock=stock, pile_owner=owner)


def test_empty_pile():
    assert explain_pile(pos("")) == "The pile is empty: play anything."


def test_ordinary_card():
    assert explain_pile(pos("5D 9C", hand="JS")) == "A 9 is on top: play a 9 or higher, a 2 or a 10."


def test_two_resets():
    assert explain_pile(pos("KS 2C")) == "A 2 is on top: anything goes."


def test_three_of_four_queens():
    text = explain_pile(pos("QC QD QH", hand="QS"))
    assert text.startswith("3 of the 4 queens are on top: one more clears the pile.")


def test_two_sevens_need_two_more():
    assert explain_pile(pos("5C 7H 7C", hand="7D")).startswith("2 of the 4 sevens are on top: two more clear")


def test_run_with_two_packs():
    assert explain_pile(pos("QC QC QH", hand="QS", packs=2)).startswith("3 queens in a row are on top")


def test_nothing_playable_says_take():
    assert explain_pile(pos("8C AH", hand="4C")).endswith("Nothing in your hand can go: take the pile.")


def test_seven_low():
    assert (
        explain_pile(pos("4C 7H", hand="5C", seven="low"))
        == "A 7 is on top and sevens are low: play a 7 or lower, a 2 or a 10."
    )


def test_seven_normal_is_not_low():
    assert "low" not in explain_pile(pos("4C 7H", hand="9C"))


def test_invisible_eight():
    text = explain_pile(pos("9C 8D", hand="JC", eight="invisible"))
    assert text.startswith("The 8 is see-through: beat the 9 under it.")
    assert "an 8" in text


def test_invisible_eights_on_an_empty_pile_and_on_a_seven_low():
    assert "nothing under it: anything goes" in explain_pile(pos("8D", eight="invisible"))
    text = explain_pile(pos("7H 8D", hand="5C", eight="invisible", seven="low"))
    assert "answer the 7 under it" in text and "play a 7 or lower" in text


def test_reversing_eight():
    text = explain_pile(pos("6C KS", hand="8C", eight="reverse"))
    assert "a 10 or an 8" in text and "An 8 goes on anything and reverses play." in text


def test_jokers():
    text = explain_pile(pos("6C QH JK", hand="KC", jokers=True, players=3))
    assert text.startswith("The joker is see-through: beat the queen under it.")
    text = explain_pile(pos("6C QH", hand="KC", jokers=True))
    assert "a joker goes on anything, reverses play and is see-through" in text.lower()


def test_ten_not_on_picture():
    text = explain_pile(pos("5C KC", hand="AC", ten="not-on-picture"))
    assert text.startswith("A king is on top: play a king or higher or a 2.")
    assert "Tens may not go on a jack, queen, king or ace." in text
    assert "a 10" in explain_pile(pos("5C 9C", hand="JC", ten="not-on-picture"))


def test_builder():
    text = explain_pile(pos("5D JS AC", hand="4C", owner=2, players=3, after_pickup="builder"))
    assert text.endswith("If you take the pile, Cy (who played the card on top) leads next.")
    assert "leads next" not in explain_pile(pos("5D JS AC", hand="4C", owner=2, players=3))


def test_stuck_face_up_add_one_and_keep_row():
    add = explain_pile(pos("9S QH", hand="", up="4C 5D"))
    assert add.endswith("None of your face-up cards can go: add one to the pile and take it all.")
    keep = explain_pile(pos("9S QH", hand="", up="4C 5D", stuck_face_up="keep-row"))
    assert keep.endswith("None of your face-up cards can go: take the pile and keep your face-up row.")


def test_face_down_stage():
    text = explain_pile(pos("8D QH", hand=""))
    assert text.startswith("A queen is on top: the card you turn must be a queen or higher")
    assert "face-down stage" in text


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"seven": "low"},
        {"eight": "reverse"},
        {"eight": "invisible"},
        {"jokers": True},
        {"ten": "not-on-picture"},
        {"after_pickup": "builder"},
        {"stuck_face_up": "keep-row"},
    ],
)
def test_every_pile_gets_an_answer(options):
    """Every single-card pile under every option yields sentences that end properly."""
    for code in ["3C", "7C", "8C", "9C", "JC", "QC", "KC", "AC", "2C"] + (["JK"] if options.get("jokers") else []):
        text = explain_pile(pos("5S " + code, hand="4H", **options))
        assert text and text.endswith(".") and "  " not in text, (options, code, text)
