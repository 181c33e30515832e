"""Face-up and face-down stages, stuck_face_up and after_pickup (rulings 6, 10, 15, 16)."""

import pytest

from palace_tui.rules import IllegalMove, Move, Rules
from tests.helpers.rules import C, codes, hand, kinds, pos, refused

PALACE = Rules.preset("palace")
KEEP = PALACE.replace(stuck_face_up="keep-row")
BUILDER = PALACE.replace(after_pickup="builder")
FILL = ("4C 5C 6C", "", "3D")


# ----------------------------------------------------------------- face-up stage


def test_no_hand_and_no_stock_plays_face_up_cards():
    g = pos(seats=[("", "9C 9D KS", "3C"), FILL], pile="5H")
    assert g.stage() == "face_up"
    plays = {(m.cards[0].rank, len(m.cards)) for m in g.legal_moves() if m.kind == "play"}
    assert plays == {(9, 1), (9, 2), (13, 1)}
    ev = g.play(Move.play("9C 9D"))
    assert kinds(ev) == ["played"]  # no draw from an empty stock
    assert codes(g.seats[0].face_up) == ["KS"] and g.turn == 1


def test_a_refused_face_up_play_says_to_add_a_card_to_take():
    g = pos(seats=[("", "4D KS", "3C"), FILL], pile="5H")
    refused(g, Move.play("4D"), "A 4 can't go on a 5", "take the pile, adding one of your face-up cards")
    g2 = pos(KEEP, seats=[("", "4D KS", "3C"), FILL], pile="5H")
    msg2 = refused(g2, Move.play("4D"), "or take the pile.")
    assert "adding" not in msg2


def test_face_up_play_of_a_card_not_in_the_row_is_refused():
    g = pos(seats=[("", "4D KS", "3C"), FILL], pile="5H")
    refused(g, Move.play("AS"), "no ace face up")


def test_empty_pile_at_face_up_stage_means_play_not_pass():
    g = pos(seats=[("", "4D KS", "3C"), FILL])
    assert {m.kind for m in g.legal_moves()} == {"play"}
    refused(g, Move.take("4D"), "empty")


def test_stuck_add_one_a_bare_take_is_refused():
    g = pos(seats=[("", "4D 3S", "3C"), FILL], pile="5H")
    assert Move.take() not in g.legal_moves()
    refused(g, Move.take(), "adding one of your face-up cards", "choose which")


def test_stuck_add_one_adds_the_chosen_card_then_takes_it_all():
    g = pos(seats=[("", "4D 3S", "3C"), FILL], pile="5H 6H")
    takes = [m for m in g.legal_moves() if m.kind == "take"]
    assert sorted(m.adding.rank for m in takes) == [3, 4]
    ev = g.play(Move.take(adding="3S"))
    assert kinds(ev) == ["took"] and codes(ev[0].cards) == ["3S"] and ev[0].count == 3
    assert hand(g, 0) == ["3S", "5H", "6H"]
    assert codes(g.seats[0].face_up) == ["4D"] and g.pile == [] and g.turn == 1


def test_stuck_add_one_even_when_a_play_is_possible():
    g = pos(seats=[("", "KD 3S", "3C"), FILL], pile="5H")
    g.play(Move.take(adding="KD"))
    assert hand(g, 0) == ["5H", "KD"] and codes(g.seats[0].face_up) == ["3S"]


def test_stuck_add_one_refuses_a_card_not_in_the_row():
    g = pos(seats=[("", "4D 3S", "3C"), FILL], pile="5H")
    refused(g, Move.take(adding="AS"), "no ace face up")


def test_adding_a_card_to_a_take_from_the_hand_is_refused():
    g = pos(seats=[("4H", "4D 3S", "3C"), FILL], pile="5H")
    refused(g, Move.take(adding="4D"), "from your hand", "take the pile without adding")


def test_stuck_keep_row_takes_the_pile_and_keeps_the_row():
    g = pos(KEEP, seats=[("", "4D 3S", "3C"), FILL], pile="5H 6H")
    assert [m for m in g.legal_moves() if m.kind == "take"] == [Move.take()]
    ev = g.play(Move.take())
    assert kinds(ev) == ["took"] and ev[0].cards == () and ev[0].count == 2
    assert hand(g, 0) == ["5H", "6H"] and codes(g.seats[0].face_up) == ["4D", "3S"]
    assert g.turn == 1


def test_stuck_keep_row_refuses_adding_a_card():
    g = pos(KEEP, seats=[("", "4D 3S", "3C"), FILL], pile="5H")
    refused(g, Move.take(adding="4D"), "keep-row", "without adding")


