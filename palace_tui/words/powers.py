"""The ranks' powers and the house rules in a player's words, for the rules card, how to play
and the pile explainer: one sentence per power, made from the rules in force.

>>> from palace_tui.rules import Rules
>>> r = Rules.preset("palace").replace(three="invisible", eight="skip", skips="each")
>>> power_clause(r, 8)
'an 8 makes the next player miss a turn (each 8 in a play, one more)'
>>> [label(x) for x in ranks_with_power(r)]
['3', '8']
"""

from __future__ import annotations

from palace_tui.rules.cards import JOKER, RANK_LABELS, TEN, TWO, rank_name, rank_plural
from palace_tui.rules.options import Rules
from palace_tui.rules.powers import RANK_OPTIONS, Power
from palace_tui.rules.text import join_or
from palace_tui.words.vocab import capitalized

#: Number words for small counts (burns, skips).
NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def label(rank: int) -> str:
    """The rank as printed on the card: ``7``, ``10``, ``J``."""
    return RANK_LABELS[rank]


def ranks_with_power(rules: Rules) -> list[int]:
    """The ranks whose power differs from what RULES.md gives them (2 resets, 10 clears, the rest
    are ordinary), lowest first."""
    usual = {TWO: Power.RESET, TEN: Power.CLEAR}
    return [r for r in RANK_OPTIONS if rules.power(r) is not usual.get(r, Power.NORMAL)]


def on_anything_labels(rules: Rules, *, for_low: bool = False) -> str:
    """The cards that go on anything, as ``2 or 10`` (after a low card: the ones that still go)."""
    ranks = sorted((r for r in RANK_OPTIONS if rules.power(r).on_anything), key=lambda r: (r != TWO, r))
    if for_low and rules.low_binds_ten:
        ranks = [r for r in ranks if r != TEN]
    names = [label(r) for r in ranks] + (["joker"] if rules.jokers else [])
    return join_or(names)


def burn_words(rules: Rules) -> str:
    """``four of a kind`` (or three, five...)."""
    return f"{NUMBER_WORDS.get(rules.burn, str(rules.burn))} of a kind"


def power_clause(rules: Rules, rank: int) -> str:
    """What ``rank`` does, as a clause: ``an 8 makes the next player miss a turn``."""
    a = rank_name(rank, True)
    power = rules.power(rank)
    if power.resets:
        return f"{a} goes on anything; anything may follow it"
    if power.clears:
        never = " (never on J, Q, K or A)" if rank == TEN and rules.tens_not_on_pictures else ""
        return f"{a} goes on anything{never} and clears the pile: you play again"
    if power.see_through:
        return f"{a} goes on anything and is see-through: the next card must beat the card under it"
    if power.reverses:
        return f"{a} goes on anything and reverses play"
    if power.low:
        ten = "; a 10 must obey it too" if rules.low_binds_ten else ""
        return f"after {a} the next play must be {label(rank)} or lower{ten}"
    if power.skips:
        each = f" (each {label(rank)} in a play, one more)" if rules.skips_each else ""
        return f"{a} makes the next player miss a turn{each}"
    if rank == TWO:
        return "a 2 is an ordinary card, the lowest of all"
    if rank == TEN:
        return "a 10 is an ordinary card, between the 9 and the jack"
    return f"{a} is an ordinary card"


def power_card_line(rules: Rules, rank: int) -> str:
    """A rank's line on the rules card (Markdown): ``- **8 skips:** ...``."""
    power = rules.power(rank)
    lab = label(rank)
    if power.low:
        still = on_anything_labels(rules, for_low=True)
        ten = " A 10 must obey it too." if rules.low_binds_ten else ""
        return f"- **{lab} is low:** after a {lab} the next play must be {lab} or lower (or a {still}).{ten}"
    if power.reverses:
        return f"- **{lab} reverses:** it goes on anything and play changes direction."
    if power.see_through:
        return f"- **{lab} is see-through:** it goes on anything, and the next card must beat the card under it."
    if power.skips:
        many = rank_plural(rank)
        count = (
            f"Each {lab} in one play skips one more player, counted round the table."
            if rules.skips_each
            else f"Several {many} played together still skip one player."
        )
        return (
            f"- **{lab} skips:** it is played by rank like any card, and the next player misses a turn. "
            f"{count} With two players you play again. {capitalized(rank_name(rank, True))} that clears the "
            "pile skips nobody."
        )
    if power.resets:
        return f"- **{lab}** goes on anything; anything may follow it."
    if power.clears:
        picky = rank == TEN and rules.tens_not_on_pictures
        where = "anything except a jack, queen, king or ace" if picky else "anything"
        return f"- **{lab}** goes on {where} and clears the pile for good: you play again."
    return f"- **{lab}** is an ordinary card" + (", the lowest of all." if rank == TWO else ", between 9 and J.")


def table_rule_lines(rules: Rules) -> list[str]:
    """The table options of the house rules in force, one Markdown line each (none when none is on)."""
    lines = []
    if rules.must_play:
        lines.append("- **Must play:** you may take the pile only when nothing you may play goes on it.")
    if rules.chance:
        lines.append(
            "- **Chance card:** instead of taking the pile, turn the top card of the stock for all to see. "
            "If it may go on the pile it is played for you; if not, it goes on the pile and you take it all."
        )
    if rules.play_drawn:
        lines.append(
            "- **Play what you draw:** if the cards you draw after playing include the rank you just played, "
            "you may play them at once, or end your turn."
        )
    if rules.burn_in:
        lines.append(
            f"- **Burn-in:** when a play leaves one card short of {burn_words(rules)} on the pile, whoever else "
            "holds the missing card may play it out of turn; the pile clears and they lead."
        )
    return lines


def house_clauses(rules: Rules) -> list[str]:
    """The house rules in force as short clauses, for how to play (powers, then table options)."""
    clauses = []
    for rank in ranks_with_power(rules):
        power = rules.power(rank)
        lab = label(rank)
        if power.low:
            clauses.append(f"after a {lab}, play {lab} or lower" + (" (a 10 too)" if rules.low_binds_ten else ""))
        elif power.skips:
            clauses.append(f"{lab} makes the next player miss a turn")
        elif power.see_through:
            clauses.append(f"{lab} goes on anything and is see-through")
        elif power.reverses:
            clauses.append(f"{lab} goes on anything and reverses play")
        elif power.resets and rank != TWO:
            clauses.append(f"{lab} goes on anything")
        elif power.clears and rank != TEN:
            clauses.append(f"{lab} clears the pile")
    if rules.jokers:
        clauses.append("a joker goes on anything, reverses play, is see-through")
    if rules.must_play:
        clauses.append("take the pile only if nothing goes")
    if rules.chance:
        clauses.append("before taking, you may turn the stock's top card")
    if rules.play_drawn:
        clauses.append("draw the rank you played and you may play it at once")
    if rules.burn_in:
        clauses.append("anyone may complete a burn out of turn")
    return clauses


def on_top_name(rank: int, many: bool = False) -> str:
    """``The 8``, ``The 8s``, ``The joker``: a see-through card on top, for the explainer."""
    if rank == JOKER:
        return "The joker"
    return f"The {label(rank)}s" if many else f"The {label(rank)}"


__all__ = [
    "NUMBER_WORDS",
    "burn_words",
    "house_clauses",
    "label",
    "on_anything_labels",
    "on_top_name",
    "power_card_line",
    "power_clause",
    "ranks_with_power",
    "table_rule_lines",
]
