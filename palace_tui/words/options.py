"""The rule options in a player's words: each option's name, and each value in a few words
and in one sentence. The one place an option is said.

The engine spells options as identifiers (``stuck_face_up="keep-row"``); a table of players
says "Stuck face up: keep row". The new-table screen, the compare table, the lesson list,
the rules card and the records all take their words from here. An option or a value this
module does not know yet still reads as words (``house_bonus`` -> "House bonus"), never as
an identifier.

>>> option_name("stuck_face_up"), value_words("stuck_face_up", "keep-row")
('Stuck face up', 'keep row')
>>> setting_words("after_pickup", "builder")
'After a pickup: builder leads'
>>> value_sentence("hand_size", 4)
'You draw back up to 4 cards while the stock lasts.'
>>> option_name("house_bonus"), value_words("house_bonus", "double-or-quits"), value_words("house_bonus", True)
('House bonus', 'double or quits', 'yes')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from palace_tui.rules import OPTIONS, PRESETS, Rules


class Said(NamedTuple):
    """One value of an option, said twice: in a few words (a table cell, a list's choice,
    under 16 letters), and in one sentence on what it does."""

    words: str
    sentence: str


class OptionWords(NamedTuple):
    """An option's name as a player says it (under 15 letters), and its values' words."""

    name: str
    values: Mapping[Any, Said]


def _counts(noun: str, values: tuple[int, ...], sentence: str) -> dict[Any, Said]:
    """``3 cards`` and a sentence with ``{n}`` and ``{s}`` (the plural ending) filled in."""
    return {
        n: Said(f"{n} {noun}{'' if n == 1 else 's'}", sentence.format(n=n, s="" if n == 1 else "s")) for n in values
    }


#: Every option of the engine, in a player's words. A new option gets its entry here.
OPTION_WORDS: dict[str, OptionWords] = {
    "packs": OptionWords("Packs", _counts("pack", (1, 2, 3), "{n} pack{s} of 52 shuffled together.")),
    "jokers": OptionWords(
        "Jokers",
        {
            False: Said("none", "No jokers."),
            True: Said(
                "two a pack", "Two jokers per pack: a joker goes on anything, reverses play and is see-through."
            ),
        },
    ),
    "face_down": OptionWords("Face down", _counts("card", (3, 4, 5), "Each player gets {n} blind cards face down.")),
    "face_up": OptionWords(
        "Face up", _counts("card", (3, 4, 5), "Each player lays {n} cards face up on the blind ones.")
    ),
    "hand_size": OptionWords(
        "Hand size", _counts("card", (1, 2, 3, 4, 5), "You draw back up to {n} card{s} while the stock lasts.")
    ),
    "deal": OptionWords(
        "The deal",
        {
            "swap": Said("swap", "Trade hand and face-up cards as you like before play."),
            "choose": Said("choose", "Pick your face-up cards from your private cards; no swapping later."),
        },
    ),
    "starter": OptionWords(
        "Who starts",
        {
            "lowest": Said("the lowest 3", "Whoever shows the lowest card (a 3 first) leads."),
            "dealer-left": Said("dealer's left", "The player on the dealer's left leads."),
        },
    ),
    "ten": OptionWords(
        "Tens",
        {
            "anything": Said("on anything", "A 10 goes on anything and clears the pile."),
            "not-on-picture": Said(
                "not on J Q K A", "A 10 clears the pile, but never goes on a jack, queen, king or ace."
            ),
        },
    ),
    "seven": OptionWords(
        "Sevens",
        {
            "normal": Said("ordinary", "A 7 is an ordinary card."),
            "low": Said("low", "After a 7 the next ordinary play must be 7 or lower."),
        },
    ),
    "eight": OptionWords(
        "Eights",
        {
            "normal": Said("ordinary", "An 8 is an ordinary card."),
            "reverse": Said("reverse play", "An 8 goes on anything and reverses play."),
            "invisible": Said("see-through", "An 8 goes on anything; the next card must beat the card under it."),
        },
    ),
    "stuck_face_up": OptionWords(
        "Stuck face up",
        {
            "add-one": Said("add one, take", "Stuck on face-up cards: add one to the pile, then take it all."),
            "keep-row": Said("keep row", "Stuck on face-up cards: take the pile and keep your face-up row."),
        },
    ),
    "after_pickup": OptionWords(
        "After a pickup",
        {
            "next": Said("next leads", "After a pickup the next player leads."),
            "builder": Said("builder leads", "After a pickup, whoever played the top card leads."),
        },
    ),
    "finish": OptionWords(
        "The end",
        {
            "last-loses": Said("last one loses", "Play on until one player is left holding cards."),
            "first-out": Said("first out wins", "The first player out wins and the game stops."),
        },
    ),
    "scoring": OptionWords(
        "Scoring",
        {
            "podium": Said("3-2-1 points", "3, 2 and 1 points to the first three out (3 and 2 with two players)."),
            "losses": Said("count losses", "One loss to the last with cards."),
            "wins": Said("count wins", "One win to the first out."),
        },
    ),
    "next_dealer": OptionWords(
        "Next dealer",
        {
            "clockwise": Said("to the left", "The deal passes to the left."),
            "loser": Said("the loser", "The last with cards deals the next game."),
        },
    ),
}

#: Each preset in one sentence (the new-table and compare screens).
PRESET_WORDS: dict[str, str] = {
    "palace": "Palace as most tables play it: swap, lowest 3 leads, the last with cards is the Palace; 3-2-1 podium.",
    "shithead": "Shithead: swap, lowest 3 leads, the last with cards loses; a running loss tally.",
    "first-out": "One-deck guide: choose 3 of 6 to lay up, the dealer's left leads, first out wins.",
}

#: What the new-table screen says of options that match no preset.
OWN_MIX = "Your own mix of options."


def option_name(name: str) -> str:
    """``Face down`` for ``face_down``; an option not written here reads as its name in words."""
    known = OPTION_WORDS.get(name)
    return known.name if known else name.replace("_", " ").replace("-", " ").capitalize()


def _said(name: str, value: Any) -> Said | None:
    known = OPTION_WORDS.get(name)
    if known is None:
        return None
    for key, said in known.values.items():
        # bool is an int subclass: True must not read as a count of 1.
        if key == value and type(key) is type(value):
            return said
    return None


def value_words(name: str, value: Any) -> str:
    """A value of option ``name`` in a few words: ``2 packs``, ``keep row``, ``see-through``."""
    said = _said(name, value)
    if said is not None:
        return said.words
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ").replace("-", " ")


def value_sentence(name: str, value: Any) -> str:
    """One sentence on what ``value`` of option ``name`` does."""
    said = _said(name, value)
    return said.sentence if said else f"{option_name(name)}: {value_words(name, value)}."


def setting_words(name: str, value: Any) -> str:
    """An option and its value, as a player finds it on the new-table screen: ``Sevens: low``."""
    return f"{option_name(name)}: {value_words(name, value)}"


def settings_words(options: Mapping[str, Any]) -> str:
    """Several settings in one line: ``Sevens: low, Eights: reverse play``."""
    return ", ".join(setting_words(name, value) for name, value in options.items())


def preset_words(preset: str | None) -> str:
    """The preset in one sentence, or :data:`OWN_MIX` for options that match none."""
    return PRESET_WORDS.get(preset or "", OWN_MIX)


def house_rules_words(rules: Rules) -> str:
    """A set of rules in one line: the preset's name, or the nearest preset and what differs
    (``palace with Sevens: low``), so a house-rule set is told apart from its preset.

    >>> house_rules_words(Rules.preset("shithead"))
    'shithead'
    >>> house_rules_words(Rules.preset("palace").replace(seven="low", eight="reverse"))
    'palace with Sevens: low, Eights: reverse play'
    """
    exact = rules.preset_name()
    if exact is not None:
        return exact
    nearest = min(PRESETS, key=lambda p: len(Rules.preset(p).differences(rules)))
    changed = Rules.preset(nearest).differences(rules)
    return f"{nearest} with {settings_words({n: changed[n][1] for n in OPTIONS if n in changed})}"