@pytest.mark.parametrize("rules", [PALACE, KEEP])
def test_face_up_cards_taken_into_hand_must_be_played_out_first(rules):
    g = pos(rules, seats=[("", "4D AS", "3C"), ("KC 4C", "", "3H")], pile="9H")
    adding = "4D" if rules.stuck_face_up == "add-one" else None
    g.play(Move.take(adding=adding))
    g.play(Move.play("4C"))  # seat 1 leads on the empty pile
    assert g.turn == 0 and g.stage() == "hand"
    refused(g, Move.play("AS"), "no ace in your hand")
    assert all(m.kind != "play" or m.cards[0] != C("AS") for m in g.legal_moves())


# ----------------------------------------------------------------- face-down stage


def test_legal_flip_stays_and_ends_the_turn():
    g = pos(seats=[("", "", "KC 3H"), FILL], pile="9S")
    ev = g.play(Move.flip(0))
    assert kinds(ev) == ["flipped", "played"]
    assert codes(g.pile) == ["9S", "KC"] and codes(g.seats[0].face_down) == ["3H"] and g.turn == 1


def test_flip_onto_an_empty_pile_always_stays():
    g = pos(seats=[("", "", "3H 4H"), FILL])
    g.play(Move.flip(0))
    assert codes(g.pile) == ["3H"] and g.turn == 1


def test_failed_flip_goes_to_hand_with_the_pile_and_the_turn_ends():
    g = pos(seats=[("", "", "4H 3H"), FILL], pile="9S QH")
    ev = g.play(Move.flip(0))  # no exception: a failed flip is the normal pickup (ruling 10)
    assert kinds(ev) == ["flipped", "failed"]
    assert ev[1].count == 3
    assert hand(g, 0) == ["4H", "9S", "QH"] and g.pile == [] and g.turn == 1
    assert codes(g.seats[0].face_down) == ["3H"]
    # back to the hand: the next face-down card waits
    g.play(Move.play("4C"))  # the other seat
    assert g.turn == 0 and g.stage() == "hand"


def test_a_flipped_two_acts_as_usual():
    g = pos(seats=[("", "", "2C 3H"), FILL], pile="AS")
    ev = g.play(Move.flip(0))
    assert kinds(ev) == ["flipped", "played"] and g.turn == 1
    g.play(Move.play("4C"))


def test_a_flipped_ten_clears_and_the_next_turn_may_flip_again():
    g = pos(seats=[("", "", "TC 3H 5D"), FILL], pile="AS")
    ev = g.play(Move.flip(0))
    assert kinds(ev) == ["flipped", "played", "cleared"] and g.turn == 0
    g.play(Move.flip(1))  # ruling 16: positions close up: 1 is now the 5
    assert codes(g.pile) == ["5D"] and codes(g.seats[0].face_down) == ["3H"] and g.turn == 1


def test_a_flipped_fourth_card_clears():
    g = pos(seats=[("", "", "9C 3H"), FILL], pile="9S 9D 9H")
    ev = g.play(Move.flip(0))
    assert kinds(ev) == ["flipped", "played", "cleared"] and g.turn == 0


def test_one_face_down_card_a_turn():
    g = pos(seats=[("", "", "KC QC"), FILL], pile="5S")
    g.play(Move.flip(0))
    assert g.turn == 1


def test_flip_positions_count_in_the_current_row():
    g = pos(seats=[("", "", "3C 5H 7C 9C"), FILL])
    with pytest.raises(IllegalMove) as info:
        g.play(Move.flip(4))
    assert "1 to 4" in str(info.value)
    g.play(Move.flip(2))
    assert codes(g.pile) == ["7C"] and codes(g.seats[0].face_down) == ["3C", "5H", "9C"]


def test_flip_before_the_face_down_stage_is_refused():
    refused(pos(seats=[("5H", "", "3C"), FILL], pile="4S"), Move.flip(0), "play from your hand first")
    refused(pos(seats=[("", "5H", "3C"), FILL], pile="4S"), Move.flip(0), "face-up row first")


def test_worked_example_002_blind_four_on_a_queen():
    g = pos(seats=[("", "", "4C"), ("5C 6C", "", "3D"), ("7C 8C", "", "3S")], pile="9H QH")
    ev = g.play(Move.flip(0))
    assert kinds(ev) == ["flipped", "failed"]
    assert hand(g, 0) == ["4C", "9H", "QH"]  # even though it was the last card: not out
    assert not g.seats[0].out and g.outcome() is None and g.turn == 1


# ----------------------------------------------------------------- after_pickup (ruling 6)


