"""hard reads the table: worlds weighed by what the other seats' moves say about their hands.

Once the stock is gone no card enters a hand unseen, so a seat's hand at any later
decision is exactly its hand now, plus the cards it has played from it since, less the
cards it has picked up since: both public. So a world dealt for a decision now also says
what each other seat held when it made each of its recent moves, and the rule of thumb
(:func:`~palace_tui.ai.policy.normal_choice`, normal's whole policy while the stock
lasts and nearly all of it after) says what that seat would have done with it. A world
in which the seats would have done what they did is more likely than one in which they
would not.

:class:`Reader` keeps what a seat needs for it: a copy of the position at each of its own
last few decisions, its unseen cards dealt anyhow (:func:`~palace_tui.rules.fast.determinize`,
so it holds nothing the seat may not see), and the public events since. :meth:`Reader.read`
replays those events once per decision in a world that fits them and keeps every other
seat's decision from its hand (the position before it, the move made, and how that hand
differed from the hand now). :meth:`Reading.deal` then deals worlds as the search always
did and keeps each with the chance ``slip ** mismatches``, each of the kept decisions
checked against the rule of thumb in that world: rejection sampling from the worlds
weighed by how likely the observed moves are. The chances come from the search's own
shuffler, so a seed still gives one search.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from palace_tui.ai.policy import normal_choice
from palace_tui.ai.search import WORLD_COST, CanonicalShuffle
from palace_tui.rules import Card, Event, Game, IllegalMove, Move, fast
from palace_tui.rules.kinds import EventKind

#: The chance that a seat leads another ordinary rank than the rule of thumb's (normal's
#: endgame search does so in about 7 moves in 100; a person more often).
RANK_SLIP = 0.1
#: The chance of any other departure from the rule of thumb (taking the pile instead of
#: playing, a two or ten instead of an ordinary rank, a different count): normal never
#: does it, a person sometimes.
OTHER_SLIP = 0.02
#: Worlds dealt at most for one kept world; then the likeliest of them is kept.
TRIES = 20
#: The cost of checking one kept decision in one world, in moves (measured: about 3).
CHECK_COST = 3
#: Worlds dealt first for a decision, the likeliest of them setting the scale of the rest.
PROBE = 48
#: How many of the seat's own last decisions it reads back from.
READ_BACK = 3


@dataclass
class Decision:
    """One other seat's decision from its hand, as a world may explain it."""

    #: The position before the move (the seat's own copy; its hands are rewritten).
    position: Game
    seat: int
    #: What it did: ``("play", rank, cards laid)`` or ``("take", -1, 0)``.
    observed: tuple[str, int, int]
    #: Its hand then, less its hand now, card by card (negative: picked up since).
    change: dict[Card, int]

    def hand_then(self, now: Iterable[Card]) -> list[Card] | None:
        """The seat's hand at this decision, given its hand now (None: no such hand)."""
        count = Counter(now)
        for c, k in self.change.items():
            count[c] += k
            if count[c] < 0:
                return None
        return list(count.elements())

    def slip(self, world: Game) -> float:
        """How likely the move made is in ``world``, against the rule of thumb's own (1)."""
        hand = self.hand_then(world.seats[self.seat].hand)
        if hand is None:
            return 1.0  # the world cannot say: no evidence either way
        fast.set_hand(self.position, self.seat, hand)
        expected = resolved(self.position, normal_choice(self.position))
        if expected == self.observed:
            return 1.0
        anything = fast.rule_tables(self.position).anything
        kind, rank, _ = self.observed
        other = expected[1]
        if kind == expected[0] == "play" and other != rank and not (anything >> rank | anything >> other) & 1:
            return RANK_SLIP
        return OTHER_SLIP


def resolved(game: Game, choice: tuple[str, int, int]) -> tuple[str, int, int]:
    """A choice in the form a move is observed: a play with its count of cards, a take of the pile."""
    kind, rank, count = choice
    if kind == "play":
        seat = game.seats[game.turn]
        return ("play", rank, count or seat.count_in_hand(rank))
    return (kind, -1, 0)


