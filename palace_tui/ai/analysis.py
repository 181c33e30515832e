"""The review of a finished game: each seat's chances turn by turn, the coach's advice and a
verdict on every human decision (setup included), and the turning points.

Each decision is judged by :mod:`palace_tui.ai.judge`: the coach's advice is hard's own
decision, the same the coach gave at the table (so a move that followed it is marked
"as the coach advised"), and a move is a mistake only when a longer look finds a
clearly better one. Each chance comes from enough re-dealt worlds to be within ten
points either way, 95% of the time (or says how far it may be off). Everything depends
only on the game: the worlds are dealt from each position, so an analysis is the same
on every machine and however many processes share it. Moves are judged on every core
(``workers``), each in its own process.

Each judgement has a key (:func:`jobs`) made of everything it reads: the deal, the moves up
to the one judged (a setup: to the seat's last setup move) and the settings. A judgement
made earlier, while the game was played (:mod:`palace_tui.ai.ahead`), is handed to
:func:`analyse` by its key (``known``) and not made again: the analysis is the same.

Pure: no Textual, no rich. The screen runs :func:`analyse` in a worker.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, cast

from palace_tui.ai.judge import (
    HALF_WIDTH,
    MIN_WORLDS,
    Judged,
    count_of,
    judge_play,
    judge_setup,
    move_chances_of,
    moves_code,
    share_of,
    wilson_reach,
)
from palace_tui.rules import Event, Game, Move, Rules
from palace_tui.rules.gamefile import Replay

#: Bumped when the analysis changes, so kept analyses of an older kind are not reused
#: (3: the coach's own advice, longer looks, per-chance worlds; 4: every row of chances adds
#: up, as a table allows).
ANALYSIS_VERSION = 4
#: Bumped when a judgement of one move changes (it is in every job's key, so judgements made
#: ahead of an older kind are made again).
JUDGEMENT_VERSION = 3
#: The least worlds behind a chance in a review (the screen's default).
DEFAULT_ITERATIONS = MIN_WORLDS
#: A mistake that loses at least this much chance may be a turning point.
TURNING_MIN = 0.05
#: Turning points marked per person.
TURNING_PER_SEAT = 3


@dataclass(frozen=True)
class Chances:
    """How often a seat was not last and how often it won, from 0 to 1, and the worlds the
    estimate comes from (0: a fact, the seat being out or the game over)."""

    not_last: float
    win: float
    worlds: int = 0

    def reach(self) -> float:
        """How far either chance may be off, 95% of the time (0 for a fact)."""
        if not self.worlds:
            return 0.0
        return max(wilson_reach(self.not_last, self.worlds), wilson_reach(self.win, self.worlds))

    @property
    def settled(self) -> bool:
        return self.reach() <= HALF_WIDTH + 1e-9


@dataclass(frozen=True)
class Verdict:
    """One human decision: the move made, the coach's advice, their chances, and the longer
    look's clearly better move if it found one (``better``; "" when the move stands).

    For a setup (``kind == "setup"``) the moves are the seat's setup moves in order, their
    codes joined by ``"; "`` (``"swap 2H 8D; ready"``); ``best`` equals ``made`` when both
    end with the same face-up row."""

    index: int
    seat: int
    made: str
    best: str
    made_chances: Chances
    best_chances: Chances
    #: How much chance (of the review's measure) the better move would have added; 0 unless a mistake.
    loss: float
    kind: str = "play"
    better: str = ""
    better_chances: Chances | None = None
    #: The better move's edge in the table's own score, 0 to 1 (podium points a third each).
    edge: float = 0.0

    @property
    def agrees(self) -> bool:
        """The move made was the coach's advice."""
        return self.made == self.best

    @property
    def mistake(self) -> bool:
        """The longer look found a clearly better move."""
        return bool(self.better)

    def made_moves(self) -> list[Move]:
        return [Move.from_code(c) for c in self.made.split("; ")]

    def best_moves(self) -> list[Move]:
        return [Move.from_code(c) for c in self.best.split("; ")]

    def better_moves(self) -> list[Move]:
        return [Move.from_code(c) for c in self.better.split("; ")] if self.better else []


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

    def turning_of(self, seat: int) -> list[int]:
        """``seat``'s turning points, in game order (numbered 1, 2, ... in the review)."""
        return [i for i in self.turning if self.verdicts[i].seat == seat]

    def turning_number(self, index: int) -> tuple[int, int] | None:
        """``(k, of)`` when move ``index`` is its mover's turning point ``k`` of ``of``."""
        verdict = self.verdicts.get(index)
        if verdict is None or index not in self.turning:
            return None
        mine = self.turning_of(verdict.seat)
        return mine.index(index) + 1, len(mine)

    def to_json(self) -> str:
        def chances(c: Chances | None) -> list[float] | None:
            return None if c is None else [c.not_last, c.win, c.worlds]

        verdicts = []
        for v in self.verdicts.values():
            d = asdict(v)
            d["made_chances"], d["best_chances"] = chances(v.made_chances), chances(v.best_chances)
            d["better_chances"] = chances(v.better_chances)
            verdicts.append(d)
        return json.dumps(
            {
                "version": ANALYSIS_VERSION,
                "measure": self.measure,
                "turning": self.turning,
                "chances": [None if c is None else [chances(x) for x in c] for c in self.chances],
                "verdicts": verdicts,
            }
        )

    @classmethod
    def from_json(cls, text: str) -> Analysis:
        """Read :meth:`to_json` back; ValueError when it is of another version or damaged."""

        def chances(c: Any) -> Chances | None:
            if c is None:
                return None
            not_last, win, worlds = c
            return Chances(share_of(not_last), share_of(win), count_of(worlds))

        def whole(x: Any) -> int:
            if isinstance(x, bool) or not isinstance(x, int) or x < 0:
                raise ValueError(f"{x!r} is not a move's or a seat's number")
            return x

        try:
            data = json.loads(text)
            if data.get("version") != ANALYSIS_VERSION:
                raise ValueError("an analysis of another version")
            if data["measure"] not in ("not_last", "win"):
                raise ValueError(f"no chance is called {data['measure']!r}")
            verdicts = {}
            for v in data["verdicts"]:
                v = dict(v)
                for key in ("made_chances", "best_chances", "better_chances"):
                    v[key] = chances(v[key])
                v["index"], v["seat"] = whole(v["index"]), whole(v["seat"])
                v["made"], v["best"] = moves_code(v["made"]), moves_code(v["best"])
                v["better"] = moves_code(v.get("better", ""), empty=True)
                v["loss"], v["edge"] = share_of(v["loss"], "a loss"), share_of(v.get("edge", 0.0), "an edge", -1.0)
                if v.get("kind", "play") not in ("play", "setup"):
                    raise ValueError(f"no verdict is of kind {v['kind']!r}")
                verdicts[v["index"]] = Verdict(**v)
            turning = [whole(i) for i in data["turning"]]
            if any(i not in verdicts for i in turning):
                raise ValueError("a turning point has no verdict")
            return cls(
                [None if c is None else [cast(Chances, chances(x)) for x in c] for c in data["chances"]],
                verdicts,
                turning,
                data["measure"],
            )
        except (KeyError, TypeError, AttributeError, IndexError, json.JSONDecodeError, RecursionError) as exc:
            raise ValueError(f"the kept analysis is damaged ({exc!r})") from None
        except ValueError as exc:
            raise ValueError(f"the kept analysis is damaged ({exc})") from None

    def check_fits(self, played: Replay) -> None:
        """ValueError unless this analysis is one of ``played``: a chance list for each move,
        with a chance for each seat, and each verdict about a move made by its seat."""
        steps, seats = played.steps, len(played.start.seats)
        if len(self.chances) != len(steps):
            raise ValueError(f"the kept analysis has {len(self.chances)} moves, the game {len(steps)}")
        if any(c is not None and len(c) != seats for c in self.chances):
            raise ValueError("the kept analysis has chances for another number of players")
        for i, verdict in self.verdicts.items():
            if i != verdict.index or i >= len(steps) or steps[i].seat != verdict.seat:
                raise ValueError(f"the kept analysis judges a move {i + 1} this game did not make")


