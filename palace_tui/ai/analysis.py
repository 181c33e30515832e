"""The review of a finished game: each seat's chances turn by turn, the coach's verdict on
every human decision, and the turning points (the biggest losses of chance).

A chance is estimated the way the search players estimate a move: deal the cards the
seat to act could not see again at random (:meth:`Game.determinize`, never the real
hidden cards), play the move in that world, finish the game with the fast heuristic at
every seat, and count how often each seat was not last and how often it won. The move
made and the coach's move are played in the same worlds, so their difference is not
noise from different deals. Fixed iterations and seeds make an analysis reproducible.

Pure: no Textual, no rich. The screen runs :func:`analyse` in a worker.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field

from ..gamefile import Replay
from ..rules import Event, Game, Move
from .coach import advise
from .hard import _CanonicalShuffle, rollout
from .memory import Memory
from .policy import move_to_choice

#: Bumped when the analysis changes, so kept analyses of an older kind are not reused.
ANALYSIS_VERSION = 1
#: Worlds per decision in a review (the screen's default) and in the coach's own search.
DEFAULT_ITERATIONS = 100
#: A human decision that loses at least this much chance may be a turning point.
TURNING_MIN = 0.05
#: Turning points marked per person.
TURNING_PER_SEAT = 3


@dataclass(frozen=True)
class Chances:
    """How often a seat was not last and how often it won, from 0 to 1."""

    not_last: float
    win: float


@dataclass(frozen=True)
class Verdict:
    """The coach on one human decision: the move made, the move it would make, both chances."""

    index: int
    seat: int
    made: str
    best: str
    made_chances: Chances
    best_chances: Chances
    #: How much chance the move made gave up against the coach's (0 when they agree).
    loss: float

    @property
    def agrees(self) -> bool:
        return self.made == self.best


@dataclass
class Analysis:
    """A whole game's review: ``chances[i]`` is every seat's chances after move ``i`` (None in
    the setup, before the cards are played); ``verdicts`` by move index; ``turning`` the move
    indices of the turning points, in game order."""

    chances: list[list[Chances] | None]
    verdicts: dict[int, Verdict] = field(default_factory=dict)
    turning: list[int] = field(default_factory=list)
    #: Which chance the review ranks by: "not_last" (a game with a loser) or "win".
    measure: str = "not_last"

    def to_json(self) -> str:
        return json.dumps({"version": ANALYSIS_VERSION, "measure": self.measure, "turning": self.turning,
                           "chances": [None if c is None else [[x.not_last, x.win] for x in c]
                                       for c in self.chances],
                           "verdicts": [asdict(v) for v in self.verdicts.values()]})

    @classmethod
    def from_json(cls, text: str) -> Analysis:
        """Read :meth:`to_json` back; ValueError when it is of another version or damaged."""
        try:
            data = json.loads(text)
            if data.get("version") != ANALYSIS_VERSION:
                raise ValueError("an analysis of another version")
            verdicts = {}
            for v in data["verdicts"]:
                v = dict(v, made_chances=Chances(**v["made_chances"]), best_chances=Chances(**v["best_chances"]))
                verdicts[v["index"]] = Verdict(**v)
            return cls([None if c is None else [Chances(a, b) for a, b in c] for c in data["chances"]],
                       verdicts, list(data["turning"]), data["measure"])
        except (KeyError, TypeError, json.JSONDecodeError) as exc:
            raise ValueError(f"the kept analysis is damaged ({exc!r})") from None


class Cancelled(Exception):
    """The analysis was stopped before it finished."""


def move_chances(game: Game, seat: int, moves: Sequence[Move], iterations: int, seed: int,
                 known: dict | None = None) -> list[list[Chances]]:
    """For each of ``moves`` (legal for ``seat``, the seat to act), every seat's chances after it.

    All moves are played in the same ``iterations`` worlds dealt from ``seat``'s view;
    ``known`` lists cards known to be in other hands (:meth:`Memory.known_hands`).
    """
    rng = random.Random(seed)
    shuffle = _CanonicalShuffle(rng)
    n = len(game.seats)
    not_last = [[0] * n for _ in moves]
    wins = [[0] * n for _ in moves]
    for _ in range(iterations):
        world = game.determinize(seat, shuffle, known)
        for m, move in enumerate(moves):
            g = world.copy()
            g.play(move)
            rollout(g)
            last, first = _ends(g)
            for s in range(n):
                not_last[m][s] += s not in last
                wins[m][s] += s in first
    return [[Chances(not_last[m][s] / iterations, wins[m][s] / iterations) for s in range(n)]
            for m in range(len(moves))]


#: The estimator the review uses: swap in the hard search's own ``move_chances`` when it
#: offers one with this signature (``hard`` is growing one), in this one place.
CHANCES: Callable[..., list[list[Chances]]] = move_chances


def _ends(game: Game) -> tuple[set[int], set[int]]:
    """The seats that ended last and first (a rollout stopped early ranks by cards left)."""
    out = game.outcome()
    if out is not None and not out.abandoned:
        last = {out.loser} if out.loser is not None else set()
        if out.loser is None and game.rules.finish == "last-loses" and out.order:
            last = {s for s in range(len(game.seats)) if s not in out.order}
        return last, {out.winner} if out.winner is not None else set()
    left = [len(s.face_down) + len(s.face_up) + s.hand_count if s.place is None else -1 for s in game.seats]
    most = max(left)
    first = {i for i, s in enumerate(game.seats) if s.place == 1}
    if not first:
        first = {min((x, i) for i, x in enumerate(left) if x >= 0)[1]}
    return {i for i, x in enumerate(left) if x == most}, first


def analyse(played: Replay, humans: set[int] | Sequence[int], *, iterations: int = DEFAULT_ITERATIONS,
            seed: int = 0, progress: Callable[[int, int], None] | None = None,
            cancelled: Callable[[], bool] | None = None) -> Analysis:
    """Review a replayed game: chances after every play-phase move, and a verdict on every
    decision of a seat in ``humans`` (by the coach's search with ``iterations`` worlds).

    ``progress(done, total)`` is called after each move; when ``cancelled()`` turns true
    :class:`Cancelled` is raised.
    """
    humans = set(humans)
    rules = played.start.rules
    measure = "win" if rules.scoring == "wins" or rules.finish == "first-out" else "not_last"
    memory = Memory()
    events_so_far: list[Event] = []
    chances: list[list[Chances] | None] = []
    verdicts: dict[int, Verdict] = {}
    total = len(played.steps)
    for i, step in enumerate(played.steps):
        if cancelled is not None and cancelled():
            raise Cancelled()
        before = played.position(i)
        if before.phase != "play" or step.move.kind not in ("play", "take", "flip"):
            chances.append(None)
        else:
            seat = step.seat
            known = memory.known_hands(before, seat)
            moves = [step.move]
            best = None
            if seat in humans:
                best = advise(before, seat, iterations=iterations, seed=seed + i, events=events_so_far).move
                if move_to_choice(before, best) != move_to_choice(before, step.move):
                    moves.append(best)
            found = CHANCES(before, seat, moves, iterations, seed + i, known)
            chances.append(found[0])
            if seat in humans:
                made, coach = found[0][seat], found[-1][seat]
                loss = max(0.0, getattr(coach, measure) - getattr(made, measure)) if len(found) > 1 else 0.0
                verdicts[i] = Verdict(i, seat, step.move.code(), (best or step.move).code() if len(found) > 1
                                      else step.move.code(), made, coach, round(loss, 4))
        memory.observe(list(step.events))
        events_so_far.extend(step.events)
        if progress is not None:
            progress(i + 1, total)
    return Analysis(chances, verdicts, turning_points(verdicts), measure)


def turning_points(verdicts: dict[int, Verdict]) -> list[int]:
    """Each person's biggest losses of chance (up to :data:`TURNING_PER_SEAT`, each at least
    :data:`TURNING_MIN`), as move indices in game order."""
    by_seat: dict[int, list[Verdict]] = {}
    for v in verdicts.values():
        if v.loss >= TURNING_MIN:
            by_seat.setdefault(v.seat, []).append(v)
    marked = [v.index for vs in by_seat.values()
              for v in sorted(vs, key=lambda v: (-v.loss, v.index))[:TURNING_PER_SEAT]]
    return sorted(marked)


def settings_key(iterations: int, seed: int, humans: Sequence[int]) -> str:
    """What a kept analysis depends on besides the game, as one string."""
    return f"v{ANALYSIS_VERSION} it={iterations} seed={seed} humans={','.join(map(str, sorted(humans)))}"
