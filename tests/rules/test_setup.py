"""The deal, setup (ruling 13) and the starter (ruling 1)."""

import pytest

from palace_tui.rules import Game, Move, Rules
from tests.helpers.rules import bag, codes, finish_setup, hand, kinds, refused, setup_position, spare

PALACE = Rules.preset("palace")
FIRST = Rules.preset("first-out")
DL = PALACE.replace(starter="dealer-left")
NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"]


# ----------------------------------------------------------------- the deal


@pytest.mark.parametrize("n,stock", [(2, 34), (3, 25), (4, 16), (5, 7)])
def test_deal_swap_three_down_three_up_three_in_hand(n, stock):
    g = Game.deal(PALACE, NAMES[:n], seed=11)
    assert g.phase == "setup"
    for s in g.seats:
        assert (len(s.face_down), len(s.face_up), len(s.hand)) == (3, 3, 3)
    assert len(g.stock) == stock and g.pile == [] and g.cleared == []


@pytest.mark.parametrize("n,stock", [(2, 34), (3, 25), (4, 16), (5, 7)])
def test_deal_choose_three_down_six_private(n, stock):
    g = Game.deal(FIRST, NAMES[:n], seed=11)
    for s in g.seats:
        assert (len(s.face_down), len(s.face_up), len(s.hand)) == (3, 0, 6)
    assert len(g.stock) == stock  # seed 000: 34, 25, 16 or seven cards


@pytest.mark.parametrize("down,up,hs", [(4, 4, 3), (5, 5, 3), (3, 5, 1), (5, 3, 5), (4, 3, 2)])
@pytest.mark.parametrize("deal", ["swap", "choose"])
def test_row_and_hand_sizes(down, up, hs, deal):
    r = PALACE.replace(face_down=down, face_up=up, hand_size=hs, deal=deal)
    g = Game.deal(r, NAMES[:2], seed=3)
    for s in g.seats:
        if deal == "swap":
            assert (len(s.face_down), len(s.face_up), len(s.hand)) == (down, up, hs)
        else:
            assert (len(s.face_down), len(s.face_up), len(s.hand)) == (down, 0, up + hs)
    assert len(g.stock) == 52 - 2 * (down + up + hs)


def test_same_seed_same_deal_and_different_seed_different_deal():
    a = Game.deal(PALACE, NAMES[:4], seed=42)
    b = Game.deal(PALACE, NAMES[:4], seed=42)
    c = Game.deal(PALACE, NAMES[:4], seed=43)
    assert a.to_json() == b.to_json() and a == b
    assert a != c


def test_dealer_must_be_a_seat():
    with pytest.raises(ValueError):
        Game.deal(PALACE, NAMES[:3], seed=1, dealer=3)


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_setup_starts_left_of_the_dealer_and_goes_clockwise(dealer):
    g = Game.deal(PALACE, NAMES[:3], seed=1, dealer=dealer)
    seen = []
    while g.phase == "setup":
        seen.append(g.turn)
        g.play(Move.ready())
    assert seen == [(dealer + 1) % 3, (dealer + 2) % 3, dealer]
    assert g.phase == "play"


# ----------------------------------------------------------------- swap (ruling 13)


def test_swap_exchanges_one_hand_card_with_one_face_up_card_as_often_as_liked():
    g = setup_position(PALACE, [("3C 4C 5C", "KS AS 2S", "6D 7D 8D"), ("9H JH QH", "3H 4H 5H", "6H 7H 8H")], dealer=1)
    assert g.turn == 0
    ev = g.play(Move.swap("3C", "AS"))
    assert kinds(ev) == ["swapped"]
    assert codes(g.seats[0].face_up) == ["KS", "3C", "2S"] and hand(g, 0) == ["4C", "5C", "AS"]
    g.play(Move.swap("4C", "KS"))
    g.play(Move.swap("AS", "3C"))  # and back again
    assert sorted(codes(g.seats[0].face_up)) == ["2S", "4C", "AS"]
    assert codes(g.seats[0].face_down) == ["6D", "7D", "8D"]  # never touched
    assert g.turn == 0 and g.phase == "setup"
    g.play(Move.ready())
    assert g.turn == 1


def test_swap_of_cards_not_held_is_refused():
    g = setup_position(PALACE, [("3C 4C 5C", "KS AS 2S", "6D 7D 8D"), ("9H JH QH", "3H 4H 5H", "6H 7H 8H")], dealer=1)
    refused(g, Move.swap("9C", "AS"), "no 9 in your hand")
    refused(g, Move.swap("3C", "QS"), "no queen face up")
    refused(g, Move.swap("6D", "AS"), "no 6 in your hand")  # face-down cards never swap
    refused(g, Move.choose("3C 4C 5C"), "swap")
    refused(g, Move.play("3C"), "swap")
    refused(g, Move.take(), "swap")


