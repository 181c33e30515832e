"""One decision of a finished game, judged for the review: the coach's advice, the move's
chances, and whether a longer look finds a clearly better move.

The coach's advice is hard's own decision (:class:`~palace_tui.ai.hard.HardPlayer`, its
default work, its worlds dealt from the position), so the review says what the coach
said at the table. The chances of the move made come from the same worlds (more of
them when they are too few for a chance within ten points either way, 95% of the
time). A move is called a mistake only when a longer look, twice the coach's worlds,
finds another that is better for the table's own score by two standard errors
or more, world by world; it is not looked at longer unless the coach's worlds already
suggest it (:data:`HINT_Z`).

A seat's setup (its swaps and ``ready``, or its ``choose``) is one decision: the face-up
row it settled on against the coach's, both played out in the same re-dealt worlds.

Everything here decides from the seat's view and the public events only.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from palace_tui.ai.hard import HardPlayer
from palace_tui.ai.policy import Choice, choice_to_move, move_to_choice, setup_move
from palace_tui.ai.search import Search, canonical_shuffle, position_seed, reward, rollout, standing
from palace_tui.rules import Event, Game, Move, fast

#: A chance is shown alone when its 95% interval is within this much either way.
HALF_WIDTH = 0.10
#: Worlds for a chance when nothing else asked for more (enough for ten points at 50%).
MIN_WORLDS = 100
#: The longer look deals this many times the coach's worlds (for fewer moves: the move
#: made, the advice and the moves that look better).
LONGER = 2
#: How clearly another move must be better, in standard errors, to call a move a mistake;
#: and the hint that is worth a longer look: with twice the worlds a lead grows by about
#: the square root of two, so a move that looks 1.4 standard errors better may reach 2.
CLEAR_Z = 2.0
HINT_Z = 1.4
#: Worlds dealt at a time while a chance is not yet within :data:`HALF_WIDTH`.
_STEP = 25
#: A setup longer than this many swaps is not a plan the coach makes (a guard, never reached).
_MAX_SWAPS = 12


def wilson_reach(p: float, n: int) -> float:
    """How far the 95% Wilson interval of a share ``p`` of ``n`` reaches from ``p``."""
    if n <= 0:
        return 1.0
    z = 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(abs(centre - half - p), abs(centre + half - p))


def settled(chances: tuple[float, float], n: int) -> bool:
    """Whether both chances are known to within :data:`HALF_WIDTH`."""
    return all(wilson_reach(p, n) <= HALF_WIDTH for p in chances)


@dataclass(frozen=True)
class Judged:
    """The review's facts about one decision. Moves are codes (setups: codes joined by
    ``"; "``); chances are ``(not_last, win)`` with the worlds they come from."""

    made: str
    advised: str
    made_chances: tuple[float, float]
    advised_chances: tuple[float, float]
    worlds: int
    #: The longer look's clearly better move, or "" when it found none.
    better: str = ""
    better_chances: tuple[float, float] = (0.0, 0.0)
    #: The better move's edge in the table's own score (0 to 1) over the move made.
    edge: float = 0.0

    def to_data(self) -> list[Any]:
        """Plain JSON data (kept with a saved table while its game is judged ahead)."""
        return [
            self.made,
            self.advised,
            list(self.made_chances),
            list(self.advised_chances),
            self.worlds,
            self.better,
            list(self.better_chances),
            self.edge,
        ]

    @classmethod
    def from_data(cls, data: Any) -> Judged:
        """Read :meth:`to_data` back; ValueError when it is damaged, or edited to hold what no
        judge makes (a chance that is not a finite number from 0 to 1, a count of worlds below
        0 or past :data:`MAX_KEPT_WORLDS`, a move that is not a move): such a judgement is
        dropped, and judged again.

        >>> Judged.from_data(["take", "take", [1e308, 0.5], [0.5, 0.5], 100, "", [0, 0], 0])
        Traceback (most recent call last):
        ...
        ValueError: a kept judgement is damaged (a chance of 1e+308 is not from 0 to 1)
        """
        try:
            made, advised, made_chances, advised_chances, worlds, better, better_chances, edge = data
            return cls(
                moves_code(made),
                moves_code(advised),
                _pair(made_chances),
                _pair(advised_chances),
                count_of(worlds),
                moves_code(better, empty=True),
                _pair(better_chances),
                share_of(edge, "an edge", -1.0),  # a difference of scores from 0 to 1
            )
        except (TypeError, ValueError, IndexError, KeyError) as exc:
            why = str(exc) if isinstance(exc, ValueError) else repr(exc)
            raise ValueError(f"a kept judgement is damaged ({why})") from None


#: The most worlds a kept judgement or analysis may say a chance comes from: far past any
#: review's (a thousand worlds at most, twice that for a longer look); a count past it was edited.
MAX_KEPT_WORLDS = 10_000_000


def share_of(x: Any, what: str = "a chance", low: float = 0.0) -> float:
    """``x`` as a chance: a finite number from 0 (or ``low``) to 1 (ValueError saying what else it is)."""
    if isinstance(x, bool) or not isinstance(x, int | float) or not low <= x <= 1.0:  # NaN fails too
        raise ValueError(f"{what} of {x!r} is not from {low:g} to 1")
    return float(x)


def count_of(x: Any) -> int:
    """``x`` as a count of worlds: a whole number from 0 to :data:`MAX_KEPT_WORLDS`."""
    if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x <= MAX_KEPT_WORLDS:
        raise ValueError(f"{x!r} worlds is not a count of worlds")
    return x


def moves_code(x: Any, empty: bool = False) -> str:
    """``x`` as the code of a move, or of a setup's moves joined by ``"; "`` ("" too when ``empty``)."""
    if not isinstance(x, str) or len(x) > 2_000:
        raise ValueError(f"{type(x).__name__} is not a move's code")
    text = str(x)
    if text or not empty:
        for code in text.split("; "):
            Move.from_code(code)
    return text


