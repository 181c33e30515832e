"""Checks that a position handed to the engine is one a game could reach.

The loaders (:func:`~palace_tui.rules.saving.from_dict`, :meth:`Game.from_json`,
:meth:`Game.from_code`, :meth:`Game.from_position`) call these before a position is played, so a save
edited by hand or damaged on disk is refused with :class:`InvalidPosition` (a
``ValueError``) saying what is wrong, instead of playing on with a duplicated
card, a seat that is out but still plays, or a direction of 0.

>>> from palace_tui.rules import Game, Rules
>>> from palace_tui.rules.saving import from_dict, to_dict
>>> data = to_dict(Game.deal(Rules.preset("palace"), ["Ann", "Ben"], seed=1))
>>> data["direction"] = 0
>>> from_dict(data)
Traceback (most recent call last):
...
palace_tui.rules.validate.InvalidPosition: the saved game is damaged: its direction 0 is not 1 or -1
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeGuard

from palace_tui.rules.cards import JOKER, TEN, make_deck, rank_name
from palace_tui.rules.options import OPTIONS
from palace_tui.rules.powers import Power
from palace_tui.rules.text import number_word, top_run
from palace_tui.rules.turn import should_end

if TYPE_CHECKING:
    from palace_tui.rules.game import Game
    from palace_tui.rules.options import Rules

#: Counters in a save above this are not from a real game (and would slow every check).
MAX_COUNT = 10**9
PHASES = ("setup", "play", "over")


class InvalidPosition(ValueError):
    """A position or save the engine refuses; the message says what is wrong with it."""


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _refuse(what: str) -> InvalidPosition:
    return InvalidPosition(f"the saved game is damaged: {what}")


#: How a check makes the error it raises: :class:`InvalidPosition` itself, or :func:`_refuse`.
Refuse = Callable[[str], InvalidPosition]


def check_combination(rules: Rules) -> None:
    """Raise ValueError, in one sentence that says why, for house rules that mean nothing together."""
    if rules.burn > 4 * rules.packs:
        packs = f"{rules.packs} pack{'s hold' if rules.packs > 1 else ' holds'}"
        raise ValueError(
            f"burn={rules.burn} needs {rules.burn} of one rank on the pile, but {packs} only "
            f"{4 * rules.packs} of each: burn at most {4 * rules.packs} or add packs"
        )
    if rules.skips_each and not rules.ranks_with(Power.SKIP):
        raise ValueError("skips=each says how many players skip cards skip, but no rank skips: give a rank skip")
    if rules.low_binds_ten:
        if not rules.ranks_with(Power.LOW):
            raise ValueError("low_binds_ten makes a ten obey a low card, but no rank is low: give a rank low")
        if not rules.power(10).clears:
            raise ValueError(
                f"low_binds_ten makes a clearing ten obey a low card, but the ten is {rules.ten}: "
                "let it clear (ten=anything or not-on-picture)"
            )


def check_save(data: Any, version: int) -> None:
    """Raise InvalidPosition unless ``data`` has the shape :func:`~palace_tui.rules.saving.to_dict` writes.

    Only types and ranges are checked here; :func:`check_game` checks the position.
    """
    if not isinstance(data, dict):
        raise InvalidPosition("this is not a palace-tui game (not a JSON object)")
    found = data.get("version")
    if not _is_int(found) or found < 1:
        raise _refuse("it has no valid format version")
    if found > version:
        raise InvalidPosition(
            f"this game was saved by a newer palace-tui (format version {found}); this one reads version {version}"
        )
    rules = data.get("rules")
    if not isinstance(rules, dict):
        raise _refuse("its rules are missing")
    for name, allowed in OPTIONS.items():
        if name in rules and type(rules[name]) is not type(allowed[0]):
            raise _refuse(f"its rule {name!r} is {rules[name]!r}, not one of {', '.join(map(str, allowed))}")
    seats = data.get("seats")
    if not isinstance(seats, list) or not 2 <= len(seats) <= 64:
        raise _refuse("its seats are missing or not a list of 2 or more")
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or not isinstance(seat.get("name"), str):
            raise _refuse(f"seat {i + 1} has no name")
        for zone in ("hand", "face_up", "face_down"):
            if not isinstance(seat.get(zone), str):
                raise _refuse(f"seat {i + 1}'s {zone.replace('_', '-')} cards are missing")
        place = seat.get("place")
        if place is not None and not (_is_int(place) and 1 <= place <= len(seats)):
            raise _refuse(f"seat {i + 1}'s place {place!r} is impossible")
    for zone in ("pile", "stock", "cleared"):
        if not isinstance(data.get(zone), str):
            raise _refuse(f"its {zone} is missing")
    if data.get("phase") not in PHASES:
        raise _refuse(f"its phase {data.get('phase')!r} is not one of {', '.join(PHASES)}")
    n = len(seats)
    for key, optional in (("turn", False), ("dealer", True), ("pile_owner", True)):
        value = data.get(key)
        if value is None and optional:
            continue
        if not (_is_int(value) and 0 <= value < n):
            raise _refuse(f"its {key.replace('_', ' ')} {value!r} is not a seat from 0 to {n - 1}")
    if data.get("direction") not in (1, -1) or not _is_int(data.get("direction")):
        raise _refuse(f"its direction {data.get('direction')!r} is not 1 or -1")
    if data.get("seed") is not None and not _is_int(data.get("seed")):
        raise _refuse(f"its seed {data.get('seed')!r} is not a whole number")
    for key in ("moves", "pickups"):
        value = data.get(key, 0)
        if not (_is_int(value) and 0 <= value <= MAX_COUNT):
            raise _refuse(f"its count of {key} {value!r} is impossible")
    order = data.get("order", [])
    if (
        not isinstance(order, list)
        or not all(_is_int(s) and 0 <= s < n for s in order)
        or len(set(order)) != len(order)
    ):
        raise _refuse("its order of seats going out is not a list of different seats")
    done = data.get("setup_done", [True] * n)
    if not isinstance(done, list) or len(done) != n or not all(isinstance(d, bool) for d in done):
        raise _refuse(f"its setup_done is not {n} true/false values")
    for key in ("abandoned", "full_deck"):
        if not isinstance(data.get(key, False), bool):
            raise _refuse(f"its {key} {data.get(key)!r} is not true or false")


def check_cards(game: Game, full_deck: bool, refuse: Refuse = _refuse) -> None:
    """With ``full_deck`` the cards are exactly the deck (none missing, none twice); otherwise no card
    appears more often than the packs hold, and no joker unless the rules have jokers."""
    rules = game.rules
    have = Counter(c.code for c in game.all_cards())
    if full_deck:
        want = Counter(c.code for c in make_deck(rules.packs, rules.jokers))
        if have != want:
            missing = sorted((want - have).elements())
            extra = sorted((have - want).elements())
            parts = []
            if missing:
                parts.append(f"{', '.join(missing[:5])} {'is' if len(missing) == 1 else 'are'} missing")
            if extra:
                parts.append(f"{', '.join(extra[:5])} {'is' if len(extra) == 1 else 'are'} one too many")
            raise refuse(f"its cards do not make up the deck ({' and '.join(parts)})")
        return
    # A position set by hand (a lesson, a test, a puzzle) need not be a whole deck, but it
    # can't hold a card more often than the packs do: one 7H per pack, two jokers per pack.
    if have.get("JK") and not rules.jokers:
        raise refuse("a joker is in the position but the rules have jokers=false")
    check_no_extra_cards(game, refuse=refuse)


def check_no_extra_cards(game: Game, refuse: Refuse = _refuse) -> None:
    """No card appears more often than the packs in play hold (for positions that are not a whole deck)."""
    have = Counter(c.code for c in game.all_cards())
    packs = game.rules.packs
    for code, count in sorted(have.items()):
        most = packs * (2 if code == "JK" else 1)
        if count > most:
            raise refuse(
                f"{code} is there {count} times but {packs} pack{'s hold' if packs > 1 else ' holds'} "
                f"{'only one' if most == 1 else f'at most {most}'}"
            )


def check_game(game: Game, refuse: Refuse = _refuse) -> None:
    """Raise InvalidPosition unless ``game`` is a position play could reach (cards aside).

    It checks the seats' places against the order out, who is to act, the pile's
    top, the setup flags and that a game that should have ended has.
    """
    n = len(game.seats)
    if not 0 <= game.turn < n:
        raise refuse(f"its turn {game.turn} is not a seat from 0 to {n - 1}")
    if game.direction not in (1, -1):
        raise refuse(f"its direction {game.direction!r} is not 1 or -1")
    order = game.order_out
    for i, seat in enumerate(game.seats):
        want = order.index(i) + 1 if i in order else None
        if seat.place != want:
            raise refuse(f"seat {i + 1} ({seat.name}) has place {seat.place} but the order out says {want}")
    phase = game.phase
    if phase == "over" and game.abandoned:
        return  # abandoned at any moment, setup included
    if phase == "setup":
        if order or game.pile or game.cleared:
            raise refuse("it is still being set up but cards were already played")
        if game.setup_done(game.turn):
            raise refuse(f"seat {game.turn + 1} is to set up but is already ready")
        return
    if not all(game.setup_done(i) for i in range(n)):
        raise refuse("play has started before every seat was ready")
    if phase == "over":
        if not order:
            raise refuse("it is over but nobody went out")
        if game.rules.has_loser and len(order) != n:
            raise refuse("it is over but not every seat has a place")
        winners = order[:-1] if game.rules.has_loser else order[:1]
        for i in winners:
            if game.seats[i].has_cards():
                raise refuse(f"seat {i + 1} ({game.seats[i].name}) went out but still holds cards")
        return
    if game.abandoned:
        raise refuse("it was abandoned but play goes on")
    for i in order:
        if game.seats[i].has_cards():
            raise refuse(f"seat {i + 1} ({game.seats[i].name}) went out but still holds cards")
    if game.seats[game.turn].place is not None:
        raise refuse(f"seat {game.turn + 1} ({game.seats[game.turn].name}) is to play but is already out")
    if should_end(game):
        raise refuse("every seat but one is out but the game goes on")
    check_pile(game, refuse)
    owner = game.pile_owner
    if owner is not None and not 0 <= owner < n:
        raise refuse(f"its pile owner {owner} is not a seat")
    seat = game.seats[game.turn]
    if not (seat.hand_count or seat.face_up or seat.face_down):
        raise refuse(f"seat {game.turn + 1} ({seat.name}) is to play but holds no cards")


def check_pile(game: Game, refuse: Refuse = _refuse) -> None:
    """A pile holds no clearing card and does not end with a burn (N of a kind)."""
    rules = game.rules
    for c in game.pile:
        if c.rank != JOKER and rules.power(c.rank).clears:
            what = "a ten" if c.rank == TEN else rank_name(c.rank, True)
            raise refuse(f"{what} clears the pile, so a pile can't hold one")
    run_rank, run_len = top_run(game.pile)
    if run_len >= rules.burn and run_rank != JOKER:
        many = number_word(rules.burn)
        raise refuse(f"{many} of a kind on top clears the pile, so a pile can't end with one")
    pending = game.drawn_offer()
    if pending is not None:
        rank, count = pending
        if game.phase != "play" or game.seats[game.turn].count_in_hand(rank) < count or count < 1:
            raise refuse("it offers a drawn card to play that the player does not hold")


def check_position_args(seats: Any, turn: Any, dealer: Any, direction: Any, pile_owner: Any) -> None:
    """Raise InvalidPosition unless :meth:`Game.from_position`'s arguments have the right types."""
    if isinstance(seats, (str, bytes)) or not hasattr(seats, "__len__") or not all(isinstance(s, dict) for s in seats):
        raise InvalidPosition("seats must be a list of dicts, one per seat")
    n = len(seats)
    for i, spec in enumerate(seats):
        place = spec.get("place")
        if place is not None and not (_is_int(place) and 1 <= place <= n):
            raise InvalidPosition(f"seat {i + 1}'s place {place!r} is not from 1 to {n}")
    if not _is_int(turn):
        raise InvalidPosition(f"turn must be a seat number, not {turn!r}")
    for key, value in (("dealer", dealer), ("pile_owner", pile_owner)):
        if value is not None and not (_is_int(value) and 0 <= value < n):
            raise InvalidPosition(f"{key} must be a seat from 0 to {n - 1}, not {value!r}")
    if not _is_int(direction) or direction not in (1, -1):
        raise InvalidPosition("direction must be 1 (clockwise) or -1")