class Cancelled(Exception):
    """The analysis was stopped before it finished."""


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


def _task(played: Replay, i: int, humans: set[int]) -> str:
    """What move ``i`` needs: "setup" (a person's setup starts), "play" (a person's play-phase
    decision), "chances" (another play-phase move) or "" (nothing)."""
    step = played.steps[i]
    before = played.position(i)
    if before.phase == "setup":
        first = i == 0 or played.steps[i - 1].seat != step.seat or played.position(i - 1).phase != "setup"
        return "setup" if step.seat in humans and first else ""
    if before.phase != "play" or step.move.kind not in ("play", "take", "flip"):
        return ""
    return "play" if step.seat in humans else "chances"


@dataclass(frozen=True)
class Job:
    """One move to judge: its index, its task (see :func:`_task`) and its key."""

    index: int
    task: str
    key: str


def jobs(
    played: Replay, humans: set[int] | Sequence[int], iterations: int, work: int | None, *, finished: bool = True
) -> list[Job]:
    """The moves of ``played`` the review judges, in game order, each with the key of
    everything its judgement reads (the deal, the moves up to it or to the end of its
    setup, the settings). For a game still being played (``finished`` false) a setup
    still going on is left out: its plan is not known yet."""
    humans = set(humans)
    total = len(played.steps)
    digest = hashlib.blake2b(f"v{JUDGEMENT_VERSION}|{iterations}|{work}|{played.start.code()}".encode(), digest_size=16)
    # The digest after each move: prefixes[k] covers the first k moves.
    prefixes = [digest.copy()]
    for step in played.steps:
        digest.update(b"|" + step.move.code().encode())
        prefixes.append(digest.copy())
    out = []
    for i in range(total):
        task = _task(played, i, humans)
        if not task:
            continue
        end = i + 1
        if task == "setup":
            plan = _setup_plan(played, i)
            end = i + len(plan)
            if not finished and end == total and plan[-1].kind == "swap":
                continue
        h = prefixes[end].copy()
        h.update(f"|{task}@{i}".encode())
        out.append(Job(i, task, h.hexdigest()))
    return out


