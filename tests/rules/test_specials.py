"""Options that give cards powers: ten, seven, eight, jokers (rulings 2, 3, 4, 5, 7, 14)."""

import pytest

from palace_tui.rules import Move, Rules
from tests.helpers.rules import C, codes, kinds, pos, refused, spare

PALACE = Rules.preset("palace")
FILL = ("4C 5C 6C", "", "3D")
NOT_PIC = PALACE.replace(ten="not-on-picture")
LOW = PALACE.replace(seven="low")
REV = PALACE.replace(eight="reverse")
INV = PALACE.replace(eight="invisible")
JOK = PALACE.replace(jokers=True)


def three(rules, hand0, pile, hand1="4C 5C 6C", hand2="4D 5D 6D", **kw):
    # The face-down cards are never reached: spare ones, as a position can't hold a card twice.
    downs = spare(3, hand0, pile, hand1, hand2, kw.get("stock", ""), ranks="3KQ").split()
    return pos(rules, seats=[(hand0, "", downs[0]), (hand1, "", downs[1]), (hand2, "", downs[2])], pile=pile, **kw)


# ----------------------------------------------------------------- ten (ruling 5)


@pytest.mark.parametrize("pile", ["", "3S", "5S", "8S", "9S", "2S", "KS 2S"])
def test_ten_not_on_picture_is_fine_on_empty_low_and_two(pile):
    g = three(NOT_PIC, "TC 4H", pile)
    ev = g.play(Move.play("TC"))
    assert "cleared" in kinds(ev) and g.turn == 0


@pytest.mark.parametrize("pile", ["JS", "QS", "KS", "AS"])
def test_ten_not_on_picture_is_refused_on_pictures(pile):
    g = three(NOT_PIC, "TC 4H", pile)
    msg = refused(g, Move.play("TC"), "10", "jack, queen, king or ace", "take the pile")
    assert "a 10" not in msg.split(":", 1)[1]  # not offered as a legal answer


@pytest.mark.parametrize("pile", ["JS", "QS", "KS", "AS"])
def test_ten_anything_is_fine_on_pictures(pile):
    g = three(PALACE, "TC 4H", pile)
    assert "cleared" in kinds(g.play(Move.play("TC")))


def test_ten_not_on_picture_looks_through_invisible_eights():
    r = NOT_PIC.replace(eight="invisible")
    refused(three(r, "TC 4H", "KS 8H"), Move.play("TC"), "king")
    refused(three(r, "TC 4H", "KS 8H 8D"), Move.play("TC"))
    g = three(r, "TC 4H", "5S 8H")
    assert "cleared" in kinds(g.play(Move.play("TC")))


def test_ten_not_on_picture_looks_through_jokers():
    r = NOT_PIC.replace(jokers=True)
    refused(three(r, "TC 4H", "AS JK"), Move.play("TC"), "ace")
    g = three(r, "TC 4H", "9S JK JK")
    assert "cleared" in kinds(g.play(Move.play("TC")))


def test_ten_not_on_picture_is_legal_after_a_low_seven():
    r = NOT_PIC.replace(seven="low")
    g = three(r, "TC 4H", "5S 7H")
    assert 10 in g.playable_ranks()
    assert "cleared" in kinds(g.play(Move.play("TC")))


def test_ten_not_on_picture_on_a_normal_eight_and_nine():
    for top in ("8S", "9S"):
        g = three(NOT_PIC, "TC 4H", top)
        assert 10 in g.playable_ranks()


# ----------------------------------------------------------------- seven low (ruling 2)


def test_the_seven_itself_must_be_legal():
    g = three(LOW, "7C 4H", "9S")
    refused(g, Move.play("7C"), "can't go on a 9")


@pytest.mark.parametrize("card", ["3H", "4H", "5H", "6H", "7H"])
def test_after_a_low_seven_three_to_seven_are_legal(card):
    g = three(LOW, "7C 4S", "5S", hand1=card + " KD")
    g.play(Move.play("7C"))
    g.play(Move.play(card))
    assert g.pile[-1] == C(card)


@pytest.mark.parametrize("card", ["8H", "9H", "JH", "QH", "KH", "AH"])
def test_after_a_low_seven_higher_ordinary_cards_are_refused(card):
    g = three(LOW, "7C 4S", "5S", hand1=card + " KD")
    g.play(Move.play("7C"))
    msg = refused(g, Move.play(card), "can't go on a 7", "take the pile")
    assert "sevens are low" in msg


