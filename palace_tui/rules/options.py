"""The rule set: every option of RULES.md, the presets, and checks on combinations.

>>> rules = Rules.preset("palace")
>>> rules.finish, rules.scoring
('last-loses', 'podium')
>>> rules.replace(seven="low").seven
'low'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

#: Every option with its allowed values, the default first.
OPTIONS: dict[str, tuple[Any, ...]] = {
    "packs": (1, 2, 3),
    "jokers": (False, True),
    "face_down": (3, 4, 5),
    "face_up": (3, 4, 5),
    "hand_size": (3, 1, 2, 4, 5),
    "deal": ("swap", "choose"),
    "starter": ("lowest", "dealer-left"),
    "ten": ("anything", "not-on-picture"),
    "seven": ("normal", "low"),
    "eight": ("normal", "reverse", "invisible"),
    "stuck_face_up": ("add-one", "keep-row"),
    "after_pickup": ("next", "builder"),
    "finish": ("last-loses", "first-out"),
    "scoring": ("podium", "losses", "wins"),
    "next_dealer": ("clockwise", "loser"),
}

#: Named sets of option values; everything not named keeps its default.
PRESETS: dict[str, dict[str, Any]] = {
    "palace": {
        "deal": "swap",
        "starter": "lowest",
        "finish": "last-loses",
        "scoring": "podium",
        "next_dealer": "loser",
    },
    "shithead": {
        "deal": "swap",
        "starter": "lowest",
        "finish": "last-loses",
        "scoring": "losses",
        "next_dealer": "clockwise",
    },
    "first-out": {
        "deal": "choose",
        "starter": "dealer-left",
        "finish": "first-out",
        "scoring": "wins",
        "next_dealer": "clockwise",
    },
}


@dataclass(frozen=True)
class Rules:
    """One complete set of option values. Build it with :meth:`preset` and :meth:`replace`."""

    packs: int = 1
    jokers: bool = False
    face_down: int = 3
    face_up: int = 3
    hand_size: int = 3
    deal: str = "swap"
    starter: str = "lowest"
    ten: str = "anything"
    seven: str = "normal"
    eight: str = "normal"
    stuck_face_up: str = "add-one"
    after_pickup: str = "next"
    finish: str = "last-loses"
    scoring: str = "podium"
    next_dealer: str = "clockwise"

    def __post_init__(self) -> None:
        for name, allowed in OPTIONS.items():
            value = getattr(self, name)
            # bool is an int subclass: keep True out of counts and 1 out of jokers.
            if not any(value == a and type(value) is type(a) for a in allowed):
                shown = ", ".join(_show(a) for a in allowed)
                raise ValueError(f"{_show(value)} is not a value of option {name!r}: choose one of {shown}")
        if self.finish == "first-out":
            if self.scoring in ("podium", "losses"):
                raise ValueError(
                    f"scoring {self.scoring!r} needs a loser, but finish 'first-out' stops at the "
                    "first player out: use scoring 'wins' or finish 'last-loses'"
                )
            if self.next_dealer == "loser":
                raise ValueError(
                    "next_dealer 'loser' needs a loser, but finish 'first-out' stops at the first "
                    "player out: use next_dealer 'clockwise' or finish 'last-loses'"
                )

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The named preset: ``palace``, ``shithead`` or ``first-out``."""
        if not isinstance(name, str) or name not in PRESETS:
            raise ValueError(f"no preset {name!r}: choose one of {', '.join(PRESETS)}")
        return cls(**PRESETS[name])

    def replace(self, **changes: Any) -> Rules:
        """A new Rules with some options changed; unknown names raise ValueError."""
        for name in changes:
            if name not in OPTIONS:
                raise ValueError(f"no option {name!r}: the options are {', '.join(OPTIONS)}")
        return dataclasses.replace(self, **changes)

    def with_text_options(self, pairs: list[str] | dict[str, str]) -> Rules:
        """Apply options written as text, ``["seven=low", "jokers=true"]`` (for command lines)."""
        if isinstance(pairs, str) or not isinstance(pairs, (list, tuple, dict)):
            raise ValueError(f"options are a list of name=value texts, like ['seven=low'], not {pairs!r}")
        items = pairs.items() if isinstance(pairs, dict) else [_split(p) for p in pairs]
        return self.replace(**{name: parse_value(name, value) for name, value in items})

    def as_dict(self) -> dict[str, Any]:
        """Option name to value, in the order of :data:`OPTIONS`."""
        return {name: getattr(self, name) for name in OPTIONS}

    def preset_name(self) -> str | None:
        """The preset these options equal exactly, if any."""
        for name in PRESETS:
            if Rules.preset(name) == self:
                return name
        return None

    def differences(self, other: Rules) -> dict[str, tuple[Any, Any]]:
        """Options whose values differ: name to (mine, theirs)."""
        return {n: (getattr(self, n), getattr(other, n)) for n in OPTIONS if getattr(self, n) != getattr(other, n)}

    # Named predicates: the engine asks these instead of comparing option strings.

    @property
    def swap_deal(self) -> bool:
        """deal=swap: hand and face-up cards are traded before play (else chosen)."""
        return self.deal == "swap"

    @property
    def dealer_left_leads(self) -> bool:
        """starter=dealer-left (else the lowest card leads)."""
        return self.starter == "dealer-left"

    @property
    def sevens_low(self) -> bool:
        """seven=low: after a seven the next ordinary play must be 7 or lower."""
        return self.seven == "low"

    @property
    def eights_reverse(self) -> bool:
        """eight=reverse: an 8 goes on anything and reverses the direction of play."""
        return self.eight == "reverse"

    @property
    def eights_invisible(self) -> bool:
        """eight=invisible: an 8 goes on anything and the next card answers the card under it."""
        return self.eight == "invisible"

    @property
    def eights_powered(self) -> bool:
        """eight=reverse or invisible: an 8 goes on anything (else it is an ordinary card)."""
        return self.eight != "normal"

    @property
    def tens_on_anything(self) -> bool:
        """ten=anything (else never on a picture card)."""
        return self.ten == "anything"

    @property
    def adds_face_up(self) -> bool:
        """stuck_face_up=add-one: a seat stuck on face-up cards adds one before taking."""
        return self.stuck_face_up == "add-one"

    @property
    def builder_leads(self) -> bool:
        """after_pickup=builder: whoever played the top card leads after a pickup."""
        return self.after_pickup == "builder"

    @property
    def has_loser(self) -> bool:
        """finish=last-loses: play goes on until one seat is left (else first out wins)."""
        return self.finish == "last-loses"

    @property
    def scores_podium(self) -> bool:
        """scoring=podium: 3, 2 and 1 points to the first three out."""
        return self.scoring == "podium"

    @property
    def scores_losses(self) -> bool:
        """scoring=losses: one loss to the last with cards."""
        return self.scoring == "losses"

    @property
    def scores_wins(self) -> bool:
        """scoring=wins: one win to the first out."""
        return self.scoring == "wins"

    @property
    def loser_deals(self) -> bool:
        """next_dealer=loser (else the deal passes clockwise)."""
        return self.next_dealer == "loser"

    @property
    def cards_in_play(self) -> int:
        return self.packs * (54 if self.jokers else 52)

    @property
    def cards_per_seat(self) -> int:
        return self.face_down + self.face_up + self.hand_size

    @property
    def max_players(self) -> int:
        """How many can play: every seat needs face_down + face_up + hand_size cards."""
        return self.cards_in_play // self.cards_per_seat


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, str) else str(value)


def _split(pair: str) -> tuple[str, str]:
    if not isinstance(pair, str) or "=" not in pair:
        raise ValueError(f"{pair!r} is not an option setting: write name=value, like seven=low")
    name, value = pair.split("=", 1)
    return name.strip().replace("-", "_"), value.strip()


def parse_value(name: str, text: Any) -> Any:
    """Turn the text of an option value into its typed value (ints, bools, strings)."""
    if name not in OPTIONS:
        raise ValueError(f"no option {name!r}: the options are {', '.join(OPTIONS)}")
    if not isinstance(text, str):
        return text
    sample = OPTIONS[name][0]
    t = text.strip().lower()
    if isinstance(sample, bool):
        if t in ("true", "yes", "on", "1"):
            return True
        if t in ("false", "no", "off", "0"):
            return False
        raise ValueError(f"{text!r} is not a value of option {name!r}: choose true or false")
    if isinstance(sample, int):
        try:
            return int(t)
        except ValueError:
            shown = ", ".join(str(a) for a in OPTIONS[name])
            raise ValueError(f"{text!r} is not a value of option {name!r}: choose one of {shown}") from None
    return t
