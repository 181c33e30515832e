"""The coach: the move ``hard`` would make for a seat, and one plain sentence why.

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
from palace_tui.rules import Card, Event, Game, Move
from palace_tui.rules.cards import JOKER, rank_name, rank_plural
from palace_tui.rules.text import top_run
from palace_tui.words.powers import PlayReason, cards_word, power_words
from palace_tui.words.vocab import number_word


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
        return Advice(move, _setup_reason(game, move))
    player = HardPlayer(budget_s=budget_s, iterations=iterations, work=work)
    if events:
        player.observe(events)
    choice = player.decide(game)
    default = normal_choice(game)
    move = choice_to_move(game, choice)
    return Advice(move, _play_reason(game, choice, default, player.last_stats))


# ---------------------------------------------------------------------- sentences


def _the(rank: int) -> str:
    return "the " + rank_name(rank)


def _list(cards: Sequence[Card]) -> str:
    """``7♠``, ``7♠ and 7♥``, ``7♠, 7♥ and 7♦``."""
    names = [str(c) for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _what(cards: Sequence[Card], have: int, face_up: bool) -> str:
    """The cards a play lays, named exactly and counted against the copies held:
    ``your 9♦``, ``one of your two 2s (2♠)``, ``both 7s (7♠ and 7♥)``."""
    n = len(cards)
    rank = cards[0].rank
    where = "face-up " if face_up else ""
    if n == 1 and have == 1:
        return f"your {where}{cards[0]}"
    if n == have:
        every = "both" if n == 2 else f"all {number_word(n)} of"
        return f"{every} your {where}{rank_plural(rank)} ({_list(cards)})"
    word = "one" if n == 1 else number_word(n)
    return f"{word} of your {number_word(have)} {where}{rank_plural(rank)} ({_list(cards)})"


def _setup_reason(game: Game, move: Move) -> str:
    if move.kind == "swap":
        hand_card, up_card = move.cards
        return (
            f"Put your {hand_card} face up and take the {up_card} into your hand: "
            "twos, tens and high cards are safest on the table, and low cards are easiest to play early."
        )
    if move.kind == "choose":
        return f"Lay {_list(move.cards)} face up: keep your lowest cards in hand to play first."
    return "Say you are ready: your face-up row already holds your best cards."


def _games(tenths: int) -> str:
    if tenths >= 10:
        return "nearly every game"
    if tenths <= 0:
        return "hardly any game"
    return f"about {tenths} game{'s' if tenths > 1 else ''} of 10"


def _rival_games(tenths: int) -> str:
    return "nearly always" if tenths >= 10 else "hardly ever" if tenths <= 0 else f"about {tenths}"


def _chance_clause(game: Game, choice: Choice, stats: dict[str, Any], alternative: Callable[[Choice], str]) -> str:
    """``"; it keeps you out of last place in about 8 games of 10, playing your K♠ about 6"``:
    the chosen move's chances against the best other move's, from the search just run.
    It speaks of staying out of last place where someone loses, or of winning, whichever
    the chosen move is ahead on (or level, when the two are as good); nothing when
    nothing was compared or the chosen move is behind on both (a close call that the
    search did not think clear enough to leave the rule of thumb for)."""
    chances = stats.get("chances") or {}
    means = stats.get("means") or {}
    if choice not in chances or len(chances) < 2:
        return ""
    others = [c for c in chances if c != choice]
    rival = max(others, key=lambda c: (means.get(c, 0.0), c == stats.get("default")))
    mine = [round(x * 10) for x in chances[choice]]
    theirs = [round(x * 10) for x in chances[rival]]
    kinds = [0, 1] if game.rules.has_loser else [1]
    verbs = {0: "keeps you out of last place in", 1: "wins"}
    ahead = [k for k in kinds if mine[k] > theirs[k]]
    level = [k for k in kinds if mine[k] == theirs[k] and mine[k] > 0]
    if ahead:
        k = ahead[0]
        return f"; it {verbs[k]} {_games(mine[k])}, {alternative(rival)} {_rival_games(theirs[k])}"
    if level and not [k for k in kinds if mine[k] < theirs[k]]:
        k = level[0]
        return f"; it {verbs[k]} {_games(mine[k])}, as does {alternative(rival)}"
    return ""


def _alternative(game: Game, choice: Choice) -> str:
    """The other move, short: ``taking the pile``, ``playing your K♠``, ``playing your
    kings``, ``playing one 2``."""
    kind, x, _count = choice
    if kind == "take":
        return "taking the pile"
    if kind == "flip":
        return "turning a face-down card"
    if kind == "chance":
        return "turning the stock's top card"
    if kind == "done":
        return "keeping the card you drew"
    cards = choice_to_move(game, choice).cards
    s = game.seats[game.turn]
    source = s.hand if s.hand_count else s.face_up
    have = sum(1 for c in source if c.rank == x)
    if have == 1:
        return f"playing your {cards[0]}"
    if len(cards) == have:
        return f"playing your {rank_plural(x)}"
    return f"playing {number_word(len(cards))} {rank_name(x) if len(cards) == 1 else rank_plural(x)}"


def _play_reason(game: Game, choice: Choice, default: Choice, stats: dict[str, Any]) -> str:
    kind, x, _count = choice
    s = game.seats[game.turn]
    pile = game.pile
    top = game.requirement()
    from_hand = bool(s.hand_count)
    rules = game.rules
    if kind == "flip":
        return "Turn any face-down card: nobody has seen them, so each is as good as another."
    chance = _chance_clause(game, choice, stats, lambda c: _alternative(game, c))
    source = s.hand if from_hand else s.face_up
    playable = list(game.playable_ranks())
    if kind == "chance":
        return (
            "Turn the stock's top card before you take the pile: if it goes on "
            f"{_the(top) if top else 'the pile'} it is played and you keep clear of the pile{chance}."
        )
    if kind == "done":
        offer = game.drawn_offer()
        drawn = rank_name(offer[0], True) if offer else "the card"
        return f"Keep {drawn} you drew: it is worth more later than on this pile{chance}."
    if kind == "take":
        n = len(pile)
        beat = f"can go on {_the(top)}" if top else "can go on the pile"
        if not playable:
            if x >= 0:
                add = s.face_up[x]
                return (
                    f"Take the pile and add your {add}: none of your face-up cards {beat}, "
                    f"and the {rank_name(add.rank)} is the cheapest to give up."
                )
            return f"Take the pile: nothing you hold {beat}."
        specials = [r for r in playable if rules.power(r).on_anything]
        if len(specials) == len(playable):
            keep = next(c for c in source if c.rank == specials[-1])
            return f"Keep your {keep}: the pile has only {cards_word(n)}, so take it instead{chance}."
        cheapest = min(playable, key=_strength)
        keep = next(c for c in source if c.rank == cheapest)
        return f"Take the pile's {cards_word(n)} and keep your {keep} for later{chance}."
    # A play.
    cards = choice_to_move(game, choice).cards
    have = sum(1 for c in source if c.rank == x)
    what = _what(cards, have, not from_hand)
    run_rank = top_run(game.pile)
    if x == run_rank[0] and run_rank[1] + len(cards) >= rules.burn and x != JOKER:
        return (
            f"Play {what}: with the {rank_plural(x)} on the pile they make "
            f"{number_word(rules.burn)} of a kind, which clears it, and you play again."
        )
    ordinary = [r for r in playable if not rules.power(r).on_anything]
    nxt = next_seat(game)
    active = len([i for i in game.seats if i.place is None])
    said = PlayReason(what, x, chance, len(pile), top, bool(ordinary), x in playable, active, game.seats[nxt].name)
    reason = power_words(rules, x).coach_reason(said)
    if reason is not None:
        return reason
    lowest = min(ordinary, key=_strength) if ordinary else x
    if x == lowest:
        if top and not rules.power(top).resets:
            return f"Play {what}: the lowest you hold that can go on {_the(top)}, so your higher cards wait{chance}."
        return f"Play {what}: the lowest you hold, so your higher cards wait{chance}."
    if danger(game, nxt):
        return f"Play {what}: {game.seats[nxt].name} is nearly out, and a higher card is harder to beat{chance}."
    low_card = next(c for c in source if c.rank == lowest)
    if choice != default:
        return f"Play {what} rather than your {low_card}{chance or ': it leaves you better placed'}."
    return f"Play {what}: it is the strongest play here{chance}."


def _strength(rank: int) -> float:
    return strength(rank)
