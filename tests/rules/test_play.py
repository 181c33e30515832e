"""The core every preset shares (RULES.md "The core every preset shares"), hand stage."""

from collections import Counter

import pytest

from palace_tui.rules import Game, Move, Rules
from palace_tui.rules.cards import make_deck
from tests.helpers.rules import C, bag, codes, hand, kinds, pos, refused

PALACE = Rules.preset("palace")
FILL = ("4C 5C 6C", "", "3D")  # a seat that is in but not involved


# ----------------------------------------------------------------- the pack


def test_one_52_card_pack_without_jokers_by_default():
    deck = make_deck()
    assert len(deck) == 52 and len(set(deck)) == 52
    assert not any(c.rank == 15 for c in deck)
    g = Game.deal(PALACE, ["A", "B", "C"], seed=5)
    assert bag(g.all_cards()) == bag(make_deck())


@pytest.mark.parametrize("packs,jokers,size", [(1, True, 54), (2, False, 104), (3, True, 162)])
def test_packs_and_jokers_make_the_deck(packs, jokers, size):
    g = Game.deal(PALACE.replace(packs=packs, jokers=jokers), ["A", "B"], seed=2)
    every = g.all_cards()
    assert len(every) == size
    assert Counter(c.rank for c in every)[15] == (2 * packs if jokers else 0)
    assert bag(every) == bag(make_deck(packs, jokers))


def test_suits_never_matter():
    # the same position with other suits gives the same legal ranks and the same effect
    a = pos(seats=[("9H", "", "3C"), FILL], pile="9C")
    b = pos(seats=[("9S", "", "3C"), FILL], pile="9D")
    assert a.playable_ranks() == b.playable_ranks() == [9]
    assert kinds(a.play(Move.play("9H"))) == kinds(b.play(Move.play("9S")))


def test_play_refuses_a_card_of_a_held_rank_in_another_suit():
    # Issue 31 (B-2): a move names exact cards; 7H is not 7D or 7S, though suits never matter to the rules.
    g = pos(seats=[("7D 7S 8C", "", "3C"), FILL], pile="5H")
    refused(g, Move.play("7H"), "You have no 7♥ in your hand: you can play a 7 or an 8 from your hand")


def test_play_puts_the_named_cards_when_held():
    g = pos(seats=[("7D 7S 8C", "", "3C"), FILL], pile="5H")
    g.play(Move.play("7S"))
    assert codes(g.pile) == ["5H", "7S"]
    assert codes(g.seats[0].hand) == ["7D", "8C"]


# ----------------------------------------------------------------- ordinary ranks

ORDER = [3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14]
LABEL = {3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 11: "J", 12: "Q", 13: "K", 14: "A"}


@pytest.mark.parametrize("top", ORDER)
@pytest.mark.parametrize("card", ORDER)
def test_ordinary_rank_equals_or_beats(top, card):
    g = pos(seats=[(LABEL[card] + "H", "", "3C"), FILL], pile=LABEL[top] + "S")
    move = Move.play(LABEL[card] + "H")
    if ORDER.index(card) >= ORDER.index(top):
        g.play(move)
        assert codes(g.pile) == [LABEL[top] + "S", LABEL[card] + "H"]
        assert g.turn == 1
    else:
        refused(g, move, "can't go on", "nothing in your hand can: take the pile.")


def test_the_issue_example_message():
    g = pos(seats=[("6H 3H", "", "3C"), FILL], pile="9D")
    msg = refused(g, Move.play("6H"))
    # Only what is legal: the seat holds no card that goes on a 9 (ruling 10).
    assert msg == "A 6 can't go on a 9, and nothing in your hand can: take the pile."
    g = pos(seats=[("6H 2H KD", "", "3C"), FILL], pile="9D")
    assert refused(g, Move.play("6H")) == "A 6 can't go on a 9: play a king or a 2 from your hand, or take the pile."


def test_several_cards_of_one_rank():
    g = pos(seats=[("QC QD QS 4H", "", "3C"), FILL], pile="JH")
    ev = g.play(Move.play("QC QD"))
    assert codes(g.pile) == ["JH", "QC", "QD"]
    assert ev[0].kind == "played" and codes(ev[0].cards) == ["QC", "QD"]
    assert hand(g, 0) == ["4H", "QS"]


def test_mixed_ranks_are_refused():
    g = pos(seats=[("9C QD 4H", "", "3C"), FILL], pile="5H")
    refused(g, Move.play("9C QD"), "same rank")