def test_swap_moves_are_refused_once_play_has_started():
    g = setup_position(PALACE, [("3C 4C 5C", "KS AS 2S", "6D 7D 8D"), ("9H JH QH", "3H 4H 5H", "6H 7H 8H")], dealer=1)
    finish_setup(g)
    refused(g, Move.swap(g.seats[g.turn].hand[0].code, g.seats[g.turn].face_up[0].code), "setup move")
    refused(g, Move.ready(), "setup move")


def test_swap_legal_moves_are_all_accepted():
    g = Game.deal(PALACE, NAMES[:3], seed=5)
    moves = g.legal_moves()
    assert Move.ready() in moves
    for m in moves:
        c = g.copy()
        c.play(m)


# ----------------------------------------------------------------- choose (ruling 13)


def test_choose_lays_the_chosen_cards_face_up_and_keeps_the_rest():
    g = Game.deal(FIRST, NAMES[:3], seed=9, dealer=2)
    assert g.turn == 0
    six = g.seats[0].hand
    ev = g.play(Move.choose([c.code for c in six[3:]]))
    assert kinds(ev) == ["chose"]
    assert bag(g.seats[0].face_up) == bag(six[3:]) and bag(g.seats[0].hand) == bag(six[:3])
    assert g.turn == 1


def test_choose_must_name_exactly_face_up_cards_held():
    g = Game.deal(FIRST, NAMES[:2], seed=9)
    six = [c.code for c in g.seats[g.turn].hand]
    refused(g, Move.choose(six[:2]), "exactly 3")
    refused(g, Move.choose(six[:4]), "exactly 3")
    missing = next(code for code in ("2C", "3C", "4C", "5C", "6C", "7C", "8C") if code[0] not in {c[0] for c in six})
    refused(g, Move.choose(six[:2] + [missing]), "in your hand")
    refused(g, Move.swap(six[0], six[1]), "choose")
    refused(g, Move.ready(), "choose")


def test_choose_with_four_and_five_face_up():
    for up in (4, 5):
        r = FIRST.replace(face_up=up)
        g = Game.deal(r, NAMES[:2], seed=2)
        six = [c.code for c in g.seats[g.turn].hand]
        assert len(six) == up + 3
        g.play(Move.choose(six[:up]))
        assert len(g.seats[(g.turn - 1) % 2].face_up) == up


def test_choose_legal_moves_are_all_accepted_and_one_per_rank_combination():
    g = Game.deal(FIRST, NAMES[:2], seed=4)
    moves = g.legal_moves()
    keys = [tuple(sorted(c.rank for c in m.cards)) for m in moves]
    assert len(keys) == len(set(keys)) and all(len(m.cards) == 3 for m in moves)
    for m in moves:
        g.copy().play(m)


def test_choose_then_no_later_swap():
    g = Game.deal(FIRST, NAMES[:2], seed=4)
    while g.phase == "setup":
        g.play(g.legal_moves()[0])
    s = g.seats[g.turn]
    refused(g, Move.swap(s.hand[0].code, s.face_up[0].code))


# ----------------------------------------------------------------- starter (ruling 1)


def with_downs(seats):
    """Give every seat whose face-down row is DOWN its own spare face-down cards."""
    used = [" ".join(x for x in seat if x != DOWN) for seat in seats]
    out = []
    for h, u, d in seats:
        if d == DOWN:
            d = spare(3, *used)
            used.append(d)
        out.append((h, u, d))
    return out


def start(rules, seats, dealer):
    g = setup_position(rules, with_downs(seats), dealer=dealer)
    ev = finish_setup(g)
    assert g.phase == "play"
    assert next(e for e in ev if e.kind == "starts").seat == g.turn
    return g


DOWN = "3D 3H 3S"  # face-down cards never decide


@pytest.mark.parametrize("dealer,starter", [(0, 2), (1, 2), (2, 2)])
def test_a_face_up_three_beats_a_hand_three_anywhere(dealer, starter):
    g = start(
        PALACE,
        [("3C 9C JC", "KC KD KH", DOWN), ("3S 9D JD", "AC AD AH", DOWN), ("4C 9H JH", "3H QD QH", "2C 2D 2H")],
        dealer,
    )
    assert g.turn == starter


@pytest.mark.parametrize("dealer,starter", [(0, 1), (1, 2), (2, 1), (3, 1)])
def test_several_face_up_threes_first_clockwise_from_the_dealers_left(dealer, starter):
    seats = [
        ("9C JC QC", "KC KD KH", DOWN),
        ("9D JD QD", "3C AD AH", DOWN),
        ("9H JH QH", "3D QS KS", DOWN),
        ("9S JS AS", "4C 4D 4H", DOWN),
    ]
    g = start(PALACE, seats, dealer)
    assert g.turn == starter


@pytest.mark.parametrize("dealer,starter", [(0, 2), (2, 0)])
def test_no_face_up_three_then_a_hand_three_in_the_same_order(dealer, starter):
    seats = [("3C JC QC", "KC KD KH", DOWN), ("9D JD QD", "4C AD AH", DOWN), ("3D JH QH", "5C QS KS", DOWN)]
    assert start(PALACE, seats, dealer).turn == starter


