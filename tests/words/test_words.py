"""palace_tui.words: one wording for each event in every voice, facts in the view, events in the log."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import fields
from pathlib import Path

import pytest

from palace_tui.rules import Card, Event, Game, Move, Rules, SeatView
from palace_tui.rules.view import PileRun, Requirement
from palace_tui.table.session import SeatConfig, Session
from palace_tui.words import Cards, describe, log_sentence, move_result, pile_run, recap, requirement_text

ROOT = Path(__file__).resolve().parents[2]
c = Card.parse
NAMES = ["Ann", "Ben", "Cy"]


def test_an_event_reads_the_same_in_every_voice():
    four = [Event("played", 0, (c("7D"), c("7S"))), Event("cleared", 0, (c("7D"),), 4, "four"), Event("out", 0, (), 1)]
    log = " / ".join(log_sentence(e, NAMES) for e in four)
    said = {
        "log": log,
        "recap": recap(list(enumerate(four)), NAMES, 0),
        "lesson": describe(four, NAMES, 1),
        "mover": move_result(four, 0, []),
    }
    for voice, text in said.items():
        assert "four sevens (4 cards)" in text, (voice, text)
        assert "went out (1st)" in text, (voice, text)
        assert "7♦ 7♠" in text and "7s" not in text, (voice, text)


def test_a_joker_is_a_joker_in_every_voice():
    played = [Event("played", 2, (c("JK"), c("JK"))), Event("reversed", 2)]
    texts = [
        log_sentence(played[0], NAMES),
        recap(list(enumerate(played)), NAMES, 0),
        describe(played, NAMES, 0),
        move_result(played, 2, []),
    ]
    for text in texts:
        assert "2 jokers" in text and "JK" not in text, text
    assert log_sentence(Event("took", 1, (c("JK"),), 5), NAMES) == "Ben took the pile (5 cards, adding a joker)"


def test_a_sentence_keeps_its_cards_as_cards():
    s = log_sentence(Event("swapped", 0, (c("3C"), c("9H"))), NAMES)
    assert s == "Ann put 9♥ face up in place of 3♣"
    assert [p for p in s.parts if isinstance(p, Cards)] == [Cards([c("9H")]), Cards([c("3C")])]


def test_the_mover_alone_is_told_the_cards_drawn():
    drew = [Event("played", 0, (c("9S"),)), Event("drew", 0, (), 2)]
    assert move_result(drew, 0, [c("2C"), c("5D")]) == "You played 9♠. You drew 2♣ 5♦."
    # Every public voice says how many, never which.
    for text in (log_sentence(drew[1], NAMES), describe(drew, NAMES, 1)):
        assert "2 cards" in text and "2♣" not in text


def test_a_view_carries_facts_and_words_make_the_sentences():
    g = Game.from_position(
        Rules.preset("palace").replace(seven="low"), seats=[{"hand": "5C"}, {"hand": "9D"}], pile="7H 7C"
    )
    view = g.view(0)
    assert view.need == Requirement(7, low=True) and view.run == PileRun(7, 2)
    assert not [f.name for f in fields(SeatView) if f.type in ("str", str) and f.name not in ("phase", "stage")]
    assert requirement_text(view.need) == "7 or lower"
    run = pile_run(view.pile, view.run)
    assert run == "7♥ 7♣: 2 of a kind"
    assert run.parts == (Cards([c("7H"), c("7C")]), ": 2 of a kind")  # what PileView sets in bold, no splitting


@pytest.mark.parametrize(
    "pile, words",
    [("", "anything"), ("9S", "9 or higher"), ("9S 2C", "anything"), ("KD", "K or higher"), ("AS", "an ace")],
)
def test_requirement_words_for_the_pile_panel(pile, words):
    """The short 'what may be played now' words the table shows beside the pile."""
    g = Game.from_position(
        Rules.preset("palace"), seats=[{"name": "Ann", "hand": "3C"}, {"name": "Ben", "hand": "4C"}], pile=pile
    )
    assert requirement_text(g.view(0).need) == words


def test_requirement_words_when_sevens_are_low():
    g = Game.from_position(
        Rules.preset("palace").replace(seven="low"),
        seats=[{"name": "Ann", "hand": "3C"}, {"name": "Ben", "hand": "4C"}],
        pile="7S",
    )
    assert requirement_text(g.view(0).need) == "7 or lower"


def play_some(session: Session, moves: int) -> None:
    for _ in range(moves):
        game = session.game
        if game.phase == "over":
            return
        session.apply(Move.ready() if game.phase == "setup" else game.legal_moves()[0])


def test_the_log_keeps_events_and_words_them_on_demand():
    session = Session.new([SeatConfig("Ann"), SeatConfig("Ben")], Rules.preset("palace"), seed=3)
    play_some(session, 40)
    events = [x for x in session.log_entries if isinstance(x, Event)]
    assert events and isinstance(session.log_entries[0], str)  # the "Game 1: ... deals" header
    assert session.log[1:] == [log_sentence(e, session.names) for e in session.log_entries[1:]]
    # A draw in the log is a count: the event holds no card.
    draws = [e for e in events if e.kind == "drew"]
    assert draws and all(e.cards == () for e in draws)
    back = Session.from_dict(session.to_dict())
    assert back.log_entries == session.log_entries and back.log == session.log


def test_a_save_whose_log_is_text_still_loads():
    from tests.table.fixtures import v1_log, v1_session

    data = v1_session()
    data["log"] = v1_log()  # how saves before the event log wrote it
    back = Session.from_dict(data)
    assert back.log == v1_log() and all(isinstance(x, str) for x in back.log_entries)


def test_a_damaged_logged_event_is_refused():
    session = Session.new([SeatConfig("Ann"), SeatConfig("Ben")], Rules.preset("palace"), seed=3)
    play_some(session, 10)
    for bad in (["played", 7, "9S", 0, ""], ["nonsense", 0, "", 0, ""], [1, 2]):
        data = session.to_dict()
        data["log"] = data["log"] + [bad]
        try:
            Session.from_dict(data)
        except ValueError as exc:
            assert "damaged" in str(exc)
        else:
            raise AssertionError(f"{bad} was accepted")


SCRIPT = """
import sys
from palace_tui.rules import Game, IllegalMove, Move, Rules
g = Game.deal(Rules.preset("palace"), ["A", "B"], seed=1)
while g.phase == "setup":
    g.play(Move.ready())
try:
    g.play(Move.flip(0))
except IllegalMove:
    pass
engine_alone = "palace_tui.words" not in sys.modules
import palace_tui.words
ui = sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich"))
print("ENGINE_ALONE:", engine_alone, "UI:", ",".join(ui))
"""


def test_words_are_pure_and_the_engine_does_not_need_them():
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": str(ROOT), "PATH": ""},
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ENGINE_ALONE: True UI:", result.stdout
