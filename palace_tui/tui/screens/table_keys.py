"""What each key of the table does: greyed out when it can't be used, a move when it can.

:class:`TableKeys` is a part of the table screen (whose ``BINDINGS`` list the keys).
Which keys each mode enables is data, :data:`~.key_modes.TABLE_KEYS`; keys become
moves here and only here; the engine decides whether a move is legal
(:meth:`GameScreen.apply` shows its reason when it is not).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text
from textual import on
from textual.binding import ActiveBinding
from textual.worker import get_current_worker

from palace_tui.rules import Move
from palace_tui.tui.screens.key_modes import PUBLIC_TABLE_KEYS, TABLE_KEYS, Ask
from palace_tui.tui.screens.table_messages import CoachAnswered
from palace_tui.tui.screens.table_screen import TableScreen
from palace_tui.tui.widgets.card_art import cards_inline
from palace_tui.tui.widgets.game_log import log_line
from palace_tui.words import explain_pile

if TYPE_CHECKING:
    from palace_tui.ai.coach import Advice

WARN = Style(color="red", bold=True)
DIM = Style(dim=True)


class TableKeys(TableScreen):
    """check_action, the footer's bindings and every action_* of the table screen."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Grey out what can't be done now, hide what belongs to another stage (:mod:`.key_modes`)."""
        table = TABLE_KEYS if self.viewer is not None else PUBLIC_TABLE_KEYS
        answer = table[self.mode()].answer(action)
        return self._ask(answer) if isinstance(answer, Ask) else answer

    def _ask(self, ask: Ask) -> bool | None:
        """Answer a key's question about the position."""
        if ask is Ask.TAKE:
            return True if any(m.kind == "take" for m in self.view().legal) else None
        if ask is Ask.CHOOSE:
            return True if len(self.marked) == self.game.rules.face_up else None
        if ask is Ask.COACH:
            return True if self.viewer is not None and self.session.seats[self.viewer].coach else None
        if ask is Ask.TAKE_BACK:
            return self._take_back_state()
        if ask is Ask.WHY_NO_TAKE_BACK:
            return self._take_back_state() is not True and self.viewer is not None
        raise ValueError(f"the table has no answer to {ask}")

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The footer's bindings, with the take-back tooltip saying why it can't be used now."""
        bindings = super().active_bindings
        active = bindings.get("u")
        if active is not None and active.binding.action == "take_back" and not active.enabled:
            bindings["u"] = active._replace(tooltip=self.session.take_back_status()[1])
        return bindings

    def action_cursor(self, step: int) -> None:
        """Move the cursor along the active row."""
        n = len(self.active_cards(self.view()))
        if n:
            self.cursor[self.row] = (self.cursor[self.row] + step) % n
        self.message = None
        self.redraw(cards_only=True)

    def action_row(self) -> None:
        """Setup swap: move between the hand and the face-up row."""
        self.row = "face_up" if self.row == "hand" else "hand"
        self.redraw(cards_only=True)

    def action_mark(self) -> None:
        """Mark or unmark the card under the cursor; marks hold one rank (or face-up count)."""
        view = self.view()
        cards = self.known_cards(view)
        if not cards:
            return
        i = self.cursor[self.row]
        self.message = None
        if i in self.marked:
            self.marked.discard(i)
        elif self.mode() == "choose":
            if len(self.marked) >= self.game.rules.face_up:
                self.message = Text(f"Only {self.game.rules.face_up} cards go face up: unmark one first.", WARN)
            else:
                self.marked.add(i)
        else:
            rank = cards[i].rank
            self.marked = {j for j in self.marked if cards[j].rank == rank}
            self.marked.add(i)
        self.redraw(cards_only=True)

    def action_play(self) -> None:
        """Play the marked cards, else the card under the cursor."""
        cards = self.known_cards(self.view())
        if not cards:
            return
        chosen = sorted(self.marked) or [self.cursor[self.row]]
        self.apply(Move.play([cards[i] for i in chosen]))

    def action_flip(self) -> None:
        """Turn the face-down card under the cursor."""
        self.apply(Move.flip(self.cursor["face_down"]))

    def action_swap(self) -> None:
        """Swap the hand card under its cursor with the face-up card under its cursor."""
        view = self.view()
        hand, up = list(view.hand), list(view.face_up)
        if hand and up:
            self.apply(Move.swap(hand[self.cursor["hand"]], up[self.cursor["face_up"]]))

    def action_choose(self) -> None:
        """Lay the marked cards face up (deal=choose)."""
        cards = list(self.view().hand)
        self.apply(Move.choose([cards[i] for i in sorted(self.marked)]))

    def action_ready(self) -> None:
        """Finish swapping."""
        self.row = "hand"
        self.apply(Move.ready())

    def action_take(self) -> None:
        """Take the pile (adding the face-up card under the cursor when the rules want one)."""
        view = self.view()
        adding = None
        if self.mode() == "face_up" and self.game.rules.adds_face_up:
            up = list(view.face_up)
            i = min(self.marked) if self.marked else self.cursor["face_up"]
            adding = up[i]
        self.apply(Move.take(adding))

    def action_take_back(self) -> None:
        """Take back the last move, while nothing new has been seen and the device has not passed."""
        self.take_back()

    def action_why_no_take_back(self) -> None:
        """Say why u does nothing now."""
        if self.session.undo_seat != self.viewer:
            self.note.say("Take back", "There is no move of yours to take back.")
        else:
            self.note.say("Take back", self.session.take_back_status()[1])

    def action_coach(self) -> None:
        """Ask the coach (the hard player, thinking in a worker) for this seat's move and why."""
        seat = self.viewer
        if seat is None or seat != self.game.turn:
            return
        serial = self._serial
        game = self.game.copy()
        events = self.session.public_events()
        budget = getattr(self.app, "coach_budget", 0.2)
        self.note.say("Coach", Text("thinking…", DIM))

        def think() -> None:
            from palace_tui.ai.coach import advise

            advice: Advice | Exception
            try:
                advice = advise(game, seat, budget, events=events)
            except Exception as exc:  # no advice is better than a crashed table
                advice = exc
            if not get_current_worker().is_cancelled:  # a newer question took its place
                self.post_message(CoachAnswered(serial, seat, advice))

        self.run_worker(think, thread=True, group="coach", exclusive=True, exit_on_error=False)

    @on(CoachAnswered)
    def _advised(self, answer: CoachAnswered) -> None:
        """The coach's move and reason in the note line; Enter then plays it."""
        seat, advice = answer.seat, answer.advice
        if answer.serial != self._serial or not self.is_mounted:
            return  # the game moved on (a take-back, an abandon) since the question was asked
        if self.viewer != seat or self.mode() == "wait":
            return
        if isinstance(advice, Exception) or advice is None:
            self.note.say("Coach", "The coach has no advice here.")
            return
        move = advice.move
        text = log_line(advice.reason)
        if self._point_at(move):
            text.append("  Enter plays ")
            text.append_text(cards_inline(list(move.cards)))
            text.append(".")
        elif move.kind == "take" and self._point_at_added(move):
            text.append("  t takes the pile.")
        self.note.say("Coach", text)

    def _point_at_added(self, move: Move) -> bool:
        """For a take, put the cursor on the face-up card the coach would add (if any), so t
        takes just what it said; False when the cursor cannot say it (then t is not offered)."""
        if move.adding is None:
            return True
        if self.mode() != "face_up":
            return False
        up = list(self.view().face_up)
        if move.adding not in up:
            return False
        self.cursor["face_up"] = up.index(move.adding)
        self.marked = set()
        self.redraw(cards_only=True)
        return True

    def _point_at(self, move: Move) -> bool:
        """Put the cursor on (and mark) the cards the coach would play, so Enter plays them."""
        if move.kind != "play" or self.mode() not in ("hand", "face_up"):
            return False
        cards = self.active_cards(self.view())
        chosen: list[int] = []
        for card in move.cards:
            i = next((k for k, c in enumerate(cards) if c == card and k not in chosen), None)
            if i is None:
                return False
            chosen.append(i)
        self.cursor[self.row] = chosen[0]
        self.marked = set(chosen) if len(chosen) > 1 else set()
        self.redraw(cards_only=True)
        return True

    def action_explain(self) -> None:
        """Say what may go on the pile now, and why (public facts only)."""
        self.note.say("Pile", log_line(explain_pile(self.game)))

    def action_rules(self) -> None:
        """Show the rules for the options in force."""
        from palace_tui.tui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.game.rules))

    def action_abandon(self) -> None:
        """Ask, then stop the game with no result."""
        from palace_tui.tui.screens.confirm import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes and self.game.phase != "over":
                self._serial += 1
                self.session.forget_take_back()
                self.session.abandon()
                self.advance()

        self.app.push_screen(ConfirmScreen("Abandon this game? It will count in no score."), done)
