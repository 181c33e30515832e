"""The examples in the computer players' docstrings run (pytest collects doctests only
from palace_tui/rules)."""

import doctest

import pytest

import palace_tui.ai
import palace_tui.ai.coach
import palace_tui.sim.simulate


@pytest.mark.parametrize("module", [palace_tui.ai, palace_tui.ai.coach, palace_tui.sim.simulate],
                         ids=lambda m: m.__name__)
def test_doctests(module):
    result = doctest.testmod(module)
    assert result.failed == 0
