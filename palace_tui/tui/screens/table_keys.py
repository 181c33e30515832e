"""What each key of the table does: greyed out when it can't be used, a move when it can.

:class:`TableKeys` is mixed into the table screen (whose ``BINDINGS`` list the keys).
Keys become moves here and only here; the engine decides whether a move is legal
(:meth:`GameScreen.apply` shows its reason when it is not).
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from palace_tui.rules import Move
from palace_tui.words import explain_pile
from palace_tui.tui.widgets.game_log import log_line

WARN = Style(color="red", bold=True)
DIM = Style(dim=True)


class TableKeys:
    """check_action, the footer's bindings and every action_* of the table screen."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Grey out what can't be done now, hide what belongs to another stage."""
        mode = self.mode()
        waiting = mode in ("wait", "over")
        if action in ("rules", "save_quit"):
            return True
        if action == "abandon":
            return mode != "over"
        if action == "cursor":
            return None if waiting else True
        if action == "row":
            return True if mode == "swap" else False
        if action == "mark":
            if mode in ("hand", "face_up", "choose"):
                return True
            return None if waiting else False
        if action == "play":
            if mode in ("hand", "face_up"):
                return True
            return None if waiting else False
        if action == "flip":
            return True if mode == "face_down" else False
        if action == "swap":
            return True if mode == "swap" else False
        if action == "choose":
            if mode != "choose":
                return False
            return True if len(self.marked) == self.game.rules.face_up else None
        if action == "take":
            if mode in ("swap", "choose"):
                return False
            if mode in ("hand", "face_up"):
                return True if any(m.kind == "take" for m in self.view().legal) else None
            return None
        if action == "ready":
            return True if mode == "swap" else False
        if action == "take_back":
            return self._take_back_state()
        if action == "why_no_take_back":
            return self._take_back_state() is not True and self.viewer is not None
        if action == "coach":
            if waiting or self.viewer is None:
                return None
            return True if self.session.seats[self.viewer].coach else None
        if action == "explain":
            return True if mode in ("hand", "face_up", "face_down") else None
        return True

    @property
    def active_bindings(self):
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
        cards = self.active_cards(view)
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
        cards = self.active_cards(self.view())
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
        if self.mode() == "face_up" and self.game.rules.stuck_face_up == "add-one":
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

        def think() -> tuple:
            from palace_tui.ai.coach import advise
            try:
                advice = advise(game, seat, budget, events=events)
            except Exception as exc:  # no advice is better than a crashed table
                advice = exc
            return ("coach", serial, seat, advice)

        self.run_worker(think, thread=True, group="coach", exclusive=True, exit_on_error=False)

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