def judge_step(played: Replay, i: int, task: str, worlds: int, work: int | None = None) -> Judged | None:
    """Judge move ``i`` of ``played`` for ``task`` (see :func:`_task`)."""
    before = played.position(i)
    step = played.steps[i]
    if task == "setup":
        return judge_setup(before, _setup_plan(played, i), worlds)
    events: list[Event] = [e for s in played.steps[:i] for e in s.events]
    if task == "play":
        return judge_play(before, step.move, events, worlds, work)
    if task == "chances":
        return move_chances_of(before, step.move, events, worlds)
    return None


# One replay per worker process, set once when the process starts.
_PLAYED: Replay | None = None


def _start_worker(played: Replay) -> None:
    global _PLAYED
    _PLAYED = played


def _judge_in_worker(job: tuple[int, str, int, int | None]) -> tuple[int, Judged | None]:
    i, task, worlds, work = job
    assert _PLAYED is not None
    return i, judge_step(_PLAYED, i, task, worlds, work)


def _judged(
    played: Replay, jobs: list[tuple[int, str, int, int | None]], workers: int
) -> Iterable[tuple[int, Judged | None]]:
    """Each job's result as it is ready, judged on ``workers`` processes (here when 1)."""
    if workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            yield job[0], judge_step(played, *job)
        return
    # Forked where it can be (no second start-up, nothing imported again); the workers only
    # judge moves, so no lock another thread of the app may hold is ever wanted there.
    method = "fork" if sys.platform.startswith("linux") else "spawn"
    context = multiprocessing.get_context(method)
    pool = context.Pool(workers, _start_worker, (played,))
    try:
        # The costliest (earliest, longest play-outs) first keeps both cores busy to the end.
        yield from pool.imap_unordered(_judge_in_worker, jobs, chunksize=1)
    finally:
        pool.terminate()
        pool.join()


def analyse(
    played: Replay,
    humans: set[int] | Sequence[int],
    *,
    iterations: int = DEFAULT_ITERATIONS,
    work: int | None = None,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
    known: Mapping[str, Judged | None] | None = None,
    partial: Callable[[Analysis], None] | None = None,
) -> Analysis:
    """Review a replayed game: chances after every play-phase move, and a verdict on every
    decision of a seat in ``humans`` (each seat's setup as one decision, at its first setup
    move). ``iterations`` is the least worlds behind a chance; ``work`` the coach's search
    (default: hard's own, as the coach gives at the table); ``workers`` the processes
    (default: every core). The result does not depend on ``workers``.

    ``progress(done, total)`` is called as moves are judged; when ``cancelled()`` turns
    true :class:`Cancelled` is raised. ``known`` holds judgements made earlier by their
    keys (:func:`jobs`): those moves are not judged again. ``partial(analysis)`` is called
    with the analysis of what is judged so far (the moves not judged yet have no verdict and
    no chances) before the rest is judged and after each move but the last, so a review can
    open on it and fill in; the finished analysis is the one returned.
    """
    humans = set(humans)
    measure = measure_of(played.start.rules)
    total = len(played.steps)
    every = jobs(played, humans, iterations, work)
    if cancelled is not None and cancelled():
        raise Cancelled()
    known = known or {}
    results: dict[int, Judged | None] = {job.index: known[job.key] for job in every if job.key in known}
    todo = [(job.index, job.task, iterations, work) for job in every if job.index not in results]
    done = total - len(todo)
    tasks = {job.index: job.task for job in every}
    if progress is not None and todo:
        progress(done, total)
    if partial is not None and todo:
        partial(assemble(played, results, tasks, measure))
    for i, judged in _judged(played, todo, workers or os.cpu_count() or 1):
        results[i] = judged
        done += 1
        if progress is not None:
            progress(done, total)
        if cancelled is not None and cancelled():
            raise Cancelled()
        if partial is not None and done < total:
            partial(assemble(played, results, tasks, measure))
    return assemble(played, results, tasks, measure)


