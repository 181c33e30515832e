"""The engine's own words: the refusals an :class:`IllegalMove` carries.

A refusal is part of the engine's public API (``str(IllegalMove)`` must make sense
without any UI), so its sentences are made here, below everything, from the rank
and card names of :mod:`.cards`. Every other sentence a player reads (events, the
pile, the rules card, results) is made in :mod:`palace_tui.words`, which imports
the engine; the engine never imports it.

A refusal names only moves that are legal where it is said (ruling 10): the ranks
it proposes are ranks the seat holds and may play.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from palace_tui.rules.cards import JOKER, PICTURES, TEN, rank_name, rank_plural

if TYPE_CHECKING:
    from palace_tui.rules.cards import Card
    from palace_tui.rules.game import Game


#: The one table of number words (the engine's refusals and burn reasons use it; words/ names it again).
NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def number_word(n: int) -> str:
    """``one`` .. ``eight``, and the digits past the counts a table can reach: ``9``."""
    return NUMBER_WORDS.get(n, str(n))


def join_or(parts: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " or " + parts[-1]


def _top_words(game: Game) -> str:
    """The card being answered, in words, looking through see-through cards."""
    eff = game.requirement()
    top = game.pile[-1]
    if top.rank == eff:
        return rank_name(eff, True)
    under = "joker" if top.rank == JOKER else f"see-through {rank_name(top.rank)}"
    return f"the {rank_name(eff)} under the {under}"


def illegal_play_sentence(game: Game, rank: int) -> str:
    """A beginner's sentence for a refused play, saying what the seat may do instead.

    >>> from palace_tui.rules import Game, Rules
    >>> g = Game.from_position(Rules.preset("palace"), seats=[{"hand": "4C 2D AS 5H"}, {"hand": "9D"}], pile="KH")
    >>> illegal_play_sentence(g, 4)
    "A 4 can't go on a king: play an ace or a 2 from your hand, or take the pile."
    >>> g = Game.from_position(Rules.preset("palace"), seats=[{"hand": "4C 5H"}, {"hand": "9D"}], pile="KH")
    >>> illegal_play_sentence(g, 4)
    "A 4 can't go on a king, and nothing in your hand can: take the pile."
    """
    eff = game.requirement()
    why = ""
    rules = game.rules
    if rank == TEN and eff in PICTURES and rules.tens_not_on_pictures:
        why = " (tens may not go on a jack, queen, king or ace)"
    elif eff and rules.power(eff).low:
        why = f" while {rank_plural(eff)} are low"
        if rank == TEN and rules.low_binds_ten:  # a 10 goes on anything else: say why not here
            why += " (a 10 must obey them too)"
    what = rank_name(rank, True)
    can = legal_summary(game)
    if not can.startswith("play "):
        why += ", and nothing in your hand can" if game.stage() == "hand" else ", and none of your face-up cards can"
    return f"{what[0].upper()}{what[1:]} can't go on {_top_words(game)}{why}: {can}."


def not_holding_sentence(game: Game, rank: int, want: int, have: int, where: str) -> str:
    """A play of more cards of ``rank`` than the seat has ``where`` ("in your hand", "face up")."""
    if have == 0:
        return f"You have no {rank_name(rank)} {where}: you can {legal_summary(game)}."
    return (
        f"You have only {have} {rank_name(rank) if have == 1 else rank_plural(rank)} {where}, not {want}: "
        f"you can {legal_summary(game)}."
    )


def not_held_sentence(game: Game, missing: Sequence[Card], held: Sequence[Card], where: str) -> str:
    """A move naming cards (``missing``) that are not among the seat's ``held`` cards ``where``
    ("in your hand", "face up"): a move names exact cards, and another suit is another card.

    >>> from palace_tui.rules import Card, Game, Rules
    >>> g = Game.from_position(Rules.preset("palace"), seats=[{"hand": "6H 9C"}, {"hand": "6S"}], pile="5D")
    >>> not_held_sentence(g, [Card.parse("6S")], g.seats[0].hand, "in your hand")
    'You have no 6♠ in your hand: you can play a 6 or a 9 from your hand, or take the pile.'
    """
    first = missing[0]
    have = sum(1 for c in held if c == first)
    if have:  # several packs: the card is there, but not as often as the move names it
        named = have + sum(1 for c in missing if c == first)
        lead = f"You have {first} {where} only {_times(have)}, not {_times(named)}"
    else:
        absent: list[str] = []
        for c in missing:
            if c not in held and str(c) not in absent:
                absent.append(str(c))
        lead = f"You have no {join_or(absent)} {where}"
    return f"{lead}: you can {legal_summary(game)}."


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def legal_summary(game: Game) -> str:
    """What the seat to act may do now, as a clause for sentences:
    ``play a 4 or a jack from your hand, or take the pile`` (only ranks it holds and may play)."""
    if game.phase == "setup":
        if game.rules.swap_deal:
            return "swap a hand card with a face-up card, or say you are ready"
        return f"choose {game.rules.face_up} of your cards to lay face up"
    if game.phase != "play":
        return "make no more moves: the game is over"
    ranks: list[int] = []
    take = flip = turn = done = ""
    for m in game.legal_moves():
        if m.kind == "play":
            if m.cards[0].rank not in ranks:
                ranks.append(m.cards[0].rank)
        elif m.kind == "take":
            take = "take the pile, adding one of your face-up cards" if m.adding else "take the pile"
        elif m.kind == "flip":
            flip = "turn one of your face-down cards"
        elif m.kind == "chance":
            turn = "turn the stock's top card (the chance card)"
        elif m.kind == "done":
            done = "end your turn"
    parts = []
    if ranks:
        where = " from your hand" if game.stage() == "hand" else " from your face-up cards"
        parts.append("play " + join_or([rank_name(r, True) for r in ranks]) + where)
    parts += [p for p in (take, turn, flip, done) if p]
    return ", or ".join(parts)


def drawn_sentence(rank: int, count: int) -> str:
    """The refusal of any other move while a drawn match waits (play_drawn).

    >>> drawn_sentence(7, 2)
    'You drew 2 more sevens: play one or both of them now, or end your turn.'
    """
    if count == 1:
        return f"You drew another {rank_name(rank)}: play it now, or end your turn."
    some = "one or both" if count == 2 else "some or all"
    return f"You drew {count} more {rank_plural(rank)}: play {some} of them now, or end your turn."


def top_run(pile: Sequence[Card]) -> tuple[int, int]:
    """Rank and length of the same-rank run on top of the pile (jokers never count)."""
    if not pile:
        return 0, 0
    rank = pile[-1].rank
    n = 0
    for c in reversed(pile):
        if c.rank != rank:
            break
        n += 1
    return rank, n
