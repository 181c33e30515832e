"""A move names exact cards (issue 31, B-2): a card the seat does not hold is refused with the
engine's sentence, even when the seat holds another card of that rank, wherever a move names
cards (a play from the hand or face up, a drawn match, the card a take adds, setup swaps and
choices, a game file's move line); the cards a legal move names are the cards that move."""

from __future__ import annotations

import pytest

from palace_tui.cli.review import main as review_main
from palace_tui.rules import Card, Game, IllegalMove, Move, MoveKind, Rules
from palace_tui.rules.gamefile import GameFileError, format_game, parse_game, replay
from palace_tui.table.session import SeatConfig, Session
from tests.helpers.rules import codes, pos, refused

PALACE = Rules.preset("palace")


def test_ann_cannot_play_the_six_ben_holds() -> None:
    """The issue's case: Ann holds 6♥, Ben 6♠; 6♠ is not Ann's to play, 6♥ is."""
    game = Game.from_position(PALACE, seats=[{"name": "Ann", "hand": "6H 9C"}, {"name": "Ben", "hand": "6S"}])
    assert not game.is_legal(Move.play("6S"))
    refused(game, Move.play("6S"), "You have no 6♠ in your hand: you can play a 6 or a 9 from your hand")
    assert game.is_legal(Move.play("6H"))
    assert game.play(Move.play("6H"))[0].cards == (Card.parse("6H"),)
    assert codes(game.pile) == ["6H"]


def test_a_play_of_several_names_each_card() -> None:
    game = pos(seats=[("7D 7S 7C 8C", "", "3C"), ("9H",)], pile="5H")
    refused(game, Move.play("7D 7H"), "You have no 7♥ in your hand")
    refused(game, Move.play("7H 7H"), "You have no 7♥ in your hand")
    game.play(Move.play("7S 7C"))
    assert codes(game.pile) == ["5H", "7S", "7C"] and codes(game.seats[0].hand) == ["7D", "8C"]


def test_with_two_packs_a_card_held_once_is_not_played_twice() -> None:
    game = pos(Rules.preset("palace").with_text_options(["packs=2"]), seats=[("6H 6S 9C", "", "3C"), ("9H",)])
    refused(game, Move.play("6H 6H"), "You have 6♥ in your hand only once, not twice")


def test_a_face_up_play_names_the_face_up_card() -> None:
    game = pos(seats=[("", "6H 9C", "3C"), ("9H",)], pile="5D")
    refused(game, Move.play("6S"), "You have no 6♠ face up: you can play a 6 or a 9 from your face-up cards")
    game.play(Move.play("6H"))
    assert codes(game.seats[0].face_up) == ["9C"] and codes(game.pile) == ["5D", "6H"]


def test_the_face_up_card_a_take_adds_is_the_one_named() -> None:
    game = pos(seats=[("", "4H AS", "3C"), ("9H",)], pile="KD")
    refused(game, Move.take(adding="4S"), "You have no 4♠ face up to add: add 4♥ or A♠")
    refused(game, Move.take(adding="KS"), "no king face up to add")  # no card of the rank: said by rank
    game.play(Move.take(adding="4H"))
    assert codes(game.seats[0].hand) == ["4H", "KD"]


def test_a_drawn_match_names_the_card_drawn() -> None:
    rules = Rules.preset("palace").with_text_options(["play_drawn=true"])
    game = pos(rules, seats=[("7D 9C", "", "3C"), ("9H",)], pile="5D", stock="5H 7S")
    game.play(Move.play("7D"))
    assert game.drawn_offer() == (7, 1)
    refused(game, Move.play("7H"), "You have no 7♥ in your hand")
    game.play(Move.play("7S"))
    assert codes(game.pile) == ["5D", "7D", "7S"]


def _other_suit(card: Card, *held: list[Card]) -> Card:
    """A card of ``card``'s rank in a suit none of the ``held`` rows holds."""
    return next(c for c in (Card(card.rank, s) for s in "SHDC") if all(c not in row for row in held))


