"""The spoken table's own sentences (``palace --plain``: the game as lines of text).

Everything else the line mode says is the app's words (the log, the mover's result, the pile,
the pass screen's "look away", the rules card, the results): only what a line terminal needs
and a screen has no need of is here. A line terminal clears nothing, so the hand-over asks the
others to look away *before* anything private is printed, and says that it cannot hide it.

>>> pass_lines("Ben")[0]
'Pass to Ben. Everyone else, look away: a line terminal cannot hide what it prints.'
>>> seat_line(OtherSeat(1, "Ben", 3, (), 3, None, True))
'Ben: 3 cards in hand, nothing face up, 3 face down.'
"""

from __future__ import annotations

from collections.abc import Sequence

from palace_tui.rules.cards import Card, cards_text
from palace_tui.rules.view import OtherSeat, SeatView
from palace_tui.words.device import LOOK_AWAY
from palace_tui.words.pile import pile_run, requirement_text
from palace_tui.words.vocab import count, ordinal

#: The first line of the line mode.
WELCOME = "Palace, played in lines of text. Answer each question with a number, or a letter, then Enter."
#: The keys every turn offers besides its moves (the letter, then what it does).
TURN_KEYS = (
    ("c", "ask the coach"),
    ("p", "what may go on the pile"),
    ("t", "the table: every seat's public cards"),
    ("r", "the rules in force"),
    ("q", "save and quit"),
    ("x", "stop this game, no result"),
)


def choice_prompt(name: str, moves: int) -> str:
    """The question of a turn (after a letter's answer it is asked again, not the whole list)."""
    numbers = "1" if moves == 1 else f"1 to {moves}"
    return f"Your choice, {name}: {numbers}, or a letter (l lists the choices and letters again)."


#: Said when the answer is neither a choice's number nor a letter on offer.
NOT_A_CHOICE = "That is not one of the choices: type its number, or a letter listed, then Enter."
#: After the result of a person's own move.
END_TURN = "Press Enter to end your turn, or u then Enter to take your move back."
#: The result step when the move can't be taken back.
END_TURN_ONLY = "Press Enter to end your turn."
#: Said once the game is saved for later.
SAVED = "The game is saved. Run palace --plain --resume to go on with it."
#: Asked before stopping a game with no result.
ABANDON_QUESTION = "Stop this game with no result? y then Enter stops it; Enter alone plays on."
#: The choices after a game.
AFTER_GAME = (("1", "play again at this table"), ("2", "quit"))


def pass_lines(name: str) -> list[str]:
    """The hand-over: who is next, the others look away (nothing printed can be hidden), Enter."""
    return [
        f"Pass to {name}. {LOOK_AWAY[:-1]}: a line terminal cannot hide what it prints.",
        f"{name}: press Enter when only you are reading. Your cards follow.",
    ]


def turn_line(name: str, setup: bool) -> str:
    """The first private line of a person's turn."""
    return f"{name}, your turn to set up your cards." if setup else f"{name}, your turn."


def cards_or_none(cards: Sequence[Card]) -> str:
    """Cards as text, or ``none``."""
    return cards_text(cards) if cards else "none"


def own_lines(view: SeatView) -> list[str]:
    """The seat's own cards, for its eyes only (printed after its Enter)."""
    lines = [f"Your hand: {cards_or_none(view.hand)}."]
    lines.append(f"Your face-up cards: {cards_or_none(view.face_up)}.")
    if view.face_down_count:
        them = "it" if view.face_down_count == 1 else "them"
        lines.append(f"Face down: {count(view.face_down_count, 'card')} (nobody knows {them}).")
    return lines


def pile_line(view: SeatView) -> str:
    """The pile and what may go on it (public)."""
    if not view.pile:
        return "The pile is empty: anything may go on it."
    run = pile_run(view.pile, view.run, view.see_through)
    return f"Pile: {run} ({count(len(view.pile), 'card')}). It takes {requirement_text(view.need)}."


def stock_line(view: SeatView) -> str:
    """The stock and the cleared cards (public)."""
    return f"Stock: {count(view.stock_count, 'card')}. Cleared away: {count(view.cleared_count, 'card')}."


def seat_line(seat: OtherSeat) -> str:
    """One seat's public facts."""
    if seat.place is not None:
        return f"{seat.name}: out, {ordinal(seat.place)}."
    up = cards_text(seat.face_up) if seat.face_up else "nothing"
    return f"{seat.name}: {count(seat.hand_count, 'card')} in hand, {up} face up, {seat.face_down_count} face down."


