"""The Palace app: a new table, then games at it, hot seat and computer seats.

The app owns the store, the screen flow and the session; the table screen sees
the session only through the hot seat's door (:class:`~palace_tui.table.hot_seat.HotSeatTable`).
The screens tell the app what happened by messages
(:mod:`palace_tui.tui.messages`: a game ended, the keyboard must pass, a table was
chosen, the lessons were asked for), and it decides what comes next. Nothing here
decides a rule: moves go to the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events, on
from textual.binding import Binding
from textual.screen import Screen, ScreenResultCallbackType

from palace_tui.device import Device
from palace_tui.store.protocol import GameStore
from palace_tui.table.session import Session, open_store
from palace_tui.tui.layout_classes import DeviceLayout
from palace_tui.tui.messages import GameEnded, LessonsAsked, PassNeeded, TableChosen
from palace_tui.tui.screens.pass_device import PassScreen
from palace_tui.tui.widgets.card_art import set_four_colour, set_no_color
from palace_tui.words.bell import bell_switched
from palace_tui.words.device import SECOND_TAB

if TYPE_CHECKING:
    from palace_tui.table.judging import TableJudge

#: Printed on the terminal after ctrl+q saved a game.
SAVED_LINE = "Palace: the game is saved. Run palace --resume (or just palace) to continue."
#: Printed instead when the game could not be saved (another copy owns the folder, a full disk...).
NOT_SAVED_LINE = "Palace: this game could not be saved (the warning on the table said why), so it cannot be continued."


class PalaceApp(DeviceLayout):
    """Palace for the terminal.

    ``session`` starts straight at a table (the command line's ``--players``),
    ``resume`` puts the saved session back, otherwise the new-table screen opens.
    ``ai_delay`` is the pause before a computer seat plays (0 in tests);
    ``coach_work`` bounds the coach's (h) search (None: hard's own, the same advice on any machine);
    ``store`` keeps the games
    (by default the data folder's, or memory when it won't open);
    ``device`` is what the game is played with (by default what ``palace serve`` said, else a terminal);
    ``quiet`` keeps the bell silent this time, whatever was remembered;
    ``judge_ahead`` judges each game for its review while it is played (in a process of
    its own at the lowest priority), so the review is ready when the game ends (the
    commands turn it on; an app made without it, as most tests make it, starts no process).
    """

    TITLE = "Palace"
    ENABLE_COMMAND_PALETTE = False

    BINDINGS = [
        Binding("ctrl+q", "save_quit", "Save+quit", key_display="^q", priority=True, id="quit"),
    ]

    def __init__(
        self,
        session: Session | None = None,
        *,
        resume: bool = False,
        data_dir: str | None = None,
        ai_delay: float = 0.6,
        store: GameStore | None = None,
        table: dict[str, Any] | None = None,
        coach_work: int | None = None,
        device: Device | None = None,
        quiet: bool = False,
        judge_ahead: bool = False,
        four_colour: bool | None = None,
    ) -> None:
        super().__init__()
        #: Keys, a mouse or a finger (:mod:`palace_tui.device`): the layout and the words follow it.
        self.device = device if device is not None else Device.from_environment()
        set_no_color(self.no_color)  # Textual has read (and removed) NO_COLOR by now
        self.store: GameStore = store if store is not None else open_store(data_dir)
        #: Where saves, records and lesson progress live (None: the default folder).
        self.data_dir = data_dir
        self.coach_work = coach_work
        self.initial_session = session
        self.resume = resume
        self.ai_delay = ai_delay
        #: New-table settings to offer instead of the remembered ones (tests).
        self.table = table
        #: The session being played, if any.
        self.session: Session | None = None
        #: How hard a review from the results screen works (None: the review's own default).
        self.review_iterations: int | None = None
        self.review_coach_work: int | None = None
        self.judge_ahead = judge_ahead
        #: Judges the games for their reviews while they are played (made with the first table).
        self.judge: TableJudge | None = None
        #: Whether the bell rings (BEL to the terminal): remembered with the table, off with --quiet.
        self.bell_on = not quiet and self._remembered_bell()
        #: The four-colour deck (each suit its own colour): --four-colour or --two-colour chose it
        #: (and it is remembered), else as remembered on this machine.
        self.four_colour = self._remembered_four_colour() if four_colour is None else four_colour
        if four_colour is not None:
            self.store.save_last_table({**(self._last_table() or {}), "four_colour": four_colour})
        self._warned = 0  # store warnings already shown
        self._recent_warnings: list[str] = []  # shown before the first privacy screen, shown again on it

    # ------------------------------------------------------------ start

    def on_mount(self) -> None:
        self._suit_colours()
        self.theme_changed_signal.subscribe(self, lambda _theme: self._theme_changed())
        self.show_device()
        self.show_store_warnings()
        session = self.initial_session
        resumed = False
        if session is None and self.resume:
            session, resumed = self._load_saved(), True
            if session is None:
                self.notify("There is no saved game to resume: start a new table.", severity="warning")
        if session is None and not self.resume:
            saved = self._load_saved()
            if saved is not None:
                self._offer_saved(saved)
                return
        if session is not None and not resumed:
            saved = self._load_saved()
            if saved is not None and saved.game.phase != "over":
                self._ask_replace(saved, session)
                return
        if session is not None:
            self.start_session(session, resumed=resumed)
        else:
            self.new_table()

    def _ask_replace(self, saved: Session, session: Session) -> None:
        """A new table from the command line, but a game is saved: never drop it unasked."""
        from palace_tui.tui.screens.confirm import ReplaceSavedScreen

        def chosen(replace: bool | None) -> None:
            if replace:
                self.start_session(session)
            else:
                self.start_session(saved, resumed=True)

        question = (
            f"An unfinished game is saved (game {saved.game_number + 1}: {', '.join(saved.names)}).\n"
            f"Deal the new table ({', '.join(session.names)}) instead?"
        )
        self.push_screen(ReplaceSavedScreen(question), chosen)

    def _offer_saved(self, saved: Session) -> None:
        """An unfinished game is saved: y continues it (behind the privacy screen), n opens a new table."""
        from palace_tui.tui.screens.confirm import ResumeScreen

        def chosen(yes: bool | None) -> None:
            if yes:
                self.start_session(saved, resumed=True)
            else:
                self.new_table()

        question = (
            f"An unfinished game is saved (game {saved.game_number + 1}: {', '.join(saved.names)}).\nContinue it?"
        )
        self.push_screen(ResumeScreen(question), chosen)

    def _load_saved(self) -> Session | None:
        data = self.store.load_session()
        self.show_store_warnings()  # a damaged save was just moved aside: say where
        if not data:
            return None
        try:
            return Session.from_dict(data)
        except ValueError as exc:
            # Never let the next game overwrite it: move it aside, and the warning says where.
            self.store.set_aside_session(str(exc))
            self.show_store_warnings()
            return None

    def on_unmount(self) -> None:
        # Another copy may own the folder's saved game once this one has gone.
        self.store.release_saves()
        if self.judge is not None:
            self.judge.close()

    def new_table(self) -> None:
        """Open the new-table screen (with the remembered table)."""
        from palace_tui.tui.screens.new_table import NewTableScreen

        table = self.table if self.table is not None else self._last_table()
        self.session = None
        self.switch_or_push(NewTableScreen(table, store=self.store), self.start_session)

    @on(LessonsAsked)
    def learn(self) -> None:
        """Open the lessons on top of the current screen; Escape comes back."""
        from palace_tui.tui.screens.learn_list import LearnScreen

        self.push_screen(LearnScreen(data_dir=self.data_dir))

    def _last_table(self) -> dict[str, Any] | None:
        try:
            table = self.store.last_table()
        except Exception:
            return None
        if table:
            table = {**table, "seed": ""}  # older releases remembered the seed: every table dealt the same
        return table

    @on(TableChosen)
    def remember_table(self, chosen: TableChosen) -> None:
        """Keep the new-table settings for next time (with the bell as it was remembered)."""
        kept = self._last_table() or {}
        bell = {"bell": kept["bell"]} if isinstance(kept.get("bell"), bool) else {}
        if self.four_colour or "four_colour" in kept:  # the deck chosen is remembered with the bell
            bell["four_colour"] = self.four_colour
        self.store.save_last_table({**chosen.settings, **bell})

    # ------------------------------------------------------------ the suits' colours

    def _remembered_four_colour(self) -> bool:
        four = (self._last_table() or {}).get("four_colour", False)
        return four if isinstance(four, bool) else False

    def _theme_changed(self) -> None:
        """A new theme (the command palette's): the suits take its colours, the table is drawn again
        (its log too: the lines written in the old colours would not read on the new background)."""
        self._suit_colours()
        from palace_tui.tui.table.screen import TableScreen
        from palace_tui.tui.widgets.game_log import GameLog

        for screen in self.screen_stack:
            if isinstance(screen, TableScreen) and screen.is_mounted:
                for log in screen.query(GameLog):
                    log.shown = 0  # written again whole at the redraw
                screen.redraw()

    def _suit_colours(self) -> None:
        """Colour the suits for the deck chosen and the theme in force (dark, light, the terminal's own)."""
        theme = self.current_theme
        set_four_colour(self.four_colour, dark=theme.dark, ansi="ansi" in theme.name)

    # ------------------------------------------------------------ the bell

    def _remembered_bell(self) -> bool:
        bell = (self._last_table() or {}).get("bell", True)
        return bell if isinstance(bell, bool) else True

    def bell(self) -> None:
        """Ring the terminal's bell, if it is switched on (BEL is written only then)."""
        if self.bell_on:
            super().bell()

    def action_toggle_bell(self) -> None:
        """Switch the bell on or off, say so, and remember it for next time."""
        self.bell_on = not self.bell_on
        self.store.save_last_table({**(self._last_table() or {}), "bell": self.bell_on})
        self.notify(bell_switched(self.bell_on), timeout=3, markup=False)

    def start_session(self, session: Session | None, resumed: bool = False) -> None:
        """Show the table for ``session`` (a fresh deal or a resumed game)."""
        if session is None:
            return
        from palace_tui.table.hot_seat import HotSeatTable
        from palace_tui.tui.table.screen import TableScreen

        self.session = session
        if not resumed:
            # The table goes on from earlier sittings: its first game here is numbered after theirs.
            session.continue_table(len(self.store.table_games(session.table_id)))
        if not resumed and session is self.initial_session:
            from palace_tui.tui.screens.new_table import settings_of

            # A table set on the command line is offered on the new-table screen next time, as one set there is.
            self.remember_table(TableChosen(settings_of(session)))
        session.saver = self.autosave  # from now on the session saves itself after every change
        if self.judge_ahead:
            self._table_judge().attach(session)
        session.save()
        self.switch_or_push(
            TableScreen(
                HotSeatTable(session),
                ai_delay=self.ai_delay,
                resumed=resumed,
                coach_work=self.coach_work,
                device=self.device,
            )
        )

    def _table_judge(self) -> TableJudge:
        if self.judge is None:
            from palace_tui.ai.analysis import DEFAULT_ITERATIONS
            from palace_tui.table.judging import TableJudge

            # The review's settings as the results screen will ask for them.
            self.judge = TableJudge(lambda: (self.review_iterations or DEFAULT_ITERATIONS, self.review_coach_work))
        return self.judge

    def switch_or_push(self, screen: Screen[Any], callback: ScreenResultCallbackType[Any] | None = None) -> None:
        """Make ``screen`` the only screen on top of the (empty) default screen."""
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(screen, callback)

    # ------------------------------------------------------------ during play

    def autosave(self, session: Session) -> None:
        """Save the whole session: the session's saver, called after every change it makes."""
        if session.game.phase != "over" or not session.recorded:
            self.store.save_session(session.to_dict())
            self.show_store_warnings()

    def show_store_warnings(self) -> None:
        """Tell the player, once each, what the store had to say: a bad file moved aside
        (and where), or that nothing is being saved."""
        warnings = self.store.warnings
        for warning in warnings[self._warned :]:
            if self.device.web and warning == self.store.another_copy_warning:
                warning = SECOND_TAB  # a browser tab's player never saw the server's folder
            self.notify(warning, severity="warning", timeout=10, markup=False)  # paths may hold [
            self._recent_warnings.append(warning)
        self._warned = len(warnings)
        # The warning goes; the mark beside the keys stays while the game is not being saved.
        unsaved = not self.store.session_saved
        if unsaved != self.has_class("-not-saving"):
            self.set_class(unsaved, "-not-saving")
            if self.screen_stack:
                self.screen.refresh_bindings()

    @on(PassNeeded)
    def pass_to(self, needed: PassNeeded) -> None:
        """Put up the pass screen for the seat named; the table shows its cards when that person presses Enter."""
        seat = needed.seat
        self.clear_notifications()  # at once: no toast of the last player's outlives this message
        session = self.session
        assert session is not None
        if not self.is_screen_installed("pass"):
            self.install_screen(PassScreen(), "pass")
        screen = self.get_screen("pass", PassScreen)
        # Store warnings are not private (a file moved aside, nothing saved): they stay in view.
        screen.for_seat(seat, session.names[seat], self.device, self._recent_warnings)
        self._recent_warnings = []
        # The pass screen is dismissed with the seat it was put up for.
        self.push_screen(screen, lambda _seat: needed.reveal(seat))
        self.bell()  # the keyboard must change hands

    @on(GameEnded)
    def game_over(self, ended: GameEnded) -> None:
        """Record the result (unless abandoned), clear the save and show the results."""
        from palace_tui.tui.screens.results import ResultsScreen

        session = self.session
        assert session is not None
        outcome = session.game.outcome()
        if outcome is not None and not session.recorded:
            # An abandoned game counts in no score, but its moves are kept for its review.
            self.store.record_game(session.record())
        session.recorded = True
        self.store.clear_session()
        if self.judge is not None and outcome is not None:
            self.judge.finish(session, self.store.save_analysis)  # kept for palace review once judged
        try:
            board = self.store.scoreboard(session.table_id)
        except Exception:  # a damaged record file must not hide the result
            board = []

        def chosen(what: str | None) -> None:
            if what == "again":
                session.play_again()
                self.start_session(session)
            elif what == "new":
                self.new_table()
            else:
                self.exit()

        self.push_screen(
            ResultsScreen(session, board, self.store, self.review_iterations, self.review_coach_work, self.judge),
            chosen,
        )

    def action_save_quit(self) -> None:
        """Save the game in progress and quit, saying on the terminal how to continue."""
        if self.session is not None and self.session.game.phase != "over":
            self.store.save_session(self.session.to_dict())
            self.exit(message=SAVED_LINE if self.store.session_saved else NOT_SAVED_LINE)
            return
        self.exit()

    # ------------------------------------------------------------ size

    def _pass_screen_settling(self) -> bool:
        screen = self.screen_stack[-1] if self.screen_stack else None
        return isinstance(screen, PassScreen) and screen.settling

    async def on_event(self, event: events.Event) -> None:
        # A key typed while the app is closing (its screens already gone) has nothing to reach:
        # Textual would raise "No screens on stack" and print a traceback over the saved line.
        if isinstance(event, (events.Key, events.MouseEvent)) and not self.screen_stack:
            return
        # The pass screen has only just come up: a click or tap was meant for the screen before
        # it (a double tap on End turn), not to show the next person's cards to the last one.
        if isinstance(event, (events.MouseDown, events.MouseUp, events.Click)) and self._pass_screen_settling():
            return
        # Behind "Make the window larger" no key or click may reach the hidden screen;
        # ctrl+q (a priority binding) still saves and quits.
        if (
            self.has_class("-too-small")
            and isinstance(event, (events.Key, events.MouseEvent))
            and not event.is_forwarded
            and not (isinstance(event, events.Key) and event.key == "ctrl+q")
        ):
            return
        await super().on_event(event)
