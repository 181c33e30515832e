"""The spoken table (``palace --plain``): a whole hot-seat game of three people and a computer,
played by a script that answers every question by number, saved mid-way and resumed, to the
results; every line it prints is checked for privacy as it is printed, and for plain text.

Privacy is checked from what the people did, not from what the lines say: nobody's cards may be
read at the start; the named person's from their Enter on the pass step; nobody's again from the
Enter that ends their turn (or the move that ends their setup) until the next person's Enter. A
card is secret while it is in another seat's hand or face down anywhere, unless it has been in
public view before (on the pile, face up, cleared): a card taken with the pile is known to all.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from palace_tui.lines import WIDTH, LineTable, play_lines
from palace_tui.rules import Card, Rules
from palace_tui.store.memory import MemoryStore
from palace_tui.table.session import SeatConfig, Session
from palace_tui.words import lines as words

#: Where to write the whole transcript to read it (unset: nowhere).
TRANSCRIPT = os.environ.get("PALACE_LINES_TRANSCRIPT")
CARD_RE = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]|\bJK\b")
CHOICE_RE = re.compile(r"^  (\d+): (.*)$")
PASS_RE = re.compile(r"^(\w+): press Enter when only you are reading")


class Leak(AssertionError):
    """A line showed what its readers may not see."""


@dataclass
class Checker:
    """Reads every line as it is printed, knowing whose cards may be read now."""

    session: Session
    allowed: int | None = None
    public: set[str] = field(default_factory=set)
    lines: list[str] = field(default_factory=list)
    since_ask: list[str] = field(default_factory=list)
    own_hand_seen: int = 0

    def secret(self) -> set[str]:
        game = self.session.game
        self.public |= {str(c) for c in game.pile} | {str(c) for c in game.cleared}
        for s in game.seats:
            self.public |= {str(c) for c in s.face_up}
        for e in self.session.public_events() or ():  # what the table tells everyone (a flipped card)
            self.public |= {str(c) for c in e.cards}
        hidden: set[Card] = set()
        for i, s in enumerate(game.seats):
            hidden |= set(s.face_down)
            if i != self.allowed:
                hidden |= set(s.hand)
        return {str(c) for c in hidden} - self.public

    def say(self, line: str) -> None:
        assert "\x1b" not in line and all(ch.isprintable() for ch in line), repr(line)
        assert len(line) <= WIDTH < 100, line
        leaked = set(CARD_RE.findall(line)) & self.secret()
        if leaked:
            raise Leak(f"{line!r} shows {leaked} while {self.allowed}'s cards may be read")
        if line.startswith("Your hand:") and self.allowed is not None:
            hand = self.session.game.seats[self.allowed].hand
            assert all(str(c) in line for c in hand), (line, hand)  # the control: the check reads real text
            self.own_hand_seen += 1
        self.lines.append(line)
        self.since_ask.append(line)


@dataclass
class Script:
    """Answers the line mode's questions by number, as a person would, and tries every key once."""

    checker: Checker
    stop_after: int | None = None
    asked: int = 0
    tried: set[str] = field(default_factory=set)
    choices: dict[int, str] = field(default_factory=dict)

    def ask(self, prompt: str) -> str | None:
        self.asked += 1
        lines, self.checker.since_ask = self.checker.since_ask, []
        if self.stop_after is not None and self.asked > self.stop_after:
            return None  # the input ends: the game is saved
        names = self.checker.session.names
        passed = PASS_RE.match(prompt)
        if passed:
            self.checker.allowed = names.index(passed.group(1))  # their Enter: their cards may follow
            return ""
        if prompt in (words.END_TURN, words.END_TURN_ONLY):
            if prompt == words.END_TURN and "u" not in self.tried:
                self.tried.add("u")
                return "u"
            self.checker.allowed = None  # Enter ends the turn: nothing private from now on
            return ""
        if prompt.startswith("Your choice,"):
            listed = {int(m.group(1)): m.group(2) for m in map(CHOICE_RE.match, lines) if m}
            if listed:  # a letter's answer asks again without listing the choices
                self.choices = listed
            for key in ("r", "p", "t", "c", "l"):
                if key not in self.tried and (key == "l" or any(line.startswith(f"  {key}: ") for line in lines)):
                    self.tried.add(key)
                    return key
            choices = self.choices
            number = pick(choices)
            if choices[number] == "ready":
                self.checker.allowed = None  # the setup turn ends with it: cards go dark
            return str(number)
        if prompt.startswith("Your choice: 1 or 2"):
            return "2"
        return ""  # a burn-in question: nobody claims


