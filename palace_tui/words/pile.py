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
from palace_tui.rules.seat import ranks_of_mask
from palace_tui.rules.tables import tables_for
from palace_tui.rules.text import join_or, top_run
from palace_tui.rules.view import PileRun, Requirement
from palace_tui.words.powers import NUMBER_WORDS, on_top_name, ranks_with_power
from palace_tui.words.sentence import Cards, Sentence
from palace_tui.words.vocab import capitalized

if TYPE_CHECKING:
    from palace_tui.rules.game import Game


def requirement_text(need: Requirement) -> str:
    """What may go on the pile, in a few words: ``9 or higher``, ``7 or lower``, ``anything``."""
    if need.rank in (0, TWO):
        return "anything"
    if need.low:
        return f"{RANK_LABELS[need.rank]} or lower"
    if need.rank == ACE:
        return "an ace"  # nothing ordinary is higher: "A or higher" would promise more
    return f"{RANK_LABELS[need.rank]} or higher"


def pile_run(pile: Sequence[Card], run: PileRun, see_through: bool = False) -> Sentence:
    """The run on top of the pile: ``7♥ 7♣: 2 of a kind``, the top card alone, or ``empty``;
    a see-through top says so instead of its count (``3♦ 3♣: see-through``), since what may
    follow is answered from under it.

    The last part, ``: 2 of a kind``, is the part a widget may set in bold.
    """
    if not run.count:
        return Sentence(["empty"])
    cards = Cards(pile[-run.count :])
    if see_through:
        return Sentence([cards, ": see-through"])
    if run.count == 1 or run.rank == JOKER:
        return Sentence([cards])
    return Sentence([cards, f": {run.count} of a kind"])


def allowed_phrases(rules: Rules, eff: int) -> list[str]:
    """The ranks a requirement takes, as phrases (to teach the rule): ['a 9 or higher', 'a 2', 'a 10']."""
    t = tables_for(rules)
    if not eff or t.allowed[eff] == t.all_ranks:
        return ["anything"]
    low = rules.power(eff).low
    if low:
        parts = [f"{rank_name(eff, True)} or lower"]
    elif eff == ACE:
        parts = ["an ace"]
    else:
        parts = [f"{rank_name(eff, True)} or higher"]
    # The cards that go on anything (still allowed here): the 2 and the 10 always named, the others
    # only where the climb would not cover them.
    for r in sorted(ranks_of_mask(t.allowed[eff] & t.anything), key=lambda r: (r not in (TWO, TEN), r)):
        if r == JOKER:
            continue
        if r in (TWO, TEN) or (r < eff if not low else r > eff):
            parts.append(rank_name(r, True))
    if rules.jokers:
        parts.append("a joker")
    return parts


def explain_pile(game: Game) -> str:
    """What may be played now and why, in a few short sentences, for the seat to act.

    It looks through see-through cards (jokers, and any rank a table makes so), counts a run
    toward a burn, names the house rules that matter to this pile (low ranks, tens not on
    pictures, powered ranks, jokers), and says what a stuck player does under the options.

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
    offer = game.drawn_offer()
    if offer is not None:
        rank, n = offer
        drew = f"another {rank_name(rank)}" if n == 1 else f"{n} more {rank_plural(rank)}"
        them = "it" if n == 1 else "them"
        parts.append(f"You drew {drew}, the rank you just played: play {them} now, or end your turn.")
    anything_goes = not eff or rules.power(eff).resets
    if not pile:
        parts.append("The pile is empty: play anything.")
    else:
        top = pile[-1]
        run_rank, run_len = top_run(pile)
        burn = rules.burn
        if run_rank != JOKER and 1 < run_len < burn:
            missing = burn - run_len
            more = f"{NUMBER_WORDS.get(missing, str(missing))} more clear{'s' if missing == 1 else ''}"
            plural = rank_plural(run_rank)
            held = f"{run_len} of the 4 {plural}" if rules.packs == 1 else f"{run_len} {plural} in a row"
            parts.append(f"{held} are on top: {more} the pile.")
            window = game.burn_in_open()
            if window is not None:
                parts.append(
                    f"Burn-in: anyone else holding {rank_name(window.rank, True)} may play it now, out of turn."
                )
        options = join_or(allowed_phrases(rules, eff))
        low = bool(eff) and rules.power(eff).low
        if top.rank != eff:  # a see-through card (an invisible rank or a joker) on top
            many = run_len > 1 and top.rank != JOKER
            thing = on_top_name(top.rank, many)
            verb = "are" if many else "is"
            under = "them" if many else "it"
            if not eff:
                parts.append(f"{thing} {verb} see-through and there is nothing under {under}: anything goes.")
            elif anything_goes:
                parts.append(f"{thing} {verb} see-through, and under {under} is {rank_name(eff, True)}: anything goes.")
            elif low:
                parts.append(
                    f"{thing} {verb} see-through: answer the {rank_name(eff)} under {under}. "
                    f"{capitalized(rank_plural(eff))} are low: {play} {options}."
                )
            else:
                parts.append(
                    f"{thing} {verb} see-through: beat the {rank_name(eff)} under {under}. "
                    f"{play[0].upper()}{play[1:]} {options}."
                )
        elif anything_goes and eff in ranks_with_power(rules):  # a house rank that resets: say why
            a = capitalized(rank_name(eff, True))
            parts.append(f"{a} is on top, and {rank_plural(eff)} go on anything: anything goes.")
        elif anything_goes:
            parts.append(f"{capitalized(rank_name(eff, True))} is on top: anything goes.")
        elif low:
            a = capitalized(rank_name(eff, True))
            parts.append(f"{a} is on top and {rank_plural(eff)} are low: {play} {options}.")
        else:
            parts.append(f"{rank_name(eff, True).capitalize()} is on top: {play} {options}.")
        if rules.tens_not_on_pictures and eff in PICTURES:
            parts.append("Tens may not go on a jack, queen, king or ace.")
        if low and rules.low_binds_ten:
            parts.append(f"A 10 must obey the low {rank_name(eff)} too.")
        powers = []
        if not anything_goes:
            for rank in ranks_with_power(rules):
                power = rules.power(rank)
                if power.reverses:
                    powers.append(f"{rank_name(rank, True)} goes on anything and reverses play")
                elif power.see_through and top.rank != rank:
                    beat = "the next card must beat what is under it"
                    powers.append(f"{rank_name(rank, True)} goes on anything and {beat}")
                elif power.skips and game.allowed_mask() >> rank & 1:
                    powers.append(f"{rank_name(rank, True)} makes the next player miss a turn")
        if rules.jokers and not anything_goes and top.rank != JOKER:
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
        elif rules.chance and game.stock:
            parts.append(
                "Nothing in your hand can go: take the pile, or first turn the stock's top card "
                "(if it goes it is played; if not you take it with the pile)."
            )
        else:
            parts.append("Nothing in your hand can go: take the pile.")
    elif pile and rules.must_play and offer is None:
        parts.append("You must play if you can, so you may not take the pile now.")
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
