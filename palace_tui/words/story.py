"""The table's story in a player's words: the chart of places, the streak, the average place.

The numbers are :mod:`palace_tui.store.story`'s; here they become the cells ``palace records``
and the results screen show, so both say them alike.

>>> places_chart([(1, 3), (2, 3), (3, 3), None, (None, 4)])
'█ ▅ ▁ · ▁'
>>> streak_heading(True), streak_words(2, 5), average_words(1.75), average_words(None)
('Not last in a row', '2 (best 5)', '1.8', '-')
"""

from __future__ import annotations

from collections.abc import Sequence

from palace_tui.words.vocab import count, join_and

#: Bars from last place (lowest) to first out (full).
BARS = "▁▂▃▄▅▆▇█"

#: What the chart means, under it.
CHART_LEGEND = "Last games: a bar a game, oldest first, the taller the better place (full: first out); · not playing."


def place_bar(place: tuple[int | None, int] | None) -> str:
    """One game's bar: full for first out, the lowest for last (or for holding cards when the
    first out ended the game), ``·`` for a game the player was not at."""
    if place is None:
        return "·"
    where, seats = place
    if where is None or seats <= 1:
        return BARS[0]
    return BARS[round((seats - where) / (seats - 1) * (len(BARS) - 1))]


def places_chart(recent: Sequence[tuple[int | None, int] | None]) -> str:
    """The places in the table's last games as a small chart, oldest first: ``█ ▅ ▁ ·`` (a bar
    a game, apart: bars side by side run together into one shape)."""
    return " ".join(place_bar(p) for p in recent)


def streak_heading(not_last: bool, short: bool = False) -> str:
    """What a streak counts at this table: games not last where someone loses, else wins
    (``short``: a narrow column's heading, which :func:`story_legend` explains)."""
    if short:
        return "In a row"
    return "Not last in a row" if not_last else "Wins in a row"


def story_legend(not_last: bool) -> str:
    """What the results screen's short headings mean."""
    run = "games not last" if not_last else "wins"
    place = "Place: the average place. " if not_last else ""
    return f"{place}In a row: {run} in a row, now (and best). {CHART_LEGEND}"


def streak_words(current: int, best: int) -> str:
    """``2 (best 5)``: the streak running now and the longest."""
    return f"{current} (best {best})"


def average_words(average: float | None) -> str:
    """The average place to one decimal (``1.8``), ``-`` when the player never had a place."""
    return "-" if average is None else f"{average:.1f}"


def story_title(table: str, rules: str, games: int) -> str:
    """``Table 2, palace: 7 games``."""
    return f"{table}, {rules}: {count(games, 'game')}"


def table_note(names: Sequence[str], games: int) -> str:
    """The new-table screen's line on the table its seats and rules make: new, or one that goes on.

    >>> table_note(["Ann", "Ben"], 0)
    'A new table: Ann and Ben at these rules.'
    >>> table_note(["Ann", "Ben"], 7)
    'Ann and Ben have played 7 games at these rules: their scoreboard goes on (another name or rule: a new table).'
    """
    people = join_and(list(names))
    if not games:
        return f"A new table: {people} at these rules."
    played = "1 game" if games == 1 else f"{games} games"
    return (
        f"{people} have played {played} at these rules: their scoreboard goes on (another name or rule: a new table)."
    )
