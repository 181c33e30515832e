"""The coach: the move ``hard`` would make for a seat, and one plain sentence why.

>>> from palace_tui.rules import Game, Rules
>>> game = Game.from_position(Rules.preset("palace"), seats=[
...     {"name": "Ann", "hand": "4C 9D 10H", "face_up": "KS", "face_down": "3D"},
...     {"name": "Ben", "hand": "5S 6S 7S", "face_up": "QH", "face_down": "8D"}],
...     pile="5H 6D", stock="2C 3S 4H 7C")
>>> advice = advise(game, 0, iterations=20, seed=1)
>>> str(advice.move), advice.reason
('play 9♦', 'Play your 9: the lowest you hold that can go on the 6, so your higher cards wait.')

The sentence is built only from what that seat may see (its own cards, the face-up
rows, the pile and the public counts) and from the search, which itself never sees
hidden cards: the advice is the same however the unseen cards lie.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import Game, Move
from ..rules.cards import JOKER, TEN, TWO, rank_name, rank_plural
from ..rules.text import top_run
from .hard import HardPlayer
from .policy import danger, next_seat, normal_choice, setup_move


@dataclass(frozen=True)
class Advice:
    """A suggested move and a one-sentence reason that names only visible cards."""

    move: Move
    reason: str


def advise(game: Game, seat: int, budget_s: float = 0.2, *, iterations: int | None = None,
           seed: int | None = 0, events=None) -> Advice:
    """What ``hard`` would do for ``seat`` (which must be the seat to act), and why.

    ``budget_s`` bounds the search time; ``iterations`` bounds it by sampled deals
    instead (deterministic with ``seed``). ``events`` may list the public events of
    the game so far, so the search knows which cards went into which hands. The
    game is not changed: call this from a worker thread on a copy if you like.
    """
    if game.phase == "over":
        raise ValueError("the game is over: there is nothing to advise")
    if seat != game.turn:
        raise ValueError(f"it is not {game.seats[seat].name}'s turn")
    if game.phase == "setup":
        move = setup_move(game)
        return Advice(move, _setup_reason(game, move))
    player = HardPlayer(seed, budget_s=None if iterations else budget_s, iterations=iterations)
    if events:
        player.observe(events)
    choice = player.decide(game)
    default = normal_choice(game)
    move = player_move(game, choice)
    return Advice(move, _play_reason(game, choice, default, player.last_stats))


def player_move(game: Game, choice) -> Move:
    from .policy import choice_to_move
    return choice_to_move(game, choice)


# ---------------------------------------------------------------------- sentences

def _the(rank: int) -> str:
    return "the " + rank_name(rank)


def _cards_word(n: int) -> str:
    return {1: "one card", 2: "two cards", 3: "three cards"}.get(n, f"{n} cards")


def _your(rank: int, count: int) -> str:
    if count == 1:
        return f"your {rank_name(rank)}"
    return f"your {_count_word(count)} {rank_plural(rank)}"


def _count_word(n: int) -> str:
    return {2: "two", 3: "three", 4: "four"}.get(n, str(n))


def _setup_reason(game: Game, move: Move) -> str:
    if move.kind == "swap":
        hand_card, up_card = move.cards
        return (f"Swap your {rank_name(hand_card.rank)} face up for the {rank_name(up_card.rank)}: "
                "twos, tens and high cards are safest on the table, and low cards are easiest to play early.")
    if move.kind == "choose":
        ranks = ", ".join(rank_name(c.rank) for c in move.cards)
        return f"Lay {ranks} face up: keep your lowest cards in hand to play first."
    return "Say you are ready: your face-up row already holds your best cards."


def _play_reason(game: Game, choice, default, stats: dict) -> str:
    kind, x, count = choice
    s = game.seats[game.turn]
    pile = game.pile
    top = game.requirement()
    from_hand = bool(s.hand_count)
    where = "" if from_hand else "face-up "
    if kind == "flip":
        return "Turn any face-down card: nobody has seen them, so each is as good as another."
    source = s.hand if from_hand else s.face_up
    playable = [r for r in game.playable_ranks()]
    if kind == "take":
        n = len(pile)
        beat = f"can go on {_the(top)}" if top else "can go on the pile"
        if not playable:
            if x >= 0:
                add = s.face_up[x].rank
                return (f"Take the pile and add your {rank_name(add)}: none of your face-up cards {beat}, "
                        f"and the {rank_name(add)} is the cheapest to give up.")
            return f"Take the pile: nothing you hold {beat}."
        specials = [r for r in playable if r in (TWO, TEN, JOKER)]
        if len(specials) == len(playable):
            keep = rank_name(specials[-1])
            return f"Keep your {keep}: the pile has only {_cards_word(n)}, so take it instead."
        cheapest = min(playable, key=_strength)
        return (f"Take the pile: holding its {_cards_word(n)} does better in the search than spending "
                f"your {rank_name(cheapest)}.")
    # A play.
    have = sum(1 for c in source if c.rank == x)
    n_played = have if count == 0 else count
    what = _your(x, n_played) if from_hand else f"your face-up {rank_name(x) if n_played == 1 else rank_plural(x)}"
    run_rank = top_run(game.pile)
    if x == run_rank[0] and run_rank[1] + n_played >= 4 and x != JOKER:
        return (f"Play {what}: with the {rank_plural(x)} on the pile they make four of a kind, "
                "which clears it, and you play again.")
    if x == TEN:
        if pile:
            return f"Play a 10: it clears the pile of {_cards_word(len(pile))} and you play again."
        return "Play a 10: it clears the empty pile and you play again, one card lighter."
    ordinary = [r for r in playable if r not in (TWO, TEN, JOKER)]
    if x == TWO:
        if not ordinary:
            return (f"Play a 2: nothing else you hold {'can go on ' + _the(top) if top else 'is cheaper'}, "
                    "and after a 2 the pile starts again.")
        return "Play a 2: it resets the pile, and the search does better saving your other cards."
    if x == JOKER:
        return "Play a joker: it goes on anything, and the next player must still beat the card below it."
    lowest = min(ordinary, key=_strength) if ordinary else x
    nxt = next_seat(game)
    if x == lowest:
        if top and top != TWO:
            return f"Play {what}: the lowest you hold that can go on {_the(top)}, so your higher cards wait."
        return f"Play {what}: the lowest you hold, so your higher cards wait."
    if danger(game, nxt):
        return (f"Play {what}: {game.seats[nxt].name} is nearly out, "
                f"and a higher card is harder to beat.")
    if choice != default:
        return (f"Play {what} rather than your {rank_name(lowest)}: in sampled deals of the cards "
                "you cannot see, this does better.")
    return f"Play {what}: it is the strongest play here."


def _strength(rank: int) -> int:
    from ..rules.cards import order_key
    return order_key(rank)