def measure_of(rules: Rules) -> str:
    """Which chance a review ranks by under ``rules``: "win" or "not_last" (see :class:`Analysis`)."""
    return "win" if rules.scores_wins or not rules.has_loser else "not_last"


def _chances(pair: tuple[float, float], worlds: int) -> Chances:
    return Chances(pair[0], pair[1], worlds)


def assemble(played: Replay, results: dict[int, Judged | None], tasks: dict[int, str], measure: str) -> Analysis:
    """The analysis from each move's judgement, in game order: ``tasks`` says which moves
    were a person's (a verdict) and which only a chance."""
    n = len(played.start.seats)
    current = [Chances((n - 1) / n, 1 / n) for _ in range(n)]
    chances: list[list[Chances] | None] = []
    verdicts: dict[int, Verdict] = {}
    for i, step in enumerate(played.steps):
        judged, task = results.get(i), tasks.get(i, "")
        if judged is None or task == "setup":
            chances.append(None)
        else:
            current[step.seat] = _chances(judged.made_chances, judged.worlds)
            current = consistent(step.after, _settled(step.after, current), step.seat)
            chances.append(list(current))
        if judged is not None and task in ("setup", "play"):
            verdicts[i] = _verdict(i, step.seat, judged, measure, "setup" if task == "setup" else "play")
    return Analysis(chances, verdicts, turning_points(verdicts), measure)


def _verdict(i: int, seat: int, judged: Judged, measure: str, kind: str) -> Verdict:
    made = _chances(judged.made_chances, judged.worlds)
    best = _chances(judged.advised_chances, judged.worlds)
    better = _chances(judged.better_chances, judged.worlds) if judged.better else None
    loss = 0.0
    if better is not None:
        loss = max(0.0, getattr(better, measure) - getattr(made, measure))
    return Verdict(
        i, seat, judged.made, judged.advised, made, best, round(loss, 4), kind, judged.better, better, judged.edge
    )


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


def consistent(game: Game, current: list[Chances], fresh: int) -> list[Chances]:
    """``current`` made to add up as the table allows, keeping seat ``fresh``'s chances (the
    mover's, just searched) and those of the seats that are out: among the seats still playing
    exactly one will be last (a game with a loser) and one will win (when nobody has yet), so
    the others' chances of being last, and of winning, are scaled to what is left. Each seat's
    estimate was made at its own last decision; without this, two seats left could each be
    "out of last place in nearly every game"."""
    if game.phase == "over":
        return current
    playing = [s for s, seat in enumerate(game.seats) if seat.place is None]
    others = [s for s in playing if s != fresh]
    if not others:
        return current
    out = list(current)
    fixed = [s for s in range(len(current)) if s not in others]

    def share(values: list[float], total: float) -> list[float]:
        """``values`` scaled to add up to ``total`` (evenly when they are all 0)."""
        total = min(1.0, max(0.0, total))
        have = sum(values)
        if have <= 0:
            return [total / len(values)] * len(values)
        return [min(1.0, v * total / have) for v in values]

    lose_left = 1.0 - sum(1.0 - current[s].not_last for s in fixed if game.rules.has_loser)
    loses = share([1.0 - current[s].not_last for s in others], lose_left)
    win_left = 1.0 - sum(current[s].win for s in fixed)
    wins = share([current[s].win for s in others], win_left)
    for s, lose, win in zip(others, loses, wins):
        not_last = 1.0 - lose if game.rules.has_loser else current[s].not_last
        # What is left is known as well as the fresh estimate it is left by (exactly so with two
        # seats left, where it is one minus the mover's).
        worlds = max(current[s].worlds, current[fresh].worlds)
        out[s] = Chances(not_last, win, worlds)
    return out


def turning_points(verdicts: dict[int, Verdict]) -> list[int]:
    """Each person's costliest mistakes (up to :data:`TURNING_PER_SEAT`, each losing at least
    :data:`TURNING_MIN`), as move indices in game order."""
    by_seat: dict[int, list[Verdict]] = {}
    for v in verdicts.values():
        if v.mistake and v.loss >= TURNING_MIN:
            by_seat.setdefault(v.seat, []).append(v)
    marked = [
        v.index for vs in by_seat.values() for v in sorted(vs, key=lambda v: (-v.loss, v.index))[:TURNING_PER_SEAT]
    ]
    return sorted(marked)


def settings_key(iterations: int, humans: Sequence[int], work: int | None = None) -> str:
    """What a kept analysis depends on besides the game, as one string."""
    coach = "" if work is None else f" work={work}"
    return f"v{ANALYSIS_VERSION} it={iterations}{coach} humans={','.join(map(str, sorted(humans)))}"