def test_cannot_play_more_than_held():
    g = pos(seats=[("QC QD 4H", "", "3C"), FILL], pile="5H")
    refused(g, Move.play("QC QD QS"), "only 2")
    refused(g, Move.play("KC"), "no king")


def test_empty_play_is_refused():
    g = pos(seats=[("QC", "", "3C"), FILL], pile="5H")
    refused(g, Move("play", ()), "at least one")


@pytest.mark.parametrize("card", ["3C", "2C", "TC", "AC", "8C"])
def test_empty_pile_takes_anything(card):
    g = pos(seats=[(card + " 5D", "", "3H"), FILL])
    g.play(Move.play(card))
    assert g.phase == "play"
    assert card in codes(g.pile) or card in codes(g.cleared)


# ----------------------------------------------------------------- two


@pytest.mark.parametrize("top", ["AS", "KS", "3S", "7S", "2S", "9S 8D"])
def test_two_is_legal_on_anything_and_anything_follows(top):
    g = pos(seats=[("2C 9H", "", "3C"), ("3H 4H", "", "7D"), FILL], pile=top)
    ev = g.play(Move.play("2C"))
    assert kinds(ev) == ["played"]
    assert g.turn == 1  # no extra turn
    g.play(Move.play("3H"))  # any rank may follow
    assert g.pile[-1] == C("3H")


# ----------------------------------------------------------------- ten


@pytest.mark.parametrize("top", ["AS", "KS", "3S", "2S", "9H 9S"])
def test_ten_clears_and_the_same_player_goes_again(top):
    g = pos(seats=[("TC 4H", "", "3C"), FILL], pile=top)
    pile_before = list(g.pile)
    ev = g.play(Move.play("TC"))
    assert kinds(ev) == ["played", "cleared"]
    assert ev[1].reason == "ten" and ev[1].count == len(pile_before) + 1
    assert g.pile == []
    assert bag(g.cleared) == bag(pile_before + [C("TC")])
    assert g.turn == 0
    g.play(Move.play("4H"))  # on an empty pile, anything
    assert g.turn == 1


def test_ten_on_an_empty_pile_clears_just_itself():
    g = pos(seats=[("TC 4H", "", "3C"), FILL], cleared="9S")
    g.play(Move.play("TC"))
    assert codes(g.cleared) == ["9S", "TC"] and g.turn == 0


def test_cleared_cards_never_come_back():
    g = pos(seats=[("TC 4H", "", "3C"), ("5D 6D", "", "3D")], pile="9H", stock="8C")
    g.play(Move.play("TC"))
    assert bag(g.cleared) == bag(["9H", "TC"]) and codes(g.stock) == []


# ----------------------------------------------------------------- four of a kind


def test_four_at_once_clears():
    g = pos(seats=[("7C 7D 7H 7S 9C", "", "3C"), FILL], pile="4H")
    ev = g.play(Move.play("7C 7D 7H 7S"))
    assert kinds(ev) == ["played", "cleared"] and ev[1].reason == "four"
    assert g.pile == [] and len(g.cleared) == 5 and g.turn == 0


def test_four_over_several_turns_by_several_players():
    g = pos(seats=[("9C 3H", "", "3C"), ("9D 4H", "", "3D"), ("9H 9S 5H", "", "3S")], pile="6C")
    g.play(Move.play("9C"))
    g.play(Move.play("9D"))
    assert g.turn == 2
    ev = g.play(Move.play("9H 9S"))
    assert kinds(ev) == ["played", "cleared"]
    assert g.turn == 2  # the one who completed it plays again
    assert bag(g.cleared) == bag(["6C", "9C", "9D", "9H", "9S"])


def test_a_different_rank_in_between_breaks_the_run():
    g = pos(seats=[("JC JD 3H", "", "3C"), FILL], pile="JH QS JS")
    ev = g.play(Move.play("JC JD"))  # J Q J J J: only three on top
    assert kinds(ev) == ["played"]
    assert len(g.pile) == 5 and g.turn == 1


def test_a_lower_card_beneath_the_four_does_not_matter():
    g = pos(seats=[("KC 3H", "", "3C"), FILL], pile="4H 5D KD KH KS")
    ev = g.play(Move.play("KC"))
    assert kinds(ev) == ["played", "cleared"] and g.pile == []


def test_four_of_a_kind_is_the_top_four_even_when_a_pile_is_given():
    # the run on top of a built pile counts, whoever played it
    g = pos(seats=[("7D 7S", "", "3C"), FILL], pile="3H 7H 7C")
    ev = g.play(Move.play("7D 7S"))
    assert ev[1].kind == "cleared"


