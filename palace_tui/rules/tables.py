"""Per-rule-set lookup tables: which ranks are legal on which requirement, and what each rank does.

The engine keeps one number, the *requirement rank* of the pile (0 when anything
goes), and a bit mask per requirement, so a legal-move check is one AND. The tables
are compiled once per :class:`Rules` (:func:`tables_for`); the powers of a rank
(see-through, reversing) are masks here, read in one place, :func:`palace_tui.rules.turn.lay`.
"""

from __future__ import annotations

from functools import lru_cache

from palace_tui.rules.cards import JOKER, ORDINARY_RANKS, PICTURES, TEN, TWO
from palace_tui.rules.options import Rules


def bit(rank: int) -> int:
    return 1 << rank


class RuleTables:
    """Masks derived from one Rules value (cached: one instance per Rules)."""

    __slots__ = (
        "all_ranks",
        "allowed",
        "builder_leads",
        "hand_size",
        "plain",
        "powered_eight",
        "reversing",
        "transparent",
    )

    def __init__(self, rules: Rules) -> None:
        self.hand_size = rules.hand_size
        self.builder_leads = rules.builder_leads  # read at every pickup: a flag, not a property call
        all_ranks = sum(bit(r) for r in (TWO, TEN, *ORDINARY_RANKS))
        if rules.jokers:
            all_ranks |= bit(JOKER)
        self.all_ranks = all_ranks
        self.powered_eight = rules.eights_powered
        self.transparent = bit(JOKER) | (bit(8) if rules.eights_invisible else 0)
        self.reversing = bit(JOKER) | (bit(8) if rules.eights_reverse else 0)
        # plain[rank]: neither transparent nor reversing, as most plays are (one tuple look-up,
        # cheaper on the hot path than two shifts of a mask).
        unusual = self.transparent | self.reversing
        self.plain = tuple(not unusual >> r & 1 for r in range(JOKER + 1))
        always = bit(TWO) | (bit(JOKER) if rules.jokers else 0) | (bit(8) if self.powered_eight else 0)
        allowed = [all_ranks] * (JOKER + 1)
        for top in ORDINARY_RANKS:
            if rules.sevens_low and top == 7:
                ordinary = [r for r in ORDINARY_RANKS if r <= 7]
            else:
                ordinary = [r for r in ORDINARY_RANKS if r >= top]
            mask = always | sum(bit(r) for r in ordinary)
            if rules.tens_on_anything or top not in PICTURES:
                mask |= bit(TEN)
            allowed[top] = mask
        self.allowed = tuple(allowed)


@lru_cache(maxsize=256)
def tables_for(rules: Rules) -> RuleTables:
    return RuleTables(rules)


__all__ = ["RuleTables", "bit", "tables_for"]
