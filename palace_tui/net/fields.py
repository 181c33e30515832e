"""Strict readers for the fields of a wire message: each says, in one sentence, what was wrong.

Every value that comes off the wire passes through one of these before anything uses it:
the exact keys (none missing, none unknown), the exact type (a bool is not a number), a
length or range limit, and cards and moves in their own codes (``7H``, ``play 7D 7S``).

>>> read_int({"n": 3}, "n", 0, 9)
3
>>> read_int({"n": True}, "n", 0, 9)
Traceback (most recent call last):
...
palace_tui.net.fields.BadMessage: n must be a whole number, not bool
>>> read_cards({"c": ["7H", "TD"]}, "c")
('7H', 'TD')
>>> read_cards({"c": ["7♥"]}, "c")
Traceback (most recent call last):
...
palace_tui.net.fields.BadMessage: c holds '7♥', which is not a card code like 7H or JK
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from palace_tui.rules import Move
from palace_tui.rules.cards import make_deck

#: The longest text field (a name, a reason, a rules line) and the longest list of cards or moves.
MAX_TEXT, MAX_LIST = 2000, 400


#: Every card's own code (``7H``, ``TD``, ``JK``): a set, so a view's cards are checked at a glance.
CARD_CODES = frozenset(card.code for card in make_deck(1, jokers=True))


class BadMessage(ValueError):
    """A message that is not one of the protocol's, or a field that breaks its rules: the reason says which."""


def exact_keys(data: Mapping[str, Any], required: Sequence[str], optional: Sequence[str] = ()) -> None:
    """Refuse ``data`` unless it has every key of ``required``, and no key but those and ``optional``."""
    missing = [k for k in required if k not in data]
    if missing:
        raise BadMessage(f"missing {', '.join(missing)}")
    unknown = sorted(str(k) for k in data if k not in required and k not in optional)
    if unknown:
        raise BadMessage(f"unknown field {', '.join(unknown)}"[:200])


def read_int(data: Mapping[str, Any], key: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high``."""
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadMessage(f"{key} must be a whole number, not {type(value).__name__}")
    if not low <= value <= high:
        raise BadMessage(f"{key} must be from {low} to {high}, not {value}")
    return value


def read_opt_int(data: Mapping[str, Any], key: str, low: int, high: int) -> int | None:
    """A whole number from ``low`` to ``high``, or null."""
    return None if data[key] is None else read_int(data, key, low, high)


def read_bool(data: Mapping[str, Any], key: str) -> bool:
    """true or false."""
    value = data[key]
    if not isinstance(value, bool):
        raise BadMessage(f"{key} must be true or false, not {type(value).__name__}")
    return value


def read_text(data: Mapping[str, Any], key: str, limit: int = MAX_TEXT) -> str:
    """A string of at most ``limit`` characters."""
    value = data[key]
    if not isinstance(value, str):
        raise BadMessage(f"{key} must be text, not {type(value).__name__}")
    if len(value) > limit:
        raise BadMessage(f"{key} is longer than {limit} characters")
    return value


def read_opt_text(data: Mapping[str, Any], key: str, limit: int = MAX_TEXT) -> str | None:
    """A string of at most ``limit`` characters, or null."""
    return None if data[key] is None else read_text(data, key, limit)


def read_list(data: Mapping[str, Any], key: str, limit: int = MAX_LIST) -> list[Any]:
    """A JSON array of at most ``limit`` items."""
    value = data[key]
    if not isinstance(value, list):
        raise BadMessage(f"{key} must be a list, not {type(value).__name__}")
    if len(value) > limit:
        raise BadMessage(f"{key} holds more than {limit} items")
    return value


def read_ints(data: Mapping[str, Any], key: str, low: int, high: int, limit: int = MAX_LIST) -> tuple[int, ...]:
    """A list of whole numbers from ``low`` to ``high``."""
    items = read_list(data, key, limit)
    return tuple(read_int({key: x}, key, low, high) for x in items)


def read_texts(data: Mapping[str, Any], key: str, text_limit: int = MAX_TEXT) -> tuple[str, ...]:
    """A list of strings."""
    return tuple(read_text({key: x}, key, text_limit) for x in read_list(data, key))


def card_code(value: object, key: str) -> str:
    """``value`` if it is a card's own code (``7H``, ``TD``, ``JK``)."""
    if isinstance(value, str) and value in CARD_CODES:
        return value
    shown = repr(value)[:20] if isinstance(value, str) else type(value).__name__
    raise BadMessage(f"{key} holds {shown}, which is not a card code like 7H or JK")


def read_cards(data: Mapping[str, Any], key: str) -> tuple[str, ...]:
    """A list of card codes."""
    return tuple(card_code(x, key) for x in read_list(data, key))


def move_code(value: object, key: str) -> str:
    """``value`` if it is a move's own code (``play 7D 7S``, ``take``, ``flip 0``)."""
    if isinstance(value, str) and len(value) <= 200 and _is_move_code(value):
        return value
    shown = repr(value)[:40] if isinstance(value, str) else type(value).__name__
    raise BadMessage(f"{key} holds {shown}, which is not a move code like 'play 7H' or 'take'")


@lru_cache(maxsize=4096)
def _is_move_code(text: str) -> bool:
    """Whether ``text`` is a move's own code (remembered: the same few hundred codes come again and again)."""
    try:
        return Move.from_code(text).code() == text
    except ValueError:
        return False


def read_moves(data: Mapping[str, Any], key: str) -> tuple[str, ...]:
    """A list of move codes."""
    return tuple(move_code(x, key) for x in read_list(data, key))


def read_object(data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    """A JSON object."""
    value = data[key]
    if not isinstance(value, dict):
        raise BadMessage(f"{key} must be an object, not {type(value).__name__}")
    return value
