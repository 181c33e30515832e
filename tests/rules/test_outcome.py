"""Going out, finish, scoring, next dealer and abandon (rulings 8, 9, 11, 17), with the seeds' examples."""

import pytest

from palace_tui.rules import IllegalMove, Move, Rules
from tests.helpers.rules import bag, hand, kinds, pos, refused

PALACE = Rules.preset("palace")
SHITHEAD = Rules.preset("shithead")
FIRST = Rules.preset("first-out")
WTA = PALACE.replace(finish="first-out", scoring="wins", next_dealer="clockwise")

LOW = ["3C", "4C", "5C", "6C", "7C"]


def exit_in_seat_order(rules, n, first=0, dealer=None):
    """Seats go out one by one from ``first`` clockwise; the seat before ``first`` keeps cards."""
    seats = [None] * n
    for k in range(n):
        i = (first + k) % n
        seats[i] = (LOW[k], "", "") if k < n - 1 else ("KC KD", "", "9H")
    g = pos(rules, seats=seats, turn=first, dealer=dealer)
    events = []
    while g.phase != "over":
        s = g.seats[g.turn]
        events += g.play(Move.play(s.hand[0].code))
    return g, events


# ----------------------------------------------------------------- going out


def test_a_player_whose_last_card_lands_legally_is_out():
    g = pos(seats=[("9C", "", ""), ("4C", "", "3H"), ("5C", "", "3S")], pile="5S")
    ev = g.play(Move.play("9C"))
    assert kinds(ev) == ["played", "out"] and ev[1].count == 1
    assert g.seats[0].out and g.phase == "play" and g.turn == 1


def test_out_even_if_the_last_card_cleared_and_the_next_player_leads_on_an_empty_pile():
    g = pos(seats=[("TC", "", ""), ("4C 3C", "", "3H"), ("5C", "", "3S")], pile="AS")
    ev = g.play(Move.play("TC"))
    assert kinds(ev) == ["played", "cleared", "out"]
    assert g.seats[0].out and g.turn == 1 and g.pile == []
    g.play(Move.play("3C"))  # anything on the empty pile


def test_out_on_a_fourth_matching_card():
    g = pos(seats=[("9C", "", ""), ("4C 3C", "", "3H"), ("5C", "", "3S")], pile="9S 9D 9H")
    ev = g.play(Move.play("9C"))
    assert "cleared" in kinds(ev) and "out" in kinds(ev) and g.turn == 1


def test_seed_000_last_exposed_ten_clears_then_reveal_on_the_new_turn():
    g = pos(FIRST, seats=[("", "TC", "5D"), ("4C 3C", "", "3H")], pile="AS")
    ev = g.play(Move.play("TC"))
    assert kinds(ev) == ["played", "cleared"] and g.turn == 0 and g.stage() == "face_down"
    ev = g.play(Move.flip(0))
    assert "out" in kinds(ev) and g.phase == "over" and g.outcome().winner == 0


def test_seed_000_last_exposed_two_the_next_person_plays_first():
    g = pos(FIRST, seats=[("", "2C", "5D"), ("4C 3C", "", "3H")], pile="AS")
    g.play(Move.play("2C"))
    assert g.turn == 1
    refused(g, Move.flip(0))  # not seat 1's face-down stage: the flip is not seat 0's to make
    g.play(Move.play("3C"))
    assert g.turn == 0 and g.stage() == "face_down"


@pytest.mark.parametrize("last,pile", [("2C", "AS"), ("TC", "AS"), ("9C", "9S 9D 9H")])
def test_seed_000_a_legal_final_special_card_wins_at_once(last, pile):
    g = pos(FIRST, seats=[("", "", last), ("4C 3C", "", "3H"), ("5C", "", "3S")], pile=pile)
    ev = g.play(Move.flip(0))
    assert kinds(ev)[-2:] == ["out", "over"]
    out = g.outcome()
    assert out.winner == 0 and out.order == (0,) and out.loser is None and out.points == (1, 0, 0)
    with pytest.raises(IllegalMove):
        g.play(Move.play("3C"))


def test_a_last_face_down_card_that_fails_is_not_out():
    g = pos(FIRST, seats=[("", "", "4C"), ("5C 3C", "", "3H")], pile="QH")
    ev = g.play(Move.flip(0))
    assert kinds(ev) == ["flipped", "failed"]
    assert not g.seats[0].out and g.phase == "play" and g.outcome() is None


# ----------------------------------------------------------------- finish (ruling 8)


def test_first_out_ends_at_once_with_the_first_out_as_the_only_result():
    g = pos(FIRST, seats=[("9C", "", ""), ("4C", "", "3H"), ("5C", "", "3S")], pile="5S")
    ev = g.play(Move.play("9C"))
    assert kinds(ev) == ["played", "out", "over"]
    out = g.outcome()
    assert g.phase == "over" and out.order == (0,) and out.winner == 0 and out.loser is None
    assert not out.abandoned


