"""What the review says of one verdict: what was done, what the coach advised, and why the
longer look prefers another move. Read by the review and its summary (so neither imports the other).
"""

from __future__ import annotations

from palace_tui.ai.analysis import Verdict
from palace_tui.rules import Card, Game, Move
from palace_tui.words.review import decision_clauses, play_mistake, setup_mistake


def decision_words(names: list[str], verdict: Verdict, you: bool = False) -> tuple[str, str]:
    """What was done and what the coach advised (:func:`palace_tui.words.review.decision_clauses`)."""
    who = "you" if you else names[verdict.seat]
    return decision_clauses(who, verdict.kind, verdict.made_moves(), verdict.best_moves())


def _row(game: Game, plan: list[Move]) -> list[Card]:
    g = game.copy()
    seat = g.turn
    for move in plan:
        g.play(move)
    return list(g.seats[seat].face_up)


def verdict_reason(game: Game, verdict: Verdict, measure: str) -> str:
    """Why the longer look prefers another move, and what it cost: two sentences a player
    reads (empty when the move stands)."""
    if not verdict.mistake or verdict.better_chances is None:
        return ""
    made_p = getattr(verdict.made_chances, measure)
    better_p = getattr(verdict.better_chances, measure)
    if verdict.kind == "setup":
        rows = _row(game, verdict.made_moves()), _row(game, verdict.better_moves())
        return setup_mistake(*rows, measure, made_p, better_p)
    return play_mistake(game, Move.from_code(verdict.made), verdict.better_moves()[0], measure, made_p, better_p)
