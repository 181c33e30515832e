"""What ``palace --plain`` with no table flags offers first: the saved game, a new table, the lessons.

A browser tab serving the line mode (``palace serve``'s page for a screen reader) has no command
line to give flags on, so the choices a flag would make are asked here, by number.
"""

from __future__ import annotations

from typing import Any

from palace_tui.lines.player import Ask, Quit, Say
from palace_tui.names import clean_name, refuse_hidden
from palace_tui.rules import Rules
from palace_tui.table.seats import SeatConfig, default_level
from palace_tui.table.session import Session
from palace_tui.words import lines as words

__all__ = ["LEARN", "start_menu"]

#: The menu's answer for the lessons.
LEARN = "learn"
#: The computers' names, as ``palace`` names them (the first one left free for a person).
COMPUTER_NAMES = ("Ben", "Cy", "Dee", "Eve", "Fay", "Gus")


def start_menu(saved: dict[str, Any] | None, ask: Ask, say: Say) -> tuple[Session, bool] | str | None:
    """Ask what to play: a Session and whether it is ``saved``'s own, :data:`LEARN`, or None to quit.

    Quit at the end of input."""
    choices: list[tuple[str, str]] = []
    if saved:
        choices.append(("saved", words.START_SAVED))
    choices += [("computers", words.START_COMPUTERS), ("people", words.START_PEOPLE), (LEARN, words.START_LEARN)]
    say(words.START_QUESTION)
    for n, (_, what) in enumerate(choices, 1):
        say(words.choice_line(n, what))
    say(words.key_line("q", words.START_QUIT))
    while True:
        answer = _answer(ask, say, words.start_prompt(len(choices)))
        if answer.lower() == "q":
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(choices):
            break
        say(words.NOT_A_CHOICE)
    kind = choices[int(answer) - 1][0]
    if kind == "saved":
        assert saved is not None
        return Session.from_dict(saved), True
    if kind == LEARN:
        return LEARN
    if kind == "computers":
        seats = [SeatConfig("Ann")] + [SeatConfig(n, human=False, level=default_level()) for n in COMPUTER_NAMES[:2]]
        return Session.new(seats, Rules.preset("palace")), False
    return Session.new(_people(ask, say), Rules.preset("palace")), False


def _answer(ask: Ask, say: Say, prompt: str) -> str:
    say(prompt)
    answer = ask(prompt)
    if answer is None:
        raise Quit
    return answer.strip()


def _people(ask: Ask, say: Say) -> list[SeatConfig]:
    """The seats of a hot-seat table: the people's names, then how many computers join them."""
    while True:
        answer = _answer(ask, say, words.NAMES_QUESTION)
        try:
            for name in answer.split(","):
                refuse_hidden(name, "a player's name", spaces=True)
        except ValueError as exc:
            say(f"{str(exc)[0].upper()}{str(exc)[1:]}.")
            continue
        names = list(dict.fromkeys(n for n in (clean_name(x) for x in answer.split(",")) if n))
        if 1 <= len(names) <= 6:
            break
        say(words.NAMES_AGAIN)
    room = [n for n in COMPUTER_NAMES if n not in names][: 6 - len(names)]
    low = 1 if len(names) == 1 else 0
    while True:
        answer = _answer(ask, say, words.computers_question(low, len(room)))
        if answer == "" and low == 0:
            answer = "0"
        if answer.isdigit() and low <= int(answer) <= len(room):
            break
        say(words.NOT_A_CHOICE)
    return [SeatConfig(n) for n in names] + [
        SeatConfig(n, human=False, level=default_level()) for n in room[: int(answer)]
    ]
