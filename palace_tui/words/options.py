"""The rule options in a player's words: their names, their values, and a set of rules said
in one line ("palace, with sevens low").

The engine spells options as identifiers (``stuck_face_up=keep-row``); a table of players
says "keep your face-up row when stuck". Every screen and command that names an option or
a value to a player takes the words from here.

>>> from palace_tui.rules import Rules
>>> option_name("stuck_face_up"), value_words("stuck_face_up", "keep-row")
('Stuck on face-up cards', 'just take the pile')
>>> house_rule("after_pickup", "builder")
'the builder leads after a pickup'
>>> rules_words(Rules.preset("palace").replace(seven="low", eight="reverse"))
'palace, with sevens low and eights reverse'
>>> rules_words(Rules.preset("shithead"))
'shithead'
"""

from __future__ import annotations

from typing import Any

from palace_tui.rules import OPTIONS, PRESETS, Rules
from palace_tui.words.vocab import join_and

#: Each option's name as a player says it (the compare table's first column).
OPTION_NAMES: dict[str, str] = {
    "packs": "Packs",
    "jokers": "Jokers",
    "face_down": "Face-down cards",
    "face_up": "Face-up cards",
    "hand_size": "Hand size",
    "deal": "The deal",
    "starter": "Who starts",
    "ten": "Tens",
    "seven": "Sevens",
    "eight": "Eights",
    "stuck_face_up": "Stuck on face-up cards",
    "after_pickup": "After a pickup",
    "finish": "The end",
    "scoring": "Scoring",
    "next_dealer": "Next dealer",
}

_NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}

#: Each value of a choice option in a few words (a table cell).
_VALUE_WORDS: dict[str, dict[Any, str]] = {
    "jokers": {False: "none", True: "two a pack"},
    "deal": {"swap": "swap before play", "choose": "choose your face-up cards"},
    "starter": {"lowest": "the lowest 3", "dealer-left": "the dealer's left"},
    "ten": {"anything": "on anything", "not-on-picture": "never on a picture"},
    "seven": {"normal": "ordinary", "low": "7 or lower next"},
    "eight": {"normal": "ordinary", "reverse": "reverses play", "invisible": "see-through"},
    "stuck_face_up": {"add-one": "add one, take the pile", "keep-row": "just take the pile"},
    "after_pickup": {"next": "the next player leads", "builder": "the builder leads"},
    "finish": {"last-loses": "the last with cards loses", "first-out": "the first out wins"},
    "scoring": {"podium": "3-2-1 points", "losses": "a loss to the last", "wins": "a win to the first"},
    "next_dealer": {"clockwise": "passes left", "loser": "the loser deals"},
}

#: An option's value as one item of a list of house rules ("palace, with sevens low").
_HOUSE_RULES: dict[str, dict[Any, str]] = {
    "jokers": {True: "jokers", False: "no jokers"},
    "deal": {"swap": "swapping before play", "choose": "face-up cards chosen"},
    "starter": {"lowest": "the lowest 3 leading", "dealer-left": "the dealer's left leading"},
    "ten": {"anything": "tens on anything", "not-on-picture": "tens never on pictures"},
    "seven": {"normal": "ordinary sevens", "low": "sevens low"},
    "eight": {"normal": "ordinary eights", "reverse": "eights reverse", "invisible": "eights see-through"},
    "stuck_face_up": {
        "add-one": "a face-up card added when stuck",
        "keep-row": "the face-up row kept when stuck",
    },
    "after_pickup": {"next": "the next player leading after a pickup", "builder": "the builder leads after a pickup"},
    "finish": {"last-loses": "the last with cards losing", "first-out": "first out wins"},
    "scoring": {"podium": "3-2-1 points", "losses": "scored by losses", "wins": "scored by wins"},
    "next_dealer": {"clockwise": "the deal passing left", "loser": "the loser dealing"},
}


def option_name(name: str) -> str:
    """``Face-down cards`` for ``face_down`` (an option this module does not know reads as its name)."""
    return OPTION_NAMES.get(name, name.replace("_", " ").capitalize())


def value_words(name: str, value: Any) -> str:
    """A value of option ``name`` in a few words: ``two packs``, ``3 cards``, ``reverses play``."""
    if name == "packs" and isinstance(value, int):
        return f"{_NUMBERS.get(value, value)} pack{'s' if value != 1 else ''}"
    if name in ("face_down", "face_up", "hand_size") and isinstance(value, int):
        return f"{value} card{'s' if value != 1 else ''}"
    known = _VALUE_WORDS.get(name, {})
    if value in known and type(value) is type(next(iter(known))):
        return known[value]
    return _plain(value)


def house_rule(name: str, value: Any) -> str:
    """Option ``name`` at ``value`` as one house rule of a list: ``sevens low``, ``two packs``."""
    if name == "packs" and isinstance(value, int):
        return f"{_NUMBERS.get(value, value)} pack{'s' if value != 1 else ''}"
    if name == "face_down" and isinstance(value, int):
        return f"{value} face down"
    if name == "face_up" and isinstance(value, int):
        return f"{value} face up"
    if name == "hand_size" and isinstance(value, int):
        return f"hands of {value}"
    known = _HOUSE_RULES.get(name, {})
    if value in known and type(value) is type(next(iter(known))):
        return known[value]
    return f"{name.replace('_', ' ')} {_plain(value)}"


def house_rules(options: dict[str, Any]) -> str:
    """Several house rules in one phrase: ``sevens low and eights reverse``."""
    return join_and([house_rule(name, value) for name, value in options.items()])


def rules_words(rules: Rules) -> str:
    """A set of rules in one line: the preset's name, or the nearest preset and what differs
    (``palace, with sevens low``): a house-rule set is told apart from its preset."""
    exact = rules.preset_name()
    if exact is not None:
        return exact
    nearest = min(PRESETS, key=lambda p: len(Rules.preset(p).differences(rules)))
    changed = {name: mine for name, (_, mine) in Rules.preset(nearest).differences(rules).items()}
    ordered = {name: changed[name] for name in OPTIONS if name in changed}
    return f"{nearest}, with {house_rules(ordered)}"


def _plain(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("-", " ")
