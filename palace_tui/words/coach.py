"""The coach's sentences: the move it advises and why, in a player's words.

:mod:`palace_tui.ai.coach` decides the move and which reason fits; the words are made
here. Chances are said as a player says them, never as a statistic:

>>> chance_clause("not_last", 0.83, 0.31, "playing your K♠")
'; it usually keeps you out of last place, playing your K♠ about one game in three'
>>> chance_clause("win", 0.34, None, "")
'; it wins about one game in three'
>>> chance_clause("win", 0.52, 0.48, "taking the pile")  # the same words: no comparison
'; it wins about half the time'

Pure: the rules' names are read, nothing is decided here.
"""

from __future__ import annotations

from collections.abc import Sequence

from palace_tui.rules import Card, Move
from palace_tui.rules.cards import rank_name, rank_plural
from palace_tui.words.powers import cards_word
from palace_tui.words.vocab import number_word

#: A chance in a player's words, by the least chance each covers (highest first). An adverb is
#: said before the verb ("it usually wins"), a share after it ("it wins about one game in three").
_CHANCE_WORDS: tuple[tuple[float, str, bool], ...] = (
    (0.97, "almost always", True),
    (0.895, "nearly always", True),
    (0.79, "usually", True),
    (0.71, "about three games in four", False),
    (0.58, "about two games in three", False),
    (0.42, "about half the time", False),
    (0.29, "about one game in three", False),
    (0.225, "about one game in four", False),
    (0.15, "about one game in five", False),
    (0.075, "about one game in ten", False),
    (0.03, "hardly ever", True),
    (0.0, "almost never", True),
)

#: What a chance is of: staying out of last place, or winning.
_VERBS = {"not_last": "keeps you out of last place", "win": "wins"}


def chance_words(p: float) -> str:
    """A chance as a player says it: ``usually``, ``about one game in three``, ``almost never``."""
    return _band(p)[1]


def differ(a: float, b: float) -> bool:
    """Whether two chances are worth telling apart: their words differ, and by ten points or more
    (so "almost always" is not set against "nearly always")."""
    return abs(a - b) >= 0.1 and chance_words(a) != chance_words(b)


def _band(p: float) -> tuple[float, str, bool]:
    return next(band for band in _CHANCE_WORDS if p >= band[0])


def _it(kind: str, p: float) -> str:
    """``it usually wins``, ``it wins about one game in three``."""
    _, words, adverb = _band(p)
    return f"it {words} {_VERBS[kind]}" if adverb else f"it {_VERBS[kind]} {words}"


def chance_clause(kind: str, mine: float, theirs: float | None, other: str) -> str:
    """The advised move's chance (``kind``: "not_last" or "win") and, when the words differ, the
    chance of ``other``, the one other move the sentence names (``theirs`` None: none is named):
    ``"; it usually wins, playing your K♠ about one game in three"``."""
    said = f"; {_it(kind, mine)}"
    if theirs is None or not other or not differ(mine, theirs):
        return said
    return f"{said}, {other} {chance_words(theirs)}"


