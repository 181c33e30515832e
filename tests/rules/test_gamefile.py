"""Game files: export, edit nothing, import gives the identical replay; bad files are refused with a line."""

from __future__ import annotations

import pytest

from palace_tui.cli.review import main as review_main
from palace_tui.rules import Game, Rules
from palace_tui.rules.gamefile import GameFileError, format_game, parse_game, replay
from palace_tui.table.session import SeatConfig, Session
from palace_tui.words import log_sentence


def _finished(preset: str, seed: int, seats: int = 3) -> Session:
    names = ["Ann", "Ben", "Cy", "Dee"][:seats]
    session = Session.new([SeatConfig(n, human=False, level="easy") for n in names], Rules.preset(preset), seed=seed)
    while session.game.phase != "over":
        session.computer_move()
    return session


@pytest.mark.parametrize("preset, seed, seats", [("palace", 1, 3), ("shithead", 2, 2), ("first-out", 3, 4)])
def test_round_trip_replays_identically(preset: str, seed: int, seats: int) -> None:
    """format → parse gives the same record, and its replay reaches the very same game, move by move."""
    session = _finished(preset, seed, seats)
    record = session.game_record()
    text = format_game(record)
    back = parse_game(text)
    assert back == record
    assert format_game(back) == text
    a, b = replay(record, complete=True), replay(back, complete=True)
    assert [s.after for s in a.steps] == [s.after for s in b.steps]
    assert b.game == session.game


def test_a_file_reads_like_a_game() -> None:
    """Header lines for options, seats and the deal; one move a line with what it did as a comment."""
    text = format_game(_finished("palace", 4).game_record(), say=log_sentence)
    lines = text.splitlines()
    assert lines[0] == "palace-game 1"
    assert any(line.startswith("rules: packs=1 jokers=false") for line in lines)
    assert "seat 1: Ann (computer easy)" in lines
    assert any(line.startswith("deal: ") and len(line.split()) == 53 for line in lines)
    assert any(line.startswith("Ben: ") and "# Ben" in line for line in lines)


def test_abandoned_game_round_trips() -> None:
    session = Session.new([SeatConfig("Ann"), SeatConfig("Ben")], Rules.preset("palace"), seed=9)
    for _ in range(10):
        session.apply(session.game.legal_moves()[-1])
    session.abandon()
    text = format_game(session.game_record())
    assert "abandoned: yes" in text
    assert replay(parse_game(text)).game == session.game


def _bad(text: str, edit) -> GameFileError:
    lines = text.splitlines()
    edit(lines)
    with pytest.raises(GameFileError) as caught:
        parse_game("\n".join(lines) + "\n")
    return caught.value


