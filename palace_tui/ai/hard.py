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
too), with a time budget (default 200 ms) and the full budget once the stock is gone
(a quarter of it while the stock lasts, where self-play shows the search gains
little).

:func:`move_chances` gives the (not last, win) chances of any moves from the same
search, for the game review; the coach quotes them.

The search never sees the real hidden cards: the unseen cards are put in a fixed
order before they are shuffled, so the worlds depend only on the seed and on what
the seat may see.
"""

from __future__ import annotations

import random
import time

from palace_tui.ai.heuristic import HeuristicPlayer
from palace_tui.ai.memory import Memory
from palace_tui.ai.policy import NORMAL, Choice, move_to_choice, normal_choice
from palace_tui.rules import Game, Move, fast
from palace_tui.rules.cards import JOKER, TEN, TWO

#: Ranks that are never "ordinary" for ``ordinary_only`` (an eight with a power is
#: treated as ordinary there: rare, and harmless either way).
_SPECIAL = frozenset({TWO, TEN, JOKER})

#: Default time budget per decision, in seconds.
DEFAULT_BUDGET_S = 0.2
#: A rollout stops after this many moves and is scored by cards left.
ROLLOUT_CAP = 600


class _CanonicalShuffle:
    """An rng for :func:`palace_tui.rules.fast.determinize` that sorts the unseen cards first, so the
    worlds dealt do not depend on where the real hidden cards happen to lie."""

    __slots__ = ("rng",)

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def shuffle(self, cards: list) -> None:
        cards.sort()
        self.rng.shuffle(cards)


def candidates(game: Game) -> list[Choice]:
    """The moves worth searching for the seat to act in the play phase: every playable
    rank (all copies), a single two, ten, joker or powered eight when there are more,
    and taking the pile."""
    s = game.seats[game.turn]
    t = fast.rule_tables(game)
    allowed = game.allowed_mask()
    if s.hand_count:
        by_rank, mask = fast.hand_by_rank(s), fast.hand_mask(s)
        counts = {r: len(by_rank[r]) for r in range(2, JOKER + 1) if mask >> r & 1}
    elif s.face_up:
        counts = {}
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
        if not s.hand_count and game.rules.adds_face_up:
            from palace_tui.ai.policy import _take

            out.append(_take(game, s))
        else:
            out.append(("take", -1, 0))
    return out


def reward(game: Game, seat: int) -> float:
    """The result of a finished (or stopped) rollout for ``seat``, from 0 to 1."""
    n = len(game.seats)
    result = game.outcome()
    if result is None:
        # Stopped: rank seats by cards left.
        left = [len(s.face_down) + len(s.face_up) + s.hand_count if s.place is None else -1 for s in game.seats]
        mine = left[seat]
        worse = sum(1 for x in left if x > mine)
        return worse / (n - 1)
    place = result.place(seat)
    rules = game.rules
    spread = 0.0 if place is None else (n - place) / (n - 1)
    if rules.scores_losses:
        return (0.0 if result.loser == seat else 0.9) + 0.1 * spread
    if rules.scores_wins:
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


def rollout(game: Game, policy=normal_choice, cap: int = ROLLOUT_CAP) -> None:
    """Finish ``game`` in place with the fast heuristic at every seat."""
    fast.play_out(game, policy, cap)


class SearchPlayer(HeuristicPlayer):
    """Searches possible deals of the unseen cards; deterministic for a seed and an
    iteration budget (a time budget depends on the machine).

    ``budget_s`` and ``iterations`` bound one decision (whichever ends first);
    ``early_share`` scales both while the stock lasts, and ``max_stock`` turns the
    search off while the stock holds more cards than that. ``z`` is how clearly a
    move must beat the heuristic's move, in standard errors, to be played instead.
    ``ordinary_only`` leaves the heuristic only for another ordinary rank (never for a
    two, ten or joker, or to take the pile): normal's narrower search.
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
    ) -> None:
        self.ordinary_only = ordinary_only
        self.rng = random.Random(seed)
        self.remember = remember
        self.budget_s = budget_s
        self.iterations = iterations
        self.z = z
        self.max_stock = max_stock
        self.early_share = early_share
        self.memory = Memory()
        self.last_stats: dict = {}

    def observe(self, events) -> None:
        """Remember public events (cards seen going into hands)."""
        if self.remember:
            self.memory.observe(events)

    def decide(self, game: Game) -> Choice:
        """Search and return the best decision tuple for the seat to act."""
        cands = candidates(game)
        default = normal_choice(game, NORMAL)
        if self.ordinary_only:
            cands = [c for c in cands if c == default or (c[0] == "play" and c[1] not in _SPECIAL)]
        stock = len(game.stock)
        if len(cands) <= 1 or (self.max_stock is not None and stock > self.max_stock):
            self.last_stats = {"iterations": 0, "candidates": len(cands)}
            return default
        share = self.early_share if stock else 1.0
        limit = None if self.iterations is None else max(1, round(self.iterations * share))
        budget = None if self.budget_s is None else self.budget_s * share
        if default not in cands:
            cands.append(default)
        k = len(cands)
        d = cands.index(default)
        search = self.search(game, cands, limit, budget, base=d)
        n, totals, sq = search["iterations"], search["totals"], search["squares"]
        # Leave the heuristic move only for one that beats it clearly in the same worlds.
        best, best_mean = d, totals[d] / n
        for i in range(k):
            diff = (totals[i] - totals[d]) / n
            if diff <= 0 or totals[i] / n <= best_mean:
                continue
            var = max(sq[i] / n - diff * diff, 1e-9)
            if diff / (var / n) ** 0.5 >= self.z:
                best, best_mean = i, totals[i] / n
        self.last_stats = {
            "iterations": n,
            "candidates": k,
            "means": {c: round(x / n, 3) for c, x in zip(cands, totals)},
            "chances": dict(zip(cands, search["chances"])),
            "default": default,
        }
        return cands[best]

    def search(self, game: Game, cands: list[Choice], limit: int | None, budget: float | None, base: int = 0) -> dict:
        """Play every candidate in the same re-dealt worlds until ``limit`` worlds or
        ``budget`` seconds (at least one world). Returns the worlds searched, each
        candidate's summed reward and summed squared difference from candidate
        ``base``, and each candidate's (not last, win) shares."""
        seat = game.turn
        k = len(cands)
        totals = [0.0] * k
        sq = [0.0] * k  # sums of squared differences from the base move, world by world
        not_last = [0] * k
        wins = [0] * k
        shuffle = _CanonicalShuffle(self.rng)
        known = self.memory.known_hands(game, seat)
        start = time.perf_counter()
        deadline = None if budget is None else start + budget
        n = 0
        while True:
            if limit is not None and n >= limit:
                break
            if deadline is not None and n > 0:
                # Stop before a world that would end past the deadline (worlds take
                # about equally long), so a decision keeps to its budget.
                now = time.perf_counter()
                if now + (now - start) / n > deadline:
                    break
            world = fast.determinize(game, seat, shuffle, known)
            results = []
            for i, c in enumerate(cands):
                g = world.copy()
                g.fast_turn(*c)
                rollout(g)
                results.append(reward(g, seat))
                safe, won = standing(g, seat)
                not_last[i] += safe
                wins[i] += won
            b = results[base]
            for i, r in enumerate(results):
                totals[i] += r
                sq[i] += (r - b) ** 2
            n += 1
        return {
            "iterations": n,
            "totals": totals,
            "squares": sq,
            "chances": [(not_last[i] / n, wins[i] / n) for i in range(k)],
        }


