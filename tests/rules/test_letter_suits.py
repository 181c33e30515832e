"""In a terminal whose encoding has no ♠ ♥ ♦ ♣ (a pure ASCII locale) cards show letter suits."""

from __future__ import annotations

import io

import pytest

from palace_tui.rules import Card
from palace_tui.rules.cards import cards_text, use_letter_suits, use_letter_suits_if_needed


@pytest.fixture(autouse=True)
def _symbols_back():
    yield
    use_letter_suits(False)


def test_an_ascii_terminal_gets_letters():
    ascii_out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    assert use_letter_suits_if_needed(ascii_out) is True
    assert cards_text([Card.parse("7H"), Card.parse("TS"), Card.parse("AD"), Card.parse("2C")]) == "7H 10S AD 2C"
    assert str(Card.parse("QS")).encode("ascii") == b"QS", "a card made afterwards has letters too"


def test_a_utf8_terminal_keeps_the_symbols():
    utf8_out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    assert use_letter_suits_if_needed(utf8_out) is False
    assert str(Card.parse("7H")) == "7♥"