def test_a_hand_three_beats_a_face_up_four():
    seats = [("9C JC QC", "4C KD KH", DOWN), ("3D JD QD", "5C AD AH", DOWN)]
    assert start(PALACE, seats, 1).turn == 1


def test_then_fours_face_up_then_fours_in_hand():
    seats = [("4C JC QC", "9C KD KH", DOWN), ("5D JD QD", "4D AD AH", DOWN), ("5S JS QS", "6S AS AC", DOWN)]
    assert start(PALACE, seats, 2).turn == 1
    seats = [("5C JC QC", "9C KD KH", DOWN), ("4D JD QD", "5D AD AH", DOWN), ("5S JS QS", "6S AS AC", DOWN)]
    assert start(PALACE, seats, 2).turn == 1


def test_upward_through_the_ranks():
    # lowest card anywhere is a jack in hand at seat 1, a jack face up at seat 2: face up wins
    seats = [("KC QC AC", "AD KD KH", DOWN), ("JD QD AH", "QH AS KS", DOWN), ("QS 2S 2C", "JC TC TS", DOWN)]
    assert start(PALACE, seats, 0).turn == 2
    seats = [("KC QC AC", "AD KD KH", DOWN), ("JD QD AH", "QH AS KS", DOWN), ("QS 2S 2C", "2D TC TS", DOWN)]
    assert start(PALACE, seats, 0).turn == 1


def test_tens_come_after_aces_and_twos_last():
    # nothing from 3 to ace anywhere: a ten decides, even one in hand against a face-up two
    seats = [("2C 2D 2H", "2S JK JK", "3C 3D 3H"), ("TD 2H 2S", "JK 2C 2D", "4C 4D 4H")]
    r = PALACE.replace(jokers=True, packs=2)
    assert start(r, seats, 1).turn == 1
    seats = [("2C 2D 2H", "2S JK JK", "3C 3D 3H"), ("2H 2S JK", "TS 2C 2D", "4C 4D 4H")]
    assert start(r, seats, 0).turn == 1  # the face-up ten beats face-up twos
    seats = [("2C 2D 2H", "2S JK JK", "3C 3D 3H"), ("2H 2S 2C", "2D JK JK", "4C 4D 4H")]
    assert start(r, seats, 1).turn == 0  # only twos: first clockwise from the dealer's left


def test_an_ace_beats_tens_and_twos():
    seats = [("2C 2D 2H", "TC TD TH", DOWN), ("2S TS 5C", "AS 2C 2D", "4C 4D 4H")]
    assert start(PALACE.replace(packs=2), seats, 0).turn == 1


def test_the_starter_is_chosen_after_the_swaps():
    g = setup_position(PALACE, with_downs([("3C 9C JC", "KC KD KH", DOWN), ("4S 9D JD", "AC AD 3H", DOWN)]), dealer=1)
    g.play(Move.swap("3C", "KC"))  # seat 0 puts its 3 face up
    g.play(Move.ready())
    g.play(Move.ready())
    assert g.turn == 0


def test_the_starter_may_lead_any_card_or_group_from_hand():
    g = start(PALACE, [("4C 4D JC", "KC KD 3H", DOWN), ("5S 9D JD", "AC AD AH", DOWN)], 1)
    assert g.turn == 0
    plays = {(m.cards[0].rank, len(m.cards)) for m in g.legal_moves()}
    assert plays == {(4, 1), (4, 2), (11, 1)}
    g.play(Move.play("4C 4D"))
    assert codes(g.seats[0].face_up) == ["KC", "KD", "3H"]  # the 3 that decided stays


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_starter_dealer_left(dealer):
    seats = [
        ("9C JC QC", "3C KD KH", DOWN),
        ("9D JD QD", "3D AD AH", DOWN),
        ("9H JH QH", "4D QS KS", DOWN),
        ("9S JS AS", "4C 4H 5H", DOWN),
    ]
    g = start(DL, seats, dealer)
    assert g.turn == (dealer + 1) % 4


def reference_starter(game, dealer):
    """Ruling 1 written independently: face-up then hand, by rank 3..A, 10, 2, clockwise from the left."""
    n = len(game.seats)
    order = [(dealer + 1 + k) % n for k in range(n)]
    for rank in (3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 10, 2):
        for zone in ("face_up", "hand"):
            for i in order:
                if any(c.rank == rank for c in getattr(game.seats[i], zone)):
                    return i
    return order[0]


@pytest.mark.parametrize("deal", ["swap", "choose"])
def test_starter_lowest_agrees_with_ruling_1_over_many_deals(deal):
    r = PALACE.replace(deal=deal, hand_size=1, face_up=3)
    for seed in range(150):
        n = 2 + seed % 6
        dealer = seed % n
        g = Game.deal(r, NAMES[:n] + ["Gus"][: max(0, n - 6)], seed=seed, dealer=dealer)
        while g.phase == "setup":
            moves = g.legal_moves()
            g.play(moves[seed % len(moves)] if deal == "choose" else Move.ready())
        assert g.turn == reference_starter(g, dealer), seed