@dataclass
class Reading:
    """The decisions a world is checked against, and what the checks did.

    Each decision's chance is taken against the likeliest of the first :data:`PROBE`
    worlds dealt (:meth:`calibrate`): a move that no such world explains (a seat that left
    the rule of thumb whatever it held) then weighs nothing either way, and a world that
    explains every move the others made is always kept."""

    decisions: list[Decision]
    tries: int = TRIES
    #: Worlds dealt and checked, worlds kept (a chance passed) and kept because tries ran out.
    dealt: int = 0
    kept: int = 0
    fallbacks: int = 0
    #: Each decision's largest chance among the first worlds (None: not calibrated yet).
    scale: list[float] | None = None
    waiting: list[tuple[Game, float]] = field(default_factory=list)

    def calibrate(self, worlds: Sequence[Game]) -> list[float]:
        """Set each decision's scale from ``worlds``; their weights."""
        slips = [[d.slip(w) for d in self.decisions] for w in worlds]
        self.scale = [max(col) for col in zip(*slips)] if slips else [1.0] * len(self.decisions)
        return [self._product(row) for row in slips]

    def _product(self, slips: Sequence[float]) -> float:
        w = 1.0
        for s, top in zip(slips, self.scale or ()):
            w *= s / top
        return w

    def weight(self, world: Game) -> float:
        """How likely the observed moves are in ``world``, against the likeliest worlds'
        (1 or more: as likely as they; uncalibrated, against the rule of thumb's own)."""
        return self._product([d.slip(world) for d in self.decisions]) if self.scale else self.raw(world)

    def raw(self, world: Game) -> float:
        """How likely the observed moves are in ``world``, against the rule of thumb's own (1)."""
        w = 1.0
        for d in self.decisions:
            w *= d.slip(world)
        return w

    def deal(
        self, game: Game, seat: int, shuffle: CanonicalShuffle, known: dict[int, Sequence[Card]]
    ) -> tuple[Game, int]:
        """One world for ``seat``'s search, kept with the chance its weight gives (the
        likeliest of :data:`TRIES` when none is); and the work of the worlds dealt and
        checked for it beyond one plain deal."""
        dealt = self.dealt
        if self.scale is None:
            probe = [fast.determinize(game, seat, shuffle, known) for _ in range(PROBE)]
            self.waiting = list(zip(probe, self.calibrate(probe)))
            self.dealt += PROBE
        best, best_w = None, -1.0
        for _ in range(self.tries):
            if self.waiting:
                world, w = self.waiting.pop(0)
            else:
                world = fast.determinize(game, seat, shuffle, known)
                w = self.weight(world)
                self.dealt += 1
            if shuffle.rng.random() < w:
                self.kept += 1
                best = world
                break
            if w > best_w:
                best, best_w = world, w
        else:
            self.fallbacks += 1
        assert best is not None
        spent = self.dealt - dealt
        return best, (spent - 1) * WORLD_COST + spent * CHECK_COST * len(self.decisions)


@dataclass
class Snapshot:
    """The position at one of the seat's own decisions (unseen cards dealt anyhow) and the
    public events since."""

    position: Game
    events: list[Event] = field(default_factory=list)


class Reader:
    """What a seat keeps to read the table: its last few positions and the events since."""

    def __init__(self, read_back: int = READ_BACK) -> None:
        self.snapshots: deque[Snapshot] = deque(maxlen=read_back)

    def observe(self, events: Iterable[Event]) -> None:
        events = list(events)
        for s in self.snapshots:
            s.events += events

    def mark(self, game: Game, seat: int, known: dict[int, Sequence[Card]]) -> None:
        """Keep the position of ``seat``'s decision now (again at the same position: once)."""
        if self.snapshots and not self.snapshots[-1].events:
            self.snapshots.pop()
        position = fast.determinize(game, seat, CanonicalShuffle(random.Random(0)), known)
        self.snapshots.append(Snapshot(position))

    def read(self, game: Game, seat: int, known: dict[int, Sequence[Card]]) -> Reading | None:
        """The other seats' decisions since the oldest kept position without a stock, or
        None when there are none or the events do not lead to the position now."""
        for snap in self.snapshots:
            if not snap.position.stock and snap.events:
                decisions = replay(snap, game, seat, known)
                return Reading(decisions) if decisions else None
        return None


