"""The ranks' powers and the house rules in a player's words: one entry per power.

Every place that words a power reads its entry in :data:`POWER_WORDS` (keyed by the
engine's :class:`~palace_tui.rules.powers.Power`): its name in an option list, its sentence
there, its clause (how to play), its rules-card line, its short house clause, its note and its
top-of-pile sentence in the pile explainer, its parenthesis in the log, and the coach's reason
for playing it. A new power is one engine entry (:mod:`palace_tui.rules.powers`) and one entry
here; no sentence elsewhere asks which power a rank has.

>>> from palace_tui.rules import Rules
>>> r = Rules.preset("palace").replace(three="see-through", eight="skip", skips="each")
>>> power_clause(r, 8)
'an 8 makes the next player miss a turn (each 8 in a play, one more)'
>>> [label(x) for x in ranks_with_power(r)]
['3', '8']
>>> POWER_WORDS[r.power(3)].name, POWER_WORDS[r.power(8)].house_clause(r, 8)
('see-through', '8 makes the next player miss a turn')
"""

from __future__ import annotations

from dataclasses import dataclass

from palace_tui.rules.cards import JOKER, RANK_LABELS, TEN, TWO, rank_name, rank_plural
from palace_tui.rules.options import Rules
from palace_tui.rules.powers import RANK_OPTIONS, Power
from palace_tui.rules.text import join_or, number_word
from palace_tui.words.vocab import capitalized


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
    return f"{number_word(rules.burn)} of a kind"


def cards_word(n: int) -> str:
    """``one card``, ``three cards``."""
    return f"{number_word(n)} card" + ("" if n == 1 else "s")


@dataclass(frozen=True)
class PileTop:
    """What the pile explainer knows of the top of the pile, for the top card's power to say."""

    rules: Rules
    top: int  # the top card's rank
    run: int  # how many of that rank lie on top
    need: int  # the rank a play must answer (0: anything)
    play: str  # "play", or "the card you turn must be" at the face-down stage
    options: str  # what may go, as "a 9 or higher, a 2 or a 10"

    @property
    def anything_goes(self) -> bool:
        return not self.need or self.rules.power(self.need).resets

    @property
    def low(self) -> bool:
        return bool(self.need) and self.rules.power(self.need).low


@dataclass(frozen=True)
class PlayReason:
    """What the coach knows of a play when it says why, for the played rank's power to say."""

    what: str  # the cards laid, named: "your 9♦", "both your 7s (7♠ and 7♥)"
    rank: int
    chance: str  # the chances clause ("; it usually wins") or ""
    pile: int  # cards on the pile
    top: int  # the rank to answer (0: anything)
    others: bool  # another card held could be played instead
    playable: bool  # the rank may go on the pile now
    active: int  # seats still holding cards
    next_name: str  # the seat after this one


class PowerWords:
    """One power in a player's words. The base says the ordinary card; each power overrides
    what it says differently, and ``None`` means "nothing of its own to say here"."""

    #: The power in a few words (an option list's choice, under 16 letters).
    name = "ordinary"

    def option_sentence(self, rank: int) -> str:
        """The power given to ``rank``, in one sentence (the new-table screen)."""
        return f"{capitalized(rank_name(rank, True))} is an ordinary card."

    def clause(self, rules: Rules, rank: int) -> str:
        """What ``rank`` does, as a clause: ``an 8 makes the next player miss a turn``."""
        if rank == TWO:
            return "a 2 is an ordinary card, the lowest of all"
        if rank == TEN:
            return "a 10 is an ordinary card, between the 9 and the jack"
        return f"{rank_name(rank, True)} is an ordinary card"

    def card_line(self, rules: Rules, rank: int) -> str:
        """The rank's line on the rules card (Markdown): ``- **8 skips:** ...``."""
        return f"- **{label(rank)}** is an ordinary card" + (
            ", the lowest of all." if rank == TWO else ", between 9 and J."
        )

    def house_clause(self, rules: Rules, rank: int) -> str | None:
        """The house power in a few words, for how to play."""
        return None

    def pile_note(self, rank: int, *, on_top: bool, playable: bool) -> str | None:
        """A note on a house power that matters to the pile (``on_top``: the top card is of
        ``rank``; ``playable``: ``rank`` may go on it)."""
        return None

    def on_top(self, pile: PileTop) -> str:
        """The pile explainer's sentence on the top card, of this power: what may follow."""
        a = capitalized(rank_name(pile.need, True))
        if pile.anything_goes:
            return f"{a} is on top: anything goes."
        return f"{rank_name(pile.need, True).capitalize()} is on top: {pile.play} {pile.options}."

    def told_with_play(self, rules: Rules, rank: int) -> str | None:
        """A house power that changes what may follow without an event of its own, told with its
        play in the log: `` (fives are low: play 5 or lower)``."""
        return None

    def coach_reason(self, play: PlayReason) -> str | None:
        """The coach's reason for playing this power (``None``: the ordinary reasons)."""
        return None


