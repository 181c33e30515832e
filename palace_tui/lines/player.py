"""The spoken table: the hot seat as lines of text, read as they come (``palace --plain``).

:class:`LineTable` plays a :class:`~palace_tui.table.session.Session` through the table's door
(:class:`~palace_tui.table.hot_seat.HotSeatTable`, the same table the app's screen drives) by
printing lines and reading answers: one line per public event (the app's log sentences), the
private facts of the seat whose cards are up (the door's view of it, nothing else), and numbered
choices. A screen reader or a braille display reads it as it comes: no escape codes, no layout,
no line longer than :data:`WIDTH`.

Privacy is the turn flow's, as on the screen, with one difference a line terminal forces: it
cannot clear what it printed. So the pass step names the next person and asks everyone else to
look away, and nothing private is printed until that person's Enter; after a move the mover
sees its result and ends the turn with Enter, and from then on nothing private is printed.

It saves through the same store as the app (``palace --plain --resume`` goes on with the app's
saved game, and the app with the line mode's), records results the same way and plays again.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from palace_tui.store.protocol import GameStore
from palace_tui.table.door import (
    Abandon,
    BurnedIn,
    BurnInAsked,
    BurnInDeclined,
    BurnInRefused,
    ClaimBurnIn,
    CoachAdvised,
    ComputerMove,
    EndTurn,
    ExplainPile,
    Followed,
    MakeMove,
    Moved,
    OfferBurnIn,
    Passed,
    Refused,
    Said,
    Start,
    Step,
    TableEvent,
    TakeBack,
    TakenBack,
    Turn,
)
from palace_tui.table.hot_seat import HotSeatTable
from palace_tui.table.session import Session
from palace_tui.words import lines as words
from palace_tui.words import log_sentence, move_result, recap_for, rules_card
from palace_tui.words.results import loser_sentence, next_deal_sentence, points_sentence

__all__ = ["WIDTH", "Ask", "LineTable", "Quit", "Say", "wrap_lines"]

#: The longest line printed (a braille display's line is shorter still: lines are short sentences).
WIDTH = 96
#: Asks a question (the prompt is the last line printed) and returns the answer, None at end of input.
Ask = Callable[[str], "str | None"]
#: Prints one line.
Say = Callable[[str], None]


def wrap_lines(text: str, width: int = WIDTH) -> list[str]:
    """``text`` as the lines printed: each paragraph wrapped at ``width`` (never inside a word,
    ``face-down`` included: a reader hears the line's end as a pause), its later lines indented.

    >>> wrap_lines("One face-down card. " * 5)
    ['One face-down card. One face-down card. One face-down card. One face-down card. One face-down', '  card.']
    """
    return [
        line
        for paragraph in str(text).splitlines() or [""]
        for line in textwrap.wrap(paragraph, width, subsequent_indent="  ", break_on_hyphens=False) or [""]
    ]


class Quit(Exception):
    """The player asked to save and quit, or the input ended."""


class LineTable:
    """One sitting of the hot seat in lines: :meth:`run` plays until the people quit."""

    def __init__(
        self,
        session: Session,
        store: GameStore,
        ask: Ask,
        say: Say,
        *,
        resumed: bool = False,
        coach_work: int | None = None,
        width: int = WIDTH,
    ) -> None:
        self.session = session
        self.store = store
        self._ask = ask
        self._say = say
        self.resumed = resumed
        self.coach_work = coach_work
        #: The longest line printed (a terminal narrower than :data:`WIDTH` is not wrapped inside a word).
        self.width = width
        self.door = HotSeatTable(session)
        self.door.listen(self._hear)
        self._burn_offered_at = -1
        self._asked: BurnInAsked | None = None
        #: The seats told the letters a turn offers (once a sitting: the list is long to hear).
        self._keys_told: set[int] = set()

    # ------------------------------------------------------------ lines in, lines out

    def say(self, text: str) -> None:
        """Print ``text``, a line at a time, each at most :attr:`width` characters."""
        for line in wrap_lines(text, self.width):
            self._say(line)

    def ask(self, prompt: str) -> str:
        """Print ``prompt`` and read the answer (stripped, lower case); Quit at end of input."""
        self.say(prompt)
        answer = self._ask(prompt)
        if answer is None:
            raise Quit
        return answer.strip()

    # ------------------------------------------------------------ the sitting

    def run(self) -> None:
        """Play game after game until the people quit (the game in play is saved: resume goes on)."""
        session = self.session
        session.saver = self._save
        session.save()
        self.say(words.WELCOME)
        if self.resumed:
            self.say(words.resumed_line(session.game_number, session.names))
        self.say(rules_card_summary(session))
        try:
            while True:
                self._play_game()
                if not self._after_game():
                    return
        except Quit:
            if session.game.phase != "over":
                session.save()
                self.say(words.SAVED)

    def _save(self, session: Session) -> None:
        if session.game.phase != "over" or not session.recorded:
            self.store.save_session(session.to_dict())

    def _play_game(self) -> None:
        self.door.send(Start(resumed=self.resumed))
        self.resumed = False
        while True:
            now = self.door.now()
            turn = now.turn
            if self._burn_in_due(turn):
                continue
            if turn.step == Step.OVER:
                return
            if turn.step == Step.PASS:
                self._pass(turn)
            elif turn.step == Step.ACT:
                self._act(turn)
            elif turn.step == Step.RESULT:
                self._result()
            elif turn.step == Step.WATCH:
                self._computer(turn)
            else:  # START: not on the table yet
                self.door.send(Start())

    # ------------------------------------------------------------ the steps

    def _pass(self, turn: Turn) -> None:
        assert turn.seat is not None
        name = self.session.names[turn.seat]
        self.say("")
        for line in words.pass_lines(name)[:-1]:
            self.say(line)
        while True:
            answer = self.ask(words.pass_lines(name)[-1])
            if answer == "":
                break
            if answer.lower() == "q":
                raise Quit
            self.say(words.pass_lines(name)[-1])
        self.door.send(Passed(turn.seat))
        self._recap(turn.seat)

    def _recap(self, seat: int) -> None:
        public, table = self.door.public(), self.door.table()
        recap = recap_for(public.events, table.names, seat, rules=table.rules)
        if str(recap):
            self.say(f"Since your last turn: {recap}")

    def _act(self, turn: Turn) -> None:
        assert turn.seat is not None
        view = self.door.view()
        table = self.door.table()
        self.say(words.turn_line(table.names[turn.seat], view.phase == "setup"))
        for line in words.own_lines(view):
            self.say(line)
        if view.phase != "setup":
            self.say(words.pile_line(view))
        moves = list(view.legal)
        for i, move in enumerate(moves, 1):
            self.say(words.choice_line(i, str(move)))
        keys = dict(words.TURN_KEYS)
        if not table.seats[turn.seat].coach:
            del keys["c"]
        if self.door.now().take_back.offered:
            keys["u"] = "take your last move back"
        if turn.seat not in self._keys_told:  # once a sitting each: l lists them again
            self._keys_told.add(turn.seat)
            for key, what in keys.items():
                self.say(words.key_line(key, what))
        now = self.door.now()
        prompt = words.choice_prompt(table.names[turn.seat], len(moves))
        # Any change lists the turn again: a setup swap or the last ready (after which this same
        # seat may lead) leaves the move count and the turn as they were, but not the view.
        while self.door.now() == now and self.door.view() == view:
            answer = self.ask(prompt).lower()
            if answer.isdigit() and 1 <= int(answer) <= len(moves):
                self.door.send(MakeMove(moves[int(answer) - 1]))
            elif answer == "l":
                self._keys_told.discard(turn.seat)
                return  # the turn is listed again, with its letters
            elif answer in keys:
                self._key(answer, turn.seat)
            else:
                self.say(words.NOT_A_CHOICE)

    def _key(self, key: str, seat: int) -> None:
        if key == "c":
            thinker = self.door.coach_thinker(seat, self.coach_work)
            if thinker is not None:
                self._hear(thinker())
        elif key == "p":
            self.door.send(ExplainPile())
        elif key == "t":
            self._table_lines()
        elif key == "r":
            self.say(plain_markdown(rules_card(self.door.table().rules)))
        elif key == "u":
            self.door.send(TakeBack())
        elif key == "q":
            raise Quit
        elif key == "x" and self.ask(words.ABANDON_QUESTION).lower() == "y":
            self.door.send(Abandon())

    def _table_lines(self) -> None:
        view = self.door.view()
        for seat in view.seats:
            self.say(words.seat_line(seat))
        self.say(words.pile_line(view))
        self.say(words.stock_line(view))

    def _result(self) -> None:
        offered = self.door.now().take_back.offered
        answer = self.ask(words.END_TURN if offered else words.END_TURN_ONLY)
        if answer.lower() == "u" and offered:
            self.door.send(TakeBack())
        elif answer.lower() == "q":
            raise Quit
        else:
            self.door.send(EndTurn())

    def _computer(self, turn: Turn) -> None:
        thinker = self.door.computer_thinker()
        self.door.send(ComputerMove(thinker() if thinker is not None else None))

    def _burn_in_due(self, turn: Turn) -> bool:
        """Offer an open burn-in in public (once a move, with nobody's cards up); True if asked."""
        now = self.door.now()
        if now.burn_in is None or self._burn_offered_at == now.moves:
            return False
        if turn.step in (Step.RESULT, Step.OVER, Step.START) or turn.shown is not None:
            return False
        self._burn_offered_at = now.moves
        self._asked = None
        self.door.send(OfferBurnIn())
        asked = self._asked
        while asked is not None:
            self._asked = None
            self.say(asked.question)
            for i, (_, name) in enumerate(asked.seats, 1):
                self.say(words.choice_line(i, name))
            answer = self.ask(words.burn_in_choices([n for _, n in asked.seats]))
            if not (answer.isdigit() and 1 <= int(answer) <= len(asked.seats)):
                break
            self.door.send(ClaimBurnIn(asked.seats[int(answer) - 1][0]))
            asked = self._asked  # a refused claim keeps the offer open
        return True

    # ------------------------------------------------------------ what the table says

    def _hear(self, event: TableEvent) -> None:
        table = self.door.table()
        names, rules = table.names, table.rules
        match event:
            case Moved(seat=seat, events=events, person=person, drawn=drawn, turn=turn):
                if person and turn.shown == seat:
                    self.say(str(move_result(events, seat, drawn, names, rules)))
                else:
                    for e in events:
                        self.say(f"{log_sentence(e, names, rules)}.")
            case BurnedIn(events=events):
                for e in events:
                    self.say(f"{log_sentence(e, names, rules)}.")
            case Refused(why=why):
                self.say(why)
            case TakenBack(what=what):
                self.say(what)
            case Said(text=text):
                self.say(text)
            case CoachAdvised(move=move, reason=reason):
                if move is not None:
                    self.say(words.coach_line(str(move), reason))
            case BurnInAsked():
                self._asked = event
            case BurnInRefused(why=why):
                self.say(why)
            case Followed() | BurnInDeclined():
                pass

    # ------------------------------------------------------------ after a game

    def _after_game(self) -> bool:
        session = self.session
        outcome = session.game.outcome()
        if outcome is not None and not session.recorded:
            self.store.record_game(session.record())
        session.recorded = True
        self.store.clear_session()
        self.say("")
        if outcome is not None and not outcome.abandoned:
            self.say(words.results_line(session.game_number))
            for place, seat in enumerate(outcome.order, 1):
                self.say(f"{place}. {session.names[seat]}")
            if outcome.loser is not None:
                self.say(loser_sentence(session.names[outcome.loser], session.game.rules))
            self.say(points_sentence(outcome, session.game.rules))
        self.say(next_deal_sentence(session.names[session.game.next_dealer()]))
        for key, what in words.AFTER_GAME:
            self.say(words.key_line(key, what))
        while True:
            answer = self.ask("Your choice: 1 or 2.")
            if answer == "1":
                session.play_again()
                return True
            if answer in ("2", "q"):
                return False
            self.say(words.NOT_A_CHOICE)


def plain_markdown(text: str) -> str:
    """The rules card's Markdown as plain lines: no ``#``, ``**`` or table rules read aloud; a table's
    row ``| Packs | 1 pack | 1 pack of 52. |`` is told ``Packs: 1 pack. 1 pack of 52.``"""
    lines = []
    rows = 0
    for line in text.splitlines():
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            rows += 1
            if rows > 2 and len(cells) == 3:  # the heading and its rule are for the eye
                lines.append(f"{cells[0]}: {cells[1]}. {cells[2]}")
            continue
        rows = 0
        lines.append(line.lstrip("# ").replace("**", ""))
    return "\n".join(lines)


def rules_card_summary(session: Session) -> str:
    """Who sits where and which rules, in one line (the full card is r)."""
    seats = [s.name + ("" if s.human else " (computer)") for s in session.seats]
    return f"At the table: {', '.join(seats)}. Type r on your turn for the rules in force."
