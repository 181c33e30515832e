"""Saves: the whole game as plain data or JSON, and back, checked on the way in.
A mixin of :class:`~palace_tui.rules.game.Game`."""

from __future__ import annotations

import json
from typing import Any, Self

from palace_tui.rules.cards import cards_code, parse_cards
from palace_tui.rules.kinds import Phase
from palace_tui.rules.options import OPTIONS, Rules
from palace_tui.rules.state import GameState
from palace_tui.rules.validate import InvalidPosition, check_cards, check_game, check_save

SAVE_FORMAT = "palace-tui-game"
SAVE_VERSION = 1


def _no_constant(text: str) -> float:
    raise ValueError(f"{text} is not a number a save can hold")


class Saving(GameState):
    """:meth:`to_dict` / :meth:`from_dict` and :meth:`to_json` / :meth:`from_json`."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """The whole state as plain data (see :meth:`to_json`)."""
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "rules": self.rules.as_dict(),
            "phase": self.phase,
            "turn": self.turn,
            "direction": self.direction,
            "dealer": self.dealer,
            "seed": self.seed,
            "moves": self.moves,
            "pickups": self.pickups,
            "seats": [
                {
                    "name": s.name,
                    "hand": cards_code(s.hand),
                    "face_up": cards_code(s.face_up),
                    "face_down": cards_code(s.face_down),
                    "place": s.place,
                }
                for s in self.seats
            ],
            "pile": cards_code(self.pile),
            "stock": cards_code(self.stock),
            "cleared": cards_code(self.cleared),
            "pile_owner": self._owner,
            "order": list(self._order),
            "setup_done": list(self._setup_done),
            "abandoned": self._abandoned,
            "full_deck": self._dealt,
        }

    def to_json(self) -> str:
        """A lossless JSON text of the game in any phase; :meth:`from_json` reads it back."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """Read :meth:`to_dict` back; anything a game could not reach raises
        :class:`~palace_tui.rules.validate.InvalidPosition` (a ValueError) saying what."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise InvalidPosition("this is not a palace-tui game")
        check_save(data, SAVE_VERSION)  # types and ranges, before anything is built from them
        try:
            rules = Rules(**{k: v for k, v in data["rules"].items() if k in OPTIONS})
            game = cls(rules, [s["name"] for s in data["seats"]])
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
        except (KeyError, TypeError, AttributeError) as exc:
            raise InvalidPosition(f"the saved game is damaged: {exc!r} is missing or wrong") from None
        except InvalidPosition:
            raise
        except ValueError as exc:  # a card that is not a card, a rule value out of range, too many players
            raise InvalidPosition(f"the saved game is damaged: {exc}") from None
        check_cards(game, full_deck=game._dealt)
        check_game(game)
        return game

    @classmethod
    def from_json(cls, text: str) -> Self:
        """Read a game written by :meth:`to_json`. Damaged text raises ValueError."""
        try:
            data = json.loads(text, parse_constant=_no_constant)
        except RecursionError:
            raise InvalidPosition("the saved game is not valid JSON (nested too deeply)") from None
        except (ValueError, TypeError) as exc:  # JSONDecodeError, a 5000-digit integer, NaN, bytes of the wrong kind
            raise InvalidPosition(f"the saved game is not valid JSON ({exc})") from None
        return cls.from_dict(data)
