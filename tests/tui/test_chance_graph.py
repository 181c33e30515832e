"""The review's chance graph: every column used, 0% drawn, uncertain chances shaded."""

from __future__ import annotations

import pytest

from palace_tui.ai.analysis import Chances
from palace_tui.tui.widgets.chance_graph import any_shaded, chance_graph, graph_legend

NAMES = ["Ann", "Ben"]


def _rows(text) -> list[str]:
    return text.plain.split("\n")


@pytest.mark.parametrize("moves, width", [(104, 76), (104, 116), (30, 76), (300, 76)])
def test_the_graph_uses_every_column_it_is_given(moves, width):
    """At 80x24 (76 columns inside the frame) and 120x40, a long game and a short one alike."""
    chances = [[Chances(0.6, 0.3, 100), Chances(0.4, 0.2, 100)] for _ in range(moves)]
    text = chance_graph(NAMES, chances, "not_last", 0, [], width)
    rows = _rows(text)
    for row in rows[:2]:
        assert len(row) == width and row[4:].strip(" ") != "" and " " not in row[4:]


def test_zero_is_drawn_and_a_line_never_stops():
    chances = [[Chances(1.0, 1.0), Chances(0.0, 0.0)] for _ in range(10)]
    text = chance_graph(NAMES, chances, "not_last", 0, [], 24)
    ben = _rows(text)[1]
    assert ben[4:] == "▁" * 20
    assert _rows(text)[0][4:] == "█" * 20


def test_a_chance_that_may_be_off_by_more_than_ten_points_is_shaded_and_said():
    sure = [[Chances(0.5, 0.2, 100), Chances(0.5, 0.2, 100)]]
    unsure = [[Chances(0.5, 0.2, 10), Chances(0.5, 0.2, 10)]]
    assert not any_shaded(sure) and any_shaded(unsure)
    text = chance_graph(NAMES, sure + unsure, "not_last", 0, [], 12)
    styles = {str(span.style) for span in text.spans}
    assert any("on grey30" in s for s in styles)
    assert "off by over 10 points" in graph_legend("not_last", True)
    assert "off by" not in graph_legend("not_last", False)


def test_turning_points_and_the_cursor_are_marked():
    chances = [[Chances(0.5, 0.2, 100), Chances(0.5, 0.2, 100)] for _ in range(8)]
    marks = _rows(chance_graph(NAMES, chances, "not_last", 2, [6], 12))[2]
    assert marks[4:].index("▲") == 6 and marks[4:].index("^") == 2