def test_last_loses_plays_on_until_one_player_holds_cards():
    g, ev = exit_in_seat_order(SHITHEAD, 4)
    assert [e.seat for e in ev if e.kind == "out"] == [0, 1, 2]
    assert kinds(ev)[-1] == "over"
    out = g.outcome()
    assert out.order == (0, 1, 2, 3) and out.winner == 0 and out.loser == 3
    assert hand(g, 3) == ["KC", "KD"]  # the loser still holds cards


def test_last_loses_with_two_players_the_first_exit_decides():
    g = pos(SHITHEAD, seats=[("9C", "", ""), ("4C 5D", "AS", "3H")], pile="5S")
    ev = g.play(Move.play("9C"))
    assert kinds(ev) == ["played", "out", "over"]
    assert g.outcome().order == (0, 1) and g.outcome().loser == 1


def test_outcome_is_none_until_the_game_is_over():
    g = pos(seats=[("9C 4D", "", ""), ("4C", "", "3H"), ("5C", "", "3S")], pile="5S")
    assert g.outcome() is None
    g.play(Move.play("9C"))
    assert g.outcome() is None


def test_leaving_players_are_skipped_after_clears_and_pickups():
    g = pos(SHITHEAD, seats=[("9C", "", ""), ("4C 5H", "", "3H"), ("TC 6C", "", "3S"), ("KD 7D", "", "3D")], pile="5S")
    g.play(Move.play("9C"))  # seat 0 out
    g.play(Move.take())  # seat 1 takes
    assert g.turn == 2
    g.play(Move.play("6C"))
    g.play(Move.play("KD"))
    assert g.turn == 1  # 3 -> 0 is out -> 1
    g.play(Move.take())
    g.play(Move.play("TC"))
    assert g.turn == 2


# ----------------------------------------------------------------- scoring (rulings 9, 17)


@pytest.mark.parametrize("n,points", [(2, (3, 2)), (3, (3, 2, 1)), (4, (3, 2, 1, 0)), (5, (3, 2, 1, 0, 0))])
def test_podium_points_by_place(n, points):
    g, _ = exit_in_seat_order(PALACE, n)
    out = g.outcome()
    assert out.order == tuple(range(n)) and out.loser == n - 1
    assert out.points == points


def test_podium_points_are_listed_by_seat_not_by_place():
    g, _ = exit_in_seat_order(PALACE, 4, first=2)  # out: 2, 3, 0; loser 1
    out = g.outcome()
    assert out.order == (2, 3, 0, 1)
    assert out.points == (1, 0, 3, 2)
    assert [out.place(i) for i in range(4)] == [3, 4, 1, 2]


def test_podium_with_three_the_loser_takes_third_and_one_point():
    g, _ = exit_in_seat_order(PALACE, 3, first=1)
    out = g.outcome()
    assert out.order == (1, 2, 0) and out.loser == 0 and out.points[0] == 1


@pytest.mark.parametrize("n", [2, 3, 4])
def test_losses_one_for_the_loser(n):
    g, _ = exit_in_seat_order(SHITHEAD, n, first=1)
    out = g.outcome()
    loser = 0
    assert out.loser == loser
    assert out.points == tuple(1 if i == loser else 0 for i in range(n))


@pytest.mark.parametrize("rules", [SHITHEAD.replace(scoring="wins"), FIRST, WTA])
def test_wins_one_for_the_winner(rules):
    g, _ = exit_in_seat_order(rules, 4, first=2)
    out = g.outcome()
    assert out.winner == 2 and out.points == (0, 0, 1, 0)
    if rules.finish == "first-out":
        assert out.order == (2,) and out.loser is None
    else:
        assert out.order == (2, 3, 0, 1) and out.loser == 1


# ----------------------------------------------------------------- next dealer


@pytest.mark.parametrize(
    "rules,dealer,expected",
    [
        (SHITHEAD, 0, 1),
        (SHITHEAD, 3, 0),
        (FIRST, 2, 3),
        (PALACE, 0, 3),
        (PALACE, 3, 3),
    ],
)
def test_next_dealer(rules, dealer, expected):
    g, _ = exit_in_seat_order(rules, 4, dealer=dealer)  # seat 3 is the loser (under last-loses)
    assert g.next_dealer() == expected


def test_next_dealer_loser_is_the_palace():
    g, _ = exit_in_seat_order(PALACE, 3, first=2, dealer=2)  # out 2, 0; loser 1
    assert g.outcome().loser == 1 and g.next_dealer() == 1


# ----------------------------------------------------------------- abandon (ruling 11)


