"""House-rule sets: a table's own rules kept under a name, and the one line that shares them.

A set is saved as its *rules line*: the options that differ from the engine's defaults,
``name=value`` separated by spaces, as a game file's ``rules:`` line writes every option
(that whole line, with or without its ``rules:``, reads back too). Options left out keep
their defaults, so a line written today still reads the same in a release that adds
options, and a line that uses none of a new release's options reads in an older one.

>>> from palace_tui.rules import Rules
>>> line = rules_line(Rules.preset("palace").replace(seven="low"))
>>> line
'seven=low next_dealer=loser'
>>> parse_rules_line(line) == Rules.preset("palace").replace(seven="low")
True
>>> parse_rules_line("rules: seven=low next_dealer=loser").seven
'low'
>>> set_name("  Our\\trules ")
'Our rules'
"""

from __future__ import annotations

from typing import Any

from palace_tui.names import clean_name, refuse_hidden
from palace_tui.rules import OPTIONS, PRESETS, Rules

#: The longest name a set may have (it must fit the new-table screen's list).
MAX_NAME = 24
#: What "custom" means on the new-table screen: a set of options that has no name.
CUSTOM = "custom"
#: How a game file's line begins; a line copied from one reads with it or without.
PREFIX = "rules:"


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def rules_line(rules: Rules) -> str:
    """The one line that shares ``rules``: the options that differ from the defaults, in option order.

    The defaults' own line names the first option, so that no set is an empty line.
    """
    changed = [name for name, (_mine, _theirs) in rules.differences(Rules()).items()]
    names = [name for name in OPTIONS if name in changed] or [next(iter(OPTIONS))]
    return " ".join(f"{name}={_text(getattr(rules, name))}" for name in names)


def parse_rules_line(text: str) -> Rules:
    """The rules a line says; ValueError with one sentence if it says something else.

    The line may begin with ``rules:`` and then with a preset's name, whose options the line
    changes (``palace seven=low``); without one it changes the engine's defaults. Options it
    leaves out keep their value; an option said twice is refused (which one is meant?).

    >>> parse_rules_line("shithead seven=low") == Rules.preset("shithead").replace(seven="low")
    True
    """
    line = clean_name(text)
    if line[: len(PREFIX)].lower() == PREFIX:
        line = line[len(PREFIX) :].strip()
    if not line:
        raise ValueError("the rules line is empty: write options as name=value, like seven=low eight=skip")
    pairs = line.split()
    base = Rules()
    preset = preset_named(pairs[0])
    if preset is not None:
        base = Rules.preset(preset)
        pairs = pairs[1:]
    seen: set[str] = set()
    for pair in pairs:
        if "=" not in pair:
            raise ValueError(f"{pair!r} in the rules line is not an option: write name=value, like seven=low")
        name = pair.split("=", 1)[0].strip().replace("-", "_")
        if name in seen:
            raise ValueError(f"the rules line says {name} twice: keep one")
        seen.add(name)
    return base.with_text_options(pairs)


def preset_named(text: str) -> str | None:
    """The preset ``text`` names, case and spacing aside, or None."""
    wanted = clean_name(text).casefold()
    return next((p for p in PRESETS if p.casefold() == wanted), None)


def is_line(text: str) -> bool:
    """Whether ``--rules TEXT`` is a rules line (it sets an option) rather than a set's name."""
    return "=" in text or clean_name(text)[: len(PREFIX)].lower() == PREFIX


def set_name(text: object) -> str:
    """A set's name as it is kept: cleaned like a player's name; ValueError with one sentence if unusable."""
    if isinstance(text, str):
        refuse_hidden(text, "a rules name", spaces=True)
    name = clean_name(text)
    if not name:
        raise ValueError("a set of rules needs a name, like Our rules")
    if len(name) > MAX_NAME:
        raise ValueError(f"a rules name is at most {MAX_NAME} characters, and {name[:MAX_NAME]!r}... is longer")
    if "=" in name:
        raise ValueError("a rules name holds no '=': that is how a rules line sets an option")
    if name.casefold() in {p.casefold() for p in (*PRESETS, CUSTOM)}:
        raise ValueError(f"{name!r} is a preset's name already: choose another name")
    return name


def find(sets: dict[str, str], name: str) -> str | None:
    """The name a set is kept under that ``name`` means, case and spacing aside, or None."""
    wanted = clean_name(name).casefold()
    return next((kept for kept in sets if kept.casefold() == wanted), None)


def usable(sets: dict[str, str]) -> dict[str, Rules]:
    """The sets this release can play, by name: a set from a newer release (an option it does
    not know) or edited into nonsense is left out here and kept in the file."""
    out: dict[str, Rules] = {}
    for name, line in sets.items():
        try:
            out[set_name(name)] = parse_rules_line(line)
        except ValueError:
            continue
    return out


def resolve(text: str, sets: dict[str, str]) -> tuple[Rules, str | None]:
    """What ``--rules TEXT`` means, for ``palace``, ``palace rules --save`` and ``palace simulate``
    alike: a preset's name (always the preset), a rules line (with or without ``rules:`` and a
    preset's name in front), or a saved set's name; the rules, and the saved set's name if it was one.

    A set kept under a preset's name (a file edited by hand) never takes the preset's place.
    ValueError with one sentence when ``text`` is none of them.
    """
    preset = preset_named(text)
    if preset is not None:
        return Rules.preset(preset), None
    if is_line(text):
        return parse_rules_line(text), None
    kept = find(playable_names(sets), text)
    if kept is not None:
        try:
            return parse_rules_line(sets[kept]), kept
        except ValueError as exc:
            raise ValueError(f"the saved rules {kept!r} cannot be played here ({exc})") from None
    names = ", ".join(repr(n) for n in playable_names(sets)) or "none yet"
    raise ValueError(
        f"there are no rules named {clean_name(text)!r} (saved: {names}; presets: {', '.join(PRESETS)}); "
        "a rules line sets options, like seven=low eight=skip"
    )


def playable_names(sets: dict[str, str]) -> dict[str, str]:
    """The sets whose names a set may have: one kept under a preset's name (or with ``=`` in it,
    edited in by hand) is left out, so that the name keeps meaning the preset."""
    out: dict[str, str] = {}
    for name, line in sets.items():
        try:
            out[set_name(name)] = line
        except ValueError:
            continue
    return out


def name_problem(name: str) -> str:
    """Why a set found in the file under ``name`` is not offered by that name, or "" when it is."""
    try:
        set_name(name)
    except ValueError as exc:
        return str(exc)
    return ""