def move_chances(
    game: Game, seat: int, moves, iterations: int = 200, seed: int | None = 0, events=None
) -> dict[Move, tuple[float, float]]:
    """For ``seat``'s decision now (it must be the seat to act, in the play phase): each
    move's estimated chances ``(not_last, win)`` from hard's search, every move played
    in the same ``iterations`` re-dealt worlds. Deterministic for ``seed``; decided from
    the seat's view and the public ``events`` so far only. Moves that stand for the
    same decision (the same rank and count) share an estimate."""
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
    chances = player.search(game, cands, iterations, None)["chances"]
    by_choice = dict(zip(cands, chances))
    return {m: by_choice[move_to_choice(game, m)] for m in moves}


#: normal's search once the stock is gone: worlds per decision and the paired test's
#: bar, heads-up and at bigger tables. A deal varies more with more players, so it
#: needs more worlds (with 3 worlds at 4 seats normal played no better than easy).
NORMAL_SEARCH = {2: (3, 1.0), "more": (12, 1.5)}


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
        self.iterations, self.z = NORMAL_SEARCH[2 if len(game.seats) == 2 else "more"]
        return super().decide(game)


class HardPlayer(SearchPlayer):
    """Searches every decision: 200 ms by default, a quarter of it while the stock lasts,
    and leaves the rule of thumb only for a move that is better by two standard errors."""

    name = "hard"

    def __init__(
        self, seed: int | None = None, budget_s: float | None = None, iterations: int | None = None, **options
    ) -> None:
        if budget_s is None and iterations is None:
            budget_s = DEFAULT_BUDGET_S
        options.setdefault("early_share", 0.25)
        # With many worlds per decision a stricter test keeps noise from passing for a
        # better move among half a dozen candidates.
        options.setdefault("z", 2.0)
        super().__init__(seed, budget_s=budget_s, iterations=iterations, **options)
