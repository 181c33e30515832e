"""The position code: a whole game on one line, like chess's FEN, that reads back.

Space-separated fields, in this order::

    RULES PHASE turn=T dir=D seat=NAME:HAND:FACE_UP:FACE_DOWN ... pile=P stock=S cleared=C [extras]

``RULES`` is a preset name, or the closest one (``default``: every option at its
default) with ``+name=value`` changes. Cards are in :meth:`Card.parse` notation,
comma-separated, each zone bottom or first card first (a hand in playing order).
The extras appear only when they differ from a fresh position: ``dealer=``,
``seed=``, ``moves=``, ``pickups=``, ``owner=`` (who played the pile's top card),
``out=`` (seats in the order they went out), ``ready=`` (the seats done setting up,
while some are not), ``abandoned`` and ``full`` (dealt from a whole deck). Seats
are numbered from 0; in a name, ``%``, ``:``, ``=`` and spaces are written
``%25``, ``%3A``, ``%3D``, ``%20``.

>>> from palace_tui.rules import Game, Rules
>>> g = Game.from_position(Rules.preset("palace").replace(seven="low"), seats=[
...     {"name": "Ann Lee", "hand": "7D 7S 3C"}, {"name": "Ben", "hand": "9C", "face_down": "KH"}],
...     pile="5H")
>>> g.code()
'palace+seven=low play turn=0 dir=1 seat=Ann%20Lee:3C,7D,7S:: seat=Ben:9C::KH pile=5H stock= cleared= owner=1'
>>> Game.from_code(g.code()) == g
True
>>> Game.from_code("palace play turn=0 dir=2 seat=Ann:3C:: seat=Ben:9C:: pile= stock= cleared=")
Traceback (most recent call last):
...
palace_tui.rules.validate.InvalidPosition: bad position code: dir must be 1 or -1, not '2'
"""

from __future__ import annotations

from typing import Any, Self
from urllib.parse import unquote

from palace_tui.rules.cards import parse_cards
from palace_tui.rules.options import PRESETS, Rules
from palace_tui.rules.saving import SAVE_FORMAT, SAVE_VERSION
from palace_tui.rules.state import GameState
from palace_tui.rules.validate import InvalidPosition

_ESCAPED = "%:="


def _quote(name: str) -> str:
    return "".join(f"%{ord(ch):02X}" if ch in _ESCAPED or ch.isspace() else ch for ch in name)


def _cards(text: str) -> str:
    return ",".join(text.split())


def _value(v: Any) -> str:
    return ("true" if v else "false") if isinstance(v, bool) else str(v)


def _best_rules_code(rules: Rules) -> str:
    codes = []
    for name, base in ({name: Rules.preset(name) for name in PRESETS} | {"default": Rules()}).items():
        changes = [f"+{k}={_value(v)}" for k, v in rules.as_dict().items() if getattr(base, k) != v]
        codes.append((len(changes), name + "".join(changes)))
    return min(codes, key=lambda c: c[0])[1]  # min keeps the first of equals: presets before default


def _parse_rules(text: str) -> Rules:
    base, *changes = text.split("+")
    if base == "default":
        rules = Rules()
    elif base in PRESETS:
        rules = Rules.preset(base)
    else:
        raise InvalidPosition(
            f"bad position code: its rules start with {base!r}, not a preset name ({', '.join(PRESETS)}) or default"
        )
    try:
        return rules.with_text_options(changes)
    except ValueError as exc:
        raise InvalidPosition(f"bad position code: {exc}") from None