@dataclass
class Trace:
    """What the public events since a snapshot say: the moves, in order (a flip as the card
    turned), and per seat the cards it played from its hand, picked up and turned up."""

    moves: list[tuple[int, Move | Card]]
    played: list[Counter[Card]]
    picked: list[Counter[Card]]
    flipped: list[list[Card]]


def trace(then: Game, events: Sequence[Event]) -> Trace | None:
    """Follow ``events`` from the position ``then`` by their public part only (None: they
    hold a draw, so some hand took cards nobody saw)."""
    n = len(then.seats)
    out = Trace([], [Counter() for _ in range(n)], [Counter() for _ in range(n)], [[] for _ in range(n)])
    hands = [s.hand_count for s in then.seats]
    pile = list(then.pile)
    follows = False  # the next "played" event belongs to a flip or a burn-in already counted

    def pick_up(j: int) -> None:
        out.picked[j].update(pile)
        hands[j] += len(pile)
        pile.clear()

    for e in events:
        k, j = e.kind, -1 if e.seat is None else e.seat
        if k in (EventKind.DREW, EventKind.CHANCE):
            return None
        if k == EventKind.PLAYED:
            if not follows:
                out.moves.append((j, Move.play(e.cards)))
                if hands[j]:
                    out.played[j].update(e.cards)
                    hands[j] -= len(e.cards)
            follows = False
            pile += e.cards
        elif k == EventKind.BURNED_IN:
            out.moves.append((j, Move.burn_in(j)))
            out.played[j].update(e.cards)
            hands[j] -= len(e.cards)
            follows = True
        elif k == EventKind.FLIPPED:
            out.moves.append((j, e.cards[0]))
            out.flipped[j].append(e.cards[0])
            follows = True
        elif k == EventKind.FAILED:
            follows = False
            pile += e.cards
            pick_up(j)
        elif k == EventKind.TOOK:
            out.moves.append((j, Move.take(e.cards[0] if e.cards else None)))
            pile += e.cards
            pick_up(j)
        elif k == EventKind.CLEARED:
            pile.clear()
    return out


def replay(snap: Snapshot, game: Game, seat: int, known: dict[int, Sequence[Card]]) -> list[Decision]:
    """Replay the events since ``snap`` in a world that fits them and keep every other
    seat's decision from its hand; none when they do not lead to ``game``."""
    then = snap.position
    found = trace(then, snap.events)
    if found is None:
        return []
    # Any world now will do: each decision keeps only how the hand then differs from it.
    now = fast.determinize(game, seat, CanonicalShuffle(random.Random(0)), known)
    world = then.copy()
    for i, s in enumerate(world.seats):
        hand = Counter(now.seats[i].hand) + found.played[i]
        hand.subtract(found.picked[i])
        if any(v < 0 for v in hand.values()):
            return []
        fast.set_hand(world, i, list(hand.elements()))
        s.face_down = now.seats[i].face_down + found.flipped[i]
    out: list[Decision] = []
    try:
        for j, move in found.moves:
            s = world.seats[j]
            if isinstance(move, Card):
                world.play(Move.flip(s.face_down.index(move)))
                continue
            if move.kind == "burn-in":
                world.burn_in(j)
                continue
            if j != seat and s.hand_count and world.turn == j:
                observed = ("play", move.cards[0].rank, len(move.cards)) if move.kind == "play" else ("take", -1, 0)
                out.append(Decision(world.copy(), j, observed, _minus(s.hand, now.seats[j].hand)))
            world.play(move)
    except (IllegalMove, ValueError):
        return []
    if not _same_public(world, game):
        return []
    return out


def _minus(a: Iterable[Card], b: Iterable[Card]) -> dict[Card, int]:
    """``a`` less ``b``, card by card (negative where ``b`` has more)."""
    count = Counter(a)
    count.subtract(Counter(b))
    return {c: k for c, k in count.items() if k}


def _same_public(a: Game, b: Game) -> bool:
    """Whether two positions agree on everything a seat sees but the hands' cards."""
    if (a.turn, a.phase, a.pile, len(a.stock)) != (b.turn, b.phase, b.pile, len(b.stock)):
        return False
    return all(
        (x.hand_count, x.face_up, len(x.face_down), x.place) == (y.hand_count, y.face_up, len(y.face_down), y.place)
        for x, y in zip(a.seats, b.seats)
    )