def _pair(x: Any) -> tuple[float, float]:
    a, b = x
    return share_of(a), share_of(b)


def _enough(search: Search, i: int, worlds: int) -> None:
    """Deal worlds until candidate ``i``'s chances are within :data:`HALF_WIDTH` (and at
    least ``worlds`` are dealt, or half of them when the chances are already that close)."""
    search.run(worlds=max(1, worlds // 2))
    while search.n < 4 * worlds and not (search.n >= worlds and settled(search.chances(i, search.n), search.n)):
        if settled(search.chances(i, search.n), search.n):
            return
        search.run(worlds=search.n + _STEP)


def _hinted(search: Search, made: int) -> list[int]:
    """The candidates that look better than ``made`` by :data:`HINT_Z` in the worlds so far."""
    n = search.n
    if not n:
        return []
    return [
        i
        for i in range(len(search.cands))
        if i != made and (edge := search.edge(i, made, n))[0] > 0 and edge[0] / edge[1] >= HINT_Z
    ]


def judge_play(
    game: Game, made: Move, events: Sequence[Event], min_worlds: int = MIN_WORLDS, work: int | None = None
) -> Judged:
    """The coach's advice on the play-phase decision ``made`` answered, and the verdict.

    The coach's own search is run as the coach runs it; then only the move made, the
    advice and any move that looks better are played on: in a longer look
    (:data:`LONGER` times the coach's worlds) when one looks better, and until the
    chances are within :data:`HALF_WIDTH`. Every chance quoted comes from the same worlds.
    ``work`` replaces hard's own (tests)."""
    player = HardPlayer(work=work)
    player.observe(events)
    advised = player.decide(game)
    mine = move_to_choice(game, made)
    search = player.last_stats.get("search")
    if search is None:
        # The coach did not search (one sensible move): look at the move made and the advice.
        search = player.start(game, [mine])
    i, a = search.add(mine), search.add(advised)
    # Only the move made, the advice and the moves that look better play on.
    hinted = _hinted(search, i)
    keep = list(dict.fromkeys([i, a, *hinted]))
    search.narrow(keep)
    i, a = keep.index(i), keep.index(a)
    _enough(search, i, min_worlds)
    best = -1
    if _hinted(search, i):
        search.run(worlds=max(LONGER * search.n, min_worlds))
        best = search.clearly_best(i, search.n, CLEAR_Z)
        best = -1 if best == i else best
    n = search.n
    return Judged(
        made.code(),
        _code(game, advised),
        search.chances(i, n),
        search.chances(a, n),
        n,
        "" if best < 0 else _code(game, search.cands[best]),
        search.chances(best, n) if best >= 0 else (0.0, 0.0),
        round(search.edge(best, i, n)[0], 4) if best >= 0 else 0.0,
    )


def move_chances_of(game: Game, made: Move, events: Sequence[Event], min_worlds: int = MIN_WORLDS) -> Judged:
    """The chances of a move nobody is judged on (a computer's), from the mover's view."""
    player = HardPlayer()
    player.observe(events)
    search = player.start(game, [move_to_choice(game, made)])
    _enough(search, 0, min_worlds)
    chances = search.chances(0, search.n)
    return Judged(made.code(), made.code(), chances, chances, search.n)


def _code(game: Game, choice: Choice) -> str:
    return choice_to_move(game, choice).code()


# ---------------------------------------------------------------------- setup


def coach_setup(game: Game) -> list[Move]:
    """The coach's whole setup for the seat to act: its swaps, then ``ready`` (or a ``choose``)."""
    g = game.copy()
    seat = g.turn
    plan: list[Move] = []
    while g.phase == "setup" and g.turn == seat and len(plan) <= _MAX_SWAPS:
        move = setup_move(g)
        plan.append(move)
        g.play(move)
        if move.kind != "swap":
            break
    return plan


def face_up_row(game: Game, plan: Sequence[Move]) -> list[str]:
    """The face-up row the seat to act ends its setup with after ``plan``."""
    g = game.copy()
    seat = g.turn
    for move in plan:
        g.play(move)
    return sorted(c.code for c in g.seats[seat].face_up)


def judge_setup(game: Game, made: Sequence[Move], min_worlds: int = MIN_WORLDS) -> Judged:
    """A seat's whole setup against the coach's, played out in the same re-dealt worlds (the
    other seats set up as the coach advises, then hard's rollout), scored as the search scores."""
    seat = game.turn
    if game.phase != "setup":
        raise ValueError("a setup is judged from the setup")
    coach = coach_setup(game)
    plans = [list(made)] if face_up_row(game, made) == face_up_row(game, coach) else [list(made), coach]
    shuffle = canonical_shuffle(position_seed(game, seat))
    rewards: list[list[float]] = [[] for _ in plans]
    standings: list[list[tuple[bool, bool]]] = [[] for _ in plans]

    def deal(count: int) -> None:
        for _ in range(count):
            world = fast.determinize(game, seat, shuffle, None)
            for k, plan in enumerate(plans):
                g = world.copy()
                for move in plan:
                    g.play(move)
                while g.phase == "setup":
                    g.play(setup_move(g))
                rollout(g)
                rewards[k].append(reward(g, seat))
                standings[k].append(standing(g, seat))

    def chances(k: int) -> tuple[float, float]:
        n = len(standings[k])
        return sum(s for s, _ in standings[k]) / n, sum(w for _, w in standings[k]) / n

    deal(min_worlds)
    while not settled(chances(0), len(rewards[0])) and len(rewards[0]) < 4 * MIN_WORLDS:
        deal(_STEP)
    codes = "; ".join(m.code() for m in made)
    if len(plans) == 1:
        return Judged(codes, codes, chances(0), chances(0), len(rewards[0]))
    advised = "; ".join(m.code() for m in coach)

    def edge() -> tuple[float, float]:
        diffs = [b - a for a, b in zip(rewards[0], rewards[1])]
        n = len(diffs)
        mean = sum(diffs) / n
        var = max(sum(d * d for d in diffs) / n - mean * mean, 1e-9)
        return mean, (var / n) ** 0.5

    mean, se = edge()
    if mean > 0 and mean / se >= HINT_Z:
        deal((LONGER - 1) * len(rewards[0]))
        mean, se = edge()
    clear = mean > 0 and mean / se >= CLEAR_Z
    n = len(rewards[0])
    return Judged(
        codes,
        advised,
        chances(0),
        chances(1),
        n,
        advised if clear else "",
        chances(1) if clear else (0.0, 0.0),
        round(mean, 4) if clear else 0.0,
    )
