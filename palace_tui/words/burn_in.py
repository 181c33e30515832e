"""The burn-in offer in words: what the public table asks after a play that leaves one card
short of a burn (the house rule burn_in), and what it says to a claim.

The offer is made to everyone, whether or not anyone holds the card, so it names the
card the pile is missing and the keys, never a hand.

>>> burn_in_question(9, 4)
'Anyone with the fourth 9?'
>>> burn_in_keys([(0, "Ann"), (2, "Cy")])
'Press your seat number (1 Ann, 3 Cy) to play it now, or Enter to go on.'
>>> burn_in_keys([(0, "Ann"), (2, "Cy")], touch=True)
'Whoever has it, tap your name to play it now; otherwise tap Go on.'
>>> burned_in_sentence("Cy", 9, 4)
'Cy burns in with the fourth 9: the pile is cleared and Cy leads.'
>>> wrong_claim_sentence("Cy holds no 9 to burn in with.", others=True)
'Cy holds no 9 to burn in with. The others may still claim.'
"""

from __future__ import annotations

from collections.abc import Sequence

from palace_tui.words.vocab import ordinal_word, rank_name

#: The offer's title on the public table.
TITLE = "Burn in?"


def _card(rank: int, burn: int) -> str:
    return f"the {ordinal_word(burn)} {rank_name(rank)}"


def burn_in_question(rank: int, burn: int) -> str:
    """The public question: ``Anyone with the fourth 9?`` (``burn`` cards of a rank clear the pile)."""
    return f"Anyone with {_card(rank, burn)}?"


def burn_in_keys(seats: Sequence[tuple[int, str]], touch: bool = False) -> str:
    """The keys of the offer, for the seats that may claim (index, name); on a touch screen
    the buttons with their names."""
    if touch:
        return "Whoever has it, tap your name to play it now; otherwise tap Go on."
    listed = ", ".join(f"{i + 1} {name}" for i, name in seats)
    return f"Press your seat number ({listed}) to play it now, or Enter to go on."


def burned_in_sentence(name: str, rank: int, burn: int) -> str:
    """What the table says when ``name``'s claim is good."""
    return f"{name} burns in with {_card(rank, burn)}: the pile is cleared and {name} leads."


def wrong_claim_sentence(refusal: str, others: bool) -> str:
    """A refused claim and what happens next: the offer stays open while ``others`` may claim
    (else Go on is all that is left, and the keys say so: :func:`nobody_else`)."""
    return f"{refusal} The others may still claim." if others else refusal


def nobody_else(touch: bool = False) -> str:
    """The keys once every seat that could claim has been refused."""
    return "Nobody else may claim: tap Go on." if touch else "Nobody else may claim: Enter goes on."


def not_yours_sentence(name: str) -> str:
    """A claim for a seat that may not claim (the mover, a seat out, a seat not at the table)."""
    return f"{name} may not burn in now."


#: The touch screen's button that lets play go on (Enter on a keyboard).
GO_ON = "Go on"

#: Under the question while the table waits: nothing on the screen says who holds what.
PRIVATE_NOTE = "Nobody's cards are shown; a wrong claim only says that player has no such card."
