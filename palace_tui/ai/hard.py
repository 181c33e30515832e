"""Search players: determinized Monte Carlo over the cards a seat cannot see.

For a decision the player lists the sensible moves (every playable rank, a single
two or ten, taking the pile), then repeats until its budget is spent: deal the
unseen cards again at random (:func:`palace_tui.rules.fast.determinize`: other hands,
the stock and every face-down card, keeping cards it saw picked up in the hands that
took them), play each candidate in that same world, and finish the game with the fast
normal heuristic at every seat (:func:`palace_tui.rules.fast.play_out`). It reads the
position only through the engine's public fast contract, :mod:`palace_tui.rules.fast`.
It leaves the heuristic's own move only for one that does
clearly better in the same worlds (a paired test), so more budget means more worlds,
steadier estimates and more good departures from the rule of thumb.

``normal`` searches only once the stock is gone, a few worlds per decision (3
heads-up, 12 at bigger tables), and only to choose among its ordinary ranks. ``hard``
searches every decision and every sensible move (twos, tens and taking the pile
too) for the table's own score (:func:`reward`), with a budget of work, not of time:
:data:`DEFAULT_WORK` simulated moves once the stock is gone (a quarter of it while the
stock lasts, where self-play shows the search gains little). Short endgame play-outs
cost little, so there it deals many more worlds, as a clock would, but the same
position always gets the same search whatever the machine's load: hard's worlds are
dealt from a seed made of what the seat may see (:func:`position_seed`), so hard and
the coach give one answer for one position.

:func:`move_chances` gives the (not last, win) chances of any moves from the same
search, for the game review; the coach quotes them.

The search never sees the real hidden cards: the unseen cards are put in a fixed
order before they are shuffled, so the worlds depend only on the seed and on what
the seat may see.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from palace_tui.ai.heuristic import HeuristicPlayer
from palace_tui.ai.memory import Memory
from palace_tui.ai.policy import NORMAL, Choice, move_to_choice, normal_choice, take_choice
from palace_tui.rules import Event, Game, Move, fast
from palace_tui.rules.cards import JOKER, TEN, TWO, Card

#: Ranks that are never "ordinary" for ``ordinary_only`` (an eight with a power is
#: treated as ordinary there: rare, and harmless either way).
_SPECIAL = frozenset({TWO, TEN, JOKER})

#: hard's work per decision once the stock is gone, in simulated moves (with
#: :data:`PLAYOUT_COST` and :data:`WORLD_COST` for the copies and re-deals). Sized with
#: ``scripts/bench_decision.py`` on the project's 2-core machine: about 200 ms a decision
#: there (median), as the clock gave before.
DEFAULT_WORK = 90_000
#: The share of the work hard spends while the stock lasts.
EARLY_SHARE = 0.25
#: The cost of one candidate's copy of a world, in moves (measured: about 4).
PLAYOUT_COST = 4
#: The cost of dealing one world, in moves (measured: about 23).
WORLD_COST = 24
#: A rollout stops after this many moves and is scored by cards left.
ROLLOUT_CAP = 600


class _CanonicalShuffle:
    """An rng for :meth:`Game.determinize` that sorts the unseen cards first, so the
    worlds dealt do not depend on where the real hidden cards happen to lie."""

    __slots__ = ("rng",)

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def shuffle(self, cards: list[Card]) -> None:
        cards.sort()
        self.rng.shuffle(cards)


def canonical_shuffle(seed: int) -> _CanonicalShuffle:
    """The shuffler the searches deal their worlds with, for ``seed``."""
    return _CanonicalShuffle(random.Random(seed))


def position_seed(game: Game, seat: int, known: Mapping[int, Sequence[Card]] | None = None) -> int:
    """A seed made only of what ``seat`` may see: the rules, its own hand, every face-up
    row, the counts, the pile, the cleared cards, the direction and whose turn it is,
    and the cards it saw go into other hands (``known``). The same position, however
    the hidden cards lie and whoever asks, gives the same seed."""

    def codes(cards: Iterable[Card], ordered: bool = False) -> str:
        names = [c.code for c in cards]
        return " ".join(names if ordered else sorted(names))

    parts = [repr(sorted(game.rules.as_dict().items())), f"{seat}/{game.turn}/{game.direction}/{game.phase}"]
    for i, s in enumerate(game.seats):
        hand = codes(s.hand) if i == seat else codes((known or {}).get(i, ()))
        parts.append(f"{i}:{s.hand_count}:{len(s.face_down)}:{s.place}:{codes(s.face_up, True)}:{hand}")
    parts += [codes(game.pile, True), codes(game.cleared), str(len(game.stock))]
    digest = hashlib.blake2b("|".join(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def candidates(game: Game) -> list[Choice]:
    """The moves worth searching for the seat to act in the play phase: every playable
    rank (all copies), a single two, ten, joker or powered eight when there are more,
    and taking the pile."""
    s = game.seats[game.turn]
    t = fast.rule_tables(game)
    allowed = game.allowed_mask()
    counts: dict[int, int] = {}
    if s.hand_count:
        by_rank, mask = fast.hand_by_rank(s), fast.hand_mask(s)
        counts = {r: len(by_rank[r]) for r in range(2, JOKER + 1) if mask >> r & 1}
    elif s.face_up:
        for c in s.face_up:
            counts[c.rank] = counts.get(c.rank, 0) + 1
    else:
        return [("flip", 0, 0)]
    out: list[Choice] = []
    specials = {TWO, TEN, JOKER} | ({8} if t.powered_eight else set())
    for r, k in sorted(counts.items()):
        if allowed >> r & 1:
            out.append(("play", r, 0))
            if k > 1 and r in specials:
                out.append(("play", r, 1))
    if game.pile:
        out.append(take_choice(game, s))
    return out


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
    scoring = game.rules.scoring
    spread = 0.0 if place is None else (n - place) / (n - 1)
    if scoring == "losses":
        return (0.0 if result.loser == seat else 0.9) + 0.1 * spread
    if scoring == "wins":
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
    shuffle: _CanonicalShuffle
    known: dict[int, Sequence[Card]]
    #: ``rewards[i][w]``: candidate ``i``'s reward in world ``w``.
    rewards: list[list[float]] = field(default_factory=list)
    not_last: list[list[bool]] = field(default_factory=list)
    wins: list[list[bool]] = field(default_factory=list)
    #: ``work[w]``: the work spent up to and including world ``w``.
    work: list[int] = field(default_factory=list)
    #: The worlds themselves, kept to play a candidate added later in them too.
    worlds: list[Game] = field(default_factory=list)

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
        g.fast_turn(*choice)
        rollout(g)
        safe, won = standing(g, self.seat)
        return reward(g, self.seat), safe, won, g.moves - start + PLAYOUT_COST

    def deal(self) -> None:
        """Deal one more world and play every candidate in it."""
        world = fast.determinize(self.game, self.seat, self.shuffle, self.known)
        self.worlds.append(world)
        spent = WORLD_COST
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


class SearchPlayer(HeuristicPlayer):
    """Searches possible deals of the unseen cards; deterministic for a seed and an
    iteration budget (a time budget depends on the machine).

    ``budget_s``, ``iterations`` and ``work`` bound one decision (whichever ends first);
    ``early_share`` scales them while the stock lasts, and ``max_stock`` turns the
    search off while the stock holds more cards than that. ``z`` is how clearly a
    move must beat the heuristic's move, in standard errors, to be played instead.
    ``ordinary_only`` leaves the heuristic only for another ordinary rank (never for a
    two, ten or joker, or to take the pile): normal's narrower search. With
    ``by_position`` each decision's worlds are dealt from :func:`position_seed` (hard);
    otherwise from one rng seeded once (normal, whose games must stay as they were).
    (Pruned candidates and worlds dealt to fit what each seat's play suggests it lacks
    were measured and dropped: docs/ai_ladder.md.)
    """

    name = "search"

    def __init__(
        self,
        seed: int | None = None,
        budget_s: float | None = None,
        iterations: int | None = None,
        z: float = 1.0,
        max_stock: int | None = None,
        early_share: float = 1.0,
        remember: bool = True,
        ordinary_only: bool = False,
        work: int | None = None,
        by_position: bool = False,
    ) -> None:
        super().__init__(seed)
        self.ordinary_only = ordinary_only
        self.rng = random.Random(seed)
        self.remember = remember
        self.budget_s = budget_s
        self.iterations = iterations
        self.work = work
        self.by_position = by_position
        self.z = z
        self.max_stock = max_stock
        self.early_share = early_share
        self.memory = Memory()
        self.last_stats: dict[str, Any] = {}

    def observe(self, events: Iterable[Event]) -> None:
        """Remember public events (cards seen going into hands)."""
        if self.remember:
            self.memory.observe(events)

    def options(self, game: Game) -> tuple[list[Choice], Choice]:
        """The candidates this player searches for the seat to act, and its rule of thumb's move."""
        cands = candidates(game)
        default = normal_choice(game, NORMAL)
        if self.ordinary_only:
            cands = [c for c in cands if c == default or (c[0] == "play" and c[1] not in _SPECIAL)]
        if len(cands) > 1 and default not in cands:
            cands.append(default)
        return cands, default

    def searching(self, game: Game) -> bool:
        """Whether this decision is searched at all (more than one candidate, stock allowing)."""
        cands, _ = self.options(game)
        return len(cands) > 1 and not (self.max_stock is not None and len(game.stock) > self.max_stock)

    def start(self, game: Game, cands: list[Choice]) -> Search:
        """A search of ``cands`` for the seat to act, its worlds dealt as this player deals them."""
        seat = game.turn
        known = self.memory.known_hands(game, seat)
        rng = random.Random(position_seed(game, seat, known)) if self.by_position else self.rng
        return Search(game, seat, cands, _CanonicalShuffle(rng), known)

    def limits(self, game: Game) -> tuple[int | None, int | None, float | None]:
        """This decision's worlds, work and seconds (None: no such limit)."""
        share = self.early_share if game.stock else 1.0
        worlds = None if self.iterations is None else max(1, round(self.iterations * share))
        work = None if self.work is None else max(1, round(self.work * share))
        seconds = None if self.budget_s is None else self.budget_s * share
        return worlds, work, seconds

    def decide(self, game: Game) -> Choice:
        """Search and return the best decision tuple for the seat to act."""
        cands, default = self.options(game)
        if not self.searching(game):
            self.last_stats = {"iterations": 0, "candidates": len(cands)}
            return default
        worlds, work, seconds = self.limits(game)
        search = self.start(game, cands)
        search.run(worlds, work, None if seconds is None else time.perf_counter() + seconds)
        n, d = search.n, cands.index(default)
        best = search.clearly_best(d, n, self.z)
        self.last_stats = {
            "iterations": n,
            "work": search.work[-1],
            "candidates": len(cands),
            "means": {c: round(search.mean(i, n), 3) for i, c in enumerate(cands)},
            "chances": {c: search.chances(i, n) for i, c in enumerate(cands)},
            "default": default,
            "search": search,
        }
        return cands[best]


