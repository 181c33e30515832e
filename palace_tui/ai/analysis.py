"""The review of a finished game: each seat's chances turn by turn, the coach's verdict on
every human decision (setup included), and the turning points (the biggest losses of chance).

The chances of a play-phase decision come from hard's own search,
:func:`palace_tui.ai.hard.move_chances`: the cards the seat to act could not see are
dealt again at random (never the real hidden cards), each move is played in the same
worlds and the game is finished with the fast heuristic at every seat. The move made
and the coach's move (:func:`~palace_tui.ai.coach.advise`, hard's decision) go to one
call, so their difference is not noise from different deals.

A seat's setup (its swaps and ``ready``, or its ``choose``) is one decision: the face-up
row it settled on against the row the coach's setup advice builds, both played out in
the same re-dealt worlds with the same rollout and scoring as the search (the search
itself only looks at play-phase moves). Fixed iterations and seeds make an analysis
reproducible.

Pure: no Textual, no rich. The screen runs :func:`analyse` in a worker.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field

from palace_tui.ai import hard
from palace_tui.ai.coach import advise
from palace_tui.ai.hard import _CanonicalShuffle, rollout, standing
from palace_tui.ai.policy import move_to_choice, setup_move
from palace_tui.rules import Event, Game, Move, fast
from palace_tui.rules.gamefile import Replay

#: Bumped when the analysis changes, so kept analyses of an older kind are not reused
#: (2: hard's move_chances, setup verdicts, each seat's chances from its own decisions).
ANALYSIS_VERSION = 2
#: Worlds per decision in a review (the screen's default) and in the coach's own search.
DEFAULT_ITERATIONS = 100
#: A human decision that loses at least this much chance may be a turning point.
TURNING_MIN = 0.05
#: Turning points marked per person.
TURNING_PER_SEAT = 3
#: A setup longer than this many swaps is not a plan the coach makes (a guard, never reached).
_MAX_SWAPS = 12


@dataclass(frozen=True)
class Chances:
    """How often a seat was not last and how often it won, from 0 to 1."""

    not_last: float
    win: float


@dataclass(frozen=True)
class Verdict:
    """The coach on one human decision: the move made, the move it would make, both chances.

    For a setup (``kind == "setup"``) ``made`` and ``best`` are the seat's setup moves in
    order, their codes joined by ``"; "`` (``"swap 2H 8D; ready"``); they are equal when
    both end with the same face-up row."""

    index: int
    seat: int
    made: str
    best: str
    made_chances: Chances
    best_chances: Chances
    #: How much chance the move made gave up against the coach's (0 when they agree).
    loss: float
    kind: str = "play"

    @property
    def agrees(self) -> bool:
        return self.made == self.best

    def made_moves(self) -> list[Move]:
        return [Move.from_code(c) for c in self.made.split("; ")]

    def best_moves(self) -> list[Move]:
        return [Move.from_code(c) for c in self.best.split("; ")]


@dataclass
class Analysis:
    """A whole game's review: ``chances[i]`` is every seat's chances after move ``i`` (None in
    the setup, before the cards are played): the seat that moved as the search saw that
    move, the others as at their own last decision (even odds before it), a seat that is
    out as it finished. ``verdicts`` by move index; ``turning`` the move indices of the
    turning points, in game order."""

    chances: list[list[Chances] | None]
    verdicts: dict[int, Verdict] = field(default_factory=dict)
    turning: list[int] = field(default_factory=list)
    #: Which chance the review ranks by: "not_last" (a game with a loser) or "win".
    measure: str = "not_last"

    def to_json(self) -> str:
        return json.dumps(
            {
                "version": ANALYSIS_VERSION,
                "measure": self.measure,
                "turning": self.turning,
                "chances": [None if c is None else [[x.not_last, x.win] for x in c] for c in self.chances],
                "verdicts": [asdict(v) for v in self.verdicts.values()],
            }
        )

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
            return cls(
                [None if c is None else [Chances(a, b) for a, b in c] for c in data["chances"]],
                verdicts,
                list(data["turning"]),
                data["measure"],
            )
        except (KeyError, TypeError, AttributeError, json.JSONDecodeError) as exc:
            raise ValueError(f"the kept analysis is damaged ({exc!r})") from None


class Cancelled(Exception):
    """The analysis was stopped before it finished."""


def play_chances(
    game: Game, seat: int, moves: Sequence[Move], iterations: int, seed: int, events: Sequence[Event] | None = None
) -> list[Chances]:
    """``seat``'s chances after each of ``moves`` (legal for it, the seat to act), from hard's
    search (:func:`palace_tui.ai.hard.move_chances`, looked up at call time so the search
    the review quotes is always the one hard plays with)."""
    found = hard.move_chances(game, seat, list(moves), iterations, seed, list(events or ()))
    return [Chances(*found[m]) for m in moves]


def setup_chances(game: Game, seat: int, plans: Sequence[Sequence[Move]], iterations: int, seed: int) -> list[Chances]:
    """``seat``'s chances after each of ``plans`` (its whole setup: swaps then ``ready``, or a
    ``choose``), ``seat`` to act in the setup. In each world the cards it cannot see are
    dealt again (:func:`palace_tui.rules.fast.determinize`, sorted before the shuffle as in
    the search), every plan is played, the other seats set up as the coach advises and the
    game is finished by hard's rollout; :func:`palace_tui.ai.hard.standing` scores it."""
    if game.phase != "setup" or game.turn != seat:
        raise ValueError("setup chances are estimated for the seat setting up")
    shuffle = _CanonicalShuffle(random.Random(seed))
    not_last = [0] * len(plans)
    wins = [0] * len(plans)
    for _ in range(iterations):
        world = fast.determinize(game, seat, shuffle, None)
        for k, plan in enumerate(plans):
            g = world.copy()
            for move in plan:
                g.play(move)
            while g.phase == "setup":
                g.play(setup_move(g))
            rollout(g)
            safe, won = standing(g, seat)
            not_last[k] += safe
            wins[k] += won
    return [Chances(not_last[k] / iterations, wins[k] / iterations) for k in range(len(plans))]


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


