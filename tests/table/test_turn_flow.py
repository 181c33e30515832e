"""The turn flow without a terminal: whose cards are up at each step, for every kind of table.

Pure tests of :mod:`palace_tui.table.turn_flow` and :mod:`palace_tui.words.events` (no app runs),
plus a whole game driven through the flow by the engine alone, checking at each step
that only the seat meant to see is shown and that nobody is between "end turn" and the
next person's pass.
"""

from __future__ import annotations

import doctest
import random
import subprocess
import sys

import pytest

import palace_tui.table.turn_flow
import palace_tui.words.events
from palace_tui.rules import Card, Event, Game, Rules
from palace_tui.table.turn_flow import Step, Turn, TurnFlow
from palace_tui.words.events import move_result


def test_flow_and_result_words_import_no_ui():
    code = (
        "import sys, palace_tui.table.turn_flow, palace_tui.words.events; "
        "print(','.join(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_doctests():
    for module in (palace_tui.table.turn_flow, palace_tui.words.events):
        failed, _ = doctest.testmod(module)
        assert failed == 0, module.__name__


# ---------------------------------------------------------------------- several people


def test_two_people_see_their_result_then_pass():
    flow = TurnFlow({0, 1})
    assert flow.start(0) == Turn(Step.PASS, 0, None)
    assert flow.passed() == Turn(Step.ACT, 0, 0)
    assert flow.offers_take_back()
    assert flow.after_move(0, to_act=1) == Turn(Step.RESULT, 0, 0)
    assert flow.offers_take_back()
    assert flow.end_turn(1) == Turn(Step.PASS, 1, None)
    assert not flow.offers_take_back()
    assert flow.passed() == Turn(Step.ACT, 1, 1)


def test_a_clear_simply_continues_and_a_take_back_returns_to_act():
    flow = TurnFlow({0, 1})
    flow.start(0)
    flow.passed()
    assert flow.after_move(0, to_act=0) == Turn(Step.ACT, 0, 0)  # the extra turn after a clear
    assert flow.after_move(0, to_act=1) == Turn(Step.RESULT, 0, 0)
    assert flow.taken_back(0) == Turn(Step.ACT, 0, 0)


def test_computers_play_on_a_public_table_between_people():
    flow = TurnFlow({0, 2})
    flow.start(0)
    flow.passed()
    flow.after_move(0, to_act=1)
    assert flow.end_turn(1) == Turn(Step.WATCH, 1, None)
    assert flow.turn.shown is None and not flow.offers_take_back()
    assert flow.after_move(1, to_act=3) == Turn(Step.WATCH, 3, None)
    assert flow.after_move(3, to_act=2) == Turn(Step.PASS, 2, None)


def test_a_setup_turn_ends_with_its_own_key_and_hides_at_once():
    flow = TurnFlow({0, 1})
    flow.start(0)
    flow.passed()
    assert flow.after_move(0, to_act=0) == Turn(Step.ACT, 0, 0)  # a swap: still setting up
    assert flow.after_move(0, to_act=1, setup_done=True) == Turn(Step.PASS, 1, None)
    flow.passed()
    assert flow.after_move(1, to_act=2, setup_done=True) == Turn(Step.WATCH, 2, None)


def test_the_last_setup_then_leading_goes_on_without_a_pass():
    flow = TurnFlow({0, 1})
    flow.start(1)
    flow.passed()
    assert flow.after_move(1, to_act=1, setup_done=True) == Turn(Step.ACT, 1, 1)


def test_the_end_of_the_game_is_over_for_everyone():
    flow = TurnFlow({0, 1})
    flow.start(0)
    flow.passed()
    assert flow.after_move(0, to_act=None) == Turn(Step.OVER, None, None)


def test_a_session_already_showing_the_seat_to_act_goes_on():
    flow = TurnFlow({0, 1}, shown=0)
    assert flow.start(0) == Turn(Step.ACT, 0, 0)
    assert TurnFlow({0, 1}, shown=1).start(0) == Turn(Step.PASS, 0, None)


# ---------------------------------------------------------------------- one person and computers


def test_alone_with_computers_is_smooth_no_result_step_no_pass():
    flow = TurnFlow({0})
    assert flow.start(0) == Turn(Step.ACT, 0, 0)
    assert flow.after_move(0, to_act=1) == Turn(Step.WATCH, 1, 0)
    assert flow.offers_take_back()  # the person still has the keyboard while computers think
    assert flow.after_move(1, to_act=2) == Turn(Step.WATCH, 2, 0)
    assert flow.after_move(2, to_act=0) == Turn(Step.ACT, 0, 0)
    assert flow.after_move(0, to_act=1, setup_done=True) == Turn(Step.WATCH, 1, 0)


def test_alone_after_a_resume_passes_first_and_hides_computers_until_then():
    flow = TurnFlow({0})
    assert flow.start(1, resumed=True) == Turn(Step.WATCH, 1, None)
    assert flow.after_move(1, to_act=0) == Turn(Step.PASS, 0, None)
    assert flow.passed() == Turn(Step.ACT, 0, 0)
    assert flow.after_move(0, to_act=1) == Turn(Step.WATCH, 1, 0)
    flow = TurnFlow({0}, shown=0)
    assert flow.start(0, resumed=True) == Turn(Step.PASS, 0, None)


# ---------------------------------------------------------------------- whole games, engine only


@pytest.mark.slow
@pytest.mark.parametrize(
    "preset,humans,seats",
    [("palace", {0, 1}, 3), ("shithead", {0, 2, 3}, 4), ("first-out", {0, 1}, 2), ("palace", {1}, 3)],
)
def test_whole_games_show_only_the_seat_meant_to_see(preset, humans, seats):
    """The flow driven by real games: only the acting person's cards are up, and nobody's
    from the end of a turn to the next person's pass, when people share the keyboard."""
    for seed in range(6):
        rng = random.Random(seed)
        game = Game.deal(Rules.preset(preset), [f"P{i}" for i in range(seats)], seed=seed)
        flow = TurnFlow(humans)
        turn = flow.start(game.turn)
        results = 0
        while turn.step != Step.OVER:
            if turn.step == Step.PASS:
                turn = flow.passed()
                continue
            if turn.step == Step.RESULT:
                assert turn.shown == turn.seat in humans
                results += 1
                turn = flow.end_turn(None if game.phase == "over" else game.turn)
                assert turn.shown is None or not flow.shared
                continue
            mover = game.turn
            if turn.step == Step.ACT:
                assert turn.shown == mover in humans
            else:
                assert turn.step == Step.WATCH and mover not in humans
                assert turn.shown is None if flow.shared else turn.shown in humans
            setup = game.phase == "setup"
            move = rng.choice(game.legal_moves())
            game.play(move)
            turn = flow.after_move(
                mover,
                None if game.phase == "over" else game.turn,
                setup_done=setup and move.kind in ("ready", "choose"),
            )
        assert game.phase == "over"
        assert (results > 0) == flow.shared


# ---------------------------------------------------------------------- the mover's words


def test_result_words_for_each_kind_of_move():
    c = Card.parse
    assert move_result([Event("took", 0, (), 17)], 0, []) == "You took the pile (17 cards)."
    assert move_result([Event("flipped", 0, (c("4D"),)), Event("failed", 0, (c("4D"),), 6)], 0, []) == (
        "You turned over 4♦ from face down, could not play it and took it with the pile (6 cards)."
    )
    assert move_result([Event("played", 0, (c("10H"),)), Event("cleared", 0, (c("10H"),), 5, "ten")], 0, []) == (
        "You played 10♥, clearing the pile (5 cards)."
    )
    drew = [Event("played", 0, (c("9S"),)), Event("drew", 0, (), 2)]
    assert move_result(drew, 0, [c("2C"), c("5D")]) == "You played 9♠. You drew 2♣ 5♦."
    assert move_result(drew, 0, []) == "You played 9♠. You drew 2 cards."
    # The next seat's own draw at the start of its turn is not the mover's business.
    assert move_result([Event("played", 0, (c("9S"),)), Event("drew", 1, (), 3)], 0, []) == "You played 9♠."
