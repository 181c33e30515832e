"""The house rules in words (issue 22): the log, the recap and the result step for every new
event, the refusals, the pile explainer, the rules card and how to play, from the options."""

from __future__ import annotations

import pytest

from palace_tui.rules import Game, IllegalMove, Move, Rules
from palace_tui.words import explain_pile, log_sentence, recap_for, rules_card
from palace_tui.words.events import move_result
from palace_tui.words.how_to_play import how_to_play

PALACE = Rules.preset("palace")
NAMES = ["Ann", "Ben", "Cy"]


def table(rules: Rules, *hands: str, pile: str = "", stock: str = "") -> Game:
    blind = ["AH", "AS", "AD"]
    seats = [{"name": NAMES[i], "hand": h, "face_down": blind[i]} for i, h in enumerate(hands)]
    return Game.from_position(rules, seats=seats, pile=pile, stock=stock)


def test_a_skip_is_told_with_the_play_that_made_it():
    g = table(PALACE.replace(eight="skip"), "8S 4C", "9D", "KD", pile="5H")
    events = g.play(Move.play("8S"))
    assert [str(log_sentence(e, NAMES)) for e in events] == ["Ann played 8♠", "Ben misses a turn"]
    assert str(recap_for(list(enumerate(events)), NAMES, 2)) == "Ann played 8♠: Ben misses a turn."
    assert str(recap_for(list(enumerate(events)), NAMES, 1)) == "Ann played 8♠: you miss a turn."
    assert str(move_result(events, 0, [], NAMES)) == "You played 8♠: Ben misses a turn."


def test_several_skipped_players_are_named_together():
    g = table(PALACE.replace(eight="skip", skips="each"), "8S 8D 4C", "9D", "KD", pile="5H")
    events = g.play(Move.play("8S 8D"))
    assert str(recap_for(list(enumerate(events)), NAMES, 1)) == "Ann played 8♦ 8♠: you and Cy miss a turn."
    assert str(recap_for(list(enumerate(events)), NAMES, 0)) == "", "the mover's own move is not recapped to it"


def test_the_chance_card_in_words():
    g = table(PALACE.replace(chance=True), "4C 3C", "9D", pile="5H", stock="2D 8S")
    went = g.play(Move.chance())
    assert str(log_sentence(went[0], NAMES)) == "Ann turned 8♠ from the stock (the chance card): it goes"
    assert str(recap_for(list(enumerate(went)), NAMES, 1)) == "Ann played 8♠ from the stock (the chance card)."
    g = table(PALACE.replace(chance=True), "4C 3C", "9D", pile="KH", stock="2D 5S")
    failed = g.play(Move.chance())
    assert str(recap_for(list(enumerate(failed)), NAMES, 1)) == (
        "Ann turned 5♠ from the stock, could not play it and took it with the pile (2 cards)."
    )


def test_a_burn_in_in_words():
    g = table(PALACE.replace(burn_in=True), "7C 4C", "9D 5D", "7S 6S", pile="7H 7D")
    before = g.play(Move.play("7C"))
    assert "Burn-in: anyone else holding a 7 may play it now, out of turn." in explain_pile(g)
    events = g.burn_in(2)
    log = list(enumerate(before + events))
    assert str(recap_for(log, NAMES, 1)) == (
        "Ann played 7♣; Cy burned in out of turn with 7♠, clearing the pile with four sevens (4 cards)."
    )


def test_a_burn_of_three_and_a_clearing_three_in_words():
    g = table(PALACE.replace(burn=3), "5C 4C", "9D", pile="5H 5D")
    events = g.play(Move.play("5C"))
    assert str(log_sentence(events[-1], NAMES)) == "Ann cleared the pile with three fives (3 cards)"
    g = table(PALACE.replace(three="clear"), "3C 4C", "9D", pile="KH")
    events = g.play(Move.play("3C"))
    assert str(recap_for(list(enumerate(events)), NAMES, 1)) == "Ann played 3♣, clearing the pile (2 cards)."


