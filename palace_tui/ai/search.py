"""One search of possible deals: every candidate move played in the same re-dealt worlds.

A world deals the cards a seat cannot see again (:func:`palace_tui.rules.fast.determinize`,
the unseen cards sorted before they are shuffled, so the worlds depend only on the seed and
on what the seat may see); each candidate is played in it and the game finished with the
fast normal heuristic at every seat (:func:`rollout`), then scored for the table's own
score (:func:`reward`) and by place (:func:`standing`). A :class:`Search` keeps every
world's result, so a decision can be read off its first worlds and a longer look simply
deals more; its work is counted in simulated moves, so a budget of work is the same on any
machine. hard's worlds are dealt from :func:`position_seed`.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from palace_tui.ai.policy import Choice, normal_choice
from palace_tui.rules import Game, fast
from palace_tui.rules.cards import Card

#: The cost of one candidate's copy of a world, in moves (measured: about 4).
PLAYOUT_COST = 4
#: The cost of dealing one world, in moves (measured: about 23).
WORLD_COST = 24
#: A rollout stops after this many moves and is scored by cards left.
ROLLOUT_CAP = 600


class CanonicalShuffle:
    """An rng for :meth:`Game.determinize` that sorts the unseen cards first, so the
    worlds dealt do not depend on where the real hidden cards happen to lie."""

    __slots__ = ("rng",)

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def shuffle(self, cards: list[Card]) -> None:
        cards.sort()
        self.rng.shuffle(cards)


def canonical_shuffle(seed: int) -> CanonicalShuffle:
    """The shuffler the searches deal their worlds with, for ``seed``."""
    return CanonicalShuffle(random.Random(seed))


def position_seed(game: Game, seat: int, known: Mapping[int, Sequence[Card]] | None = None) -> int:
    """A seed made only of what ``seat`` may see: the rules, its own hand, every face-up
    row, the counts, the pile, the cleared cards, the direction and whose turn it is,
    and the cards it saw go into other hands (``known``). The same position, however
    the hidden cards lie and whoever asks, gives the same seed."""

    def codes(cards: Iterable[Card], ordered: bool = False) -> str:
        names = [c.code for c in cards]
        return " ".join(names if ordered else sorted(names))

    parts = [repr(sorted(game.rules.saved_dict().items())), f"{seat}/{game.turn}/{game.direction}/{game.phase}"]
    for i, s in enumerate(game.seats):
        hand = codes(s.hand) if i == seat else codes((known or {}).get(i, ()))
        parts.append(f"{i}:{s.hand_count}:{len(s.face_down)}:{s.place}:{codes(s.face_up, True)}:{hand}")
    parts += [codes(game.pile, True), codes(game.cleared), str(len(game.stock))]
    digest = hashlib.blake2b("|".join(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def reward(game: Game, seat: int) -> float:
    """The table's own score for ``seat`` at the end of a rollout, from 0 to 1, what hard
    plays for: podium points (3-2-1, a third each) with scoring=podium; not being last
    with scoring=losses; going out first with scoring=wins. A tenth of it is the place
    reached (so a better place counts a little where the score is level), and a rollout
    stopped at its move cap ranks the seats by cards left."""
    n = len(game.seats)
    result = game.outcome()
    if result is None:
        # Stopped: rank seats by cards left.
        left = [len(s.face_down) + len(s.face_up) + s.hand_count if s.place is None else -1 for s in game.seats]
        mine = left[seat]
        worse = sum(1 for x in left if x > mine)
        return worse / (n - 1)
    place = result.place(seat)
    spread = 0.0 if place is None else (n - place) / (n - 1)
    if game.rules.scores_losses:
        return (0.0 if result.loser == seat else 0.9) + 0.1 * spread
    if game.rules.scores_wins:
        return (0.9 if result.winner == seat else 0.0) + 0.1 * spread
    return result.points[seat] / 3 * 0.9 + 0.1 * spread


def standing(game: Game, seat: int) -> tuple[bool, bool]:
    """``(not_last, won)`` for ``seat`` at the end of a rollout; a rollout stopped at
    its move cap ranks the seats by cards left. With finish=first-out nobody is last."""
    result = game.outcome()
    if result is None:
        left = [len(s.face_down) + len(s.face_up) + s.hand_count if s.place is None else -1 for s in game.seats]
        mine = left[seat]
        return any(x > mine for x in left), all(x >= mine for x in left) and mine == min(left)
    return result.loser != seat, result.winner == seat


def rollout(game: Game, cap: int = ROLLOUT_CAP) -> None:
    """Finish ``game`` in place with the fast heuristic at every seat."""
    fast.play_out(game, normal_choice, cap)


@dataclass
class Search:
    """Every candidate played in the same re-dealt worlds, world after world, with each
    world's reward and standing kept, so a decision can be read off any number of the
    first worlds and a longer look simply deals more of them."""

    game: Game
    seat: int
    cands: list[Choice]
    shuffle: CanonicalShuffle
    known: dict[int, Sequence[Card]]
    #: ``rewards[i][w]``: candidate ``i``'s reward in world ``w``.
    rewards: list[list[float]] = field(default_factory=list)
    not_last: list[list[bool]] = field(default_factory=list)
    wins: list[list[bool]] = field(default_factory=list)
    #: ``work[w]``: the work spent up to and including world ``w``.
    work: list[int] = field(default_factory=list)
    #: The worlds themselves, kept to play a candidate added later in them too.
    worlds: list[Game] = field(default_factory=list)
    #: Deals a world another way (hard reading the table: :mod:`palace_tui.ai.reading`),
    #: returning it and the work spent beyond one plain deal; None: a plain deal.
    dealer: Callable[[Game, int, CanonicalShuffle, dict[int, Sequence[Card]]], tuple[Game, int]] | None = None

    def __post_init__(self) -> None:
        k = len(self.cands)
        self.rewards = [[] for _ in range(k)]
        self.not_last = [[] for _ in range(k)]
        self.wins = [[] for _ in range(k)]

    @property
    def n(self) -> int:
        return len(self.work)

    def _play(self, world: Game, choice: Choice) -> tuple[float, bool, bool, int]:
        g = world.copy()
        start = g.moves
        fast.apply(g, choice)
        rollout(g)
        safe, won = standing(g, self.seat)
        return reward(g, self.seat), safe, won, g.moves - start + PLAYOUT_COST

    def deal(self) -> None:
        """Deal one more world and play every candidate in it."""
        if self.dealer is None:
            world = fast.determinize(self.game, self.seat, self.shuffle, self.known)
            spent = WORLD_COST
        else:
            world, extra = self.dealer(self.game, self.seat, self.shuffle, self.known)
            spent = WORLD_COST + extra
        self.worlds.append(world)
        for i, c in enumerate(self.cands):
            r, safe, won, cost = self._play(world, c)
            self.rewards[i].append(r)
            self.not_last[i].append(safe)
            self.wins[i].append(won)
            spent += cost
        self.work.append((self.work[-1] if self.work else 0) + spent)

    def run(self, worlds: int | None = None, work: int | None = None, deadline: float | None = None) -> None:
        """Deal worlds until ``worlds`` in all, or ``work`` spent, or the clock passes
        ``deadline`` (a world that would end past it is not started); at least one."""
        start = time.perf_counter()
        dealt = self.n
        while True:
            if self.n and worlds is not None and self.n >= worlds:
                return
            if self.n and work is not None and self.work[-1] >= work:
                return
            if deadline is not None and self.n > dealt:
                now = time.perf_counter()
                if now + (now - start) / (self.n - dealt) > deadline:
                    return
            self.deal()

    def add(self, choice: Choice) -> int:
        """The index of ``choice``, played in every world dealt so far if it is new."""
        if choice in self.cands:
            return self.cands.index(choice)
        self.cands.append(choice)
        rewards, safe, won = [], [], []
        for world in self.worlds:
            r, s, w, _ = self._play(world, choice)
            rewards.append(r)
            safe.append(s)
            won.append(w)
        self.rewards.append(rewards)
        self.not_last.append(safe)
        self.wins.append(won)
        return len(self.cands) - 1

    def narrow(self, keep: Sequence[int]) -> list[int]:
        """Go on with only the candidates ``keep`` (their worlds so far kept); their new indices."""
        self.cands = [self.cands[i] for i in keep]
        self.rewards = [self.rewards[i] for i in keep]
        self.not_last = [self.not_last[i] for i in keep]
        self.wins = [self.wins[i] for i in keep]
        return list(range(len(keep)))

    def worlds_for_work(self, work: int) -> int:
        """How many of the first worlds a search stopped at ``work`` would have dealt."""
        for w, spent in enumerate(self.work):
            if spent >= work:
                return w + 1
        return self.n

    def total(self, i: int, n: int) -> float:
        """Candidate ``i``'s rewards over the first ``n`` worlds, added in order (as
        normal always added them, so its games stay as they were)."""
        total = 0.0
        for r in self.rewards[i][:n]:
            total += r
        return total

    def mean(self, i: int, n: int) -> float:
        return self.total(i, n) / n

    def chances(self, i: int, n: int) -> tuple[float, float]:
        """Candidate ``i``'s (not last, win) shares over the first ``n`` worlds."""
        return sum(self.not_last[i][:n]) / n, sum(self.wins[i][:n]) / n

    def edge(self, i: int, base: int, n: int) -> tuple[float, float]:
        """How much better candidate ``i`` did than ``base`` over the first ``n`` worlds,
        world by world: the mean difference and its standard error."""
        sq = 0.0
        for a, b in zip(self.rewards[i][:n], self.rewards[base][:n]):
            sq += (a - b) ** 2
        diff = (self.total(i, n) - self.total(base, n)) / n
        var = max(sq / n - diff * diff, 1e-9)
        return diff, (var / n) ** 0.5

    def clearly_best(self, base: int, n: int, z: float) -> int:
        """The candidate to play: ``base`` unless another beats it by ``z`` standard errors
        or more in the first ``n`` worlds (then the best mean of those)."""
        best, best_mean = base, self.mean(base, n)
        for i in range(len(self.cands)):
            diff, se = self.edge(i, base, n)
            mean = self.mean(i, n)
            if diff <= 0 or mean <= best_mean:
                continue
            if diff / se >= z:
                best, best_mean = i, mean
        return best