@pytest.mark.parametrize("card", ["2H", "TH"])
def test_after_a_low_seven_two_and_ten_stay_legal(card):
    g = three(LOW, "7C 4S", "5S", hand1=card + " KD")
    g.play(Move.play("7C"))
    g.play(Move.play(card))


@pytest.mark.parametrize("eight", ["reverse", "invisible"])
def test_after_a_low_seven_a_powered_eight_is_legal(eight):
    g = three(LOW.replace(eight=eight), "7C 4S", "5S", hand1="8H KD")
    g.play(Move.play("7C"))
    g.play(Move.play("8H"))
    assert g.pile[-1] == C("8H")


def test_after_a_low_seven_a_normal_eight_is_refused():
    g = three(LOW, "7C 4S", "5S", hand1="8H KD")
    g.play(Move.play("7C"))
    msg = refused(g, Move.play("8H"), "while sevens are low")
    assert "an 8" not in msg


def test_another_seven_keeps_the_rule():
    g = three(LOW, "7C 4S", "5S", hand1="7D KD", hand2="9H 6H")
    g.play(Move.play("7C"))
    g.play(Move.play("7D"))
    refused(g, Move.play("9H"), "while sevens are low")
    g.play(Move.play("6H"))


def test_a_low_card_after_the_seven_starts_normal_climbing_from_itself():
    g = three(LOW, "7C 4S", "5S", hand1="5D KD", hand2="4H 9H 6H")
    g.play(Move.play("7C"))
    g.play(Move.play("5D"))
    refused(g, Move.play("4H"), "can't go on a 5")
    g.play(Move.play("9H"))  # climbing again: a 9 beats the 5


def test_a_two_lifts_the_low_rule():
    g = three(LOW, "7C 4S", "5S", hand1="2D KD", hand2="AH 6H")
    g.play(Move.play("7C"))
    g.play(Move.play("2D"))
    g.play(Move.play("AH"))


def test_an_invisible_eight_on_a_low_seven_keeps_the_low_rule():
    g = three(LOW.replace(eight="invisible"), "7C 4S", "5S", hand1="8D KD", hand2="9H 6H")
    g.play(Move.play("7C"))
    g.play(Move.play("8D"))
    refused(g, Move.play("9H"), "while sevens are low")
    g.play(Move.play("6H"))


def test_a_joker_on_a_low_seven_keeps_the_low_rule():
    g = pos(LOW.replace(jokers=True), seats=[("7C 4S", "", "3C"), ("JK KD", "", "3H"), ("9H 6H", "", "3S")], pile="5S")
    g.play(Move.play("7C"))
    g.play(Move.play("JK"))  # reverses: back to seat 0
    assert g.turn == 0
    assert g.playable_ranks() == [4]  # 7C was played; 4 is 7 or lower
    g2 = pos(LOW.replace(jokers=True), seats=[("7C 9S", "", "3C"), ("JK KD", "", "3H"), ("9H 6H", "", "3S")], pile="5S")
    g2.play(Move.play("7C"))
    g2.play(Move.play("JK"))
    refused(g2, Move.play("9S"), "while sevens are low")


def test_seven_normal_is_an_ordinary_rank():
    g = three(PALACE, "7C 4S", "5S", hand1="9D KD", hand2="3H 6H")
    g.play(Move.play("7C"))
    g.play(Move.play("9D"))
    g2 = three(PALACE, "7C 4S", "5S", hand1="3D KD")
    g2.play(Move.play("7C"))
    refused(g2, Move.play("3D"), "can't go on a 7")


# ----------------------------------------------------------------- eight


def test_eight_normal_is_an_ordinary_rank():
    refused(three(PALACE, "8C 4S", "9S"), Move.play("8C"), "can't go on a 9")
    g = three(PALACE, "8C 4S", "5S", hand1="6D KD", hand2="4H 5H")
    ev = g.play(Move.play("8C"))
    assert kinds(ev) == ["played"] and g.direction == 1 and g.turn == 1
    refused(g, Move.play("6D"), "can't go on an 8")


@pytest.mark.parametrize("pile", ["", "AS", "KS", "9S", "3S", "2S"])
def test_eight_reverse_goes_on_anything_and_reverses(pile):
    g = three(REV, "8C 4S", pile)
    ev = g.play(Move.play("8C"))
    assert kinds(ev) == ["played", "reversed"]
    assert g.direction == -1 and g.turn == 2  # play goes right now


