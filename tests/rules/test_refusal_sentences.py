"""Every refusal sentence names only moves that are legal where it is said (ruling 10).

Random positions under every preset and every single option change; at each,
every kind of refused move is tried (plays of cards not held or not allowed,
mixed ranks, flips too early, takes of an empty pile, adding or not adding a
face-up card, setup moves in play). The part of the sentence that proposes what
to do instead is read, and each kind of move it proposes must be in
``legal_moves()``.
"""

from __future__ import annotations

import random

import pytest

from palace_tui.rules import Game, IllegalMove, Move, Rules
from palace_tui.rules.cards import make_deck

from test_properties import rule_sets, setup_randomly


def proposals(sentence: str) -> str:
    """The part of a refusal that says what to do instead.

    "A 4 can't go on a 7: play a 7 or higher, a 2 or a 10, ..." teaches which ranks the pile
    takes, whether or not the seat holds one; that rank list is read as the rule, not as a
    proposal, and only its "take the pile" part is checked.
    """
    if " can't go on " in sentence and ": play " in sentence:
        return sentence.rsplit(": play ", 1)[-1].split(", or ", 1)[-1] if ", or " in sentence else ""
    if "(you can " in sentence:
        return sentence[sentence.index("(you can "):]
    return sentence.rsplit(": ", 1)[-1] if ": " in sentence else ""


def kinds_proposed(text: str) -> set[str]:
    kinds = set()
    if "take the pile" in text:
        kinds.add("take+add" if "adding one of your face-up cards" in text else "take")
    if "turn " in text and "face-down" in text:
        kinds.add("flip")
    if "play" in text.replace("played", "") or "add one of" in text:
        kinds.add("play" if "add one of" not in text else "take+add")
    return kinds


def legal_kinds(game: Game) -> set[str]:
    out = set()
    for m in game.legal_moves():
        if m.kind == "take":
            out.add("take+add" if m.adding is not None else "take")
        else:
            out.add(m.kind)
    return out


def candidates(game: Game) -> list[Move]:
    """Moves of every kind that may be refused here."""
    seat = game.seats[game.turn]
    moves = [Move.flip(0), Move.flip(99), Move.take(), Move("play", ()), Move.ready()]
    for card in make_deck(1, game.rules.jokers)[::3]:
        moves.append(Move("play", (card,)))
        moves.append(Move.take(adding=card))
    held = seat.hand + seat.face_up
    if len({c.rank for c in held}) > 1:
        by_rank = {}
        for c in held:
            by_rank.setdefault(c.rank, c)
        moves.append(Move("play", tuple(list(by_rank.values())[:2])))
    for c in seat.face_up:
        moves.append(Move.take(adding=c))
    return moves


@pytest.mark.parametrize("rules", rule_sets())
def test_refusals_name_only_legal_moves(rules):
    rng = random.Random(hash(repr(rules)) & 0xFFFF)
    checked = 0
    for deal in range(3):
        game = Game.deal(rules, ["Ann", "Ben", "Cy"][: min(3, rules.max_players)], seed=deal)
        setup_randomly(game, rng)
        for _ in range(400):
            if game.phase != "play":
                break
            if rng.random() < 0.25:
                legal = legal_kinds(game)
                for move in candidates(game):
                    try:
                        game.copy().play(move)
                    except IllegalMove as refusal:
                        said = proposals(str(refusal))
                        wrong = kinds_proposed(said) - legal
                        assert not wrong, (f"{str(refusal)!r} proposes {wrong} but only {legal} are legal "
                                           f"(stage {game.stage()}, pile {game.pile})")
                        checked += 1
            game.play(rng.choice(game.legal_moves()))
    assert checked > 0


def test_the_three_boundary_cases_from_the_report():
    # A hand that cannot go: turning a face-down card is told to take, not to play from the hand.
    g = Game.from_position(Rules.preset("palace"),
                           seats=[{"hand": "4C", "face_down": "3C"}, {"hand": "9C", "face_down": "5D"}], pile="KH")
    with pytest.raises(IllegalMove) as info:
        g.play(Move.flip(0))
    assert "take the pile" in str(info.value) and "play from your hand" not in str(info.value)
    # The same at the face-up stage.
    g = Game.from_position(g.rules, seats=[{"face_up": "4C", "face_down": "3C"}, {"hand": "9C"}], pile="KH")
    with pytest.raises(IllegalMove) as info:
        g.play(Move.flip(0))
    assert "take the pile" in str(info.value) and "face-up row first" not in str(info.value)
    # A take at the face-down stage on an empty pile: only a turn is legal.
    g = Game.from_position(g.rules, seats=[{"face_down": "3C 4D"}, {"hand": "9C"}])
    with pytest.raises(IllegalMove) as info:
        g.play(Move.take())
    assert "turn one of your face-down cards" in str(info.value) and "play any card" not in str(info.value)
