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
from palace_tui.rules.cards import JOKER, TEN, rank_plural
from palace_tui.rules.powers import RANK_OPTIONS, Power, current_value, rank_option_values
from palace_tui.words.powers import POWER_WORDS
from palace_tui.words.vocab import capitalized


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


def _powers(rank: int, clear: bool = True) -> dict[Any, Said]:
    """The powers a rank's option may give it, each in a few words and a sentence, from each
    power's entry in :data:`~palace_tui.words.powers.POWER_WORDS` (``clear``: offer ``clear``
    among them; the ten's own option says it as ``anything`` instead)."""
    said = {}
    for value in rank_option_values(rank):
        if value in _POWER_VALUES and (clear or value != Power.CLEAR):
            words = POWER_WORDS[Power(value)]
            said[value] = Said(words.name, words.option_sentence(rank))
    return said


_POWER_VALUES = frozenset(Power)


#: Every option of the engine, in a player's words. A new option gets its entry here.
OPTION_WORDS: dict[str, OptionWords] = {
    "packs": OptionWords("Packs", _counts("pack", (1, 2, 3), "{n} pack{s} of 52 shuffled together.")),
    "jokers": OptionWords(
        "Jokers",
        {
            False: Said("none", "No jokers."),
            True: Said("two a pack", POWER_WORDS[Power.JOKER].option_sentence(JOKER)),
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
            "anything": Said("clears pile", "A 10 goes on anything and clears the pile."),
            "not-on-picture": Said(
                "not on J Q K A", "A 10 clears the pile, but never goes on a jack, queen, king or ace."
            ),
            **_powers(TEN, clear=False),
        },
    ),
    "seven": OptionWords("Sevens", _powers(7)),
    "eight": OptionWords("Eights", _powers(8)),
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
    # The house rules (issue 22): the other ranks' powers, then the table options.
    **{
        name: OptionWords(capitalized(rank_plural(rank)), _powers(rank))
        for rank, name in RANK_OPTIONS.items()
        if rank not in (7, 8, TEN)
    },
    "skips": OptionWords(
        "Skip cards",
        {
            "one": Said("one a play", "A play skips one player however many skip cards it holds."),
            "each": Said("one a card", "Every skip card in a play skips one player, counted round the table."),
        },
    ),
    "low_binds_ten": OptionWords(
        "Tens obey low",
        {
            False: Said("no", "A 10 goes on a low card like on any other."),
            True: Said("yes", "After a low card a 10 must obey it too: no 10 on a low 7."),
        },
    ),
    "must_play": OptionWords(
        "Must play",
        {
            False: Said("no", "You may take the pile instead of playing."),
            True: Said("yes", "You take the pile only when nothing you may play goes on it."),
        },
    ),
    "play_drawn": OptionWords(
        "Draw and play",
        {
            False: Said("no", "Cards you draw wait for your next turn."),
            True: Said("yes", "Draw the rank you just played and you may play it at once."),
        },
    ),
    "chance": OptionWords(
        "Chance card",
        {
            False: Said("no", "A player who can't play takes the pile."),
            True: Said("yes", "Before taking the pile you may turn the stock's top card: it is played if it goes."),
        },
    ),
    "burn": OptionWords(
        "Burn with",
        {n: Said(f"{n} of a kind", f"{n} of one rank on top of the pile clear it.") for n in (4, 3, 5, 6, 7, 8)},
    ),
    "burn_in": OptionWords(
        "Burn-in",
        {
            False: Said("no", "Nobody plays out of turn."),
            True: Said("yes", "Anyone holding the card that completes a burn may play it out of turn."),
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
    value = current_value(value)  # a record's "invisible" is said as "see-through"
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


def rules_words_of(options: Mapping[str, Any]) -> str:
    """:func:`house_rules_words` for options as the records keep them (a dict); options an older
    or newer palace-tui wrote that these rules cannot take are said as they are.

    >>> rules_words_of(Rules.preset("shithead").replace(seven="low").as_dict())
    'shithead with Sevens: low'
    >>> rules_words_of({"seven": "sideways"})
    'Sevens: sideways'
    """
    try:
        return house_rules_words(Rules(**options))
    except (TypeError, ValueError):
        return settings_words(options)


def short_rules_words(options: Mapping[str, Any], named: Mapping[str, Rules] | None = None) -> str:
    """Rules as the records keep them (a dict), in one short cell: the name of a saved set that
    holds exactly these rules, a preset's name, one house rule on a preset, or the nearest
    preset and how many of its options differ.

    >>> short_rules_words(Rules.preset("palace").replace(seven="low", eight="skip").as_dict(), {})
    'palace + 2 house rules'
    >>> short_rules_words(Rules.preset("palace").replace(seven="low").as_dict())
    'palace with Sevens: low'
    >>> short_rules_words(Rules.preset("palace").replace(seven="low", eight="skip").as_dict(),
    ...                   {"Ours": Rules.preset("palace").replace(seven="low", eight="skip")})
    'Ours'
    """
    try:
        rules = Rules(**options)
    except (TypeError, ValueError):
        return settings_words(options)
    name = next((n for n, kept in (named or {}).items() if kept == rules), None)
    if name is not None:
        return name
    exact = rules.preset_name()
    if exact is not None:
        return exact
    nearest = min(PRESETS, key=lambda p: len(Rules.preset(p).differences(rules)))
    changed = len(Rules.preset(nearest).differences(rules))
    if changed == 1:
        return house_rules_words(rules)
    return f"{nearest} + {changed} house rules"
