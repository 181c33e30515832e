"""Words keyed by power: every power of the engine has one entry in words/powers.py, and the
option list, the rules card, how to play, the pile explainer, the log and the coach all read it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from palace_tui.rules import Game, Rules
from palace_tui.rules.cards import JOKER
from palace_tui.rules.powers import RANK_OPTIONS, Power, rank_option_values
from palace_tui.words.how_to_play import how_to_play
from palace_tui.words.options import value_sentence, value_words
from palace_tui.words.pile import explain_pile
from palace_tui.words.powers import (
    POWER_WORDS,
    PileTop,
    PlayReason,
    power_card_line,
    power_clause,
    ranks_with_power,
)
from palace_tui.words.rules_card import rules_card

PACKAGE = Path(__file__).parents[2] / "palace_tui"


def test_every_power_has_one_entry_and_each_name_is_its_own():
    assert set(POWER_WORDS) == set(Power)
    names = [POWER_WORDS[p].name for p in Power]
    assert len(set(names)) == len(names)
    assert all(0 < len(name) < 16 for name in names), "a name fits an option list's cell"


@pytest.mark.parametrize("rank", list(RANK_OPTIONS))
def test_every_power_a_rank_may_take_is_said_in_every_place(rank: int):
    for value in rank_option_values(rank):
        rules = Rules().replace(**{RANK_OPTIONS[rank]: value})
        words = POWER_WORDS[rules.power(rank)]
        assert power_clause(rules, rank) == words.clause(rules, rank)
        assert power_card_line(rules, rank) == words.card_line(rules, rank)
        if rank in ranks_with_power(rules) or rank in (2, 10):  # the rules card lists these
            assert words.card_line(rules, rank) in rules_card(rules)
        if value in {p.value for p in Power}:
            assert value_words(RANK_OPTIONS[rank], value) == words.name
            assert value_sentence(RANK_OPTIONS[rank], value) == words.option_sentence(rank)
        house = words.house_clause(rules, rank)
        assert house is None or house.lower() in _said(rules).lower()
        top = PileTop(rules, rank, 1, 5, "play", "a 5 or higher")
        assert words.on_top(top).endswith(".")
        said = PlayReason("your card", rank, "", 3, 5, True, True, 3, "Ben")
        reason = words.coach_reason(said)
        assert reason is None or reason.startswith("Play your card")


def test_the_joker_is_said_from_its_entry_too():
    rules = Rules().replace(jokers=True)
    joker = POWER_WORDS[Power.JOKER]
    assert value_sentence("jokers", True) == joker.option_sentence(JOKER)
    assert str(joker.house_clause(rules, JOKER)) in _said(rules).lower()
    g = Game.from_position(rules, seats=[{"hand": "5C 9D"}, {"hand": "9H"}], pile="7H")
    assert joker.pile_note(JOKER, on_top=False, playable=True) in explain_pile(g).lower()


def _said(rules: Rules) -> str:
    return " ".join(text for _title, text in how_to_play(rules))


SAYERS = ["words/options.py", "words/pile.py", "words/events.py", "words/how_to_play.py", "words/rules_card.py"]


PREDICATES = {"resets", "clears", "see_through", "low", "skips", "reverses", "on_anything"}


def switches(source: str) -> dict[str, list[str]]:
    """The functions of ``source`` that pick words by asking a rank's ``power`` two or more of its
    predicates (``if power.low: ... elif power.skips: ...``), with the predicates asked."""
    found = {}
    for fn in ast.walk(ast.parse(source)):
        if not isinstance(fn, ast.FunctionDef):
            continue
        asked = {
            a.attr
            for node in ast.walk(fn)
            if isinstance(node, ast.If | ast.IfExp)
            for a in ast.walk(node.test)
            if isinstance(a, ast.Attribute)
            and a.attr in PREDICATES
            and isinstance(a.value, ast.Name)
            and a.value.id == "power"
        }
        if len(asked) > 1:
            found[fn.name] = sorted(asked)
    return found


def test_the_check_finds_a_switch_on_a_power():
    chain = "def said(power):\n    if power.low:\n        return 'low'\n    elif power.skips:\n        return 'skip'\n"
    assert switches(chain) == {"said": ["low", "skips"]}


@pytest.mark.parametrize("path", [*SAYERS, "words/powers.py", "ai/coach.py"])
def test_no_sentence_outside_the_entries_asks_which_power_a_rank_has(path: str):
    """A sentence chosen by ``if power.skips: ... elif power.low: ...`` belongs in the power's entry
    (words/powers.py's POWER_WORDS): elsewhere a branch may ask a predicate of the pile (is it
    low, does anything go), never pick a power's words."""
    assert switches((PACKAGE / path).read_text()) == {}, f"{path}: put these words in POWER_WORDS"