def three(rules, **kw):
    return pos(rules, seats=[("9C 4S", "", "3C"), ("KD 4H", "", "3H"), ("5D 6D", "", "3S")], **kw)


def test_after_pickup_next():
    g = three(PALACE, pile="4D")
    g.play(Move.play("9C"))
    g.play(Move.play("KD"))
    g.play(Move.take())
    assert g.turn == 0 and g.pile == []


def test_after_pickup_next_follows_the_direction():
    g = three(PALACE, pile="4D", direction=-1, turn=2)
    g.play(Move.take())
    assert g.turn == 1


def test_after_pickup_builder_passes_to_the_unbeaten_player():
    g = three(BUILDER, pile="4D")
    g.play(Move.play("9C"))
    g.play(Move.play("KD"))
    ev = g.play(Move.take())
    assert kinds(ev) == ["took"] and g.turn == 1  # seat 1's king was not beaten


def test_after_pickup_builder_the_added_face_up_card_does_not_count():
    g = pos(BUILDER, seats=[("9C 4S", "", "3C"), ("KD 4H", "", "3H"), ("", "5D 3D", "3S")], pile="4D")
    g.play(Move.play("9C"))
    g.play(Move.play("KD"))
    g.play(Move.take(adding="3D"))
    assert g.turn == 1


def test_after_pickup_builder_a_failed_face_down_card_does_not_count():
    g = pos(BUILDER, seats=[("9C 4S", "", "3C"), ("KD 4H", "", "3H"), ("", "", "5D 3D")], pile="4D")
    g.play(Move.play("9C"))
    g.play(Move.play("KD"))
    ev = g.play(Move.flip(0))
    assert "failed" in kinds(ev) and g.turn == 1


def test_after_pickup_builder_out_goes_to_the_next_player_still_in():
    g = pos(BUILDER, seats=[("9C 4S", "", "3C"), ("KD", "", ""), ("5D 6D", "", "3S"), ("7D 8D", "", "3H")], pile="4D")
    g.play(Move.play("9C"))
    ev = g.play(Move.play("KD"))  # seat 1 goes out on its king
    assert "out" in kinds(ev) and g.turn == 2
    g.play(Move.take())
    assert g.turn == 3  # the builder is out: the next still in after the taker


def test_after_pickup_builder_when_the_owner_is_the_taker():
    g = pos(
        BUILDER,
        seats=[("9C 4S", "", "3C"), ("KD 4H", "", "3H"), ("5D 6D", "", "3S")],
        pile="4D QS",
        turn=0,
        pile_owner=0,
    )
    g.play(Move.take())
    assert g.turn == 1


def test_after_pickup_builder_with_a_built_position_defaults_to_the_seat_before():
    g = pos(BUILDER, seats=[("9C 4S", "", "3C"), ("KD 4H", "", "3H"), ("5D 6D", "", "3S")], pile="4D QS", turn=0)
    g.play(Move.take())
    assert g.turn == 2


def test_after_pickup_builder_after_a_joker_goes_to_the_joker_player():
    r = BUILDER.replace(jokers=True)
    g = pos(r, seats=[("QC 4S", "", "3C"), ("JK KD", "", "3H"), ("5D 6D", "", "3S")], pile="4D")
    g.play(Move.play("QC"))
    g.play(Move.play("JK"))  # reversed: back to seat 0, who must beat the queen
    assert g.turn == 0
    g.play(Move.take())
    assert g.turn == 1


def test_after_pickup_next_with_a_failed_flip():
    g = pos(PALACE, seats=[("9C 4S", "", "3C"), ("KD 4H", "", "3H"), ("", "", "5D 3D")], pile="4D")
    g.play(Move.play("9C"))
    g.play(Move.play("KD"))
    g.play(Move.flip(0))
    assert g.turn == 0


# ----------------------------------------------------------------- ruling 10: refusals change nothing


def test_refusals_leave_everything_and_the_same_player_chooses_again():
    g = pos(seats=[("6H 3H", "AS", "3C"), FILL], pile="9D", stock="KC")
    for move in (
        Move.play("6H"),
        Move.play("AS"),
        Move.flip(0),
        Move.take("AS"),
        Move.swap("6H", "AS"),
        Move.ready(),
        Move.choose("6H"),
        Move.play("6H 3H"),
    ):
        refused(g, move)
    assert g.turn == 0
    g.play(Move.take())
    assert g.turn == 1


def test_play_rejects_non_moves():
    g = pos(seats=[("6H 3H", "AS", "3C"), FILL], pile="9D")
    with pytest.raises(TypeError):
        g.play("play 6H")