def test_abandon_ends_the_game_with_no_result():
    g = pos(seats=[("9C 4D", "", "3C"), ("4C", "", "3H"), ("5C", "", "3S")], pile="5S")
    ev = g.abandon()
    assert kinds(ev) == ["abandoned"]
    out = g.outcome()
    assert g.phase == "over" and out.abandoned
    assert out.winner is None and out.loser is None and out.order == ()
    assert not any(out.points)
    with pytest.raises(IllegalMove) as info:
        g.play(Move.play("9C"))
    assert "abandoned" in str(info.value)
    with pytest.raises(IllegalMove):
        g.abandon()


def test_abandon_during_setup():
    from palace_tui.rules import Game

    g = Game.deal(PALACE, ["A", "B"], seed=4)
    g.abandon()
    assert g.outcome().abandoned and g.phase == "over"


def test_abandon_after_the_end_is_refused():
    g, _ = exit_in_seat_order(PALACE, 2)
    with pytest.raises(IllegalMove):
        g.abandon()
    assert not g.outcome().abandoned


# ----------------------------------------------------------------- seed 002: the four sevens


def test_seed_002_four_sevens_burn_replenish_and_lead_again():
    g = pos(SHITHEAD, seats=[("7D 7S 4H", "", "3C"), ("5C 3H", "", "3S")], pile="7H 7C", stock="JC QC")
    ev = g.play(Move.play("7D 7S"))
    assert kinds(ev) == ["played", "cleared", "drew"]
    assert ev[1].reason == "four" and ev[1].count == 4
    assert bag(g.cleared) == bag(["7H", "7C", "7D", "7S"]) and g.pile == []
    assert hand(g, 0) == ["4H", "JC", "QC"] and g.turn == 0


def test_seed_002_four_sevens_with_an_empty_stock():
    g = pos(SHITHEAD, seats=[("7D 7S 4H", "", "3C"), ("5C 3H", "", "3S")], pile="7H 7C")
    ev = g.play(Move.play("7D 7S"))
    assert kinds(ev) == ["played", "cleared"] and g.turn == 0 and hand(g, 0) == ["4H"]


# ----------------------------------------------------------------- seed 004: the worked game


def worked_game(rules):
    return pos(
        rules,
        seats=[
            {"name": "Alice", "face_down": "2C"},
            {"name": "Ben", "hand": "7H", "face_down": "4S KS"},
            {"name": "Cara", "face_down": "9C"},
            {"name": "Dev", "hand": "TC JH 3D JC JD JS 6D 7D 8D 9D"},
        ],
        pile="QH",
        turn=0,
        dealer=2,
    )


def test_seed_004_worked_game_exits_and_podium():
    g = worked_game(PALACE)
    # Alice turns her last blind card, a two, onto a queen: out first
    ev = g.play(Move.flip(0))
    assert kinds(ev) == ["flipped", "played", "out"] and g.seats[0].place == 1
    g.play(Move.play("7H"))  # Ben
    # Cara turns a nine onto a seven: out second
    ev = g.play(Move.flip(0))
    assert kinds(ev) == ["flipped", "played", "out"] and g.seats[2].place == 2
    g.play(Move.play("TC"))  # Dev clears and goes again
    assert g.turn == 3
    g.play(Move.play("JH"))
    assert g.turn == 1  # Alice is out: skipped
    # Ben turns a four onto a jack and picks up
    ev = g.play(Move.flip(0))
    assert kinds(ev) == ["flipped", "failed"] and hand(g, 1) == ["4S", "JH"]
    assert g.turn == 3  # Cara is out: skipped
    g.play(Move.play("3D"))
    g.play(Move.play("4S"))  # Ben sheds the pile ...
    g.play(Move.play("JC JD JS"))
    ev = g.play(Move.play("JH"))  # ... completing four jacks
    assert kinds(ev) == ["played", "cleared"] and g.turn == 1 and g.stage() == "face_down"
    # Ben turns a king onto an empty pile: out third, and the game is over
    ev = g.play(Move.flip(0))
    assert kinds(ev) == ["flipped", "played", "out", "over"]
    out = g.outcome()
    assert out.order == (0, 2, 1, 3)
    assert out.winner == 0 and out.loser == 3
    assert len(g.seats[3].hand) == 4  # Dev, the Palace, still holds four cards
    assert out.points == (3, 1, 2, 0)  # Alice 3, Ben 1, Cara 2, Dev 0
    assert g.next_dealer() == 3  # the Palace deals


def test_seed_004_worked_game_winner_takes_all():
    g = worked_game(WTA)
    ev = g.play(Move.flip(0))
    assert kinds(ev) == ["flipped", "played", "out", "over"]
    out = g.outcome()
    assert out.order == (0,) and out.points == (1, 0, 0, 0) and out.loser is None
    assert g.next_dealer() == 3  # clockwise from the dealer, Cara
