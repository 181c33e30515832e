"""The sentences of the results screen, from the game's outcome (pure: no Textual).

The points sentence is built from the points the engine awarded, so it can never
promise a third place's point that a two-player game did not give.

>>> from palace_tui.rules import Outcome, Rules
>>> out = Outcome(order=(0, 1), winner=0, loser=1, points=(3, 2))
>>> loser_sentence("Ben", Rules.preset("palace"))
'Ben is the Palace: last with cards.'
>>> points_sentence(out, Rules.preset("palace"))
'Points: 3 to the first out and 2 to the second.'
"""

from __future__ import annotations

from typing import Any

from palace_tui.rules import Outcome, Rules
from palace_tui.words import join_and, ordinal, ordinal_word

#: The title of the results screen's box that tells the game move by move (its log).
GAME_STORY_TITLE = "How the game went"

#: What each preset calls the last player holding cards.
LOSER_TITLES = {"palace": "the Palace", "shithead": "the Shithead"}


def loser_title(rules: Rules) -> str:
    """What the last player holding cards is called: the preset's name for them, else the
    name of the game the scoring plays (a tally of losses is Shithead's, points are Palace's)."""
    preset = rules.preset_name()
    if preset in LOSER_TITLES:
        return LOSER_TITLES[preset]
    return LOSER_TITLES["shithead"] if rules.scores_losses else LOSER_TITLES["palace"]


def loser_sentence(name: str, rules: Rules) -> str:
    """``Ben is the Palace: last with cards.``; under house rules the title follows the scoring:

    >>> loser_sentence("Eve", Rules.preset("palace").replace(seven="low", scoring="losses"))
    'Eve is the Shithead: last with cards.'
    """
    return f"{name} is {loser_title(rules)}: last with cards."


def points_sentence(outcome: Outcome, rules: Rules) -> str:
    """What was awarded under ``rules``' scoring, in order out: ``Points: 3 to the first out and 2 to the second.``"""
    if rules.scores_podium:
        given = [(place, outcome.points[seat]) for place, seat in enumerate(outcome.order, 1) if outcome.points[seat]]
        if not given:
            return "No points were given."
        parts = [
            f"{pts} to the {ordinal_word(place)}" + (" out" if not k else "") for k, (place, pts) in enumerate(given)
        ]
        return f"Points: {join_and(parts)}."
    if rules.scores_losses:
        return "One loss to the last with cards." if outcome.loser is not None else "No loss was given."
    return "One win to the first out." if outcome.winner is not None else "No win was given."


def order_summary(names: list[str], order: list[int]) -> str:
    """A finished game in the list of recorded games: who went out first and who was left last.

    >>> order_summary(["Ann", "Ben", "Cy"], [2, 0, 1])
    'Cy first, Ben last'
    >>> order_summary(["Ann", "Ben", "Cy"], [2])  # first out wins: nobody else went out
    'Cy went out first'
    """
    if not order:
        return ""
    if len(order) == 1:
        return f"{names[order[0]]} went out first"
    return f"{names[order[0]]} first, {names[order[-1]]} last"


def unreadable_sentence(count: int) -> str:
    """Recorded games left out of a list because their rows were edited by hand.

    >>> unreadable_sentence(1)
    '1 recorded game could not be read (edited by hand?) and is not listed.'
    """
    if count == 1:
        return "1 recorded game could not be read (edited by hand?) and is not listed."
    return f"{count} recorded games could not be read (edited by hand?) and are not listed."


def next_deal_sentence(dealer_name: str) -> str:
    """``Next game: Ben deals.``"""
    return f"Next game: {dealer_name} deals."


def same_deal_columns(games: list[dict[str, Any]], current: str) -> tuple[list[str], list[list[str]]]:
    """One deal played more than once, side by side: the column headings (``This game``,
    ``Game 1``) and a row per dealt seat, ``["Seat 1", "Ann 1st 3", "Ben 2nd 2"]``: who held
    those cards in each game, where they finished and the points they scored.

    Each game is ``{game_id, table_game, players, places, points}`` (players, places and
    points by seat; points may be None when the game's moves were not kept).

    >>> games = [{"game_id": "t-1", "table_game": 1, "players": ["Ann", "Ben"], "places": [1, 2],
    ...           "points": [3, 2]},
    ...          {"game_id": "t-2", "table_game": 2, "players": ["Ben", "Ann"], "places": [2, 1],
    ...           "points": [2, 3]}]
    >>> same_deal_columns(games, "t-2")
    (['Cards of', 'Game 1', 'This game'], [['seat 1', 'Ann 1st 3', 'Ben 2nd 2'], ['seat 2', 'Ben 2nd 2', 'Ann 1st 3']])
    """
    heads = ["Cards of"] + ["This game" if g["game_id"] == current else f"Game {g['table_game']}" for g in games]
    rows = []
    for seat in range(len(games[0]["players"])):
        row = [f"seat {seat + 1}"]
        for g in games:
            place = g["places"][seat] if seat < len(g["places"]) else None
            points = g.get("points")
            cell = f"{g['players'][seat]} {ordinal(place) if place else '-'}"
            if points is not None:
                cell += f" {points[seat]}"
            row.append(cell)
        rows.append(row)
    return heads, rows
