"""Per-rule-set lookup tables: which ranks are legal on which requirement, and what each rank does.

The engine keeps one number, the *requirement rank* of the pile (0 when anything
goes), and a bit mask per requirement, so a legal-move check is one AND. The tables
are compiled once per :class:`Rules` (:func:`tables_for`) from the ranks' powers
(:meth:`Rules.power`): the masks of the ranks that go on anything, clear, reverse, skip,
are see-through or low, read in one place, :func:`palace_tui.rules.turn.lay`.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from palace_tui.rules.cards import JOKER, PICTURES, TEN
from palace_tui.rules.options import Rules
from palace_tui.rules.powers import RANK_OPTIONS


def bit(rank: int) -> int:
    return 1 << rank


def _mask(ranks: Iterable[int]) -> int:
    return sum(bit(r) for r in ranks)


class RuleTables:
    """Masks derived from one Rules value (cached: one instance per Rules)."""

    __slots__ = (
        "all_ranks",
        "allowed",
        "anything",
        "builder_leads",
        "burn",
        "clearing",
        "hand_size",
        "low",
        "must_play",
        "plain",
        "resetting",
        "reversing",
        "see_through",
        "simple",
        "skip_each",
        "skipping",
    )

    def __init__(self, rules: Rules) -> None:
        self.hand_size = rules.hand_size
        self.builder_leads = rules.builder_leads  # read at every pickup: a flag, not a property call
        self.burn = rules.burn
        self.must_play = rules.must_play
        self.skip_each = rules.skips_each
        power = {r: rules.power(r) for r in RANK_OPTIONS}
        joker = bit(JOKER) if rules.jokers else 0
        all_ranks = _mask(RANK_OPTIONS) | joker
        self.all_ranks = all_ranks
        #: Ranks that go on anything (the ten under not-on-picture too, but for pictures).
        self.anything = _mask(r for r, p in power.items() if p.on_anything) | joker
        self.clearing = _mask(r for r, p in power.items() if p.clears)
        self.resetting = _mask(r for r, p in power.items() if p.resets)
        self.low = _mask(r for r, p in power.items() if p.low)
        self.skipping = _mask(r for r, p in power.items() if p.skips)
        self.see_through = bit(JOKER) | _mask(r for r, p in power.items() if p.see_through)
        self.reversing = bit(JOKER) | _mask(r for r, p in power.items() if p.reverses)
        # plain[rank]: no power that acts when it lands (a low card acts through ``allowed`` only),
        # as most plays are: one tuple look-up, cheaper on the hot path than shifts of masks.
        unusual = self.see_through | self.reversing | self.clearing | self.skipping | bit(JOKER)
        self.plain = tuple(not unusual >> r & 1 for r in range(JOKER + 1))
        # simple: no option that changes whose turn it is or what a turn may be beyond a play
        # (the random fast path plays such rules in its one loop).
        self.simple = not (rules.play_drawn or rules.chance or rules.must_play)
        ranked = [r for r, p in power.items() if not p.on_anything]
        binds_ten = rules.low_binds_ten
        allowed = [all_ranks] * (JOKER + 1)
        for top, p in power.items():
            if p.resets:
                continue  # anything goes on a reset card
            if p.low:
                mask = self.anything | _mask(r for r in ranked if r <= top)
                if binds_ten and top < TEN:
                    mask &= ~bit(TEN)
            else:
                mask = self.anything | _mask(r for r in ranked if r >= top)
            if rules.tens_not_on_pictures and top in PICTURES:
                mask &= ~bit(TEN)
            allowed[top] = mask
        self.allowed = tuple(allowed)


@lru_cache(maxsize=256)
def tables_for(rules: Rules) -> RuleTables:
    return RuleTables(rules)


__all__ = ["RuleTables", "bit", "tables_for"]
