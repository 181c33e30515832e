"""How to play, on one screen: the rules in force in about ten lines, made from the options.

The short card ``?`` shows first at the table, before the full rules card
(:mod:`.rules_card`); both are written from the same options the engine enforces, so
neither can disagree with play. Each line is a ``(label, sentence)`` pair: the screen
sets the label apart. House rules get a line only when one is on.

>>> from palace_tui.rules import Rules
>>> for label, line in how_to_play(Rules.preset("palace"))[:3]:
...     print(f"{label}: {line}")
Goal: Get rid of all your cards. The last one holding cards is the Palace.
Deal: 3 face down, 3 face up on them, 3 in hand. Swap hand and face-up cards, then press r.
Starts: The lowest 3 face up (then in hand; then 4s...).
"""

from __future__ import annotations

from palace_tui.rules.cards import TEN, TWO
from palace_tui.rules.options import Rules
from palace_tui.words.powers import burn_words, house_clauses
from palace_tui.words.results import loser_title
from palace_tui.words.vocab import capitalized

#: The keys of a turn, in one line (the footer shows them all).
KEYS = "← → a card, Space marks cards of one rank, Enter plays, t takes the pile, u undoes, b the bell."


def _goal(rules: Rules) -> str:
    if not rules.has_loser:
        return "Get rid of all your cards. The first one out wins."
    return f"Get rid of all your cards. The last one holding cards is {loser_title(rules)}."


def _deal(rules: Rules) -> str:
    if rules.swap_deal:
        return (
            f"{rules.face_down} face down, {rules.face_up} face up on them, {rules.hand_size} in hand. "
            "Swap hand and face-up cards, then press r."
        )
    return (
        f"{rules.face_down} face down, {rules.face_up + rules.hand_size} in hand: "
        f"mark {rules.face_up} with Space, Enter lays them face up."
    )


def _special(rules: Rules) -> str:
    two = "2 goes on anything. " if rules.power(TWO).resets else ""
    burn = burn_words(rules)
    if not rules.power(TEN).clears:
        return f"{two}{capitalized(burn)} on top clears the pile: then play again."
    ten = "10 clears the pile" + (" (never on J, Q, K or A)" if rules.tens_not_on_pictures else "")
    return f"{two}{ten}, as does {burn} on top: then play again."


def how_to_play(rules: Rules) -> list[tuple[str, str]]:
    """The rules in force in about ten lines: ``(label, sentence)`` pairs."""
    starts = (
        "The lowest 3 face up (then in hand; then 4s...)."
        if not rules.dealer_left_leads
        else "The player on the dealer's left."
    )
    pickup = "whoever built the pile leads" if rules.builder_leads else "the next player leads"
    stuck = "stuck, add one to the pile and take it" if rules.adds_face_up else "stuck, take the pile and keep them"
    lines = [
        ("Goal", _goal(rules)),
        ("Deal", _deal(rules)),
        ("Starts", starts),
        (
            "Turn",
            "Play a card, or several of one rank, equal to or higher than the top of the pile "
            f"(3 low, A high), then draw back up to {rules.hand_size}.",
        ),
        ("Or", f"Take the whole pile into your hand; {pickup}."),
        ("Special", _special(rules)),
    ]
    house = house_clauses(rules)
    if house:
        lines.append(("Also", capitalized("; ".join(house)) + "."))
    lines += [
        ("Later", f"Hand and stock gone: play your face-up cards ({stuck}), then the face-down ones blind."),
        ("Keys", KEYS),
    ]
    return lines
