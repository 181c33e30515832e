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

import random
import time
from collections.abc import Iterable, Sequence
from typing import Any

from palace_tui.ai.heuristic import HeuristicPlayer
from palace_tui.ai.memory import Memory
from palace_tui.ai.policy import NORMAL, Choice, move_to_choice, normal_choice, take_choice
from palace_tui.ai.reading import Reader
from palace_tui.ai.search import CanonicalShuffle, Search, canonical_shuffle, position_seed
from palace_tui.rules import Event, Game, Move, fast
from palace_tui.rules.cards import JOKER

#: hard's work per decision once the stock is gone, in simulated moves (with
#: :data:`~palace_tui.ai.search.PLAYOUT_COST` and :data:`~palace_tui.ai.search.WORLD_COST`
#: for the copies and re-deals). Sized with
#: ``scripts/bench_decision.py`` on the project's 2-core machine: about 200 ms a decision
#: there (median), as the clock gave before.
DEFAULT_WORK = 90_000
#: The share of the work hard spends while the stock lasts.
EARLY_SHARE = 0.25


def candidates(game: Game) -> list[Choice]:
    """The moves worth searching for the seat to act in the play phase: every playable
    rank (all copies), a single card of a rank that goes on anything (a two, ten, joker or
    powered eight) when there are more, taking the pile (the chance card too, where the
    rules have it) and, after a drawn match (play_drawn), playing it or not."""
    s = game.seats[game.turn]
    t = fast.rule_tables(game)
    offer = game.drawn_offer()
    if offer is not None:
        return [("play", offer[0], 0), ("done", 0, 0)]
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
    for r, k in sorted(counts.items()):
        if allowed >> r & 1:
            out.append(("play", r, 0))
            if k > 1 and t.anything >> r & 1:
                out.append(("play", r, 1))
    if game.pile and not (out and t.must_play):
        choice = take_choice(game, s)
        if choice[0] == "chance":
            out.append(choice)
            choice = ("take", -1, 0)
        out.append(choice)
    return out


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
    were measured and dropped: docs/ai_ladder.md.) With ``read_table`` the worlds are
    kept as likely as the other seats' recent moves make them under the rule of thumb
    (:mod:`palace_tui.ai.reading`; an experiment, off by default).
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
        read_table: bool = False,
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
        self.reader = Reader() if read_table else None
        self.last_stats: dict[str, Any] = {}

    def observe(self, events: Iterable[Event]) -> None:
        """Remember public events (cards seen going into hands)."""
        if self.remember:
            self.memory.observe(events)
        if self.reader is not None:
            self.reader.observe(events)

    def options(self, game: Game) -> tuple[list[Choice], Choice]:
        """The candidates this player searches for the seat to act, and its rule of thumb's move."""
        cands = candidates(game)
        default = normal_choice(game, NORMAL)
        if self.ordinary_only:
            special = fast.rule_tables(game).anything
            cands = [c for c in cands if c == default or (c[0] == "play" and not special >> c[1] & 1)]
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
        search = Search(game, seat, cands, CanonicalShuffle(rng), known)
        if self.reader is not None:
            reading = self.reader.read(game, seat, known)
            if reading is not None:
                search.dealer = reading.deal
        return search

    def limits(self, game: Game) -> tuple[int | None, int | None, float | None]:
        """This decision's worlds, work and seconds (None: no such limit)."""
        share = self.early_share if game.stock else 1.0
        worlds = None if self.iterations is None else max(1, round(self.iterations * share))
        work = None if self.work is None else max(1, round(self.work * share))
        seconds = None if self.budget_s is None else self.budget_s * share
        return worlds, work, seconds

    def decide(self, game: Game) -> Choice:
        """Search and return the best decision tuple for the seat to act."""
        try:
            return self._decide(game)
        finally:
            if self.reader is not None:
                self.reader.mark(game, game.turn, self.memory.known_hands(game, game.turn))

    def _decide(self, game: Game) -> Choice:
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
        reading = getattr(search.dealer, "__self__", None)
        if reading is not None:
            self.last_stats["reading"] = reading
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
