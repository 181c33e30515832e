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

from palace_tui.rules.cards import ACE, JOKER, PICTURES, RANK_LABELS, TEN, TWO, Card, rank_name, rank_plural
from palace_tui.rules.options import Rules
from palace_tui.rules.seat import ranks_of_mask
from palace_tui.rules.tables import tables_for
from palace_tui.rules.text import join_or, number_word, top_run
from palace_tui.rules.view import PileRun, Requirement
from palace_tui.words.powers import PileTop, power_words, ranks_with_power
from palace_tui.words.sentence import Cards, Sentence

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


def requirement_words(rules: Rules, need: Requirement) -> str:
    """:func:`requirement_text`, with the house ranks that go on anything named where the climb
    would not cover them: ``K or higher, or 8`` where eights reverse (the 2 and the 10 go on
    anything in every game and go without saying; a lesson on the 8 must not read ``K or higher``).

    >>> from palace_tui.rules import Rules
    >>> requirement_words(Rules().replace(eight="reverse"), Requirement(13))
    'K or higher, or 8'
    >>> requirement_words(Rules(), Requirement(13)), requirement_words(Rules().replace(eight="reverse"), Requirement(5))
    ('K or higher', '5 or higher')
    """
    said = requirement_text(need)
    if said == "anything":
        return said
    t = tables_for(rules)
    extra = [
        r
        for r in sorted(ranks_of_mask(t.allowed[need.rank] & t.anything))
        if r not in (TWO, TEN, JOKER) and (r > need.rank if need.low else r < need.rank)
    ]
    return f"{said}, or {join_or([RANK_LABELS[r] for r in extra])}" if extra else said


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
    What a power says is its entry's (:data:`~palace_tui.words.powers.POWER_WORDS`).

    >>> from palace_tui.rules import Game, Rules
    >>> g = Game.from_position(Rules().replace(seven="low"), seats=[{"hand": "5C"}, {"hand": "9D"}], pile="7H")
    >>> explain_pile(g)
    'A 7 is on top and sevens are low: play a 7 or lower, a 2 or a 10.'
    """
    if game.phase != "play":
        return "The game is over." if game.phase == "over" else "Nothing is played until everyone is ready."
    parts = _drawn_offer(game)
    if not game.pile:
        parts.append("The pile is empty: play anything.")
    else:
        parts += _on_pile(game)
    parts += _stuck(game)
    parts += _builder(game)
    return " ".join(parts)


def _drawn_offer(game: Game) -> list[str]:
    """The drawn match to play now (play_drawn), if any."""
    offer = game.drawn_offer()
    if offer is None:
        return []
    rank, n = offer
    drew = f"another {rank_name(rank)}" if n == 1 else f"{n} more {rank_plural(rank)}"
    them = "it" if n == 1 else "them"
    return [f"You drew {drew}, the rank you just played: play {them} now, or end your turn."]


def _on_pile(game: Game) -> list[str]:
    """A pile with cards: the run toward a burn, what the top card asks, and the house rules
    that matter to it."""
    rules = game.rules
    pile = game.pile
    eff = game.requirement()
    play = "the card you turn must be" if game.stage() == "face_down" else "play"
    top = pile[-1]
    run_rank, run_len = top_run(pile)
    parts = _toward_burn(game, run_rank, run_len)
    said = PileTop(rules, top.rank, run_len, eff, play, join_or(allowed_phrases(rules, eff)))
    parts.append(power_words(rules, top.rank).on_top(said))
    if rules.tens_not_on_pictures and eff in PICTURES:
        parts.append("Tens may not go on a jack, queen, king or ace.")
    if said.low and rules.low_binds_ten:
        parts.append(f"A 10 must obey the low {rank_name(eff)} too.")
    if said.anything_goes:
        return parts
    allowed = game.allowed_mask()
    ranks = ranks_with_power(rules) + ([JOKER] if rules.jokers else [])
    powers = [
        note
        for rank in ranks
        if (
            note := power_words(rules, rank).pile_note(
                rank, on_top=top.rank == rank, playable=bool(allowed >> rank & 1)
            )
        )
    ]
    if powers:
        text = "; ".join(powers)
        parts.append(text[0].upper() + text[1:] + ".")
    return parts


def _toward_burn(game: Game, run_rank: int, run_len: int) -> list[str]:
    """A run on top short of a burn: how many more clear it, and a burn-in window open on it."""
    burn = game.rules.burn
    if run_rank == JOKER or not 1 < run_len < burn:
        return []
    missing = burn - run_len
    more = f"{number_word(missing)} more clear{'s' if missing == 1 else ''}"
    plural = rank_plural(run_rank)
    held = f"{run_len} of the 4 {plural}" if game.rules.packs == 1 else f"{run_len} {plural} in a row"
    parts = [f"{held} are on top: {more} the pile."]
    window = game.burn_in_open()
    if window is not None:
        parts.append(f"Burn-in: anyone else holding {rank_name(window.rank, True)} may play it now, out of turn.")
    return parts


def _stuck(game: Game) -> list[str]:
    """What the seat does at the face-down stage, when nothing goes, or when it may not take."""
    rules = game.rules
    pile = game.pile
    stage = game.stage()
    if stage == "face_down":
        return [
            "You are at the face-down stage: turn one card. If it can't go on the pile, you take it with the pile."
            if pile
            else "You are at the face-down stage: turn one card; on an empty pile it always stays."
        ]
    if not pile:
        return []
    if not game.playable_ranks():
        if stage == "face_up":
            return [
                "None of your face-up cards can go: add one to the pile and take it all."
                if rules.adds_face_up
                else "None of your face-up cards can go: take the pile and keep your face-up row."
            ]
        if rules.chance and game.stock:
            return [
                "Nothing in your hand can go: take the pile, or first turn the stock's top card "
                "(if it goes it is played; if not you take it with the pile)."
            ]
        return ["Nothing in your hand can go: take the pile."]
    if rules.must_play and game.drawn_offer() is None:
        return ["You must play if you can, so you may not take the pile now."]
    if stage == "face_up" and not rules.adds_face_up:
        return ["If you take the pile instead, you keep your face-up row."]
    return []


def _builder(game: Game) -> list[str]:
    """Who leads after a pickup, when the builder does (after_pickup=builder)."""
    owner = game.pile_owner
    if (
        not game.pile
        or game.stage() == "face_down"
        or not game.rules.builder_leads
        or owner is None
        or owner == game.turn
        or game.seats[owner].place is not None
    ):
        return []
    return [f"If you take the pile, {game.seats[owner].name} (who played the card on top) leads next."]
