"""Events in words: one renderer, several voices.

Each kind of public event has one phrase, written once below (``played 7♥``,
``cleared the pile with four sevens (8 cards)``, ``went out (1st)``). The voices
only decide how phrases are put together:

- **log**: one event a line, every seat by name (the public log, :func:`log_sentence`);
- **recap**: a seat's consecutive events as one clause, clauses joined by ``;``
  ("since your last turn"); draws and "ready" are left out;
- **lesson**: one sentence a step, the learner called "You";
- **mover**: the mover's own events told to the mover, with the cards it drew
  (only the mover's screen shows it).

A few events that follow each other are told as one step in the recap, lesson and
mover voices: a face-down card turned over and then played or failed, and a play
that cleared the pile. Every result is a :class:`~.sentence.Sentence`: a ``str``
that keeps its cards as ``Card`` objects for colouring.

>>> from palace_tui.rules import Event, Card
>>> c = Card.parse
>>> log_sentence(Event("cleared", 0, (c("7D"),), 8, "four"), ["Ann", "Ben"])
'Ann cleared the pile with four sevens (8 cards)'
>>> log_sentence(Event("played", 1, (c("JK"),)), ["Ann", "Ben"])
'Ben played a joker'
>>> describe([Event("played", 0, (c("7D"), c("7S"))), Event("cleared", 0, (c("7D"),), 8, "four")], ["You", "Ben"], 0)
'You played 7♦ 7♠, clearing the pile with four sevens (8 cards).'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from palace_tui.rules.cards import JOKER, Card, rank_name, rank_plural
from palace_tui.rules.events import Event
from palace_tui.rules.options import Rules
from palace_tui.words.powers import power_words, ranks_with_power
from palace_tui.words.sentence import Cards, Part, Sentence, joined
from palace_tui.words.vocab import capitalized, count, join_and, ordinal

#: Kinds that are a seat's own action (a ``starts`` or ``over`` is not).
ACTION_KINDS = frozenset(
    {"played", "flipped", "failed", "took", "cleared", "drew", "reversed", "out", "swapped", "ready", "chose"}
    | {"chance", "burned_in", "see_through"}
)
#: Kinds told without a subject (a see-through play names its cards instead).
_SUBJECTLESS = frozenset({"over", "abandoned", "see_through"})
#: The learner's name in the lesson voice, and the mover's in the mover voice.
YOU = "You"


def _cleared(e: Event) -> str:
    if e.reason == "ten":
        return f"a 10 ({count(e.count, 'card')})"
    if e.reason == "clear":
        return f"{rank_name(e.cards[0].rank, True) if e.cards else 'a clearing card'} ({count(e.count, 'card')})"
    many = e.reason or "four"  # a burn, by its number of a kind
    what = f"{many} {rank_plural(e.cards[0].rank)}" if e.cards else f"{many} of a kind"
    return f"{what} ({count(e.count, 'card')})"


def _by_power(e: Event) -> bool:
    """A clear by the card's own power (the 10's), not by a burn."""
    return e.reason in ("ten", "clear")


def _see_through(e: Event) -> tuple[Sequence[Card], list[Part]]:
    """A see-through play's cards (the event's first ``count``), and what follows "see-through":
    ``: play on the 7♥ under it`` (the card after them is the one now answered)."""
    laid, under = e.cards[: e.count or 1], e.cards[e.count or 1 :]
    it = "it" if len(laid) == 1 else "them"
    if under:
        return laid, [": play on the ", Cards(under), f" under {it}"]
    return laid, [f", with nothing under {it}: anything goes"]


def _took_it(failed: Event) -> str:
    return f" and took it with the pile ({count(failed.count, 'card')})"


def phrase(e: Event, you: bool = False) -> list[Part]:
    """What one event did, as a predicate (``played 7♥``): the subject is the voice's to add.

    ``you``: the subject will be "You" (``are ready`` rather than ``is ready``).
    """
    k, cards = e.kind, Cards(e.cards)
    if k == "played":
        return ["played ", cards]
    if k == "flipped":
        return ["turned over ", cards]
    if k == "failed":
        return ["could not play ", cards, _took_it(e)]
    if k == "reversed":
        return ["reversed play"]
    if k == "cleared":
        return [f"cleared the pile with {_cleared(e)}"]
    if k == "drew":
        return [f"drew {count(e.count, 'card')}"]
    if k == "took":
        return [f"took the pile ({count(e.count, 'card')}", *((", adding ", cards) if cards else ()), ")"]
    if k == "out":
        return [f"went out ({ordinal(e.count)})"]
    if k == "skipped":
        return ["miss a turn" if you else "misses a turn"]
    if k == "chance":
        if e.reason == "went":
            return ["turned ", cards, " from the stock (the chance card): it goes"]
        return ["turned ", cards, " from the stock (the chance card): it can't go"]
    if k == "burned_in":
        return ["burned in out of turn with ", cards]
    if k == "see_through":
        laid, follows = _see_through(e)
        jokers = all(c.rank == JOKER for c in laid)
        what: Part = ("the joker" if len(laid) == 1 else "the jokers") if jokers else Cards(laid)
        return [what, " is" if len(laid) == 1 else " are", " see-through", *follows]
    if k == "swapped":  # cards: (the face-up card taken into the hand, the hand card laid face up)
        return ["put ", Cards(e.cards[1:]), " face up in place of ", Cards(e.cards[:1])]
    if k == "ready":
        return ["are ready" if you else "is ready"]
    if k == "chose":
        return ["laid ", cards, " face up"]
    if k == "starts":
        return ["lead" if you else "leads", f" ({e.reason})" if e.reason else ""]
    if k == "over":
        return ["the game is over", f": {e.reason}" if e.reason else ""]
    if k == "abandoned":
        return ["the game was abandoned: no result"]
    return [k]


def _step_phrases(
    events: Sequence[Event],
    you: int | None = None,
    drawn: Sequence[Card] | None = None,
    names: Sequence[str] | None = None,
    rules: Rules | None = None,
) -> list[tuple[Event, list[Part]]]:
    """The events as steps: a turned-over card and what became of it, a play and its clear, as one,
    and the players a play skipped told with it ("played 8♠: Cy misses a turn").

    ``you``: the seat called "You"; ``drawn``: the cards a draw brought (the mover's voice only);
    ``names``: what to call the skipped seats; ``rules``: the rules in force, to tell a house
    power that leaves no event of its own (a low 5, a 6 that goes on anything) with its play.
    """
    steps: list[tuple[Event, list[Part]]] = []
    missed: list[int | None] = []
    played: int | None = None  # the step of the last play, which the skipped players are told with
    k = 0
    while k < len(events):
        e = events[k]
        nxt = events[k + 1] if k + 1 < len(events) else None
        if e.kind == "flipped" and nxt is not None and nxt.kind in ("played", "failed") and nxt.seat == e.seat:
            words: list[Part] = (
                ["played ", Cards(e.cards), " from face down"]
                if nxt.kind == "played"
                else ["turned over ", Cards(e.cards), " from face down, could not play it", _took_it(nxt)]
            )
            k += 1
            e, nxt = nxt, events[k + 1] if k + 1 < len(events) else None
        elif e.kind == "chance" and nxt is not None and nxt.kind in ("played", "took") and nxt.seat == e.seat:
            words = (
                ["played ", Cards(e.cards), " from the stock (the chance card)"]
                if nxt.kind == "played"
                else ["turned ", Cards(e.cards), " from the stock, could not play it", _took_it(nxt)]
            )
            k += 1
            e, nxt = nxt, events[k + 1] if k + 1 < len(events) else None
        elif e.kind == "burned_in" and nxt is not None and nxt.kind == "played" and nxt.seat == e.seat:
            words = ["burned in out of turn with ", Cards(e.cards)]
            k += 1
            e, nxt = nxt, events[k + 1] if k + 1 < len(events) else None
        elif e.kind == "drew" and drawn is not None and len(drawn) == e.count:
            words = ["drew ", Cards(drawn)]
        else:
            words = phrase(e, e.seat == you)
        if e.kind == "played" and nxt is not None and nxt.kind == "see_through":
            words += [" (see-through", *_see_through(nxt)[1], ")"]
            k += 1
            nxt = events[k + 1] if k + 1 < len(events) else None
        if e.kind == "played" and nxt is not None and nxt.kind == "cleared":
            if _by_power(nxt):
                words += [f", clearing the pile ({count(nxt.count, 'card')})"]
            else:
                words += [f", clearing the pile with {_cleared(nxt)}"]
            k += 1
        elif e.kind == "played" and rules is not None and e.cards:
            words += _quiet_power(rules, e.cards[0].rank)
        if e.kind == "skipped" and played is not None:
            missed.append(e.seat)  # told with the play that skipped them, below
        else:
            if e.kind == "played":
                played = len(steps)
            steps.append((e, words))
        k += 1
    if missed and played is not None:
        e, words = steps[played]
        steps[played] = (e, [*words, ": ", _skipped_words(missed, names, you)])
    return steps


def _quiet_power(rules: Rules, rank: int) -> list[Part]:
    """A house power that changes what may follow without an event of its own, told with its play:
    `` (fives are low: play 5 or lower)``. The 2's usual reset goes untold, as RULES.md gives it."""
    if rank not in ranks_with_power(rules):
        return []
    told = power_words(rules, rank).told_with_play(rules, rank)
    return [] if told is None else [told]


def _skipped_words(seats: Sequence[int | None], names: Sequence[str] | None, you: int | None) -> str:
    """``Cy misses a turn``, ``Cy and Dee miss a turn``, ``you miss a turn`` (the next player
    by default, when the voice names nobody)."""
    if not names:
        return "the next player misses a turn" if len(seats) == 1 else f"the next {len(seats)} turns are missed"
    who = ["you" if s == you else names[s] if s is not None else "?" for s in seats]
    if len(who) == 1:
        return f"{who[0]} {'miss a turn' if who[0] == 'you' else 'misses a turn'}"
    return f"{join_and(who)} miss a turn"


def _with_subject(e: Event, words: list[Part], names: Sequence[str], you: int | None) -> Sentence:
    if e.kind in _SUBJECTLESS or e.seat is None:
        return Sentence(words)
    return Sentence([YOU if e.seat == you else names[e.seat], " ", *words])


def _capital(s: Sentence, end: str = "") -> Sentence:
    first = s.parts[0] if s.parts else ""
    if isinstance(first, str):
        return Sentence([capitalized(first), *s.parts[1:], end])
    return Sentence([*s.parts, end])


def log_sentence(e: Event, names: Sequence[str], rules: Rules | None = None) -> Sentence:
    """One event as a line of the public log, seats by name (never "you"), no full stop;
    ``rules`` tell a house power that has no event of its own with its play."""
    words = phrase(e)
    if rules is not None and e.kind == "played" and e.cards:
        words += _quiet_power(rules, e.cards[0].rank)
    return _capital(_with_subject(e, words, names, None))


def describe(events: Iterable[Event], names: Sequence[str], learner: int) -> Sentence:
    """The events of one move in the lesson voice: a sentence a step, the learner as "You"."""
    return _sentences(_step_phrases(list(events), learner, names=names), names, learner)


def _sentences(steps: list[tuple[Event, list[Part]]], names: Sequence[str], you: int | None) -> Sentence:
    return joined((_capital(_with_subject(e, w, names, you), ".") for e, w in steps), " ")


def move_result(
    events: Sequence[Event],
    seat: int,
    drawn: Sequence[Card],
    names: Sequence[str] | None = None,
    rules: Rules | None = None,
) -> Sentence:
    """The mover's own events, told to the mover ("You drew 2♣."); ``drawn``: the cards it drew;
    ``names`` name the players its play skipped (else "the next player"); ``rules`` tell a house
    power that has no event of its own with its play."""
    own = [e for e in events if e.seat == seat or e.kind == "skipped"]
    return _sentences(_step_phrases(own, seat, drawn, names, rules), [], seat)


def last_acted(events_with_indices: Iterable[tuple[int, Event]], seat: int) -> int:
    """The index just after ``seat``'s last own event (0 if it has not acted): pass it as ``since``."""
    since = 0
    for i, e in events_with_indices:
        if e.seat == seat and e.kind in ACTION_KINDS:
            since = i + 1
        elif e.kind == "skipped" and i == since and since:
            since = i + 1  # the players its own play skipped are part of its move
    return since


def recap(
    events_with_indices: Iterable[tuple[int, Event]],
    names: Sequence[str],
    since: int,
    limit: int = 6,
    reader: int | None = None,
    rules: Rules | None = None,
) -> Sentence:
    """The public events with index ``>= since`` in the recap voice, as one sentence.

    Consecutive events of one seat make one clause ("Cy played 10♦, clearing the pile
    (5 cards), then played 3♣"); clauses are joined with semicolons; with more than
    ``limit`` turns only the latest are kept, after a count of the rest. ``reader``
    is the seat the recap is told to: it is "you" (None: every seat by name); ``rules``
    tell a house power that has no event of its own with its play.
    """
    turns: list[tuple[int | None, list[Event]]] = []
    for i, e in events_with_indices:
        if i < since or e.kind in ("drew", "ready"):
            continue
        if e.kind == "skipped":  # told with the play that skipped them, when it is in the recap
            if turns and turns[-1][1][0].kind != "skipped":
                turns[-1][1].append(e)
            else:
                turns.append((e.seat, [e]))
        elif turns and e.seat is not None and turns[-1][0] == e.seat and e.kind != "starts":
            turns[-1][1].append(e)
        else:
            turns.append((e.seat, [e]))
    called = [YOU.lower() if i == reader else name for i, name in enumerate(names)]
    clauses = [_clause(evs, called, reader, rules) for _, evs in turns]
    if not clauses:
        return Sentence([])
    if len(clauses) > limit:
        clauses = [Sentence([count(len(clauses) - limit, "earlier move")])] + clauses[-limit:]
    return _capital(joined(clauses, "; "), ".")


def recap_for(
    events_with_indices: Sequence[tuple[int, Event]],
    names: Sequence[str],
    seat: int,
    limit: int = 6,
    rules: Rules | None = None,
) -> Sentence:
    """ "Since your last turn": what happened since ``seat`` last acted (empty if nothing did).

    The app keeps the public events with their running indices and shows this when a
    seat's view is revealed. A draw is never mentioned and a face-down card is named
    only once turned over; the other seats are called by name, ``seat`` itself "you"
    (the recap is told to it).

    >>> from palace_tui.rules import Event, Card
    >>> log = list(enumerate([Event("played", 0, (Card.parse("9S"),)), Event("drew", 0, (), 1),
    ...     Event("took", 1, (), 6), Event("played", 2, (Card.parse("TD"),)),
    ...     Event("cleared", 2, (Card.parse("TD"),), 1, "ten"), Event("played", 2, (Card.parse("3C"),))]))
    >>> str(recap_for(log, ["Ann", "Ben", "Cy"], seat=0))
    'Ben took the pile (6 cards); Cy played 10♦, clearing the pile (1 card), then played 3♣.'
    >>> str(recap_for([(0, Event("ready", 1)), (1, Event("starts", 0, reason="lowest 3"))], ["Ann", "Ben"], seat=0))
    'You lead (lowest 3).'
    """
    since = last_acted(events_with_indices, seat)
    return recap(events_with_indices, names, since, limit, reader=seat, rules=rules)


def _clause(
    events: list[Event], names: Sequence[str], reader: int | None = None, rules: Rules | None = None
) -> Sentence:
    """One seat's consecutive events as one clause: "Ben played 8♣, then reversed play"
    (``names`` already call the ``reader`` "you", and its verbs agree)."""
    steps = _step_phrases(events, reader, names=names, rules=rules)
    first = steps[0][0]
    bodies = [Sentence(w) for _, w in steps]
    body = bodies[0] if len(bodies) == 1 else joined([joined(bodies[:-1], ", "), bodies[-1]], ", then ")
    return _with_subject(first, list(body.parts), names, None)