def test_after_a_reverse_eight_the_next_card_must_beat_eight():
    g = three(REV, "8C 4S", "AS", hand2="6D 9D")
    g.play(Move.play("8C"))
    refused(g, Move.play("6D"), "can't go on an 8")
    g.play(Move.play("9D"))
    assert g.turn == 1  # still going right: 2 -> 1


def test_several_eights_reverse_once():
    g = three(REV, "8C 8D 4S", "5S")
    ev = g.play(Move.play("8C 8D"))
    assert kinds(ev).count("reversed") == 1 and g.direction == -1 and g.turn == 2


def test_a_second_reverse_play_restores_clockwise():
    g = three(REV, "8C 4S", "5S", hand2="8D 9D")
    g.play(Move.play("8C"))
    g.play(Move.play("8D"))
    assert g.direction == 1 and g.turn == 0


def test_reversal_stands_when_the_play_clears():
    g = three(REV, "8C 8D 4S", "8H 8S")
    ev = g.play(Move.play("8C 8D"))
    assert kinds(ev) == ["played", "reversed", "cleared"]
    assert g.direction == -1 and g.turn == 0  # the clear gives the same player another turn
    g.play(Move.play("4S"))
    assert g.turn == 2


def test_reversal_stands_when_it_is_the_last_card():
    g = pos(REV, seats=[("8C", "", ""), ("4C", "", "3H"), ("5C", "", "3S"), ("6C", "", "3D")], pile="9S")
    # seat 0 has only the 8: when it lands, seat 0 is out and play goes right, to seat 3
    ev = g.play(Move.play("8C"))
    assert "out" in kinds(ev) and "reversed" in kinds(ev)
    assert g.direction == -1 and g.turn == 3


def test_eight_reverse_with_two_players_changes_nothing():
    g = pos(REV, seats=[("8C 4S", "", "3C"), ("9H", "", "3D")], pile="5S")
    g.play(Move.play("8C"))
    assert g.turn == 1


@pytest.mark.parametrize("pile", ["", "AS", "KS", "3S", "2S"])
def test_eight_invisible_goes_on_anything_without_reversing(pile):
    g = three(INV, "8C 4S", pile)
    ev = g.play(Move.play("8C"))
    assert kinds(ev) == ["played", "see_through"] and g.direction == 1 and g.turn == 1
    # The event names the cards laid, then the card now answered (none over an empty pile).
    assert ev[1].cards == (C("8C"), *(C(c) for c in pile.split())) and ev[1].count == 1


def test_invisible_eight_the_next_card_must_beat_the_card_below():
    g = three(INV, "8C 4S", "9S", hand1="6D JD 9D", hand2="4H 5H")
    g.play(Move.play("8C"))
    msg = refused(g, Move.play("6D"), "9", "see-through 8", "the 9 under the see-through 8")
    assert msg.startswith("A 6 can't go on the 9 under the see-through 8")
    g.play(Move.play("9D"))


def test_invisible_eights_stack_and_look_through_to_the_first_real_card():
    g = three(INV, "8C 4S", "QS 8D 8H", hand1="JD KD")
    g.play(Move.play("8C"))
    refused(g, Move.play("JD"), "the queen under")
    g.play(Move.play("KD"))


def test_invisible_eight_on_an_empty_pile_means_anything():
    g = three(INV, "8C 4S", "", hand1="3D KD")
    g.play(Move.play("8C"))
    g.play(Move.play("3D"))


def test_invisible_eight_on_a_two_means_anything():
    g = three(INV, "8C 4S", "AS 2S", hand1="3D KD")
    g.play(Move.play("8C"))
    g.play(Move.play("3D"))


def test_invisible_eights_count_for_four_of_a_kind():
    g = three(INV, "8C 8D 4S", "KS 8H 8S")
    ev = g.play(Move.play("8C 8D"))
    assert kinds(ev) == ["played", "cleared"] and g.turn == 0


def test_an_invisible_eight_breaks_a_run_of_another_rank():
    g = three(INV, "9C 9D 4S", "9H 8S")
    ev = g.play(Move.play("9C 9D"))  # 9 8 9 9: no four on top
    assert kinds(ev) == ["played"] and len(g.pile) == 4


