"""``Game.deal(..., deck=...)``: deal a chosen order, so a setup position needs no edited save."""

from __future__ import annotations

import pytest

from palace_tui.rules import Game, Rules
from palace_tui.rules.cards import make_deck
from palace_tui.rules.saving import from_dict, to_dict

PALACE = Rules.preset("palace")
#: 18 cards for two seats, then a stock of three (its first card is drawn first).
DECK = "4C 3S 5C 6S 7C 8S 9C JS QC KS AC 2S 3D 4D 5D 6D 7D 8D 9D 9H 9S"


def codes(cards) -> list[str]:
    return [c.code for c in cards]


def test_the_deck_is_dealt_in_the_order_listed():
    game = Game.deal(PALACE, ["Ann", "Ben"], dealer=1, deck=DECK)
    ann, ben = game.seats
    assert game.phase == "setup" and game.turn == 0
    assert codes(ann.face_down) == ["4C", "5C", "7C"] and codes(ben.face_down) == ["3S", "6S", "8S"]
    assert codes(ann.face_up) == ["9C", "QC", "AC"] and codes(ben.face_up) == ["JS", "KS", "2S"]
    assert sorted(codes(ann.hand)) == ["3D", "5D", "7D"] and sorted(codes(ben.hand)) == ["4D", "6D", "8D"]
    # The cards left over are the stock, drawn in the order listed.
    assert codes(game.stock[::-1]) == ["9D", "9H", "9S"]


def test_a_short_deck_saves_and_loads():
    game = Game.deal(PALACE, ["Ann", "Ben"], dealer=1, deck=DECK)
    assert Game.from_json(game.to_json()) == game


def test_a_whole_deck_is_checked_card_by_card_like_a_shuffle():
    deck = [c.code for c in make_deck()][::-1]
    game = Game.deal(PALACE, ["Ann", "Ben", "Cy"], deck=" ".join(deck))
    data = to_dict(game)
    assert data["full_deck"] is True
    assert from_dict(data) == game


def test_the_same_seed_and_no_deck_deal_as_before():
    assert Game.deal(PALACE, ["Ann", "Ben"], seed=5) == Game.deal(PALACE, ["Ann", "Ben"], seed=5, deck=None)


@pytest.mark.parametrize(
    "deck, words",
    [
        ("4C 3S 5C", "needs 18 cards, not 3"),
        (DECK.replace("9S", "JK"), "^the deck holds cards these rules do not use: JK$"),
        # A card twice is not a card the rules lack: it is one card too many, and one missing.
        (DECK.replace("9S", "4C"), "^the deck has 4C twice where the packs hold it once$"),
    ],
)
def test_a_deck_that_cannot_be_dealt_is_refused(deck, words):
    with pytest.raises(ValueError, match=words):
        Game.deal(PALACE, ["Ann", "Ben"], deck=deck)


@pytest.mark.parametrize(("packs", "jokers"), [(1, False), (1, True), (2, True), (3, False)])
def test_the_shuffle_is_random_shuffle(packs, jokers):
    import random

    from palace_tui.rules.cards import shuffled_deck

    for seed in range(300):
        deck = make_deck(packs, jokers)
        random.Random(seed).shuffle(deck)
        assert shuffled_deck(packs, jokers, seed) == deck


@pytest.mark.parametrize(
    "options", [{}, {"deal": "choose"}, {"face_up": 4, "face_down": 5, "hand_size": 1}, {"packs": 2, "jokers": True}]
)
def test_the_deal_gives_one_card_a_seat_at_a_time(options):
    rules = PALACE.replace(**options)
    for n in (2, 3, rules.max_players):
        for dealer in range(n):
            deck = make_deck(rules.packs, rules.jokers)[::-1]
            game = Game.deal(rules, [f"S{i}" for i in range(n)], dealer=dealer, deck=deck)
            cards = list(deck)[::-1]  # dealt from the end, the first card listed first
            order = [(dealer + 1 + i) % n for i in range(n)]
            rows: dict[int, dict[str, list[str]]] = {i: {"down": [], "up": [], "hand": []} for i in order}
            private = rules.hand_size
            if rules.deal == "swap":
                plan = [("down", rules.face_down), ("up", rules.face_up), ("hand", private)]
            else:
                plan = [("down", rules.face_down), ("hand", rules.face_up + private)]
            for row, count in plan:
                for _ in range(count):
                    for i in order:
                        rows[i][row].append(cards.pop().code)
            for i in order:
                seat = game.seats[i]
                assert codes(seat.face_down) == rows[i]["down"] and codes(seat.face_up) == rows[i]["up"]
                assert sorted(codes(seat.hand)) == sorted(rows[i]["hand"])
            assert codes(game.stock) == [c.code for c in cards]