@pytest.mark.parametrize(
    "rules,hands,pile,stock,move,words",
    [
        (PALACE.replace(must_play=True), ("9C 4C", "9D"), "5H", "", Move.take(), "You must play if you can"),
        (PALACE.replace(five="low"), ("6C 4C", "9D"), "5H", "", Move.play("6C"), "while fives are low"),
        (PALACE, ("4C", "9D"), "5H", "2C", Move.chance(), "These rules have no chance card"),
        (PALACE.replace(three="invisible"), ("4C 9C", "9D"), "6H 3D", "", Move.play("4C"), "under the see-through 3"),
    ],
)
def test_refusals_say_why_under_house_rules(rules, hands, pile, stock, move, words):
    g = table(rules, *hands, pile=pile, stock=stock)
    with pytest.raises(IllegalMove, match=words):
        g.play(move)


def test_a_drawn_match_is_explained_and_refused_in_words():
    g = table(PALACE.replace(play_drawn=True), "6C 4C 9S", "9D", pile="5H", stock="KD 6D")
    g.play(Move.play("6C"))
    assert explain_pile(g).startswith("You drew another 6, the rank you just played: play it now, or end your turn.")
    with pytest.raises(IllegalMove, match="You drew another 6: play it now, or end your turn"):
        g.play(Move.take())


def test_the_pile_explainer_follows_the_powers():
    g = table(PALACE.replace(jack="low", eight="skip"), "4C 9C", "9D", pile="JH")
    text = explain_pile(g)
    assert "A jack is on top and jacks are low: play a jack or lower, a 2 or a 10." in text
    assert "An 8 makes the next player miss a turn." in text
    g = table(PALACE.replace(three="invisible"), "4C 9C", "9D", pile="6H 3D")
    assert "The 3 is see-through: beat the 6 under it." in explain_pile(g)
    g = table(PALACE.replace(king="reset"), "4C 9C", "9D", pile="KH")
    assert "A king is on top, and kings go on anything: anything goes." in explain_pile(g)


def test_the_rules_card_and_how_to_play_follow_the_options():
    rules = Rules.from_line(
        "palace three=invisible eight=skip seven=low low_binds_ten=true must_play=true chance=true "
        "play_drawn=true burn_in=true burn=3 ten=not-on-picture"
    )
    card = rules_card(rules)
    for line in (
        "- **3 is see-through:** it goes on anything, and the next card must beat the card under it.",
        "- **7 is low:** after a 7 the next play must be 7 or lower (or a 2 or 3). A 10 must obey it too.",
        "- **8 skips:** it is played by rank like any card, and the next player misses a turn.",
        "- **Three of a kind** on top of the pile",
        "- **Must play:**",
        "- **Chance card:**",
        "- **Play what you draw:**",
        "- **Burn-in:**",
    ):
        assert line in card, line
    also = dict(how_to_play(rules))["Also"]
    assert "8 makes the next player miss a turn" in also and "before taking" in also
    plain = rules_card(PALACE)
    assert "## House rules" not in plain and "Burn with" not in plain


def test_a_see_through_play_is_named_in_every_voice():
    g = table(PALACE.replace(three="invisible"), "3S 3D 4C", "9D", "KD", pile="7H")
    events = g.play(Move.play("3S 3D"))
    assert [str(log_sentence(e, NAMES)) for e in events] == [
        "Ann played 3♦ 3♠",
        "3♦ 3♠ are see-through: play on the 7♥ under them",
    ]
    said = "Ann played 3♦ 3♠ (see-through: play on the 7♥ under them)."
    assert str(recap_for(list(enumerate(events)), NAMES, 1)) == said
    assert str(move_result(events, 0, [], NAMES)) == said.replace("Ann", "You")
    assert str(recap_for(list(enumerate(events)), NAMES, 0)) == "", "the mover's own move is not recapped to it"