class _Reset(PowerWords):
    name = "resets pile"

    def option_sentence(self, rank: int) -> str:
        return f"{capitalized(rank_name(rank, True))} goes on anything; after it anything goes."

    def clause(self, rules: Rules, rank: int) -> str:
        return f"{rank_name(rank, True)} goes on anything; anything may follow it"

    def card_line(self, rules: Rules, rank: int) -> str:
        return f"- **{label(rank)}** goes on anything; anything may follow it."

    def house_clause(self, rules: Rules, rank: int) -> str | None:
        return f"{label(rank)} goes on anything"

    def on_top(self, pile: PileTop) -> str:
        if pile.need == TWO:  # the 2 resets as RULES.md gives it: nothing to explain
            return super().on_top(pile)
        a = capitalized(rank_name(pile.need, True))  # a house rank that resets: say why
        return f"{a} is on top, and {rank_plural(pile.need)} go on anything: anything goes."

    def told_with_play(self, rules: Rules, rank: int) -> str | None:
        return f" ({rank_name(rank, True)} goes on anything: anything may follow it)"

    def coach_reason(self, play: PlayReason) -> str | None:
        after = f"after {rank_name(play.rank, True)} the pile starts again"
        if not play.others:
            held = "can go on the " + rank_name(play.top) if play.top else "is cheaper"
            return f"Play {play.what}: nothing else you hold {held}, and {after}{play.chance}."
        return f"Play {play.what}: {after}, so your other cards can wait{play.chance}."


class _Clear(PowerWords):
    name = "clears pile"

    def option_sentence(self, rank: int) -> str:
        return f"{capitalized(rank_name(rank, True))} goes on anything and clears the pile."

    def clause(self, rules: Rules, rank: int) -> str:
        never = " (never on J, Q, K or A)" if rank == TEN and rules.tens_not_on_pictures else ""
        return f"{rank_name(rank, True)} goes on anything{never} and clears the pile: you play again"

    def card_line(self, rules: Rules, rank: int) -> str:
        picky = rank == TEN and rules.tens_not_on_pictures
        where = "anything except a jack, queen, king or ace" if picky else "anything"
        return f"- **{label(rank)}** goes on {where} and clears the pile for good: you play again."

    def house_clause(self, rules: Rules, rank: int) -> str | None:
        return f"{label(rank)} clears the pile"

    def coach_reason(self, play: PlayReason) -> str | None:
        if play.pile:
            return f"Play {play.what}: it clears the pile of {cards_word(play.pile)} and you play again{play.chance}."
        return f"Play {play.what}: it clears the empty pile and you play again, one card lighter{play.chance}."


