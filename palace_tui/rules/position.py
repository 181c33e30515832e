"""Positions: a game set up by hand (:func:`from_position`), and the position code, a
whole game on one line like chess's FEN that reads back (:func:`code`, :func:`from_code`).
:meth:`Game.from_position`, :meth:`Game.code` and :meth:`Game.from_code` are these
functions, by the names of the engine's API.

The code's space-separated fields, in this order::

    RULES PHASE turn=T dir=D seat=NAME:HAND:FACE_UP:FACE_DOWN ... pile=P stock=S cleared=C [extras]

``RULES`` is a preset name, or the closest one (``default``: every option at its
default) with ``+name=value`` changes. Cards are in :meth:`Card.parse` notation,
comma-separated, each zone bottom or first card first (a hand in playing order).
The extras appear only when they differ from a fresh position: ``dealer=``,
``seed=``, ``moves=``, ``pickups=``, ``owner=`` (who played the pile's top card),
``out=`` (seats in the order they went out), ``drawn=`` (play_drawn's offer: rank, count,
players still to skip), ``ready=`` (the seats done setting up,
while some are not), ``abandoned`` and ``full`` (dealt from a whole deck). Seats
are numbered from 0; in a name, ``%``, ``:``, ``=`` and spaces are written
``%25``, ``%3A``, ``%3D``, ``%20``.

An insider (ruff SLF001 allows it, pyproject.toml says why): building a position, it writes
every slot of a new game (the hands, the pile through ``_set_pile``, ``_owner``, ``_order``,
``_setup_done``, ``_pending``, ``_events``); it changes no game it was given.

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

from collections.abc import Iterable, Sequence
from typing import Any
from urllib.parse import unquote

from palace_tui.rules.cards import JOKER, Card, parse_cards
from palace_tui.rules.game import Game
from palace_tui.rules.kinds import Phase
from palace_tui.rules.options import PRESETS, Rules
from palace_tui.rules.saving import SAVE_FORMAT, SAVE_VERSION, from_dict, to_dict
from palace_tui.rules.turn import begin_turn, finish, next_active, should_end
from palace_tui.rules.validate import InvalidPosition, check_cards, check_game, check_pile, check_position_args

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
    """The code of a game given as :func:`~palace_tui.rules.saving.to_dict` writes it."""
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
    if data.get("drawn"):
        parts.append("drawn=" + ",".join(map(str, data["drawn"])))
    if not all(data["setup_done"]):
        parts.append("ready=" + ",".join(str(i) for i, done in enumerate(data["setup_done"]) if done))
    parts += [flag for flag, key in (("abandoned", "abandoned"), ("full", "full_deck")) if data[key]]
    return " ".join(parts)


def position_data(code: str) -> dict[str, Any]:
    """A :func:`~palace_tui.rules.saving.to_dict` dict read from a position code (checked by ``from_dict``)."""
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
        "rules": rules.saved_dict(),
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
        **({"drawn": _seats_list("drawn", fields["drawn"])} if "drawn" in fields else {}),
        "full_deck": "full" in flags,
    }


_FIELDS = (
    *("turn", "dir", "pile", "stock", "cleared"),
    *("dealer", "seed", "moves", "pickups", "owner", "out", "ready", "drawn"),
)


def from_position(
    rules: Rules,
    seats: Sequence[dict[str, Any]],
    pile: str | Iterable[Card | str] = "",
    stock: str | Iterable[Card | str] = "",
    cleared: str | Iterable[Card | str] = "",
    turn: int = 0,
    dealer: int | None = None,
    direction: int = 1,
    pile_owner: int | None = None,
) -> Game:
    """A position in the play phase. Pile and stock are listed bottom first.

    Each seat is a dict with ``name`` and any of ``hand``, ``face_up``,
    ``face_down`` (card strings) and ``place`` (already out in that place).
    A seat with no cards at all counts as out. ``pile_owner`` is who played the
    top card of the pile (for after_pickup=builder); by default the seat before
    ``turn``.
    """
    check_position_args(seats, turn, dealer, direction, pile_owner)
    game = Game(rules, [s.get("name", f"Seat {i + 1}") for i, s in enumerate(seats)])
    for seat, spec in zip(game.seats, seats):
        unknown = set(spec) - {"name", "hand", "face_up", "face_down", "place"}
        if unknown:
            raise ValueError(f"unknown seat fields: {', '.join(sorted(unknown))}")
        seat._add(parse_cards(spec.get("hand", "")))
        seat.face_up = parse_cards(spec.get("face_up", ""))
        seat.face_down = parse_cards(spec.get("face_down", ""))
    placed = sorted((s["place"], i) for i, s in enumerate(seats) if s.get("place"))
    game._order = [i for _, i in placed]
    game._order += [i for i, s in enumerate(game.seats) if not s.has_cards() and i not in game._order]
    for k, i in enumerate(game._order):
        game.seats[i].place = k + 1
    game.stock = parse_cards(stock)
    game.cleared = parse_cards(cleared)
    game._setup_done = [True] * len(game.seats)
    if direction not in (1, -1):
        raise ValueError("direction must be 1 (clockwise) or -1")
    game.direction = direction
    game.dealer = dealer
    game.phase = Phase.PLAY
    game._set_pile(parse_cards(pile))
    check_pile(game, InvalidPosition)
    if not 0 <= turn < len(game.seats) or game.seats[turn].out:
        raise ValueError(f"turn must be a seat still in play, not {turn}")
    game.turn = turn
    if game.pile:
        game._owner = pile_owner if pile_owner is not None else next_active(game, turn, -game.direction)
    if not rules.jokers and any(c.rank == JOKER for c in game.all_cards()):
        raise ValueError("a joker is in the position but the rules have jokers=false")
    check_cards(game, full_deck=False, refuse=InvalidPosition)
    begin_turn(game)
    game._events = []  # the events of building the position are not the game's
    if should_end(game):
        finish(game)
    check_game(game, refuse=InvalidPosition)
    return game


def code(game: Game) -> str:
    """The position on one line; :func:`from_code` reads it back to an equal game."""
    return position_code(to_dict(game))


def from_code(text: str) -> Game:
    """Read a position code; a code no game could reach raises
    :class:`~palace_tui.rules.validate.InvalidPosition` (a ValueError) saying what."""
    data = position_data(text)
    try:
        return from_dict(data)
    except InvalidPosition as exc:
        raise InvalidPosition(f"bad position code: {str(exc).removeprefix('the saved game is damaged: ')}") from None


__all__ = ["code", "from_code", "from_position", "position_code", "position_data"]
