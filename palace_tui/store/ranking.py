"""Scoreboard order: who is ahead under each scoring, with shared places.

Pure functions on plain rows, so the results screen, ``palace records`` and the
tests all rank the same way.
"""

from __future__ import annotations

from typing import Any

from palace_tui.rules.options import Scoring
from palace_tui.store.payloads import ScoreRow, score_total

#: The scorings in the order ``palace records`` shows them.
SCORINGS = tuple(Scoring)


def scoring_of(scoring: str) -> Scoring:
    """The scoring a name gives, or ValueError naming the scorings."""
    try:
        return Scoring(scoring)
    except ValueError:
        raise ValueError(f"unknown scoring {scoring!r}: use one of {', '.join(SCORINGS)}") from None


def stored_scoring(text: object) -> Scoring:
    """The scoring a record names; one edited by hand into something else ranks as the podium."""
    return Scoring(text) if isinstance(text, str) and text in _NAMES else Scoring.PODIUM


_NAMES = frozenset(SCORINGS)


def total_for(scoring: str, row: dict[str, Any] | ScoreRow) -> int:
    """The number a row is ranked on under ``scoring``: higher is better.

    >>> total_for("losses", {"wins": 2, "losses": 3, "points": 9})
    -3
    """
    return score_total(scoring_of(scoring), row)


def rank(rows: list[dict[str, Any]], scoring: str) -> list[dict[str, Any]]:
    """The rows best first under ``scoring``, each with a ``place``; equal totals share a place.

    Ties are listed by name so the order never depends on the database.

    >>> rows = [{"name": "Bo", "wins": 1, "losses": 0, "points": 3},
    ...         {"name": "Al", "wins": 1, "losses": 1, "points": 2},
    ...         {"name": "Cy", "wins": 0, "losses": 0, "points": 1}]
    >>> [(r["place"], r["name"]) for r in rank(rows, "losses")]
    [(1, 'Bo'), (1, 'Cy'), (3, 'Al')]
    """
    ordered = sorted(rows, key=lambda r: (-total_for(scoring, r), r["name"].casefold(), r["name"]))
    ranked: list[dict[str, Any]] = []
    previous: int | None = None
    place = 0
    for index, row in enumerate(ordered, start=1):
        total = total_for(scoring, row)
        if total != previous:
            place, previous = index, total
        ranked.append({**row, "place": place})
    return ranked