class _SeeThrough(PowerWords):
    name = "see-through"

    def option_sentence(self, rank: int) -> str:
        return f"{capitalized(rank_name(rank, True))} goes on anything; the next card must beat the card under it."

    def clause(self, rules: Rules, rank: int) -> str:
        a = rank_name(rank, True)
        return f"{a} goes on anything and is see-through: the next card must beat the card under it"

    def card_line(self, rules: Rules, rank: int) -> str:
        lab = label(rank)
        return f"- **{lab} is see-through:** it goes on anything, and the next card must beat the card under it."

    def house_clause(self, rules: Rules, rank: int) -> str | None:
        return f"{label(rank)} goes on anything and is see-through"

    def pile_note(self, rank: int, *, on_top: bool, playable: bool) -> str | None:
        if on_top:  # the top sentence already looks through it
            return None
        return f"{rank_name(rank, True)} goes on anything and the next card must beat what is under it"

    def on_top(self, pile: PileTop) -> str:
        many = pile.run > 1 and pile.top != JOKER
        thing = _on_top_name(pile.top, many)
        verb = "are" if many else "is"
        under = "them" if many else "it"
        need = pile.need
        if not need:
            return f"{thing} {verb} see-through and there is nothing under {under}: anything goes."
        if pile.anything_goes:
            return f"{thing} {verb} see-through, and under {under} is {rank_name(need, True)}: anything goes."
        if pile.low:
            return (
                f"{thing} {verb} see-through: answer the {rank_name(need)} under {under}. "
                f"{capitalized(rank_plural(need))} are low: {pile.play} {pile.options}."
            )
        return (
            f"{thing} {verb} see-through: beat the {rank_name(need)} under {under}. "
            f"{capitalized(pile.play)} {pile.options}."
        )

    def coach_reason(self, play: PlayReason) -> str | None:
        beat = "the next player must still beat the card below it"
        return f"Play {play.what}: it goes on anything, and {beat}{play.chance}."


class _Low(PowerWords):
    name = "low"

    def option_sentence(self, rank: int) -> str:
        lower = rank_name(rank) if rank <= TEN else rank_name(rank, True)
        return f"After {rank_name(rank, True)} the next ordinary play must be {lower} or lower."

    def clause(self, rules: Rules, rank: int) -> str:
        ten = "; a 10 must obey it too" if rules.low_binds_ten else ""
        return f"after {rank_name(rank, True)} the next play must be {label(rank)} or lower{ten}"

    def card_line(self, rules: Rules, rank: int) -> str:
        lab = label(rank)
        still = on_anything_labels(rules, for_low=True)
        ten = " A 10 must obey it too." if rules.low_binds_ten else ""
        return f"- **{lab} is low:** after a {lab} the next play must be {lab} or lower (or a {still}).{ten}"

    def house_clause(self, rules: Rules, rank: int) -> str | None:
        lab = label(rank)
        return f"after a {lab}, play {lab} or lower" + (" (a 10 too)" if rules.low_binds_ten else "")

    def on_top(self, pile: PileTop) -> str:
        a = capitalized(rank_name(pile.need, True))
        return f"{a} is on top and {rank_plural(pile.need)} are low: {pile.play} {pile.options}."

    def told_with_play(self, rules: Rules, rank: int) -> str | None:
        return f" ({rank_plural(rank)} are low: play {label(rank)} or lower)"


class _Skip(PowerWords):
    name = "skips a player"

    def option_sentence(self, rank: int) -> str:
        return f"{capitalized(rank_name(rank, True))} makes the next player miss a turn."

    def clause(self, rules: Rules, rank: int) -> str:
        each = f" (each {label(rank)} in a play, one more)" if rules.skips_each else ""
        return f"{rank_name(rank, True)} makes the next player miss a turn{each}"

    def card_line(self, rules: Rules, rank: int) -> str:
        lab = label(rank)
        count = (
            f"Each {lab} in one play skips one more player, counted round the table."
            if rules.skips_each
            else f"Several {rank_plural(rank)} played together still skip one player."
        )
        return (
            f"- **{lab} skips:** it is played by rank like any card, and the next player misses a turn. "
            f"{count} With two players you play again. {capitalized(rank_name(rank, True))} that clears the "
            "pile skips nobody."
        )

    def house_clause(self, rules: Rules, rank: int) -> str | None:
        return f"{label(rank)} makes the next player miss a turn"

    def pile_note(self, rank: int, *, on_top: bool, playable: bool) -> str | None:
        return f"{rank_name(rank, True)} makes the next player miss a turn" if playable else None

    def coach_reason(self, play: PlayReason) -> str | None:
        if not play.playable or play.active <= 1:
            return None
        missed = "you play again" if play.active == 2 else f"{play.next_name} misses a turn"
        return f"Play {play.what}: {missed}{play.chance}."


