"""The review's graph: each seat's chance over the whole game, one row of bars per seat,
the turning points marked and the cursor on the current move (as chess reviews draw
the evaluation)."""

from __future__ import annotations

from rich.text import Text

from palace_tui.ai.analysis import Chances

_BARS = " ▁▂▃▄▅▆▇█"


def chance_graph(
    names: list[str], chances: list[list[Chances] | None], measure: str, cursor: int, turning: list[int], width: int
) -> Text:
    """Rows of bars (one a seat) over the moves, squeezed into ``width`` columns.

    A column covers one or more moves; it is red where a turning point lies in it and
    yellow where the cursor is. Moves with no chance (the setup) stay blank.
    """
    label = max(len(n) for n in names) + 1
    columns = max(1, min(len(chances), width - label - 1))
    per = max(1, -(-len(chances) // columns))  # moves per column, rounded up
    columns = -(-len(chances) // per) if chances else 0
    turning_cols = {i // per for i in turning}
    cursor_col = cursor // per
    text = Text(no_wrap=True)
    for seat, name in enumerate(names):
        text.append(f"{name:<{label}}", "bold")
        for col in range(columns):
            values = [getattr(c[seat], measure) for c in chances[col * per : (col + 1) * per] if c is not None]
            bar = _BARS[round(sum(values) / len(values) * (len(_BARS) - 1))] if values else " "
            style = "red" if col in turning_cols else "green"
            if col == cursor_col:
                style = "bold yellow"
            text.append(bar, style)
        text.append("\n")
    text.append(" " * label)
    for col in range(columns):
        if col in turning_cols:
            text.append("▲", "bold red")
        elif col == cursor_col:
            text.append("^", "bold yellow")
        else:
            text.append(" ")
    return text


def graph_legend(measure: str) -> str:
    """What the graph's bars and marks mean (its frame's subtitle)."""
    what = "not last" if measure == "not_last" else "winning"
    return f"bars: chance of {what} · ▲ turning point · yellow ^ this move"