def _int(key: str, text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InvalidPosition(f"bad position code: {key} must be a whole number, not {text!r}") from None


def _seats_list(key: str, text: str) -> list[int]:
    return [_int(key, part) for part in text.split(",")] if text else []


def position_code(data: dict[str, Any]) -> str:
    """The code of a game given as :meth:`Game.to_dict` writes it."""
    parts = [
        _best_rules_code(Rules(**data["rules"])),
        str(data["phase"]),
        f"turn={data['turn']}",
        f"dir={data['direction']}",
    ]
    for s in data["seats"]:
        zones = ":".join(_cards(s[z]) for z in ("hand", "face_up", "face_down"))
        parts.append(f"seat={_quote(s['name'])}:{zones}")
    parts += [f"{z}={_cards(data[z])}" for z in ("pile", "stock", "cleared")]
    for key, name in (("dealer", "dealer"), ("seed", "seed"), ("pile_owner", "owner")):
        if data[key] is not None:
            parts.append(f"{name}={data[key]}")
    for key in ("moves", "pickups"):
        if data[key]:
            parts.append(f"{key}={data[key]}")
    if data["order"]:
        parts.append("out=" + ",".join(map(str, data["order"])))
    if not all(data["setup_done"]):
        parts.append("ready=" + ",".join(str(i) for i, done in enumerate(data["setup_done"]) if done))
    parts += [flag for flag, key in (("abandoned", "abandoned"), ("full", "full_deck")) if data[key]]
    return " ".join(parts)


def position_data(code: str) -> dict[str, Any]:
    """A :meth:`Game.to_dict` dict read from a position code (checked by :meth:`Game.from_dict`)."""
    if not isinstance(code, str):
        raise InvalidPosition(f"bad position code: it must be text, not {type(code).__name__}")
    tokens = code.split()
    if len(tokens) < 2:
        raise InvalidPosition(
            "bad position code: it must start with the rules and the phase, like 'palace play turn=0 ...'"
        )
    rules = _parse_rules(tokens[0])
    seats: list[dict[str, Any]] = []
    fields: dict[str, str] = {}
    flags: set[str] = set()
    for token in tokens[2:]:
        key, eq, value = token.partition("=")
        if not eq:
            if token not in ("abandoned", "full"):
                raise InvalidPosition(
                    f"bad position code: {token!r} is neither a field (name=value) nor abandoned or full"
                )
            flags.add(token)
        elif key == "seat":
            zones = value.split(":")
            if len(zones) != 4:
                raise InvalidPosition(
                    f"bad position code: seat {len(seats)} is {value!r}, not NAME:HAND:FACE_UP:FACE_DOWN"
                )
            try:
                cards = [" ".join(c.code for c in parse_cards(z)) for z in zones[1:]]
            except ValueError as exc:
                raise InvalidPosition(f"bad position code: seat {len(seats)}: {exc}") from None
            seats.append(
                {"name": unquote(zones[0]), "hand": cards[0], "face_up": cards[1], "face_down": cards[2], "place": None}
            )
        elif key not in _FIELDS:
            raise InvalidPosition(f"bad position code: no field {key!r} (the fields are seat, {', '.join(_FIELDS)})")
        elif key in fields:
            raise InvalidPosition(f"bad position code: {key} is given twice")
        else:
            fields[key] = value
    missing = [k for k in ("turn", "dir", "pile", "stock", "cleared") if k not in fields]
    if missing or not seats:
        raise InvalidPosition(f"bad position code: it has no {', '.join(missing or ['seat'])}")
    if fields["dir"] not in ("1", "-1"):
        raise InvalidPosition(f"bad position code: dir must be 1 or -1, not {fields['dir']!r}")
    order = _seats_list("out", fields.get("out", ""))
    for i in order:
        if 0 <= i < len(seats):
            seats[i]["place"] = order.index(i) + 1
    ready = _seats_list("ready", fields["ready"]) if "ready" in fields else range(len(seats))
    try:
        piles = {z: " ".join(c.code for c in parse_cards(fields[z])) for z in ("pile", "stock", "cleared")}
    except ValueError as exc:
        raise InvalidPosition(f"bad position code: {exc}") from None
    optional = {k: _int(k, fields[k]) if k in fields else None for k in ("dealer", "seed", "owner")}
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "rules": rules.as_dict(),
        "phase": tokens[1],
        "turn": _int("turn", fields["turn"]),
        "direction": int(fields["dir"]),
        "dealer": optional["dealer"],
        "seed": optional["seed"],
        "moves": _int("moves", fields.get("moves", "0")),
        "pickups": _int("pickups", fields.get("pickups", "0")),
        "seats": seats,
        **piles,
        "pile_owner": optional["owner"],
        "order": order,
        "setup_done": [i in ready for i in range(len(seats))],
        "abandoned": "abandoned" in flags,
        "full_deck": "full" in flags,
    }


_FIELDS = ("turn", "dir", "pile", "stock", "cleared", "dealer", "seed", "moves", "pickups", "owner", "out", "ready")


class PositionCode(GameState):
    """:meth:`code` and :meth:`from_code`. A mixin of :class:`~palace_tui.rules.game.Game`."""

    __slots__ = ()

    def code(self) -> str:
        """The position on one line; :meth:`from_code` reads it back to an equal game."""
        return position_code(self.to_dict())

    @classmethod
    def from_code(cls, code: str) -> Self:
        """Read a position code; a code no game could reach raises
        :class:`~palace_tui.rules.validate.InvalidPosition` (a ValueError) saying what."""
        data = position_data(code)
        try:
            return cls.from_dict(data)
        except InvalidPosition as exc:
            raise InvalidPosition(
                f"bad position code: {str(exc).removeprefix('the saved game is damaged: ')}"
            ) from None


__all__ = ["PositionCode", "position_code", "position_data"]