def _line_of(text: str, start: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def test_bad_files_are_refused_with_the_line_and_why() -> None:
    text = format_game(_finished("palace", 5).game_record())
    moves = [
        i
        for i, line in enumerate(text.splitlines(), 1)
        if i > _line_of(text, "deal:") and line and not line.startswith("#")
    ]

    # A move the rules refuse: the engine's reason on that line.
    def illegal(lines):
        name = lines[moves[20] - 1].partition(":")[0]
        lines[moves[20] - 1] = f"{name}: flip 7"

    err = _bad(text, illegal)
    assert err.line == moves[20] and "can't" in err.why
    # Not a move at all: said once, in words (no Python internals).
    err = _bad(
        text, lambda lines: lines.__setitem__(moves[3] - 1, lines[moves[3] - 1].partition(":")[0] + ": dance wildly")
    )
    assert err.line == moves[3]
    kinds = "play, take, flip, swap, choose, ready, done, chance, burn-in"
    assert err.why == f"'dance wildly' is not a move: it should start with one of {kinds}"
    for bad, why in [
        ("swap 3C", "a swap names a hand card and a face-up card, like swap 3C KD"),
        ("flip x", "flip names a face-down card by its place, like flip 1"),
    ]:
        err = _bad(
            text,
            lambda lines, bad=bad: lines.__setitem__(moves[3] - 1, lines[moves[3] - 1].partition(":")[0] + ": " + bad),
        )
        assert err.why == f"{bad!r} is not a move: {why}"
    # The wrong player named.
    err = _bad(text, lambda lines: lines.__setitem__(moves[5] - 1, "Zed: take"))
    assert err.line == moves[5] and "'Zed'" in err.why
    # The moves stop early: the last line, and how to say it was abandoned.
    err = _bad(text, lambda lines: [lines.pop() for _ in range(3)])
    assert "stop before the game is over" in err.why
    # A deal that is not a whole deck.
    deal = _line_of(text, "deal:")
    err = _bad(text, lambda lines: lines.__setitem__(deal - 1, lines[deal - 1].replace(" AS", " AH", 1)))
    assert err.line == deal and err.why == "the deck has AH twice where the packs hold it once, and no AS"
    err = _bad(text, lambda lines: lines.__setitem__(deal - 1, lines[deal - 1].rsplit(" ", 1)[0]))
    assert err.line == deal and "lists 51 cards" in err.why
    # A bad rules value, an unknown header, a header given twice, a bad seed, a bad first line.
    rules = _line_of(text, "rules:")
    err = _bad(text, lambda lines: lines.__setitem__(rules - 1, lines[rules - 1].replace("seven=normal", "seven=big")))
    assert err.line == rules and "seven" in err.why
    err = _bad(text, lambda lines: lines.insert(3, "colour: blue"))
    assert err.line == 4 and "unknown header 'colour'" in err.why
    err = _bad(text, lambda lines: lines.insert(3, "seed: 4"))
    assert err.line == _line_of(text, "seed:") + 1 and "twice" in err.why
    seed = _line_of(text, "seed:")
    err = _bad(text, lambda lines: lines.__setitem__(seed - 1, "seed: x"))
    assert (err.line, err.why) == (seed, "the seed 'x' is not a whole number")
    err = _bad(text, lambda lines: lines.__setitem__(0, "palace-game 9"))
    assert err.line == 1 and "version '9'" in err.why
    assert str(_bad("", lambda lines: None)).startswith("line 1:")


def test_a_refused_move_ends_its_sentence_once(tmp_path, capsys) -> None:
    """The engine's refusal ends with a period; quoted in a file's refusal it must not end with two."""
    text = format_game(_finished("palace", 5).game_record())
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if i > 30 and line.startswith("Cy: play"))
    lines[at] = "Cy: play 3C"
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(lines) + "\n")
    with pytest.raises(GameFileError) as caught:
        parse_game(bad.read_text())
    assert caught.value.why.startswith("Cy can't play 3♣ here; the game would have told Cy: \"")
    assert not caught.value.why.endswith(".")
    assert review_main([str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith('take the pile".') and ".." not in err and err.count("\n") == 0


def test_an_unnamed_table_has_no_empty_header_line() -> None:
    record = _finished("palace", 4).game_record()
    assert record.table == "" and record.ended == ""
    text = format_game(record)
    assert not any(line.strip().endswith(":") for line in text.splitlines())
    assert parse_game(text) == record
    record.table, record.ended = "Friday", "2026-12-03 18:00"
    text = format_game(record)
    assert "table: Friday" in text.splitlines() and parse_game(text) == record


def test_palace_review_refuses_a_bad_file_in_one_sentence(tmp_path, capsys) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("palace-game 1\nrules: nonsense\n")
    assert review_main([str(bad)]) == 2
    err = capsys.readouterr().err
    assert "line 3: the header has no 'seed' line" in err and "bad.txt" in err


def test_deal_deck_keyword_deals_the_chosen_order() -> None:
    """Game.deal(deck=...) deals exactly that order: the same as the seed's own shuffle."""
    from palace_tui.rules.cards import shuffled_deck

    rules = Rules.preset("palace")
    dealing_order = shuffled_deck(1, False, 3)[::-1]  # a shuffle is dealt from its end
    assert Game.deal(rules, ["A", "B"], seed=3, deck=dealing_order) == Game.deal(rules, ["A", "B"], seed=3)
    with pytest.raises(ValueError):
        Game.deal(rules, ["A", "B"], deck="AS KS")


def test_the_module_examples_run() -> None:
    """The docstring example of the format (pytest collects doctests only from palace_tui/rules)."""
    import doctest

    import palace_tui.rules.gamefile

    result = doctest.testmod(palace_tui.rules.gamefile)
    assert result.attempted > 0 and result.failed == 0