def card_list(cards: Sequence[Card]) -> str:
    """``7♠``, ``7♠ and 7♥``, ``7♠, 7♥ and 7♦``."""
    names = [str(c) for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def laid(cards: Sequence[Card], have: int, face_up: bool) -> str:
    """The cards a play lays, named exactly and counted against the copies held:
    ``your 9♦``, ``one of your two 2s (2♠)``, ``both your 7s (7♠ and 7♥)``."""
    n = len(cards)
    rank = cards[0].rank
    where = "face-up " if face_up else ""
    if n == 1 and have == 1:
        return f"your {where}{cards[0]}"
    if n == have:
        every = "both" if n == 2 else f"all {number_word(n)} of"
        return f"{every} your {where}{rank_plural(rank)} ({card_list(cards)})"
    word = "one" if n == 1 else number_word(n)
    return f"{word} of your {number_word(have)} {where}{rank_plural(rank)} ({card_list(cards)})"


def other_play(cards: Sequence[Card], have: int) -> str:
    """Another play, short: ``playing your K♠``, ``playing your kings``, ``playing one 2``."""
    rank = cards[0].rank
    if have == 1:
        return f"playing your {cards[0]}"
    if len(cards) == have:
        return f"playing your {rank_plural(rank)}"
    return f"playing {number_word(len(cards))} {rank_name(rank) if len(cards) == 1 else rank_plural(rank)}"


#: Another move that lays no card, short.
OTHER_MOVE = {
    "take": "taking the pile",
    "flip": "turning a face-down card",
    "chance": "turning the stock's top card",
    "done": "keeping the card you drew",
}


def _the(rank: int) -> str:
    return "the " + rank_name(rank)


def setup_reason(move: Move) -> str:
    """Why the coach's setup move (a swap, a choice of face-up cards, or ready)."""
    if move.kind == "swap":
        hand_card, up_card = move.cards
        return (
            f"Put your {hand_card} face up and take the {up_card} into your hand: "
            "twos, tens and high cards are safest on the table, and low cards are easiest to play early."
        )
    if move.kind == "choose":
        return f"Lay {card_list(move.cards)} face up: keep your lowest cards in hand to play first."
    return "Say you are ready: your face-up row already holds your best cards."


FLIP = "Turn any face-down card: nobody has seen them, so each is as good as another."


def chance_card(top: int, chance: str) -> str:
    """Turn the stock's top card (house rule chance) rather than take the pile."""
    on = _the(top) if top else "the pile"
    return (
        f"Turn the stock's top card before you take the pile: if it goes on {on} it is played "
        f"and you keep clear of the pile{chance}."
    )


def keep_drawn(rank: int | None, chance: str) -> str:
    """End the turn keeping a drawn match (house rule play_drawn)."""
    drawn = rank_name(rank, True) if rank is not None else "the card"
    return f"Keep {drawn} you drew: it is worth more later than on this pile{chance}."


def _beat(top: int) -> str:
    return f"can go on {_the(top)}" if top else "can go on the pile"


def take_adding(add: Card, top: int) -> str:
    """Take the pile, adding the cheapest face-up card (stuck_face_up=add-one)."""
    return (
        f"Take the pile and add your {add}: none of your face-up cards {_beat(top)}, "
        f"and the {rank_name(add.rank)} is the cheapest to give up."
    )


def take_stuck(top: int) -> str:
    """Take the pile: nothing goes."""
    return f"Take the pile: nothing you hold {_beat(top)}."


def take_keeping_special(keep: Card, pile: int, chance: str) -> str:
    """Take a small pile rather than spend a card that goes on anything."""
    return f"Keep your {keep}: the pile has only {cards_word(pile)}, so take it instead{chance}."


def take_keeping(keep: Card, pile: int, chance: str) -> str:
    """Take the pile rather than play the cheapest card that goes."""
    return f"Take the pile's {cards_word(pile)} and keep your {keep} for later{chance}."


def burn(what: str, rank: int, count: int) -> str:
    """A play that completes a burn (``count`` of a kind)."""
    return (
        f"Play {what}: with the {rank_plural(rank)} on the pile they make "
        f"{number_word(count)} of a kind, which clears it, and you play again."
    )


def lowest(what: str, top: int, chance: str) -> str:
    """The lowest ordinary card that goes (on ``top``; 0: on an empty or reset pile)."""
    if top:
        return f"Play {what}: the lowest you hold that can go on {_the(top)}, so your higher cards wait{chance}."
    return f"Play {what}: the lowest you hold, so your higher cards wait{chance}."


def against_danger(what: str, name: str, chance: str) -> str:
    """A higher card because the next player is nearly out."""
    return f"Play {what}: {name} is nearly out, and a higher card is harder to beat{chance}."


def rather_than(what: str, low: Card, chance: str) -> str:
    """A higher card than the lowest that goes, which the search found better."""
    return f"Play {what} rather than your {low}{chance or ': it leaves you better placed'}."


def strongest(what: str, chance: str) -> str:
    """The rule of thumb's own play."""
    return f"Play {what}: it is the strongest play here{chance}."
