"""Every refusal sentence names only moves that are legal where it is said (ruling 10).

Random positions under every preset and every single option change; at each,
every kind of refused move is tried (plays of cards not held or not allowed,
mixed ranks, flips too early, takes of an empty pile, adding or not adding a
face-up card, setup moves in play). The part of the sentence that proposes what
to do instead is read: each kind of move it proposes must be in ``legal_moves()``,
and each rank it proposes to play must be one the seat may play there (a refusal
no longer lists ranks the seat does not hold). A joker is written "joker", never "JK".
"""

from __future__ import annotations

import random
import re
import zlib

import pytest

from palace_tui.rules import Card, Game, IllegalMove, Move, Rules
from palace_tui.rules.cards import make_deck
from tests.rules.test_properties import rule_sets, setup_randomly


def proposals(sentence: str) -> str:
    """The part of a refusal that says what to do instead (after its last colon, or its "you can")."""
    if "(you can " in sentence:
        return sentence[sentence.index("(you can ") :]
    return sentence.rsplit(": ", 1)[-1] if ": " in sentence else ""


#: A rank named with its article in a sentence: "a 9", "an ace", "a joker".
RANK_WORD = re.compile(r"\b(?:a|an) (10|[2-9]|jack|queen|king|ace|joker)\b")
RANK_OF_WORD = {**{str(r): r for r in range(2, 11)}, "jack": 11, "queen": 12, "king": 13, "ace": 14, "joker": 15}


def ranks_proposed(text: str) -> set[int]:
    """The ranks a proposal offers to play ("play a 9 or a 2 from your hand, or take the pile")."""
    plays = [part for part in text.split(", or ") if "play " in part.replace("played", "")]
    return {RANK_OF_WORD[w] for part in plays for w in RANK_WORD.findall(part)}


def kinds_proposed(text: str) -> set[str]:
    kinds = set()
    if "take the pile" in text:
        kinds.add("take+add" if "adding one of your face-up cards" in text else "take")
    if "turn " in text and "face-down" in text:
        kinds.add("flip")
    if "play" in text.replace("played", "") or "add one of" in text:
        kinds.add("play" if "add one of" not in text else "take+add")
    return kinds


def legal_ranks(game: Game) -> set[int]:
    return {m.cards[0].rank for m in game.legal_moves() if m.kind == "play"}


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


@pytest.mark.slow  # a property run over every rule set
@pytest.mark.parametrize("rules", rule_sets())
def test_refusals_name_only_legal_moves(rules):
    rng = random.Random(zlib.crc32(repr(rules).encode()))  # the same in every process (hash() is salted)
    checked = 0
    for deal in range(3):
        game = Game.deal(rules, ["Ann", "Ben", "Cy"][: min(3, rules.max_players)], seed=deal)
        setup_randomly(game, rng)
        for _ in range(400):
            if game.phase != "play":
                break
            if rng.random() < 0.25:
                legal, ranks_legal = legal_kinds(game), legal_ranks(game)  # the game is the same for every try
                # One copy serves every refused try (a refusal changes nothing: test_properties checks
                # it); a try that is taken spoils it, and the next try gets a fresh one.
                trial = game.copy()
                for move in candidates(game):
                    try:
                        trial.play(move)
                        trial = game.copy()
                    except IllegalMove as refusal:
                        said = proposals(str(refusal))
                        wrong = kinds_proposed(said) - legal
                        assert not wrong, (
                            f"{str(refusal)!r} proposes {wrong} but only {legal} are legal "
                            f"(stage {game.stage()}, pile {game.pile})"
                        )
                        ranks = ranks_proposed(said)
                        assert ranks <= ranks_legal, (
                            f"{str(refusal)!r} proposes ranks {ranks - ranks_legal}"
                            f" the seat may not play (pile {game.pile})"
                        )
                        assert "JK" not in str(refusal), str(refusal)
                        checked += 1
            game.play(rng.choice(game.legal_moves()))
    assert checked > 0


def test_the_three_boundary_cases_from_the_report():
    # A hand that cannot go: turning a face-down card is told to take, not to play from the hand.
    g = Game.from_position(
        Rules.preset("palace"), seats=[{"hand": "4C", "face_down": "3C"}, {"hand": "9C", "face_down": "5D"}], pile="KH"
    )
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


def test_a_refusal_proposes_only_ranks_the_seat_holds():
    g = Game.from_position(Rules.preset("palace"), seats=[{"hand": "4C KD 2S 5H"}, {"hand": "9C"}], pile="QH")
    with pytest.raises(IllegalMove) as info:
        g.play(Move.play("4C"))
    said = str(info.value)
    assert said == "A 4 can't go on a queen: play a king or a 2 from your hand, or take the pile."
    assert ranks_proposed(proposals(said)) == {13, 2}
    # Nothing held can go: only the take is proposed, no rank at all.
    g = Game.from_position(g.rules, seats=[{"hand": "4C 5H"}, {"hand": "9C"}], pile="QH")
    with pytest.raises(IllegalMove) as info:
        g.play(Move.play("4C"))
    assert ranks_proposed(proposals(str(info.value))) == set()
    assert str(info.value).endswith("and nothing in your hand can: take the pile.")


def test_a_joker_is_named_in_refusals():
    rules = Rules.preset("palace").replace(jokers=True, stuck_face_up="add-one")
    g = Game.from_position(rules, seats=[{"face_up": "JK 4C", "face_down": "3C"}, {"hand": "9C"}], pile="KH")
    with pytest.raises(IllegalMove) as info:
        g.play(Move.take(adding=Card.parse("7D")))
    assert "a joker" in str(info.value) and "JK" not in str(info.value)
