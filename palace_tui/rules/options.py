"""The rule set: every option of RULES.md, the presets, and checks on combinations.

>>> rules = Rules.preset("palace")
>>> rules.finish, rules.scoring
('last-loses', 'podium')
>>> rules.replace(seven="low").seven
'low'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from palace_tui.rules.cards import JOKER
from palace_tui.rules.kinds import Kind
from palace_tui.rules.powers import RANK_OPTIONS, Power, current_value, power_of_value, rank_option_values

#: Every option with its allowed values, the default first.
OPTIONS: dict[str, tuple[Any, ...]] = {
    "packs": (1, 2, 3),
    "jokers": (False, True),
    "face_down": (3, 4, 5),
    "face_up": (3, 4, 5),
    "hand_size": (3, 1, 2, 4, 5),
    "deal": ("swap", "choose"),
    "starter": ("lowest", "dealer-left"),
    "ten": rank_option_values(10),
    "seven": rank_option_values(7),
    "eight": rank_option_values(8),
    "stuck_face_up": ("add-one", "keep-row"),
    "after_pickup": ("next", "builder"),
    "finish": ("last-loses", "first-out"),
    "scoring": ("podium", "losses", "wins"),
    "next_dealer": ("clockwise", "loser"),
    # House rules (issue 22): the other ranks' powers, then the table options.
    **{name: rank_option_values(rank) for rank, name in RANK_OPTIONS.items() if rank not in (7, 8, 10)},
    "skips": ("one", "each"),
    "low_binds_ten": (False, True),
    "must_play": (False, True),
    "play_drawn": (False, True),
    "chance": (False, True),
    "burn": (4, 3, 5, 6, 7, 8),
    "burn_in": (False, True),
}

_RANK_OPTION_NAMES = tuple(RANK_OPTIONS.values())

#: The options added with the house rules: files written before them do not name them, and a
#: game file names them only when they differ from the default (so a preset's line reads as before).
HOUSE_OPTIONS = tuple(OPTIONS)[tuple(OPTIONS).index("next_dealer") + 1 :]

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
    two: str = "reset"
    three: str = "normal"
    four: str = "normal"
    five: str = "normal"
    six: str = "normal"
    nine: str = "normal"
    jack: str = "normal"
    queen: str = "normal"
    king: str = "normal"
    ace: str = "normal"
    skips: str = "one"
    low_binds_ten: bool = False
    must_play: bool = False
    play_drawn: bool = False
    chance: bool = False
    burn: int = 4
    burn_in: bool = False

    def __post_init__(self) -> None:
        for name in _RANK_OPTION_NAMES:
            # Old saves, records and rule lines say "invisible": read it as "see-through".
            object.__setattr__(self, name, current_value(getattr(self, name)))
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
        from palace_tui.rules.validate import check_combination  # validate imports this module

        check_combination(self)

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

    @classmethod
    def from_line(cls, text: str) -> Rules:
        """Read a rules line: ``name=value`` pairs (a game file's ``rules:`` line), optionally
        after a preset's name; options it does not name keep the preset's value or the default.

        >>> Rules.from_line("palace eight=skip three=see-through").power(8)
        'skip'
        >>> Rules.from_line("palace three=invisible").three  # as older versions wrote it
        'see-through'
        """
        if not isinstance(text, str):
            raise ValueError(f"a rules line is text like 'palace seven=low', not {type(text).__name__}")
        words = text.split()
        base = cls()
        if words and "=" not in words[0]:
            base = cls.preset(words.pop(0))
        return base.with_text_options(words)

    def line(self) -> str:
        """The rules as one line of ``name=value`` pairs that :meth:`from_line` reads back: every
        option that existed before the house rules, then the house options that are not at their default."""
        return " ".join(f"{name}={_text(value)}" for name, value in self.saved_dict().items())

    def saved_dict(self) -> dict[str, Any]:
        """:meth:`as_dict` without the house options left at their default: what saves, records
        and seeds hold, so a rule set that uses no house rule is written exactly as before them."""
        return {k: v for k, v in self.as_dict().items() if k not in HOUSE_OPTIONS or v != OPTIONS[k][0]}

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

    def power(self, rank: int) -> Power:
        """What ``rank`` does beyond "equal or higher" (the joker's power is fixed)."""
        if rank == JOKER:
            return Power.JOKER
        return power_of_value(getattr(self, RANK_OPTIONS[rank]))

    def ranks_with(self, power: Power) -> tuple[int, ...]:
        """The ranks (2 to ace) that carry ``power``, lowest first."""
        return tuple(r for r in RANK_OPTIONS if self.power(r) is power)

    @property
    def tens_on_anything(self) -> bool:
        """ten=anything (else never on a picture card; either way the ten clears)."""
        return self.ten == "anything"

    @property
    def tens_not_on_pictures(self) -> bool:
        """ten=not-on-picture: a ten clears but never goes on a jack, queen, king or ace."""
        return self.ten == "not-on-picture"

    @property
    def skips_each(self) -> bool:
        """skips=each: every skip card in a play skips a player (else one per play)."""
        return self.skips == "each"

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


class Scoring(Kind):
    """A value of option ``scoring``: what a table counts, and what a player is ranked on.

    >>> Scoring("losses").total(wins=2, losses=3, points=9), Scoring.PODIUM.counts_points
    (-3, True)
    """

    WINS = "wins"  # one win to the first out
    LOSSES = "losses"  # one loss to the last with cards
    PODIUM = "podium"  # 3, 2 and 1 points to the first three out

    def total(self, wins: int, losses: int, points: int) -> int:
        """The number a player's totals are ranked on under this scoring: higher is better."""
        if self is Scoring.WINS:
            return wins
        if self is Scoring.LOSSES:
            return -losses
        return points

    @property
    def counts_points(self) -> bool:
        return self is Scoring.PODIUM

    @property
    def counts_losses(self) -> bool:
        return self is Scoring.LOSSES


def has_loser_of(options: Mapping[str, Any]) -> bool:
    """finish=last-loses, read from options as a save or a record keeps them (a dict): a record
    that does not name ``finish`` was played to the last, as the default is.

    >>> has_loser_of({"finish": "first-out"}), has_loser_of({})
    (False, True)
    """
    return bool(options.get("finish", "last-loses") != "first-out")


def _text(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


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