def move_chances(
    game: Game, seat: int, moves: Sequence[Move], iterations: int = 200, seed: int | None = None, events: Any = None
) -> dict[Move, tuple[float, float]]:
    """For ``seat``'s decision now (it must be the seat to act, in the play phase): each
    move's estimated chances ``(not_last, win)`` from hard's search, every move played
    in the same ``iterations`` re-dealt worlds. Deterministic: the worlds come from
    ``seed``, or from the position itself (:func:`position_seed`) when it is None;
    decided from the seat's view and the public ``events`` so far only. Moves that
    stand for the same decision (the same rank and count) share an estimate."""
    if game.phase != "play":
        raise ValueError("chances are estimated for play-phase decisions only")
    if seat != game.turn:
        raise ValueError(f"it is not {game.seats[seat].name}'s turn")
    player = HardPlayer(seed, iterations=iterations)
    if events:
        player.observe(events)
    moves = list(moves)
    cands: list[Choice] = []
    for m in moves:
        if not game.is_legal(m):
            raise ValueError(f"{m} is not a legal move for {game.seats[seat].name} now")
        c = move_to_choice(game, m)
        if c not in cands:
            cands.append(c)
    if not cands:
        return {}
    search = player.start(game, cands)
    if seed is not None:
        search.shuffle = canonical_shuffle(seed)
    search.run(worlds=iterations)
    by_choice = {c: search.chances(i, search.n) for i, c in enumerate(cands)}
    return {m: by_choice[move_to_choice(game, m)] for m in moves}


