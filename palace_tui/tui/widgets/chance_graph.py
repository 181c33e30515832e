"""The review's graph: each seat's chance over the whole game, one row of bars per seat,
the turning points marked and the cursor on the current move (as chess reviews draw
the evaluation). It spreads the game over every column it is given: a long game puts
several moves in a column, a short one gives a move several columns."""

from __future__ import annotations

from rich.text import Text

from palace_tui.ai.analysis import Chances

#: Eighths of a cell; 0% is drawn as the lowest bar, dimmed, so a line never just stops.
_BARS = "▁▁▂▃▄▅▆▇█"


def _spans(moves: int, columns: int) -> list[range]:
    """The moves each column covers: every move in some column, every column used."""
    return [
        range(c * moves // columns, max(c * moves // columns + 1, (c + 1) * moves // columns)) for c in range(columns)
    ]


def move_at(names: list[str], moves: int, width: int, x: int) -> int | None:
    """The move of the column at ``x`` in a graph of ``moves`` drawn by :func:`chance_graph`
    across ``width`` (None: on the names, or past the bars)."""
    label = max(len(n) for n in names) + 1
    columns = max(1, width - label) if moves else 0
    col = x - label
    if not 0 <= col < columns:
        return None
    return _spans(moves, columns)[col][0]


def chance_graph(
    names: list[str], chances: list[list[Chances] | None], measure: str, cursor: int, turning: list[int], width: int
) -> Text:
    """Rows of bars (one a seat) over the moves, across ``width`` columns.

    A column is red where a turning point lies in it and yellow where the cursor is.
    Moves with no chance (the setup) stay blank; a bar whose chance may be off by more
    than ten points (too few deals behind it) is shaded. Nothing is drawn for an
    empty game."""
    label = max(len(n) for n in names) + 1
    columns = max(1, width - label) if chances else 0
    spans = _spans(len(chances), columns) if chances else []
    turning_cols = {c for c, span in enumerate(spans) if any(i in span for i in turning)}
    cursor_cols = {c for c, span in enumerate(spans) if cursor in span}
    text = Text(no_wrap=True)
    for seat, name in enumerate(names):
        text.append(f"{name:<{label}}", "bold")
        for col, span in enumerate(spans):
            points = [c[seat] for c in (chances[i] for i in span) if c is not None]
            if not points:
                text.append(" ")
                continue
            value = sum(getattr(p, measure) for p in points) / len(points)
            level = round(value * 8)
            style = "red" if col in turning_cols else "green"
            if col in cursor_cols:
                style = "bold yellow"
            if level == 0:
                style += " dim"
            if any(not p.settled for p in points):
                style += " on grey30"
            text.append(_BARS[level], style)
        text.append("\n")
    text.append(" " * label)
    for col in range(len(spans)):
        if col in turning_cols:
            text.append("▲", "bold red")
        elif col in cursor_cols:
            text.append("^", "bold yellow")
        else:
            text.append(" ")
    return text


def graph_legend(measure: str, shaded: bool = False) -> str:
    """What the graph's bars and marks mean (its frame's subtitle)."""
    what = "not last" if measure == "not_last" else "winning"
    band = " · shaded: may be off by over 10 points" if shaded else ""
    return f"bars: chance of {what} · ▲ turning point · yellow ^ this move{band}"


def any_shaded(chances: list[list[Chances] | None]) -> bool:
    """Whether any chance in the graph may be off by more than ten points."""
    return any(not c.settled for row in chances if row is not None for c in row)