def test_four_twos_clear():
    g = pos(seats=[("2C 2D 2H 4H", "", "3C"), FILL], pile="KS 2S")
    ev = g.play(Move.play("2C 2D 2H"))
    assert kinds(ev) == ["played", "cleared"] and g.turn == 0 and g.pile == []


def test_three_twos_do_not_clear():
    g = pos(seats=[("2C 2D 2H 4H", "", "3C"), FILL], pile="KS")
    ev = g.play(Move.play("2C 2D 2H"))
    assert kinds(ev) == ["played"] and g.turn == 1


def test_more_than_four_with_two_packs_clears():
    r = PALACE.replace(packs=2)
    g = pos(r, seats=[("6C 6D 6H 3C", "", "3C"), FILL], pile="6S 6S")
    ev = g.play(Move.play("6C 6D 6H"))
    assert kinds(ev) == ["played", "cleared"] and g.pile == []


# ----------------------------------------------------------------- taking the pile


def test_take_is_allowed_even_when_a_play_is_possible():
    g = pos(seats=[("AC 4H", "", "3C"), FILL], pile="5H 9D")
    assert g.playable_ranks() == [14]
    ev = g.play(Move.take())
    assert kinds(ev) == ["took"] and ev[0].count == 2
    assert hand(g, 0) == ["4H", "5H", "9D", "AC"]
    assert g.pile == [] and g.turn == 1  # it ends the turn


def test_take_is_never_allowed_on_an_empty_pile():
    g = pos(seats=[("AC 4H", "", "3C"), FILL])
    assert Move.take() not in g.legal_moves()
    refused(g, Move.take(), "empty")


def test_taken_cards_do_not_trigger_a_draw():
    g = pos(seats=[("AC", "", "3C"), FILL], pile="5H", stock="8C 8D 8H")
    g.play(Move.take())
    assert len(g.stock) == 3 and hand(g, 0) == ["5H", "AC"]


def test_at_the_face_down_stage_the_only_move_is_to_turn_a_card():
    g = pos(seats=[("", "", "3C KD"), FILL], pile="5H")
    assert {m.kind for m in g.legal_moves()} == {"flip"}
    refused(g, Move.take(), "face-down")
    refused(g, Move.play("3C"), "face-down")


# ----------------------------------------------------------------- drawing


def test_draw_back_up_to_hand_size_after_playing_from_hand():
    g = pos(seats=[("9C 9D 4H", "", "3C"), FILL], pile="5H", stock="KC KD KH KS")
    ev = g.play(Move.play("9C 9D"))
    assert kinds(ev) == ["played", "drew"] and ev[1].count == 2
    assert hand(g, 0) == ["4H", "KH", "KS"]  # the last stock card is drawn first
    assert codes(g.stock) == ["KC", "KD"]


def test_draw_takes_what_is_left_when_the_stock_is_short():
    g = pos(seats=[("9C 9D 4H", "", "3C"), FILL], pile="5H", stock="KC")
    ev = g.play(Move.play("9C 9D"))
    assert ev[1].count == 1 and hand(g, 0) == ["4H", "KC"] and g.stock == []


def test_a_larger_hand_stays_larger():
    g = pos(seats=[("9C 4H 5H 6H JC", "", "3C"), FILL], pile="5S", stock="KC")
    ev = g.play(Move.play("9C"))
    assert kinds(ev) == ["played"] and len(g.seats[0].hand) == 4 and codes(g.stock) == ["KC"]


@pytest.mark.parametrize("hand_size", [1, 2, 3, 4, 5])
def test_hand_size_option_sets_the_draw(hand_size):
    r = PALACE.replace(hand_size=hand_size)
    g = pos(r, seats=[("9C", "", "3C"), FILL], pile="5S", stock="KC KD KH KS AC AD")
    g.play(Move.play("9C"))
    assert len(g.seats[0].hand) == hand_size and len(g.stock) == 6 - hand_size


def test_draw_before_the_extra_turn_of_a_clear():
    g = pos(seats=[("TC", "KH", "3C"), FILL], pile="9S", stock="4H 4D 5S")
    ev = g.play(Move.play("TC"))
    assert kinds(ev) == ["played", "cleared", "drew"]
    assert g.turn == 0 and hand(g, 0) == ["4D", "4H", "5S"]
    # the new turn has a hand, so the face-up king stays down
    refused(g, Move.play("KH"), "no king in your hand")