def pick(choices: dict[int, str]) -> int:
    """Ready at once; then the lowest play, else whatever comes first (a take, a face-down card)."""
    for number, what in choices.items():
        if what == "ready":
            return number
    plays = [n for n, what in choices.items() if what.startswith("play ")]
    return plays[0] if plays else min(choices)


def new_session() -> Session:
    seats = [SeatConfig("Ann"), SeatConfig("Ben"), SeatConfig("Cy"), SeatConfig("Dee", human=False, level="random")]
    return Session.new(seats, Rules.preset("palace"), seed=21)


def test_a_whole_hot_seat_game_in_lines_saved_and_resumed_keeps_every_secret():
    store = MemoryStore()
    session = new_session()
    checker = Checker(session)
    script = Script(checker, stop_after=40)
    LineTable(session, store, script.ask, checker.say).run()
    assert checker.lines[-1] == words.SAVED
    saved = store.load_session()
    assert saved is not None and Session.from_dict(saved).game.moves > 4

    # Resumed from the store as palace --plain --resume does: the pass step comes first.
    resumed = Session.from_dict(saved)
    checker.session, checker.allowed = resumed, None
    first = len(checker.lines)
    script.stop_after = None
    LineTable(resumed, store, script.ask, checker.say, resumed=True).run()
    if TRANSCRIPT:
        Path(TRANSCRIPT).write_text("\n".join(checker.lines) + "\n", encoding="utf-8")
    after = checker.lines[first:]
    assert after[1].startswith("Game 1 goes on: Ann, Ben, Cy, Dee")
    assert any(PASS_RE.match(line) for line in after[:6])
    assert resumed.game.phase == "over" and "Results of game 1:" in after
    assert store.load_session() is None and len(store.table_games(resumed.table_id)) == 1
    assert {"u", "r", "p", "t", "c", "l"} <= script.tried
    assert checker.own_hand_seen > 10
    text = "\n".join(checker.lines)
    for said in ("Coach: ", "Palace: the rules in force", "Since your last turn: ", "You played "):
        assert said in text, said
    assert any(line.startswith("Dee played ") for line in checker.lines)


def test_the_check_catches_a_card_of_the_next_persons_hand_before_their_enter():
    session = new_session()
    checker = Checker(session)
    card = session.game.seats[1].hand[0]
    with pytest.raises(Leak):
        checker.say(f"Ben holds {card}")
    checker.allowed = 1
    checker.say(f"Your hand: {' '.join(str(c) for c in session.game.seats[1].hand)}.")
    with pytest.raises(Leak):
        checker.say(f"Ann holds {session.game.seats[0].hand[0]}")
    with pytest.raises(Leak):
        checker.say(f"Ben's face-down card is {session.game.seats[1].face_down[0]}")


def test_play_lines_says_so_when_there_is_nothing_to_resume(data_dir, capsys):
    import io

    assert play_lines(None, resume=True, data_dir=data_dir, stdin=io.StringIO(""), stdout=io.StringIO()) == 1


def ann_sets_up_and_plays(seed: int) -> tuple[list[str], bool]:
    """Ann against two computers: a swap, ready, then plays; checks at every question that the
    choices last listed are the moves legal now. What she chose, and whether she led at once."""
    seats = [SeatConfig("Ann"), SeatConfig("Ben", human=False, level="random"), SeatConfig("Cy", human=False)]
    session = Session.new(seats, Rules.preset("palace"), seed=seed)
    listed: dict[int, str] = {}
    answers: list[str] = []
    led = False

    def say(line: str) -> None:
        nonlocal led
        led |= "You lead" in line
        if line.startswith("Ann, your turn"):
            listed.clear()
        choice = CHOICE_RE.match(line)
        if choice:
            listed[int(choice.group(1))] = choice.group(2)

    def ask(prompt: str) -> str | None:
        if len(answers) > 6:
            return None  # the input ends
        if not prompt.startswith("Your choice, Ann"):
            return ""
        assert list(listed.values()) == [str(m) for m in session.game.legal_moves()], (seed, answers)
        wanted = ("swap",) if not answers else ("ready", "play")  # a swap first, then ready, then a play
        answer = next((n for n, what in listed.items() if what.startswith(wanted)), len(listed))
        answers.append(listed[answer])
        return str(answer)

    LineTable(session, MemoryStore(), ask, say).run()
    return answers, led


def test_the_choices_listed_are_the_moves_legal_when_asked_after_a_swap_and_when_ready_leads():
    """A setup swap and the last ready (after which the same person may lead) change neither the move
    count nor the turn; the turn is listed again all the same, so a number never means a stale move."""
    led_at_once = 0
    for seed in range(12):
        answers, led = ann_sets_up_and_plays(seed)
        assert answers[0].startswith("swap") and "ready" in answers
        led_at_once += led
    assert led_at_once  # the control: some deal has Ann lead straight after her ready