def _row(game: Game, seat: int, plan: Sequence[Move]) -> list:
    g = game.copy()
    for move in plan:
        g.play(move)
    return sorted(g.seats[seat].face_up)


def _setup_plan(played: Replay, i: int) -> list[Move]:
    """The setup moves the seat that makes move ``i`` made from there on, up to its last."""
    seat = played.steps[i].seat
    plan = []
    for j in range(i, len(played.steps)):
        step = played.steps[j]
        if step.seat != seat or played.position(j).phase != "setup":
            break
        plan.append(step.move)
        if step.move.kind != "swap":
            break
    return plan


def _even(n: int) -> Chances:
    return Chances((n - 1) / n, 1 / n)


def _settled(game: Game, current: list[Chances]) -> list[Chances]:
    """``current`` with every seat that is out (or the whole table, when over) as it finished."""
    out = game.outcome()
    result = list(current)
    for s, seat in enumerate(game.seats):
        if out is not None and not out.abandoned:
            result[s] = Chances(float(out.loser != s), float(out.winner == s))
        elif seat.place is not None:
            # Out before the end: never last, and the winner when it went out first.
            result[s] = Chances(1.0, float(seat.place == 1))
    return result


def analyse(
    played: Replay,
    humans: set[int] | Sequence[int],
    *,
    iterations: int = DEFAULT_ITERATIONS,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> Analysis:
    """Review a replayed game: chances after every play-phase move, and a verdict on every
    decision of a seat in ``humans`` (each seat's setup as one decision, at its first
    setup move), by hard's search with ``iterations`` worlds.

    ``progress(done, total)`` is called after each move; when ``cancelled()`` turns true
    :class:`Cancelled` is raised.
    """
    humans = set(humans)
    rules = played.start.rules
    measure = "win" if rules.scores_wins or not rules.has_loser else "not_last"
    events_so_far: list[Event] = []
    n = len(played.start.seats)
    current = [_even(n) for _ in range(n)]
    chances: list[list[Chances] | None] = []
    verdicts: dict[int, Verdict] = {}
    total = len(played.steps)
    for i, step in enumerate(played.steps):
        if cancelled is not None and cancelled():
            raise Cancelled()
        before = played.position(i)
        seat = step.seat
        if before.phase == "setup":
            chances.append(None)
            first = i == 0 or played.steps[i - 1].seat != seat or played.position(i - 1).phase != "setup"
            if seat in humans and first:
                verdicts[i] = _setup_verdict(played, i, iterations, seed + i, measure)
        elif before.phase != "play" or step.move.kind not in ("play", "take", "flip"):
            chances.append(None)
        else:
            moves = [step.move]
            if seat in humans:
                best = advise(before, seat, iterations=iterations, seed=seed + i, events=events_so_far).move
                if move_to_choice(before, best) != move_to_choice(before, step.move):
                    moves.append(best)
            found = play_chances(before, seat, moves, iterations, seed + i, events_so_far)
            current[seat] = found[0]
            current = _settled(step.after, current)
            chances.append(list(current))
            if seat in humans:
                made, coach = found[0], found[-1]
                loss = max(0.0, getattr(coach, measure) - getattr(made, measure))
                verdicts[i] = Verdict(i, seat, step.move.code(), moves[-1].code(), made, coach, round(loss, 4))
        events_so_far.extend(step.events)
        if progress is not None:
            progress(i + 1, total)
    return Analysis(chances, verdicts, turning_points(verdicts), measure)


def _setup_verdict(played: Replay, i: int, iterations: int, seed: int, measure: str) -> Verdict:
    before = played.position(i)
    seat = played.steps[i].seat
    made = _setup_plan(played, i)
    coach = coach_setup(before)
    agree = _row(before, seat, made) == _row(before, seat, coach)
    plans = [made] if agree else [made, coach]
    found = setup_chances(before, seat, plans, iterations, seed)
    loss = max(0.0, getattr(found[-1], measure) - getattr(found[0], measure))
    codes = "; ".join(m.code() for m in made)
    return Verdict(
        i,
        seat,
        codes,
        codes if agree else "; ".join(m.code() for m in coach),
        found[0],
        found[-1],
        round(loss, 4),
        kind="setup",
    )


def turning_points(verdicts: dict[int, Verdict]) -> list[int]:
    """Each person's biggest losses of chance (up to :data:`TURNING_PER_SEAT`, each at least
    :data:`TURNING_MIN`), as move indices in game order."""
    by_seat: dict[int, list[Verdict]] = {}
    for v in verdicts.values():
        if v.loss >= TURNING_MIN:
            by_seat.setdefault(v.seat, []).append(v)
    marked = [
        v.index for vs in by_seat.values() for v in sorted(vs, key=lambda v: (-v.loss, v.index))[:TURNING_PER_SEAT]
    ]
    return sorted(marked)


def settings_key(iterations: int, seed: int, humans: Sequence[int]) -> str:
    """What a kept analysis depends on besides the game, as one string."""
    return f"v{ANALYSIS_VERSION} it={iterations} seed={seed} humans={','.join(map(str, sorted(humans)))}"