#: normal's search once the stock is gone: worlds per decision and the paired test's
#: bar, heads-up and at bigger tables. A deal varies more with more players, so it
#: needs more worlds (with 3 worlds at 4 seats normal played no better than easy).
NORMAL_SEARCH = {2: (3, 1.0), 3: (12, 1.5)}


class NormalPlayer(SearchPlayer):
    """Rules of thumb while the stock lasts; then a quick look at a few possible deals
    to choose which ordinary rank to lead. Whether to spend a two or a ten, or to take
    the pile on purpose, it leaves to the rule of thumb: that judgement is hard's."""

    name = "normal"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(
            seed, budget_s=None, iterations=NORMAL_SEARCH[2][0], max_stock=0, z=NORMAL_SEARCH[2][1], ordinary_only=True
        )

    def decide(self, game: Game) -> Choice:
        self.iterations, self.z = NORMAL_SEARCH[min(3, len(game.seats))]
        return super().decide(game)


class HardPlayer(SearchPlayer):
    """Searches every decision for the table's own score: :data:`DEFAULT_WORK` by default
    (a quarter of it while the stock lasts), its worlds dealt from the position, and
    leaves the rule of thumb only for a move that is better by two standard errors.
    ``budget_s`` (a clock) and ``iterations`` (worlds) replace the default work."""

    name = "hard"

    def __init__(
        self,
        seed: int | None = None,
        budget_s: float | None = None,
        iterations: int | None = None,
        work: int | None = None,
        **options: Any,
    ) -> None:
        if budget_s is None and iterations is None and work is None:
            work = DEFAULT_WORK
        options.setdefault("early_share", EARLY_SHARE)
        # With many worlds per decision a stricter test keeps noise from passing for a
        # better move among half a dozen candidates.
        options.setdefault("z", 2.0)
        options.setdefault("by_position", True)
        super().__init__(seed, budget_s=budget_s, iterations=iterations, work=work, **options)
