"""Saves: the whole game as plain data or JSON, and back, checked on the way in.

:meth:`Game.to_json` and :meth:`Game.from_json` are these functions, by the names
of the engine's API; the rest of the package saves a game inside its own files
with :func:`to_dict` and reads it back with :func:`from_dict`.

An insider (ruff SLF001 allows it, pyproject.toml says why): a save reads every slot of a
game, and reading one back writes every slot of the new game; it changes no game it was given.

>>> from palace_tui.rules import Game, Rules
>>> g = Game.deal(Rules.preset("palace"), ["Ann", "Ben"], seed=1)
>>> from_dict(to_dict(g)) == g, to_dict(g)["format"], type(from_json(to_json(g)).phase).__name__
(True, 'palace-tui-game', 'Phase')
"""

from __future__ import annotations

import json
from typing import Any

from palace_tui.rules.cards import cards_code, parse_cards
from palace_tui.rules.game import Game
from palace_tui.rules.kinds import Phase
from palace_tui.rules.options import OPTIONS, Rules
from palace_tui.rules.validate import InvalidPosition, check_cards, check_game, check_save

SAVE_FORMAT = "palace-tui-game"
SAVE_VERSION = 1


def _no_constant(text: str) -> float:
    raise ValueError(f"{text} is not a number a save can hold")


def to_dict(game: Game) -> dict[str, Any]:
    """The whole state as plain data (see :func:`to_json`)."""
    data = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "rules": game.rules.saved_dict(),
        "phase": game.phase,
        "turn": game.turn,
        "direction": game.direction,
        "dealer": game.dealer,
        "seed": game.seed,
        "moves": game.moves,
        "pickups": game.pickups,
        "seats": [
            {
                "name": s.name,
                "hand": cards_code(s.hand),
                "face_up": cards_code(s.face_up),
                "face_down": cards_code(s.face_down),
                "place": s.place,
            }
            for s in game.seats
        ],
        "pile": cards_code(game.pile),
        "stock": cards_code(game.stock),
        "cleared": cards_code(game.cleared),
        "pile_owner": game._owner,
        "order": list(game._order),
        "setup_done": list(game._setup_done),
        "abandoned": game._abandoned,
        "full_deck": game._dealt,
    }
    if game._pending is not None:  # only then, so saves without the house rules read as before
        data["drawn"] = list(game._pending)
    return data


def to_json(game: Game) -> str:
    """A lossless JSON text of the game in any phase; :func:`from_json` reads it back."""
    return json.dumps(to_dict(game), ensure_ascii=False, separators=(",", ":"))


def from_dict(data: dict[str, Any]) -> Game:
    """Read :func:`to_dict` back; anything a game could not reach raises
    :class:`~palace_tui.rules.validate.InvalidPosition` (a ValueError) saying what."""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise InvalidPosition("this is not a palace-tui game")
    check_save(data, SAVE_VERSION)  # types and ranges, before anything is built from them
    try:
        rules = Rules(**{k: v for k, v in data["rules"].items() if k in OPTIONS})
        game = Game(rules, [s["name"] for s in data["seats"]])
        for seat, spec in zip(game.seats, data["seats"]):
            seat._add(parse_cards(spec["hand"]))
            seat.face_up = parse_cards(spec["face_up"])
            seat.face_down = parse_cards(spec["face_down"])
            seat.place = spec.get("place")
        game.stock = parse_cards(data["stock"])
        game.cleared = parse_cards(data["cleared"])
        game._set_pile(parse_cards(data["pile"]))
        game._owner = data.get("pile_owner")
        game.phase = Phase(data["phase"])  # check_save made sure it is one
        game.turn = int(data["turn"])
        game.direction = int(data["direction"])
        game.dealer = data.get("dealer")
        game.seed = data.get("seed")
        game.moves = int(data.get("moves", 0))
        game.pickups = int(data.get("pickups", 0))
        game._order = list(data.get("order", []))
        game._setup_done = list(data.get("setup_done", [True] * len(game.seats)))
        game._abandoned = bool(data.get("abandoned", False))
        game._dealt = bool(data.get("full_deck", False))
        drawn = data.get("drawn")
        if drawn is not None:
            if not (isinstance(drawn, list) and len(drawn) == 3 and all(type(x) is int for x in drawn)):
                raise InvalidPosition(f"the saved game is damaged: its drawn card offer {drawn!r} is not 3 numbers")
            rank, count, skips = drawn
            if not (2 <= rank <= 14 and 0 <= skips <= 64):
                raise InvalidPosition(f"the saved game is damaged: its drawn card offer {drawn!r} is impossible")
            game._pending = (rank, count, skips)
    except (KeyError, TypeError, AttributeError) as exc:
        raise InvalidPosition(f"the saved game is damaged: {exc!r} is missing or wrong") from None
    except InvalidPosition:
        raise
    except ValueError as exc:  # a card that is not a card, a rule value out of range, too many players
        raise InvalidPosition(f"the saved game is damaged: {exc}") from None
    check_cards(game, full_deck=game._dealt)
    check_game(game)
    return game


def from_json(text: str) -> Game:
    """Read a game written by :func:`to_json`. Damaged text raises ValueError."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise InvalidPosition("the saved game is not valid JSON (nested too deeply)") from None
    except (ValueError, TypeError) as exc:  # JSONDecodeError, a 5000-digit integer, NaN, bytes of the wrong kind
        raise InvalidPosition(f"the saved game is not valid JSON ({exc})") from None
    return from_dict(data)


__all__ = ["SAVE_FORMAT", "SAVE_VERSION", "from_dict", "from_json", "to_dict", "to_json"]
