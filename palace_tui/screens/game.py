"""The table: setup and play, seen by the human at the screen.

The screen holds the :class:`~palace_tui.session.Session`; after every move it
redraws everything from ``game.view(seat)`` for the seat at the screen, so no
widget ever sees another seat's hand. Keys become moves here and only here, and
the engine decides whether a move is legal.
"""

from __future__ import annotations

import time

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Header
from textual.worker import Worker, WorkerState

from ..recap import recap_for
from ..rules import IllegalMove, Move, SeatView
from ..rules.text import explain_pile
from ..session import Session
from ..widgets.card_art import Slot, cards_inline
from ..widgets.game_log import GameLog, log_line
from ..widgets.note_line import NoteLine
from ..widgets.pile_view import PileView
from ..widgets.player_area import PlayerArea
from ..widgets.seat_list import SeatList
from ..widgets.too_small import TooSmall

WARN = Style(color="red", bold=True)
DIM = Style(dim=True)
KEY = Style(bold=True)


class GameScreen(Screen, inherit_bindings=False):
    """One game at a table, from the deal to the last card."""

    BINDINGS = [
        Binding("left", "cursor(-1)", "Card", key_display="←→", tooltip="Previous or next card", id="left"),
        Binding("right", "cursor(1)", "Card", show=False, id="right"),
        Binding("up", "row", "Row", key_display="↑↓", tooltip="Between hand and face-up row", id="row"),
        Binding("down", "row", "Row", show=False, id="row-down"),
        Binding("space", "mark", "Mark", tooltip="Mark cards of one rank to play together", id="mark"),
        Binding("enter", "play", "Play", tooltip="Play the marked cards, else the card under the cursor",
                id="play"),
        Binding("enter", "flip", "Turn card", tooltip="Turn the face-down card under the cursor", id="flip"),
        Binding("enter", "swap", "Swap", tooltip="Swap the hand card and the face-up card under the cursors",
                id="swap"),
        Binding("enter", "choose", "Lay up", tooltip="Lay the marked cards face up", id="choose"),
        Binding("t", "take", "Take", tooltip="Take the whole pile into your hand", id="take"),
        Binding("r", "ready", "Ready", tooltip="Finish swapping and start", id="ready"),
        Binding("u", "take_back", "Undo", tooltip="Take back your last move (nothing new was seen)",
                id="take-back"),
        # Pressed while take-back is greyed out or hidden: say why not.
        Binding("u", "why_no_take_back", "Why no take-back", show=False, id="take-back-why"),
        Binding("h", "coach", "Coach", tooltip="The move the coach would make, and why", id="coach"),
        Binding("e", "explain", "Pile", tooltip="What may go on the pile now, and why", id="explain"),
        Binding("question_mark", "rules", "Rules", key_display="?", tooltip="The rules in force", id="rules"),
        Binding("x", "abandon", "Abandon", tooltip="Stop this game with no result", id="abandon"),
        Binding("ctrl+q", "app.save_quit", "Save+quit", key_display="^q", tooltip="Save and quit",
                priority=True, id="quit"),
    ]

    AUTO_FOCUS = None

    def __init__(self, session: Session, ai_delay: float = 0.6, resumed: bool = False) -> None:
        super().__init__()
        self.session = session
        #: Seconds a computer seat waits before it plays, so people can follow.
        self.ai_delay = ai_delay
        #: After a resume the seat to act passes through the privacy screen even if alone.
        self.force_pass = resumed
        self.row = "hand"
        self.cursor: dict[str, int] = {"hand": 0, "face_up": 0, "face_down": 0}
        self.marked: set[int] = set()
        self.message: Text | None = None
        self._timer: Timer | None = None
        self._waiting = False
        self._bindings_key: tuple | None = None
        #: Bumped on every change of the game: a worker's answer for an older position is dropped.
        self._serial = 0
        #: A computer move worked out while another screen was on top, to play on return.
        self._pending: tuple[int, Move | None] | None = None

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
        with Horizontal(id="top"):
            yield SeatList(id="seats")
            yield PileView(id="pile")
        yield GameLog(id="log")
        yield NoteLine(id="note")
        yield PlayerArea(id="me")
        yield Footer(compact=True)
        yield TooSmall()

    def on_mount(self) -> None:
        self.query_one("#seats").border_title = "Table"
        self.query_one("#pile").border_title = "Pile"
        self.query_one("#log").border_title = "Log"
        self.redraw()
        self.call_after_refresh(self.advance)

    # ------------------------------------------------------------ state

    @property
    def game(self):
        return self.session.game

    @property
    def viewer(self) -> int | None:
        return self.session.viewer

    def view(self) -> SeatView:
        """The view of the seat at the screen; with nobody at it, only public facts matter."""
        return self.game.view(self.viewer if self.viewer is not None else 0)

    def mode(self) -> str:
        """What the keys do now: wait, swap, choose, hand, face_up, face_down or over."""
        game = self.game
        if game.phase == "over":
            return "over"
        if self.viewer is None or game.turn != self.viewer or not self.session.is_human(self.viewer):
            return "wait"
        if game.phase == "setup":
            return "swap" if game.rules.deal == "swap" else "choose"
        return game.stage(self.viewer)

    def active_cards(self, view: SeatView, row: str | None = None) -> list:
        """The cards of a row of the seat at the screen (face-down ones as None)."""
        row = row or self.row
        if row == "hand":
            return list(view.hand)
        if row == "face_up":
            return list(view.face_up)
        return [None] * view.face_down_count

    # ------------------------------------------------------------ drawing

    def redraw(self, cards_only: bool = False) -> None:
        """Draw everything from the current view; called after every change.

        ``cards_only`` redraws just the seat's own rows and hint (a cursor move).
        """
        view = self.view()
        mode = self.mode()
        if mode in ("hand", "face_up", "face_down"):
            self.row = mode
        elif mode == "choose":
            self.row = "hand"
        elif mode == "swap" and self.row not in ("hand", "face_up"):
            self.row = "hand"
        for row in ("hand", "face_up", "face_down"):
            n = len(self.active_cards(view, row))
            self.cursor[row] = max(0, min(self.cursor[row], n - 1))
        if not cards_only:
            computers = {i for i, s in enumerate(self.session.seats) if not s.human}
            self.query_one(SeatList).show(view, computers)
            self.query_one(PileView).show(view)
            self.query_one(GameLog).show(self.session.log, self.session.log_total)
            self._draw_titles(view)
        self._draw_player(view, mode)
        # The footer recomposes on every refresh_bindings: only when what it shows changes.
        key = (mode, self.viewer, len(self.marked), any(m.kind == "take" for m in view.legal),
               self._take_back_state(), self.game.phase)
        if key != self._bindings_key:
            self._bindings_key = key
            self.refresh_bindings()

    def _draw_titles(self, view: SeatView) -> None:
        names = self.session.names
        arrow = "clockwise →" if view.direction == 1 else "anticlockwise ←"
        self.query_one("#seats").border_title = f"Table  {arrow}"
        game = self.game
        if game.phase == "over":
            self.sub_title = "game over"
        elif game.phase == "setup":
            self.sub_title = f"setup: {names[game.turn]}"
        else:
            self.sub_title = f"{names[game.turn]} to play"
        area = self.query_one(PlayerArea)
        if self.viewer is None:
            area.border_title = "Nobody's cards are shown"
        else:
            area.border_title = names[self.viewer]

    def _draw_player(self, view: SeatView, mode: str) -> None:
        area = self.query_one(PlayerArea)
        if self.viewer is None:
            area.show([], [], [], self._hint(view, mode))
            return
        active = mode in ("hand", "face_up", "face_down", "swap", "choose")
        playable = view.playable_ranks
        play_stage = mode in ("hand", "face_up")

        def slots(row: str) -> list[Slot]:
            cards = self.active_cards(view, row)
            out = []
            for i, card in enumerate(cards):
                here = active and row == self.row
                dim = play_stage and row == self.row and card is not None and card.rank not in playable
                if mode in ("hand", "face_up", "face_down") and row != self.row:
                    dim = True
                out.append(Slot(card, label=str(i + 1) if card is None else "", dim=dim,
                                marked=here and i in self.marked,
                                cursor=here and i == self.cursor[row]))
            return out

        area.show(slots("face_down"), slots("face_up"), slots("hand"), self._hint(view, mode))

    def _hint(self, view: SeatView, mode: str) -> Text:
        if self.message is not None:
            return self.message
        names = self.session.names
        if mode == "over":
            return Text("The game is over.")
        if mode == "wait":
            who = names[self.game.turn]
            doing = "is setting up" if self.game.phase == "setup" else "is playing"
            return Text(f"{who} {doing}…", DIM)
        if mode == "swap":
            cards = self.active_cards(view, "hand"), self.active_cards(view, "face_up")
            h = cards[0][self.cursor["hand"]] if cards[0] else None
            u = cards[1][self.cursor["face_up"]] if cards[1] else None
            text = Text("Swap ")
            if h and u:
                text.append_text(cards_inline([h]))
                text.append(" (hand) for ")
                text.append_text(cards_inline([u]))
                text.append(" (face up): ")
            text.append("Enter", KEY)
            text.append(" swaps, ↑↓ changes row, ")
            text.append("r", KEY)
            text.append(" when ready.")
            return text
        if mode == "choose":
            k = self.game.rules.face_up
            text = Text(f"Mark {k} cards to lay face up ({len(self.marked)} marked): ")
            text.append("Space", KEY)
            text.append(" marks, ")
            text.append("Enter", KEY)
            text.append(" lays them down.")
            return text
        if mode == "face_down":
            return Text(f"Turn a face-down card: ← → to choose, Enter to turn it. "
                        f"The pile needs {view.requirement}.")
        text = Text("Your turn: play ")
        text.append(view.requirement, KEY)
        takeable = any(m.kind == "take" for m in view.legal)
        if not view.playable_ranks:
            text.append(". Nothing you hold can go: ")
            text.append("t", KEY)
            text.append(" takes the pile.")
        elif takeable:
            text.append(", or ")
            text.append("t", KEY)
            text.append(" to take the pile.")
        if mode == "face_up" and takeable and self.game.rules.stuck_face_up == "add-one":
            text.append(" (Taking adds the face-up card under the cursor.)", DIM)
        return text

    # ------------------------------------------------------------ flow

    def advance(self) -> None:
        """Decide what happens next: results, the privacy screen, a human's turn or a computer's."""
        session = self.session
        game = self.game
        if game.phase == "over":
            self.app.game_over(self)
            return
        seat = game.turn
        if session.is_human(seat):
            if len(session.humans) == 1 and not self.force_pass:
                session.viewer = seat
            if self.force_pass or session.needs_pass(seat):
                self.force_pass = False
                session.viewer = None
                self.message = None
                self.note.clear()
                self.redraw()
                self.app.pass_to(seat, self.reveal, self.take_back_from_pass)
                return
            session.viewer = seat
            self._recap(seat)
            self.redraw()
            return
        if len(session.humans) == 1:
            session.viewer = session.humans[0]
        self.redraw()
        self._schedule_computer()

    def reveal(self, seat: int) -> None:
        """The privacy screen was passed: show ``seat``'s cards."""
        self.session.device_passed(seat)
        self.session.viewer = seat
        self.marked.clear()
        self.message = None
        self.app.autosave(self.session)
        self._recap(seat)
        self.redraw()

    @property
    def note(self) -> NoteLine:
        """The line for the coach, the pile explained and the recap."""
        return self.query_one(NoteLine)

    def _recap(self, seat: int) -> None:
        """Show what the other seats did since ``seat`` last acted (public events only)."""
        text = recap_for(self.session.events, self.session.names, seat)
        if text:
            self.note.say("Since your last turn", log_line(text))
        else:
            self.note.clear()

    # ------------------------------------------------------------ computer seats

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _schedule_computer(self) -> None:
        """Let the computer seat to act think in a worker; its move lands after ``ai_delay``."""
        self._stop_timer()
        self._pending = None
        serial = self._serial
        if self.ai_delay <= 0:
            # No pause wanted (tests, or a player who set 0): play on at once.
            self.call_later(self._computer_now, serial)
            return
        choose = self.session.computer_chooser()
        started = time.monotonic()

        def think() -> tuple:
            try:
                move = choose()
            except Exception:  # the table must go on: play_computer falls back to a legal move
                move = None
            return ("computer", serial, started, move)

        self.run_worker(think, thread=True, group="computer", exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A worker's answer: a computer's move or the coach's advice."""
        if event.state != WorkerState.SUCCESS or not isinstance(event.worker.result, tuple):
            return
        kind, serial, *rest = event.worker.result
        if serial != self._serial or not self.is_mounted:
            return  # the game moved on (a take-back, an abandon) since the question was asked
        if kind == "computer":
            started, move = rest
            remaining = self.ai_delay - (time.monotonic() - started)
            if remaining > 0:
                self._timer = self.set_timer(remaining, lambda: self._computer_play(serial, move))
            else:
                self._computer_play(serial, move)
        elif kind == "coach":
            self._advised(*rest)

    def _computer_play(self, serial: int, move: Move | None) -> None:
        self._timer = None
        game = self.game
        if serial != self._serial or game.phase == "over" or self.session.is_human(game.turn):
            return
        if not self.is_current:
            self._pending = (serial, move)
            return
        self._serial += 1
        self.session.play_computer(move)
        self.app.autosave(self.session)
        self.advance()

    def _computer_now(self, serial: int) -> None:
        game = self.game
        if serial != self._serial or game.phase == "over" or self.session.is_human(game.turn):
            return
        if not self.is_current:
            self._waiting = True
            return
        self._serial += 1
        self.session.computer_move()
        while self.game.phase != "over" and not self.session.is_human(self.game.turn):
            self.session.computer_move()
        self.app.autosave(self.session)
        self.advance()

    def on_screen_resume(self) -> None:
        if self._pending is not None:
            serial, move = self._pending
            self._pending = None
            self._computer_play(serial, move)
        elif self._waiting:
            self._waiting = False
            self._schedule_computer()

    def on_unmount(self) -> None:
        self._serial += 1
        self._stop_timer()

    def apply(self, move: Move) -> bool:
        """Play a human move; a refused move changes nothing and shows the engine's reason."""
        try:
            self.session.play_human(move)
        except IllegalMove as exc:
            self.message = Text(str(exc), WARN)
            self.redraw()
            self.app.bell()
            return False
        self._serial += 1
        self.message = None
        self.marked.clear()
        self.note.clear()
        self.app.autosave(self.session)
        self.advance()
        return True

    # ------------------------------------------------------------ take-back, coach, pile

    def _take_back_state(self) -> bool | None:
        """True: u takes back the viewer's move; None: shown greyed out; False: hidden."""
        session = self.session
        if self.viewer is None or session.undo_seat != self.viewer or self.game.phase == "setup":
            return False
        if session.take_back_status()[0]:
            return True
        return None if self.mode() == "wait" else False

    def take_back(self) -> bool:
        """Take back the latest human move (the key, or u on the privacy screen)."""
        ok, why = self.session.take_back_status()
        if not ok:
            self.note.say("Take back", why)
            return False
        seat = self.session.take_back()
        self._serial += 1
        self._stop_timer()
        self._pending = None
        self._waiting = False
        self.session.viewer = seat
        self.marked.clear()
        self.message = None
        self.app.autosave(self.session)
        self.advance()
        self.note.say("Take back", why.replace("Take back", "Took back", 1) + " Play again.")
        self.refresh_bindings()
        return True

    def take_back_from_pass(self) -> None:
        """u on the privacy screen: the last player still has the device, and changed their mind."""
        seat = self.session.undo_seat
        if seat is not None:
            self.session.viewer = seat
        if not self.take_back():
            self.advance()

    def _advised(self, seat: int, advice) -> None:
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
        self.note.say("Coach", text)

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

    # ------------------------------------------------------------ actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Grey out what can't be done now, hide what belongs to another stage."""
        mode = self.mode()
        waiting = mode in ("wait", "over")
        if action in ("rules", "save_quit"):
            return True
        if action == "abandon":
            # Off for the moment u is offered, so the footer still fits 80 columns.
            return mode != "over" and self._take_back_state() is not True
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
            from ..ai.coach import advise
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
        from .rules import RulesScreen
        self.app.push_screen(RulesScreen(self.game.rules))

    def action_abandon(self) -> None:
        """Ask, then stop the game with no result."""
        from .confirm import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes and self.game.phase != "over":
                self._serial += 1
                self.session.forget_take_back()
                self.session.abandon()
                self.app.autosave(self.session)
                self.advance()

        self.app.push_screen(ConfirmScreen("Abandon this game? It will count in no score."), done)