def test_a_turn_with_a_hand_uses_only_the_hand():
    g = pos(seats=[("4H", "AH AD", "3C"), FILL], pile="KS")
    assert g.stage() == "hand"
    assert {m.kind for m in g.legal_moves()} == {"take"}
    refused(g, Move.play("AH"), "no ace in your hand")


def test_hand_emptied_without_clear_passes_the_turn_even_with_face_up_left():
    g = pos(seats=[("9C", "AH", "3C"), FILL], pile="5S")
    g.play(Move.play("9C"))
    assert g.turn == 1 and not g.seats[0].out and codes(g.seats[0].face_up) == ["AH"]


def test_extra_turn_from_a_clear_with_no_hand_and_no_stock_plays_the_face_up_row():
    g = pos(seats=[("TC", "4H 4D", "3C"), FILL], pile="9S")
    g.play(Move.play("TC"))
    assert g.turn == 0 and g.stage() == "face_up"
    g.play(Move.play("4H 4D"))
    assert codes(g.pile) == ["4H", "4D"] and g.turn == 1


def test_ruling_15_empty_hand_with_stock_draws_at_turn_start():
    g = pos(seats=[("", "AH", "3C"), FILL], pile="5S", stock="6H 7C 8C 9C")
    assert hand(g, 0) == ["7C", "8C", "9C"] and codes(g.stock) == ["6H"]
    assert g.stage() == "hand"
    refused(g, Move.play("AH"), "no ace in your hand")


def test_ruling_15_draw_happens_when_the_turn_passes_to_an_empty_hand():
    g = pos(seats=[("9C 9D 9H 9S JC", "", "3C"), ("", "", "4D"), FILL], pile="5S", stock="6H 7C")
    ev = g.play(Move.play("9C"))  # seat 0 keeps 4 cards: no draw
    assert g.turn == 1
    assert [(e.kind, e.seat, e.count) for e in ev] == [("played", 0, 0), ("drew", 1, 2)]
    assert hand(g, 1) == ["6H", "7C"] and g.stage() == "hand"


# ----------------------------------------------------------------- ruling 10: refusals say what is legal


def test_refusals_say_what_would_be_legal():
    g = pos(seats=[("4H 9D 9H 2S", "AS", "3C"), FILL], pile="7H")
    refused(g, Move.play("AS"), "no ace in your hand", "you can play a 9 or a 2 from your hand", "or take the pile")
    refused(g, Move.play("9D 9H 9S"), "only 2 nines in your hand, not 3", "you can play")
    refused(g, Move.play("9D 2S"), "same rank", "one rank at a time", "take the pile")
    refused(g, Move.play("4H"), "A 4 can't go on a 7: play a 9 or a 2 from your hand, or take the pile.")


def test_face_up_refusals_say_what_would_be_legal():
    g = pos(seats=[("", "4H 4D AS", "3C"), FILL], pile="7H")
    refused(
        g,
        Move.play("KS"),
        "no king face up",
        "play an ace from your face-up cards",
        "take the pile, adding one of your face-up cards",
    )
    refused(g, Move.take(adding="KD"), "no king face up to add", "4♥", "A♠")


def test_a_built_pile_cannot_hold_four_of_a_kind_or_a_ten():
    with pytest.raises(ValueError, match="four of a kind"):
        pos(seats=[("4H", "", "3C"), FILL], pile="7H 7C 7D 7S")
    with pytest.raises(ValueError, match="ten"):
        pos(seats=[("4H", "", "3C"), FILL], pile="5H TC")
    pos(Rules.preset("palace").replace(jokers=True, packs=2), seats=[("4H", "", "3C"), FILL], pile="JK JK JK JK")


def test_ruling_18_cards_in_play_never_change():
    g = pos(
        seats=[("9C 9D TC 4H", "KS", "3C"), ("5D 6D 9H", "AH", "3H"), ("", "4S 4D", "8S")],
        pile="7S 9S",
        stock="2D",
        cleared="QC",
    )
    dealt = bag(g.all_cards())
    for move in (
        Move.play("9C 9D"),
        Move.play("9H"),
        Move.play("5D"),
        Move.take(adding="4S"),
        Move.play("TC"),
        Move.play("4H"),
    ):
        g.play(move)
        assert bag(g.all_cards()) == dealt
    assert bag(g.cleared) == bag(["QC", "7S", "9S", "9C", "9D", "9H", "TC"])  # four nines, then the ten
