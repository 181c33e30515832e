"""The coach: the move ``hard`` would make for a seat, and one plain sentence why (the
sentence's words are :mod:`palace_tui.words.coach`'s; which reason fits is decided here).

>>> from palace_tui.rules import Game, Rules
>>> game = Game.from_position(Rules.preset("palace"), seats=[
...     {"name": "Ann", "hand": "4C 9D 10H", "face_up": "KS", "face_down": "3D"},
...     {"name": "Ben", "hand": "5S 6S 7S", "face_up": "QH", "face_down": "8D"}],
...     pile="5H 6D", stock="2C 3S 4H 7C")
>>> advice = advise(game, 0)
>>> str(advice.move)
'take the pile'
>>> advice.reason.split(";")[0]
"Take the pile's two cards and keep your 9♦ for later"
>>> advise(game, 0) == advice  # the same position, the same advice
True

The sentence is built only from what that seat may see (its own cards, the face-up
rows, the pile and the public counts) and from the search, which itself never sees
hidden cards: the advice is the same however the unseen cards lie.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from palace_tui.ai.hard import HardPlayer
from palace_tui.ai.policy import Choice, choice_to_move, danger, next_seat, normal_choice, setup_move, strength
from palace_tui.rules import Event, Game, Move
from palace_tui.rules.cards import JOKER
from palace_tui.rules.text import top_run
from palace_tui.words import coach as coach_words
from palace_tui.words.powers import PlayReason, power_words


@dataclass(frozen=True)
class Advice:
    """A suggested move and a one-sentence reason that names only visible cards."""

    move: Move
    reason: str


def advise(
    game: Game,
    seat: int,
    *,
    work: int | None = None,
    iterations: int | None = None,
    budget_s: float | None = None,
    events: Sequence[Event] | None = None,
) -> Advice:
    """What ``hard`` would do for ``seat`` (which must be the seat to act), and why.

    By default the search is hard's own (:data:`~palace_tui.ai.hard.DEFAULT_WORK`, its
    worlds dealt from the position), so the advice is the move hard would make, the
    same on a busy machine as on a quiet one. ``work``, ``iterations`` (sampled deals)
    or ``budget_s`` (a clock, which depends on the machine) bound it otherwise.
    ``events`` may list the public events of the game so far, so the search knows
    which cards went into which hands. The game is not changed: call this from a
    worker thread on a copy if you like.
    """
    if game.phase == "over":
        raise ValueError("the game is over: there is nothing to advise")
    if seat != game.turn:
        raise ValueError(f"it is not {game.seats[seat].name}'s turn")
    if game.phase == "setup":
        move = setup_move(game)
        return Advice(move, coach_words.setup_reason(move))
    player = HardPlayer(budget_s=budget_s, iterations=iterations, work=work)
    if events:
        player.observe(events)
    choice = player.decide(game)
    default = normal_choice(game)
    move = choice_to_move(game, choice)
    return Advice(move, _play_reason(game, choice, default, player.last_stats))


# ---------------------------------------------------------------------- which reason


def _chance(game: Game, choice: Choice, stats: dict[str, Any], named: Callable[[Choice], bool] | None = None) -> str:
    """The chances clause (:func:`palace_tui.words.coach.chance_clause`) from the search just run:
    the advised move's chance against one other move's, the one the sentence names (``named``
    picks it among those searched) or else the best other searched. It speaks of staying out of
    last place where someone loses, or of winning, whichever the advised move is ahead on; of
    its own chance only when the two are alike (or the move named was not searched); nothing
    when it is behind (a close call the search did not leave the rule of thumb for)."""
    chances = stats.get("chances") or {}
    means = stats.get("means") or {}
    if choice not in chances or len(chances) < 2:
        return ""
    others = [c for c in chances if c != choice and (named is None or named(c))]
    kinds = [0, 1] if game.rules.has_loser else [1]
    measure = {0: "not_last", 1: "win"}
    mine = chances[choice]
    if not others:
        return coach_words.chance_clause(measure[kinds[0]], mine[kinds[0]], None, "")
    rival = max(others, key=lambda c: (means.get(c, 0.0), c == stats.get("default")))
    theirs = chances[rival]
    differ = coach_words.differ
    ahead = [k for k in kinds if mine[k] > theirs[k] and differ(mine[k], theirs[k])]
    behind = [k for k in kinds if mine[k] < theirs[k] and differ(mine[k], theirs[k])]
    if ahead:
        k = ahead[0]
        return coach_words.chance_clause(measure[k], mine[k], theirs[k], _alternative(game, rival))
    if not behind:
        return coach_words.chance_clause(measure[kinds[0]], mine[kinds[0]], None, "")
    return ""


def _alternative(game: Game, choice: Choice) -> str:
    """The other move, short: ``taking the pile``, ``playing your K♠``, ``playing your
    kings``, ``playing one 2``."""
    kind, x, _count = choice
    if kind in coach_words.OTHER_MOVE:
        return coach_words.OTHER_MOVE[kind]
    cards = choice_to_move(game, choice).cards
    return coach_words.other_play(cards, _held(game, x))


def _held(game: Game, rank: int) -> int:
    """How many cards of ``rank`` the seat to act plays from (its hand, else its face-up row)."""
    s = game.seats[game.turn]
    return sum(1 for c in (s.hand if s.hand_count else s.face_up) if c.rank == rank)


def _playing(rank: int) -> Callable[[Choice], bool]:
    """The searched moves that play ``rank`` (the move a sentence names by its card)."""
    return lambda c: c[0] == "play" and c[1] == rank


def _play_reason(game: Game, choice: Choice, default: Choice, stats: dict[str, Any]) -> str:
    kind, x, _count = choice
    s = game.seats[game.turn]
    pile = game.pile
    top = game.requirement()
    from_hand = bool(s.hand_count)
    rules = game.rules
    if kind == "flip":
        return coach_words.FLIP
    source = s.hand if from_hand else s.face_up
    playable = list(game.playable_ranks())
    if kind == "chance":
        return coach_words.chance_card(top, _chance(game, choice, stats))
    if kind == "done":
        offer = game.drawn_offer()
        return coach_words.keep_drawn(offer[0] if offer else None, _chance(game, choice, stats))
    if kind == "take":
        n = len(pile)
        if not playable:
            if x >= 0:
                return coach_words.take_adding(s.face_up[x], top)
            return coach_words.take_stuck(top)
        specials = [r for r in playable if rules.power(r).on_anything]
        if len(specials) == len(playable):
            keep = next(c for c in source if c.rank == specials[-1])
            return coach_words.take_keeping_special(keep, n, _chance(game, choice, stats, _playing(keep.rank)))
        cheapest = min(playable, key=_strength)
        keep = next(c for c in source if c.rank == cheapest)
        return coach_words.take_keeping(keep, n, _chance(game, choice, stats, _playing(keep.rank)))
    # A play.
    cards = choice_to_move(game, choice).cards
    what = coach_words.laid(cards, _held(game, x), not from_hand)
    run_rank = top_run(game.pile)
    if x == run_rank[0] and run_rank[1] + len(cards) >= rules.burn and x != JOKER:
        return coach_words.burn(what, x, rules.burn)
    ordinary = [r for r in playable if not rules.power(r).on_anything]
    nxt = next_seat(game)
    active = len([i for i in game.seats if i.place is None])
    chance = _chance(game, choice, stats)
    # "others": whether anything else held may go now (a 10 may, where a 2 is advised).
    others = any(r != x for r in playable)
    said = PlayReason(what, x, chance, len(pile), top, others, x in playable, active, game.seats[nxt].name)
    reason = power_words(rules, x).coach_reason(said)
    if reason is not None:
        return reason
    lowest = min(ordinary, key=_strength) if ordinary else x
    if x == lowest:
        return coach_words.lowest(what, top if top and not rules.power(top).resets else 0, chance)
    if danger(game, nxt):
        return coach_words.against_danger(what, game.seats[nxt].name, chance)
    low_card = next(c for c in source if c.rank == lowest)
    if choice != default:
        return coach_words.rather_than(what, low_card, _chance(game, choice, stats, _playing(lowest)))
    return coach_words.strongest(what, chance)


def _strength(rank: int) -> float:
    return strength(rank)
