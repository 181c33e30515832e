"""Words for the pile: what may be played on it, the run on top, and why.

>>> from palace_tui.rules.view import Requirement, PileRun
>>> requirement_text(Requirement(9)), requirement_text(Requirement(7, low=True)), requirement_text(Requirement(0))
('9 or higher', '7 or lower', 'anything')
>>> from palace_tui.rules import Card
>>> run = pile_run([Card.parse("7H"), Card.parse("7C")], PileRun(7, 2))
>>> run, run.parts[-1]
('7♥ 7♣: 2 of a kind', ': 2 of a kind')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from palace_tui.rules.cards import (
    ACE,
    JOKER,
    PICTURES,
    RANK_LABELS,
    TEN,
    TWO,
    Card,
    rank_name,
    rank_plural,
)
from palace_tui.rules.options import Rules
from palace_tui.rules.tables import tables_for
from palace_tui.rules.text import join_or, top_run
from palace_tui.rules.view import PileRun, Requirement
from palace_tui.words.sentence import Cards, Sentence

if TYPE_CHECKING:
    from palace_tui.rules.game import Game


def requirement_text(need: Requirement) -> str:
    """What may go on the pile, in a few words: ``9 or higher``, ``7 or lower``, ``anything``."""
    if need.rank in (0, TWO):
        return "anything"
    if need.rank == 7 and need.low:
        return "7 or lower"
    if need.rank == ACE:
        return "an ace"  # nothing ordinary is higher: "A or higher" would promise more
    return f"{RANK_LABELS[need.rank]} or higher"


def pile_run(pile: Sequence[Card], run: PileRun) -> Sentence:
    """The run on top of the pile: ``7♥ 7♣: 2 of a kind``, the top card alone, or ``empty``.

    The last part, ``: 2 of a kind``, is the part a widget may set in bold.
    """
    if not run.count:
        return Sentence(["empty"])
    cards = Cards(pile[-run.count :])
    if run.count == 1 or run.rank == JOKER:
        return Sentence([cards])
    return Sentence([cards, f": {run.count} of a kind"])


def allowed_phrases(rules: Rules, eff: int) -> list[str]:
    """The ranks a requirement takes, as phrases (to teach the rule): ['a 9 or higher', 'a 2', 'a 10']."""
    if eff in (0, TWO):
        return ["anything"]
    t = tables_for(rules)
    low_seven = eff == 7 and rules.sevens_low
    if low_seven:
        parts = ["a 7 or lower"]
    elif eff == ACE:
        parts = ["an ace"]
    else:
        parts = [f"{rank_name(eff, True)} or higher"]
    parts.append("a 2")
    if t.allowed[eff] >> TEN & 1:
        parts.append("a 10")
    if t.powered_eight and (eff > 8 or low_seven):  # else the ordinary phrase covers 8s
        parts.append("an 8")
    if rules.jokers:
        parts.append("a joker")
    return parts


def explain_pile(game: Game) -> str:
    """What may be played now and why, in a few short sentences, for the seat to act.

    It looks through invisible eights and jokers, counts a run toward four of a kind,
    names the house rules that matter to this pile (sevens low, tens not on pictures,
    powered eights, jokers), and says what a stuck player does under the options.

    >>> from palace_tui.rules import Game, Rules
    >>> g = Game.from_position(Rules().replace(seven="low"), seats=[{"hand": "5C"}, {"hand": "9D"}], pile="7H")
    >>> explain_pile(g)
    'A 7 is on top and sevens are low: play a 7 or lower, a 2 or a 10.'
    """
    rules = game.rules
    if game.phase != "play":
        return "The game is over." if game.phase == "over" else "Nothing is played until everyone is ready."
    parts: list[str] = []
    pile = game.pile
    eff = game.requirement()
    stage = game.stage()
    play = "the card you turn must be" if stage == "face_down" else "play"
    if not pile:
        parts.append("The pile is empty: play anything.")
    else:
        top = pile[-1]
        run_rank, run_len = top_run(pile)
        if run_rank != JOKER and 1 < run_len < 4:
            more = {1: "one more clears", 2: "two more clear"}[4 - run_len]
            plural = rank_plural(run_rank)
            held = f"{run_len} of the 4 {plural}" if rules.packs == 1 else f"{run_len} {plural} in a row"
            parts.append(f"{held} are on top: {more} the pile.")
        options = join_or(allowed_phrases(rules, eff))
        if top.rank != eff:  # an invisible eight or a joker on top
            thing = "The 8" if top.rank == 8 else "The joker"
            what = "invisible" if top.rank == 8 else "see-through"
            if run_len > 1 and top.rank == 8:
                thing, what = "The 8s", "invisible"
            verb = "are" if thing == "The 8s" else "is"
            under = "them" if thing == "The 8s" else "it"
            if not eff:
                parts.append(f"{thing} {verb} {what} and there is nothing under {under}: anything goes.")
            elif eff == TWO:
                parts.append(f"{thing} {verb} {what}, and under {under} is a 2: anything goes.")
            elif eff == 7 and rules.sevens_low:
                parts.append(f"{thing} {verb} {what}: answer the 7 under {under}. Sevens are low: {play} {options}.")
            else:
                parts.append(
                    f"{thing} {verb} {what}: beat the {rank_name(eff)} under {under}. "
                    f"{play[0].upper()}{play[1:]} {options}."
                )
        elif eff == TWO:
            parts.append("A 2 is on top: anything goes.")
        elif eff == 7 and rules.sevens_low:
            parts.append(f"A 7 is on top and sevens are low: {play} {options}.")
        else:
            parts.append(f"{rank_name(eff, True).capitalize()} is on top: {play} {options}.")
        if not rules.tens_on_anything and eff in PICTURES:
            parts.append("Tens may not go on a jack, queen, king or ace.")
        powers = []
        if rules.eights_reverse and eff not in (0, TWO):
            powers.append("an 8 goes on anything and reverses play")
        elif rules.eights_invisible and eff not in (0, TWO) and top.rank != 8:
            powers.append("an 8 goes on anything and the next card must beat what is under it")
        if rules.jokers and eff not in (0, TWO) and top.rank != JOKER:
            powers.append("a joker goes on anything, reverses play and is see-through")
        if powers:
            text = "; ".join(powers)
            parts.append(text[0].upper() + text[1:] + ".")
    playable = game.playable_ranks()
    if stage == "face_down":
        parts.append(
            "You are at the face-down stage: turn one card. If it can't go on the pile, you take it with the pile."
            if pile
            else "You are at the face-down stage: turn one card; on an empty pile it always stays."
        )
    elif pile and not playable:
        if stage == "face_up":
            parts.append(
                "None of your face-up cards can go: add one to the pile and take it all."
                if rules.adds_face_up
                else "None of your face-up cards can go: take the pile and keep your face-up row."
            )
        else:
            parts.append("Nothing in your hand can go: take the pile.")
    elif pile and stage == "face_up" and not rules.adds_face_up:
        parts.append("If you take the pile instead, you keep your face-up row.")
    owner = game.pile_owner
    if (
        pile
        and stage != "face_down"
        and rules.builder_leads
        and owner is not None
        and owner != game.turn
        and game.seats[owner].place is None
    ):
        parts.append(f"If you take the pile, {game.seats[owner].name} (who played the card on top) leads next.")
    return " ".join(parts)