def test_a_see_through_play_on_nothing_and_a_joker_with_its_reverse():
    g = table(PALACE.replace(three="invisible"), "3S 4C", "9D", pile="")
    [_, through] = g.play(Move.play("3S"))
    assert str(log_sentence(through, NAMES)) == "3♠ is see-through, with nothing under it: anything goes"
    g = table(PALACE.replace(jokers=True), "JK 4C", "9D", "KD", pile="9H 8S")
    events = g.play(Move.play("JK"))
    assert str(log_sentence(events[1], NAMES)) == "The joker is see-through: play on the 8♠ under it"
    assert str(recap_for(list(enumerate(events)), NAMES, 1)) == (
        "Ann played a joker (see-through: play on the 8♠ under it), then reversed play."
    )


def test_a_see_through_card_that_burns_is_told_as_the_burn():
    g = table(PALACE.replace(three="invisible"), "3S 4C", "9D", pile="7H 3H 3C 3D")
    events = g.play(Move.play("3S"))
    assert [e.kind for e in events] == ["played", "cleared"]


def test_a_house_low_or_reset_rank_is_told_with_its_play_when_the_rules_are_given():
    rules = PALACE.replace(five="low", six="reset", seven="low")
    for card, pile, said in (
        ("5D", "4C", "Ann played 5♦ (fives are low: play 5 or lower)."),
        ("6D", "9C", "Ann played 6♦ (a 6 goes on anything: anything may follow it)."),
        ("7D", "4C", "Ann played 7♦ (sevens are low: play 7 or lower)."),
        ("2D", "9C", "Ann played 2♦."),  # the 2's usual power goes untold, as everywhere
    ):
        g = table(rules, f"{card} KC", "9D", pile=pile)
        events = g.play(Move.play(card))
        assert str(recap_for(list(enumerate(events)), NAMES, 1, rules=rules)) == said
        assert str(move_result(events, 0, [], NAMES, rules)) == said.replace("Ann", "You")
        assert str(recap_for(list(enumerate(events)), NAMES, 1)) == f"Ann played {events[0].cards[0]}."
        assert str(log_sentence(events[0], NAMES, rules)) == said.removesuffix("."), "the public log too"
        assert str(log_sentence(events[0], NAMES)) == f"Ann played {events[0].cards[0]}"


def test_the_pile_panel_says_a_see_through_top():
    from palace_tui.rules import Card
    from palace_tui.rules.view import PileRun
    from palace_tui.words import pile_run

    pile = [Card.parse(c) for c in ("7H", "3S", "3D")]
    assert str(pile_run(pile, PileRun(3, 2), see_through=True)) == "3♠ 3♦: see-through"
    assert str(pile_run(pile, PileRun(3, 2))) == "3♠ 3♦: 2 of a kind"


def test_a_wrong_burn_in_claim_says_what_happens_next():
    from palace_tui.words.burn_in import nobody_else, wrong_claim_sentence

    g = table(PALACE.replace(burn_in=True), "7D 4C", "9D", "KD", pile="7C 7H")
    g.play(Move.play("7D"))
    with pytest.raises(IllegalMove) as refused:
        g.copy().burn_in(1)
    assert str(refused.value) == "Ben holds no 7 to burn in with.", "no word of play going on: the offer stays"
    said = wrong_claim_sentence(str(refused.value), others=True)
    assert said == "Ben holds no 7 to burn in with. The others may still claim."
    assert wrong_claim_sentence(str(refused.value), others=False) == "Ben holds no 7 to burn in with."
    assert nobody_else() == "Nobody else may claim: Enter goes on."
    assert nobody_else(touch=True) == "Nobody else may claim: tap Go on."


def test_a_ten_refused_on_a_low_seven_says_tens_obey_it_too():
    g = table(PALACE.replace(seven="low", low_binds_ten=True), "TD 4C", "9D", pile="7H")
    with pytest.raises(IllegalMove) as refused:
        g.play(Move.play("TD"))
    assert (
        str(refused.value) == "A 10 can't go on a 7 while sevens are low (a 10 must obey them too): "
        "play a 4 from your hand, or take the pile."
    )
