"""``recap``: the public events since a seat last acted, in one short line."""

from __future__ import annotations

from palace_tui.rules import Game, Move, Rules
from palace_tui.words.events import last_acted, recap, recap_for

NAMES = ["Ann", "Ben", "Cy", "Dee"]


def play_out(game: Game, moves: list[str]) -> list:
    log = []
    for code in moves:
        for e in game.play(Move.from_code(code)):
            log.append((len(log), e))
    return log


def table(**kw) -> Game:
    return Game.from_position(
        Rules.preset("palace").replace(**kw),
        seats=[
            {"name": "Ann", "hand": "9S 4C 4D"},
            {"name": "Ben", "hand": "3C 5C"},
            {"name": "Cy", "hand": "TD 3H 6S"},
            {"name": "Dee", "hand": "JH QS"},
        ],
        pile="6H 8C",
        stock="2D 5S 7C",
    )


def test_issue_example():
    game = table()
    log = play_out(game, ["play 9S", "take", "play TD", "play 3H"])
    text = recap_for(log, NAMES, 0)
    assert text == "Ben took the pile (3 cards); Cy played 10♦, clearing the pile (1 card), then played 3♥."


def test_never_names_a_drawn_card_nor_you():
    game = table()
    log = play_out(game, ["play 9S", "take", "play TD", "play 3H"])
    text = recap(log, NAMES, 0)
    assert text.startswith("Ann played 9♠; ")
    for drawn in ("2♦", "5♠", "7♣", "drew"):
        assert drawn not in text
    assert "you" not in text.lower().split()


def test_since_and_last_acted():
    game = table()
    log = play_out(game, ["play 9S", "take", "play TD", "play 3H"])
    assert last_acted(log, 0) == 2  # after Ann's play and draw
    assert last_acted(log, 3) == 0
    assert recap(log, NAMES, len(log)) == ""
    assert recap_for(log, NAMES, 2) == ""  # Cy acted last: nothing since


def test_four_of_a_kind_and_reversal_and_out():
    game = Game.from_position(
        Rules.preset("palace").replace(eight="reverse"),
        seats=[{"name": "Ann", "hand": "7D 7S"}, {"name": "Ben", "hand": "8C 4H"}, {"name": "Cy", "hand": "KD"}],
        pile="7H 7C",
    )
    log = play_out(game, ["play 7D 7S", "play 8C"])
    assert recap(log, ["Ann", "Ben", "Cy"], 0) == (
        "Ann played 7♦ 7♠, clearing the pile with four sevens (4 cards), then went out (1st); Ben played 8♣, "
        "then reversed play."
    )


def test_face_down_cards_named_only_once_turned():
    game = Game.from_position(
        Rules.preset("palace"),
        seats=[{"name": "Ann", "face_down": "4C KS"}, {"name": "Ben", "face_down": "9D 3S"}],
        pile="8D QH",
    )
    log = play_out(game, ["flip 0", "flip 1"])
    text = recap(log, ["Ann", "Ben"], 0)
    assert text.startswith("Ann turned over 4♣ from face down, could not play it and took it with the pile (3 cards)")
    assert "Ben played 3♠ from face down" in text
    assert "9♦" not in text and "K♠" not in text


def test_stuck_face_up_take_names_the_added_card():
    game = Game.from_position(
        Rules.preset("palace"), seats=[{"name": "Ann", "face_up": "4C 5D"}, {"name": "Ben", "hand": "3S"}], pile="9S QH"
    )
    log = play_out(game, ["take +4C"])
    assert recap(log, ["Ann", "Ben"], 0) == "Ann took the pile (3 cards, adding 4♣)."


def test_long_recaps_are_cut_to_the_latest():
    game = Game.from_position(
        Rules.preset("palace"), seats=[{"name": "Ann", "hand": "3C 4C 5C 6C"}, {"name": "Ben", "hand": "3D 4D 5D 6D"}]
    )
    log = play_out(game, ["play 3C", "play 3D", "play 4C", "play 4D", "play 5C", "play 5D"])
    text = recap(log, ["Ann", "Ben"], 0, limit=3)
    assert text == "3 earlier moves; Ben played 4♦; Ann played 5♣; Ben played 5♦."


def test_the_starter_s_lead_is_not_lost():
    """The 'starts' event used to swallow the starter's own play that follows it."""
    game = Game.deal(Rules.preset("palace"), ["Ann", "Ben", "Cy"], seed=7, dealer=0)
    log = []
    while game.phase == "setup":
        log += game.play(Move.ready())
    starter = game.turn
    lead = game.legal_moves()[0]
    log += game.play(lead)
    text = recap(list(enumerate(log)), game.names, 0)
    # The lead says why, as the log does: "Ben leads (lowest card: a 3 face up), then played 3♥".
    assert f"{game.names[starter]} leads (" in text and f"), then played {' '.join(str(c) for c in lead.cards)}" in text


def test_the_recap_tells_its_reader_about_themself_as_you():
    """Ben is ready first; Ann swaps and is ready; Ben leads. Told to Ben: "you lead", never "Ben leads"."""
    game = Game.deal(Rules.preset("palace"), ["Ann", "Ben"], seed=0)
    assert game.turn == 1
    ann = game.seats[0]
    log = play_out(game, ["ready", f"swap {ann.hand[0].code} {ann.face_up[0].code}", "ready"])
    told = recap_for(log, ["Ann", "Ben"], 1)
    assert told == "Ann put 7♦ face up in place of A♦; you lead (lowest card: a 3 in hand)."
    assert recap(log, ["Ann", "Ben"], 1).endswith("; Ben leads (lowest card: a 3 in hand).")  # no reader: by name
    only_you = [(0, log[-1][1])]
    assert recap_for(only_you, ["Ann", "Ben"], 1) == "You lead (lowest card: a 3 in hand)."