# ----------------------------------------------------------------- jokers (ruling 4)


@pytest.mark.parametrize("pile", ["", "AS", "2S", "KS 8S", "7S"])
def test_joker_goes_on_anything_and_reverses(pile):
    for rules in (JOK, JOK.replace(seven="low")):
        g = three(rules, "JK 4S", pile)
        ev = g.play(Move.play("JK"))
        assert kinds(ev) == ["played", "see_through", "reversed"]
        assert g.direction == -1 and g.turn == 2


def test_jokers_together_reverse_once():
    g = three(JOK.replace(packs=2), "JK JK 4S", "5S")
    ev = g.play(Move.play("JK JK"))
    assert kinds(ev).count("reversed") == 1 and g.direction == -1 and g.turn == 2
    assert codes(g.pile) == ["5S", "JK", "JK"]


def test_a_joker_never_goes_with_other_cards():
    g = three(JOK, "JK 4S", "3S")
    refused(g, Move.play("JK 4S"), "same rank")


def test_joker_is_transparent_the_next_player_beats_the_card_below():
    g = three(JOK, "JK 4S", "9S", hand2="6D 9D")
    g.play(Move.play("JK"))
    assert g.turn == 2
    msg = refused(g, Move.play("6D"), "the 9 under the joker", "joker")
    assert "the 9 under the joker" in msg
    g.play(Move.play("9D"))


def test_joker_on_empty_pile_means_anything_follows():
    g = three(JOK, "JK 4S", "", hand2="3D 9D")
    g.play(Move.play("JK"))
    g.play(Move.play("3D"))


def test_the_player_after_you_plays_a_joker_you_must_beat_your_own_card():
    # 004: "If the player after you plays a joker, the turn comes back to you"
    g = three(JOK, "QC 5S", "4S", hand1="JK KD")
    g.play(Move.play("QC"))
    g.play(Move.play("JK"))
    assert g.turn == 0
    refused(g, Move.play("5S"), "the queen under")
    g.play(Move.take())


def test_jokers_never_count_toward_four_of_a_kind():
    g = three(JOK, "5C 4S", "5S 5D JK 5H", hand1="4C 6C", hand2="4D 6D")
    ev = g.play(Move.play("5C"))
    assert kinds(ev) == ["played"] and len(g.pile) == 5


def test_a_joker_breaks_a_run():
    g = three(JOK, "5C 5H 4S", "5S 5D JK", hand1="4C 6C", hand2="4D 6D")
    ev = g.play(Move.play("5C 5H"))
    assert kinds(ev) == ["played"]


def test_four_jokers_do_not_clear():
    g = three(JOK.replace(packs=2), "JK JK 4S", "JK JK")
    ev = g.play(Move.play("JK JK"))
    assert "cleared" not in kinds(ev) and len(g.pile) == 4


def test_with_two_players_a_joker_reversal_changes_nothing():
    g = pos(JOK, seats=[("JK 4S", "", "3C"), ("9H", "", "3D")], pile="5S")
    ev = g.play(Move.play("JK"))
    assert "reversed" in kinds(ev)
    assert g.turn == 1


def test_jokers_are_refused_in_positions_when_the_option_is_off():
    with pytest.raises(ValueError):
        pos(PALACE, seats=[("JK 4S", "", "3C"), FILL])


# ----------------------------------------------------------------- direction (ruling 7, 12)


def test_clockwise_goes_from_seat_i_to_seat_i_plus_one():
    g = pos(PALACE, seats=[("5C 4S", "", "3C"), ("6C 4H", "", "3H"), ("7C 4D", "", "3S"), ("8C 9C", "", "3D")], pile="")
    seen = []
    for card in ("5C", "6C", "7C", "8C"):
        seen.append(g.turn)
        g.play(Move.play(card))
    assert seen == [0, 1, 2, 3] and g.turn == 0


def test_leaving_players_are_skipped_both_ways():
    g = pos(REV, seats=[("5C 4S", "", "3C"), {"place": 1}, ("6C 9H", "", "3S"), ("8C 9C", "", "3D")], pile="", turn=2)
    g.play(Move.play("6C"))
    assert g.turn == 3
    g.play(Move.play("8C"))  # reverse: right of seat 3 is seat 2
    assert g.turn == 2
    g.play(Move.play("9H"))  # right of seat 2 is seat 1, who is out: seat 0
    assert g.turn == 0
