"""Fixtures for the computer-player tests."""

from __future__ import annotations

import pytest

from palace_tui.rules import Rules
from tests.helpers.ai import RULE_SETS, rules_of


@pytest.fixture(params=RULE_SETS, ids=lambda p: p[0] + "".join(f",{k}={v}" for k, v in p[1].items()))
def rules(request) -> Rules:
    preset, options = request.param
    return rules_of(preset, options)
