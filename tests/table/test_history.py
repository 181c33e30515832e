"""One history of a game's public events: the log is worded from it, the recap reads it."""

from __future__ import annotations

from palace_tui.rules import Card, Event, Rules
from palace_tui.table.history import EVENT_LIMIT, LOG_LIMIT, History
from palace_tui.table.session import SeatConfig, Session
from palace_tui.words import log_sentence

NAMES = ["Ann", "Ben"]


def _plays(n: int, start: int = 0) -> list[Event]:
    return [Event("played", k % 2, (Card.parse("9S"),)) for k in range(start, start + n)]


def test_each_event_is_kept_once_with_a_running_index():
    h = History.start("Game 1: Ann deals")
    h.add(_plays(3))
    h.add([Event("drew", 0, (), 1)])
    assert [i for i, _ in h.entries] == [0, 1, 2, 3]
    assert h.log(NAMES) == ["Game 1: Ann deals"] + [str(log_sentence(e, NAMES)) for _, e in h.entries]
    assert h.total == 5 and h.public_events() == [e for _, e in h.entries]


def test_the_log_keeps_its_last_lines_and_never_words_the_end():
    h = History.start("Game 1: Ann deals")
    h.add(_plays(LOG_LIMIT + 50))
    h.add([Event("out", 0, (), 1), Event("over")])
    entries = h.log_entries()
    assert len(entries) == LOG_LIMIT and entries[-1] == Event("out", 0, (), 1)
    assert "Game 1: Ann deals" not in entries and all(isinstance(e, Event) for e in entries)
    assert h.total == 1 + LOG_LIMIT + 51  # the header and every worded event, "over" not
    assert h.entries[-1][1].kind == "over" and h.next_index == LOG_LIMIT + 52


def test_the_recap_reads_the_latest_events_and_memory_every_one():
    """However long the game, the coach and the computers read all of it (issue 35)."""
    h = History.start("Game 1: Ann deals")
    h.add(_plays(EVENT_LIMIT))
    assert len(h.recent()) == EVENT_LIMIT and h.public_events() is not None
    h.add(_plays(3 * LOG_LIMIT))
    assert h.recent()[0][0] == 3 * LOG_LIMIT
    assert h.public_events() == _plays(EVENT_LIMIT + 3 * LOG_LIMIT)


def test_an_older_save_that_kept_only_the_latest_events_has_no_whole_story():
    h = History(["Game 1: Ann deals"], [(k, e) for k, e in enumerate(_plays(5))][2:], total=6)
    assert h.public_events() is None and [i for i, _ in h.recent()] == [2, 3, 4]


def test_an_older_save_of_a_long_game_is_caught_up_from_its_deal_and_moves():
    """A save from when the table kept only the latest events: the session replays its moves."""
    seats = [SeatConfig("Ann", human=False), SeatConfig("Ben", human=False), SeatConfig("Cy", human=False)]
    session = Session.new(seats, Rules.preset("palace"), seed=6)
    while session.game.phase != "over":
        session.computer_move()
    whole = session.public_events()
    assert whole is not None and len(whole) > 200
    data = session.to_dict()
    data["events"] = data["events"][-EVENT_LIMIT:]  # as that release saved it
    back = Session.from_dict(data)
    assert back.public_events() == whole and back.events == session.events
    assert back.log[-EVENT_LIMIT:] == session.log[-EVENT_LIMIT:]
    # A save that kept no deal and moves either: its oldest events are lost.
    assert Session.from_dict({**data, "deck": None, "history": None}).public_events() is None


def test_a_drawn_card_never_enters():
    """The engine's draws hold no card; a draw naming one is kept as its count only."""
    h = History.start("header")
    h.add([Event("drew", 0, (Card.parse("AS"),), 1)])
    assert h.entries == [(0, Event("drew", 0, (), 1))] and h.log(NAMES)[1] == "Ann drew 1 card"


def test_a_whole_game_keeps_no_drawn_card_in_its_history_or_its_save():
    seats = [SeatConfig("Ann", human=False), SeatConfig("Ben", human=False), SeatConfig("Cy", human=False)]
    session = Session.new(seats, Rules.preset("palace"), seed=6)
    while session.game.phase != "over":
        session.computer_move()
    draws = [e for _, e in session.public_history.entries if e.kind == "drew"]
    assert draws and all(e.cards == () for e in draws)
    saved = [e for e in session.to_dict()["events"] if e[1] == "drew"]
    assert saved and all(e[3] == "" for e in saved)


def test_a_copy_is_independent():
    h = History.start("header")
    h.add(_plays(2))
    kept = h.copy()
    h.add(_plays(2))
    assert len(kept.entries) == 2 and len(h.entries) == 4 and kept.total == 3


def test_lines_kept_as_text_come_before_the_events_worded_on_demand():
    """An old save's log kept as text: the events it already words are not worded twice."""
    h = History(["Game 1: Ann deals", "Ann played 9♠"], [(0, _plays(1)[0])], total=2, logged_from=1)
    h.add(_plays(1, start=1))
    assert h.log(NAMES) == ["Game 1: Ann deals", "Ann played 9♠", "Ben played 9♠"]
    assert [i for i, _ in h.recent()] == [0, 1]