def _unheld_suit(card: Card, *held: list[Card]) -> Card | None:
    return next((c for c in (Card(card.rank, s) for s in "SHDC") if all(c not in row for row in held)), None)


def test_a_swap_names_exact_cards() -> None:
    game = Game.deal(PALACE, ["Ann", "Ben"], seed=1)
    seat = game.seats[game.turn]
    hand_card, up_card = seat.hand[0], seat.face_up[0]
    stranger = _other_suit(hand_card, seat.hand, seat.face_up)
    refused(game, Move.swap(stranger, up_card), f"You have no {stranger} in your hand to swap")
    refused(game, Move.swap(hand_card, _other_suit(up_card, seat.face_up, seat.hand)), "face up to swap")
    game.play(Move.swap(hand_card, up_card))
    assert hand_card in seat.face_up and up_card in seat.hand and hand_card not in seat.hand


def test_a_choice_of_face_up_cards_names_exact_cards() -> None:
    game = Game.deal(Rules.preset("palace").with_text_options(["deal=choose"]), ["Ann", "Ben"], seed=2)
    seat = game.seats[game.turn]
    chosen = seat.hand[:3]
    stranger = _other_suit(chosen[0], seat.hand)
    refused(game, Move.choose([stranger, *chosen[1:]]), f"You have no {stranger} in your hand")
    game.play(Move.choose(chosen))
    assert sorted(seat.face_up) == sorted(chosen)


def test_a_burn_in_names_its_seat_not_cards() -> None:
    """Move.burn_in names only the claiming seat (the engine lays that seat's card of the rank):
    a burn-in move built by hand with cards is refused, held or not."""
    rules = Rules.preset("palace").with_text_options(["burn_in=true"])
    game = pos(rules, seats=[("6D 9C", "", "3C"), ("6H 4D", "", "3D")], pile="6C 6S", turn=0)
    game.play(Move.play("6D"))
    assert game.burn_in_open() is not None
    with pytest.raises(IllegalMove, match="burn-in names no cards"):
        game.play(Move(MoveKind.BURN_IN, (Card.parse("6S"),), None, 1))
    game.play(Move.burn_in(1))
    assert codes(game.cleared)[-1] == "6H"


def test_a_game_file_move_naming_a_card_not_held_is_refused_with_its_line(tmp_path, capsys) -> None:
    """ "Cy: play 3S" where Cy held 3♥ used to replay as 3♥ without a word."""
    session = Session.new(
        [SeatConfig(n, human=False, level="easy") for n in ("Ann", "Ben", "Cy")], Rules.preset("palace"), seed=5
    )
    while session.game.phase != "over":
        session.computer_move()
    record = session.game_record()
    text = format_game(record)
    played = replay(record)
    # The first single card played from a hand that holds no other card of its rank in some suit.
    for i, step in enumerate(played.steps):
        before = played.position(i).seats[step.seat]
        card = step.move.cards[0] if step.move.kind == "play" and before.hand_count else None
        stranger = _unheld_suit(card, before.hand) if card is not None and card.rank != 15 else None
        if stranger is not None:
            break
    lines = text.splitlines()
    body = lines.index("") + 1
    at = [n for n in range(body, len(lines)) if lines[n] and not lines[n].startswith("#")][i]
    name = lines[at].partition(":")[0]
    lines[at] = f"{name}: play {stranger.code}"
    with pytest.raises(GameFileError) as caught:
        parse_game("\n".join(lines) + "\n")
    assert caught.value.line == at + 1
    said = str(caught.value)
    assert f"{name} can't play {stranger} here" in said and f"You have no {stranger} in your hand" in said

    path = tmp_path / "edited.palace"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert review_main([str(path)]) == 2
    assert f"You have no {stranger} in your hand" in capsys.readouterr().err