class _Reverse(PowerWords):
    name = "reverse play"

    def option_sentence(self, rank: int) -> str:
        return f"{capitalized(rank_name(rank, True))} goes on anything and reverses play."

    def clause(self, rules: Rules, rank: int) -> str:
        return f"{rank_name(rank, True)} goes on anything and reverses play"

    def card_line(self, rules: Rules, rank: int) -> str:
        return f"- **{label(rank)} reverses:** it goes on anything and play changes direction."

    def house_clause(self, rules: Rules, rank: int) -> str | None:
        return f"{label(rank)} goes on anything and reverses play"

    def pile_note(self, rank: int, *, on_top: bool, playable: bool) -> str | None:
        return f"{rank_name(rank, True)} goes on anything and reverses play"

    def coach_reason(self, play: PlayReason) -> str | None:
        return f"Play {play.what}: it goes on anything and turns play the other way{play.chance}."


#: The joker's power in a few words (the jokers option, the pile explainer).
JOKER_SUMMARY = "a joker goes on anything, reverses play and is see-through"


class _Joker(_SeeThrough):
    """The joker's fixed power: see-through and reversing (said as see-through first, as the
    clause and the coach always did, and on the rules card as reversing)."""

    name = "joker"

    def option_sentence(self, rank: int) -> str:
        return f"Two jokers per pack: {JOKER_SUMMARY}."

    def card_line(self, rules: Rules, rank: int) -> str:
        return _Reverse().card_line(rules, rank)

    def house_clause(self, rules: Rules, rank: int) -> str | None:
        return "a joker goes on anything, reverses play, is see-through"

    def pile_note(self, rank: int, *, on_top: bool, playable: bool) -> str | None:
        return None if on_top else JOKER_SUMMARY


#: Every power of the engine, in a player's words. A new power gets its entry here.
POWER_WORDS: dict[Power, PowerWords] = {
    Power.NORMAL: PowerWords(),
    Power.RESET: _Reset(),
    Power.CLEAR: _Clear(),
    Power.SEE_THROUGH: _SeeThrough(),
    Power.LOW: _Low(),
    Power.SKIP: _Skip(),
    Power.REVERSE: _Reverse(),
    Power.JOKER: _Joker(),
}


def power_words(rules: Rules, rank: int) -> PowerWords:
    """The words of ``rank``'s power under ``rules`` (the joker's too)."""
    return POWER_WORDS[rules.power(rank)]


def power_clause(rules: Rules, rank: int) -> str:
    """What ``rank`` does, as a clause: ``an 8 makes the next player miss a turn``."""
    return power_words(rules, rank).clause(rules, rank)


def power_card_line(rules: Rules, rank: int) -> str:
    """A rank's line on the rules card (Markdown): ``- **8 skips:** ...``."""
    return power_words(rules, rank).card_line(rules, rank)


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
    ranks = ranks_with_power(rules) + ([JOKER] if rules.jokers else [])
    clauses = [c for rank in ranks if (c := power_words(rules, rank).house_clause(rules, rank)) is not None]
    if rules.must_play:
        clauses.append("take the pile only if nothing goes")
    if rules.chance:
        clauses.append("before taking, you may turn the stock's top card")
    if rules.play_drawn:
        clauses.append("draw the rank you played and you may play it at once")
    if rules.burn_in:
        clauses.append("anyone may complete a burn out of turn")
    return clauses


def _on_top_name(rank: int, many: bool = False) -> str:
    """``The 8``, ``The 8s``, ``The joker``: a see-through card on top, for the explainer."""
    if rank == JOKER:
        return "The joker"
    return f"The {label(rank)}s" if many else f"The {label(rank)}"


__all__ = [
    "JOKER_SUMMARY",
    "POWER_WORDS",
    "PileTop",
    "PlayReason",
    "PowerWords",
    "burn_words",
    "cards_word",
    "house_clauses",
    "label",
    "on_anything_labels",
    "power_card_line",
    "power_clause",
    "power_words",
    "ranks_with_power",
    "table_rule_lines",
]
