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

from palace_tui.names import clean_name
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

    Options it leaves out keep their defaults; an option said twice is refused (which one is meant?).
    """
    line = clean_name(text)
    if line[: len(PREFIX)].lower() == PREFIX:
        line = line[len(PREFIX) :].strip()
    if not line:
        raise ValueError("the rules line is empty: write options as name=value, like seven=low eight=skip")
    pairs = line.split()
    seen: set[str] = set()
    for pair in pairs:
        if "=" not in pair:
            raise ValueError(f"{pair!r} in the rules line is not an option: write name=value, like seven=low")
        name = pair.split("=", 1)[0].strip().replace("-", "_")
        if name in seen:
            raise ValueError(f"the rules line says {name} twice: keep one")
        seen.add(name)
    return Rules().with_text_options(pairs)


def is_line(text: str) -> bool:
    """Whether ``--rules TEXT`` is a rules line (it sets an option) rather than a set's name."""
    return "=" in text or clean_name(text)[: len(PREFIX)].lower() == PREFIX


def set_name(text: object) -> str:
    """A set's name as it is kept: cleaned like a player's name; ValueError with one sentence if unusable."""
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
    """What ``palace --rules TEXT`` means: a line's rules (no name), a saved set's, or a preset's.

    ValueError with one sentence when it is none of them.
    """
    if is_line(text):
        return parse_rules_line(text), None
    kept = find(sets, text)
    if kept is not None:
        try:
            return parse_rules_line(sets[kept]), kept
        except ValueError as exc:
            raise ValueError(f"the saved rules {kept!r} cannot be played here ({exc})") from None
    preset = next((p for p in PRESETS if p.casefold() == clean_name(text).casefold()), None)
    if preset is not None:
        return Rules.preset(preset), None
    names = ", ".join(repr(n) for n in sets) or "none yet"
    raise ValueError(
        f"there are no rules named {clean_name(text)!r} (saved: {names}; presets: {', '.join(PRESETS)}); "
        "a rules line sets options, like seven=low eight=skip"
    )