def choice_line(number: int, what: str) -> str:
    """One numbered choice."""
    return f"  {number}: {what}"


def key_line(key: str, what: str) -> str:
    """One lettered choice."""
    return f"  {key}: {what}"


def computer_turn(name: str) -> str:
    """A computer is to play."""
    return f"{name} (computer) plays."


def coach_line(move: str, reason: str) -> str:
    """The coach's advice."""
    return f"Coach: {move}. {reason}".rstrip()


def burn_in_choices(names: Sequence[str]) -> str:
    """Asked in public when people may complete a burn out of turn."""
    return f"Who completes it? Type the number of {' or '.join(names)}; Enter alone: nobody."


def results_line(game_number: int) -> str:
    """The heading of the results."""
    return f"Results of game {game_number + 1}:"


def resumed_line(game_number: int, names: Sequence[str]) -> str:
    """Said when a saved game is put back."""
    return f"Game {game_number + 1} goes on: {', '.join(names)}."


# ---------------------------------------------------------------- the lessons in lines (palace learn --plain)

#: The first line of the lessons in lines.
LEARN_WELCOME = "Learn Palace in lines of text: each lesson a real position and one question."
#: The last line of the lessons in lines.
LEARN_BYE = "Your progress is kept. Run palace --plain to play a game."
#: Said when the last lesson of the list is done.
LESSONS_ALL_SEEN = "That was the last lesson of the list."
#: The headings of the list of lessons, by part.
LESSON_PARTS = {"core": "The basics (about five minutes):", "option": "House rules (options):"}
#: The letter that lists a part of the lessons.
PART_KEYS = {"core": "b", "option": "h"}


def part_line(part: str, first: int, last: int) -> str:
    """The letter's line for a part of the lessons not listed."""
    what = "the basics" if part == "core" else "the house rules' lessons"
    return f"{what}, {first} to {last}"


#: Offered with a lesson's question, and after it.
LESSON_LIST_KEY = "Or q then Enter for the list of lessons."
#: The letters a lesson's position offers besides its moves.
LESSON_KEYS_LINES = (
    ("e", "what may go on the pile, and why"),
    ("h", "a hint"),
    ("n", "skip to the next lesson"),
    ("q", "back to the list of lessons"),
)


def lessons_done_line(done: int, total: int) -> str:
    """The heading of the list of lessons."""
    return f"Lessons: {done} of {total} done."


def lesson_title(title: str, done: bool) -> str:
    """A lesson in the list."""
    return f"{title} (done)" if done else title


def lesson_list_prompt(total: int, first: tuple[int, str] | None) -> str:
    """The question of the list: a lesson's number, Enter for the first not done, q."""
    start = f"Enter: lesson {first[0]}, {first[1]}. Or" if first else "Type"
    return f"{start} a lesson's number, 1 to {total}, a letter listed, or q to quit."


def lesson_heading(number: int, total: int, title: str) -> str:
    """The first line of a lesson."""
    return f"Lesson {number} of {total}: {title}."


def lesson_options_line(options: str) -> str:
    """The house rules a lesson's table plays."""
    return f"This table plays: {options}."


def lesson_prompt(moves: int) -> str:
    """The question of a lesson's position."""
    numbers = "1" if moves == 1 else f"1 to {moves}"
    return f"Your choice: {numbers}, or a letter (e, h, n or q)."


# ---------------------------------------------------------------- what palace --plain offers first

#: The start menu's question and choices (palace --plain with no table flags).
START_QUESTION = "Palace, played in lines of text. What would you like to play?"
START_SAVED = "go on with the saved game"
START_COMPUTERS = "a new game: Ann (you) against two computers, Ben and Cy"
START_PEOPLE = "a new game at one keyboard: you name the players"
START_LEARN = "the lessons: learn Palace, a position at a time"
START_QUIT = "quit"
#: Asked for a hot-seat table's people.
NAMES_QUESTION = "The players' names, separated by commas (for example Ann,Ben,Cy), then Enter."
#: Said when no name, or more than six, was given.
NAMES_AGAIN = "Palace takes 1 to 6 names here (computers can join a single player)."


def start_prompt(choices: int) -> str:
    """The start menu's question."""
    return f"Your choice: 1 to {choices}, or q."


def computers_question(low: int, high: int) -> str:
    """How many computers join the people."""
    if low == 0:
        return f"How many computers join you? 0 to {high} (Enter: none)."
    return f"How many computers join you? {low} to {high}."
