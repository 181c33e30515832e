"""The new-table screen: seats, the rules (a preset or the table's own saved set), every rule
option in folding sections, seed, Start.

It remembers the last table through the store (it tells the app so, by a
:class:`~palace_tui.tui.messages.TableChosen`); the saved rule sets are the
:class:`~palace_tui.tui.widgets.rules_picker.RulesPicker`'s. Whether the options make sense
together, and how many players they allow, is the engine's call: the screen
builds a ``Rules`` from the fields and shows the engine's sentence if it refuses.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import asdict
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Header, Input, Label, OptionList, Select, Static

from palace_tui.rules import OPTIONS, PRESETS, Rules
from palace_tui.store import MemoryStore
from palace_tui.store.protocol import GameStore
from palace_tui.table.identity import table_key
from palace_tui.table.rule_sets import CUSTOM
from palace_tui.table.session import SeatConfig, Session, computer_levels, default_level
from palace_tui.tui.layout_classes import device_of
from palace_tui.tui.messages import LessonsAsked, TableChosen
from palace_tui.tui.widgets.finger_list import fingertip_options
from palace_tui.tui.widgets.keys_footer import KeysFooter
from palace_tui.tui.widgets.option_sections import OptionSections
from palace_tui.tui.widgets.rules_picker import SET, RulesPicker
from palace_tui.tui.widgets.seat_editor import SeatEditor
from palace_tui.tui.widgets.too_small import TooSmall
from palace_tui.words.story import table_note

MAX_SEATS = 6
DEFAULT_NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"]
#: The line under "Rules" that says how to reach every option from the keyboard.
RULES_HINT = "Tab: the next field. Enter: open a list, or a ▶ section of options."
#: The same for a finger: a phone has no Tab or Enter.
RULES_HINT_TOUCH = "Tap a list to open it, or a ▶ section for its options."


def default_table() -> dict[str, Any]:
    """The table offered the first time: Ann against two computers, Palace rules."""
    return {
        "players": 3,
        "seats": [{"name": n, "human": i == 0, "level": default_level()} for i, n in enumerate(DEFAULT_NAMES)],
        "preset": "palace",
        "options": Rules.preset("palace").as_dict(),
        "seed": "",
    }


def settings_of(session: Session) -> dict[str, Any]:
    """The form's settings for a table started elsewhere (the command line), to offer it next time."""
    seats = [asdict(s) for s in session.seats]
    return {
        "players": len(seats),
        "seats": seats + default_table()["seats"][len(seats) :],
        "preset": session.preset or CUSTOM,
        **({"rules_name": session.rules_name} if session.rules_name else {}),
        "options": session.rules.as_dict(),
        "seed": "",
    }


def usable_settings(table: dict[str, Any], base: dict[str, Any]) -> dict[str, Any]:
    """The remembered settings of the right types; anything edited into the wrong shape keeps ``base``'s value."""
    out: dict[str, Any] = {}
    players = table.get("players")
    if isinstance(players, int) and not isinstance(players, bool) and 2 <= players <= MAX_SEATS:
        out["players"] = players
    seats = table.get("seats")
    if isinstance(seats, list):
        kinds = {"name": str, "human": bool, "level": str, "coach": bool}
        defaults = base["seats"]
        out["seats"] = [
            {
                **defaults[i],
                **({k: v for k, v in s.items() if k in kinds and type(v) is kinds[k]} if isinstance(s, dict) else {}),
            }
            for i, s in enumerate(seats[:MAX_SEATS])
        ] + defaults[len(seats) :]
    if isinstance(table.get("preset"), str):
        out["preset"] = table["preset"]
    if isinstance(table.get("rules_name"), str):
        out["rules_name"] = table["rules_name"]
    if isinstance(table.get("options"), dict):
        out["options"] = {
            k: v
            for k, v in table["options"].items()
            if k in OPTIONS and any(type(v) is type(a) and v == a for a in OPTIONS[k])
        }
    seed = table.get("seed")
    if isinstance(seed, int) and not isinstance(seed, bool):
        seed = str(seed)
    if isinstance(seed, str) and len(seed) <= 40 and (seed == "" or seed.lstrip("-").isdigit()):
        out["seed"] = seed
    return out


class NewTableScreen(Screen[Session]):
    """Dismisses with a new :class:`Session` when Start is pressed."""

    # The first seat's name has the focus from the start: Textual would first focus the form
    # (the first focusable widget) and moving it on re-styles all of the form's 175 widgets twice.
    AUTO_FOCUS = "#seat-name-0"

    DEFAULT_CSS = """
    NewTableScreen #form { padding: 0 1; height: 1fr; }
    NewTableScreen .section { text-style: bold; color: $accent; margin-top: 1; }
    NewTableScreen .field { height: auto; }
    NewTableScreen .field-label { width: 15; }
    NewTableScreen #players { width: 8; }
    NewTableScreen #rules-hint { color: $text-muted; }
    NewTableScreen #seed { width: 18; margin-right: 1; }
    NewTableScreen #start-row { height: auto; padding: 0 1; background: $panel; }
    NewTableScreen #start { margin-right: 2; }
    NewTableScreen #learn { margin-right: 2; }
    NewTableScreen #error { color: $error; text-style: bold; width: 1fr; }
    NewTableScreen #seed-help { width: 1fr; color: $text-muted; }
    NewTableScreen #table-note { color: $text-muted; height: auto; }
    /* A compact Select's open list has no frame: its values lay over the rows below as if they were
       theirs ("hand size 4"). Framed on a panel, it reads as a menu on top of the form. */
    NewTableScreen Select > SelectOverlay.-textual-compact {
        border: round $accent !important;
        background: $panel;
        width: auto;
        min-width: 100%;
    }
    /* An open list is part of the form, not laid over it: it pushes the rows below down (the
       form scrolls) and never hides the next field, the Start row or the keys. */
    NewTableScreen Select > SelectOverlay {
        overlay: none;
        constrain: none none;
    }
    """

    BINDINGS = [
        Binding("ctrl+s", "start", "Start", tooltip="Deal the first game", priority=True, id="start"),
        Binding("ctrl+r", "reset", "Defaults", tooltip="Set every option back to the preset", id="reset"),
        Binding("tab", "app.focus_next", "Next field", key_display="tab", id="next"),
        Binding(
            "ctrl+l",
            "learn",
            "Learn",
            key_display="^l",
            tooltip="Lessons: learn Palace in five minutes",
            priority=True,
            id="learn",
        ),
        Binding("ctrl+q", "app.quit", "Quit", key_display="^q", priority=True, id="quit"),
    ]

    def __init__(self, table: dict[str, Any] | None = None, store: GameStore | None = None) -> None:
        super().__init__()
        #: Where the table's own rule sets are kept.
        self.store: GameStore = store if store is not None else MemoryStore()
        base = default_table()
        if isinstance(table, dict):
            base.update(usable_settings(table, base))
        #: The settings the form starts from (the last table, or the defaults).
        self.table = base
        self.levels = computer_levels()
        self.error = ""
        self._dealt = False  # Start pressed: a second Enter must not dismiss twice
        self._open_list: Select[Any] | None = None  # the list open now, kept in view as it grows
        #: The open list's place and size and the form's size and length at the last layout looked at.
        self._list_placed: tuple[object, ...] | None = None

    def compose(self) -> ComposeResult:
        t = self.table
        fields = set(SeatConfig.__dataclass_fields__)
        seats = [
            SeatConfig(
                **{
                    "name": DEFAULT_NAMES[i],
                    "human": i == 0,
                    "level": default_level(),
                    **{k: v for k, v in s.items() if k in fields},
                }
            )
            for i, s in enumerate((t["seats"] + default_table()["seats"])[:MAX_SEATS])
        ]
        yield Header(icon="♠")
        with VerticalScroll(id="form"):
            yield Label("Seats (clockwise; seat 1 deals first)", classes="section")
            with Horizontal(classes="field"):
                yield Label("Players", classes="field-label")
                yield Select(
                    [(str(n), n) for n in range(2, MAX_SEATS + 1)],
                    value=int(t["players"]),
                    allow_blank=False,
                    compact=True,
                    id="players",
                )
            for i, seat in enumerate(seats):
                yield SeatEditor(i, seat, self.levels)
            yield Label("Rules", classes="section")
            hint = RULES_HINT_TOUCH if device_of(self.app).touch else RULES_HINT
            yield Static(hint, id="rules-hint", markup=False)
            named = t.get("rules_name")
            chosen = SET + named if isinstance(named, str) else t["preset"] if t["preset"] in PRESETS else CUSTOM
            yield RulesPicker(self.store, chosen, self.current_rules)
            yield OptionSections(t["options"])
            yield Label("This table", classes="section")
            with Horizontal(classes="field", id="seed-row"):
                yield Label("Seed", classes="field-label")
                yield Input(str(t["seed"] or ""), placeholder="random", type="integer", compact=True, id="seed")
                yield Static(
                    "Blank: a fresh shuffle every game. A number deals the same cards.", id="seed-help", markup=False
                )
            yield Static("", id="table-note", markup=False)
        with Horizontal(id="start-row"):
            yield Button("Start", variant="success", id="start", compact=True)
            yield Button("Learn", id="learn", compact=True, tooltip="Lessons: learn Palace in five minutes")
            yield Static("", id="error", markup=False)
        yield KeysFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        self.sub_title = "new table"
        self._show_players()
        self.query_one(RulesPicker).show_match(self.current_rules())
        self.validate()
        # (A page served to a browser starts blurred, when Textual focuses nothing: focused here.)
        self.query_one("#seat-name-0", Input).focus()
        self._watch_lists(self.query(Select))
        self.screen_layout_refresh_signal.subscribe(self, self._laid_out)

    def _watch_lists(self, selects: Iterable[Select[Any]]) -> None:
        for select in selects:
            self.watch(select, "expanded", functools.partial(self._list_opened, select), init=False)

    @on(OptionSections.RowsMade)
    def _rows_made(self, made: OptionSections.RowsMade) -> None:
        self._watch_lists(row.query_one(Select) for row in made.rows)

    # ------------------------------------------------------------ reading the form

    def player_count(self) -> int:
        return int(str(self.query_one("#players", Select).value))

    def seats(self) -> list[SeatConfig]:
        """The seats in play, as edited."""
        return [self.query_one(f"#seat-{i}", SeatEditor).value() for i in range(self.player_count())]

    def option_values(self) -> dict[str, Any]:
        return self.query_one(OptionSections).values_shown()

    def current_rules(self) -> Rules | None:
        """The rules the options on the form make, or None when they do not go together."""
        try:
            return Rules(**self.option_values())
        except ValueError:
            return None

    def seed(self) -> int | None:
        text = self.query_one("#seed", Input).value.strip()
        return int(text) if text else None

    def build(self) -> tuple[Rules, list[SeatConfig]]:
        """The rules and seats the form describes; ValueError with the reason if they can't play."""
        rules = Rules(**self.option_values())
        seats = self.seats()
        if len(seats) > rules.max_players:
            raise ValueError(
                f"{len(seats)} players need {len(seats) * rules.cards_per_seat} cards but "
                f"these options deal at most {rules.max_players} players: add jokers or a pack, "
                "or deal smaller rows"
            )
        names = [s.name for s in seats]
        if any(not n for n in names):
            raise ValueError("every seat needs a name")
        if len({n.casefold() for n in names}) != len(names):
            raise ValueError("every seat needs a different name")
        try:
            self.seed()
        except ValueError:
            raise ValueError("the seed must be a whole number, or blank for a random deal") from None
        return rules, seats

    def validate(self) -> bool:
        """Show why the table can't start, if it can't; grey out Start."""
        try:
            self.build()
            self.error = ""
        except ValueError as exc:
            self.error = str(exc)
            self.error = self.error[0].upper() + self.error[1:] + "."
        self.query_one("#error", Static).update(self.error)
        self.query_one("#table-note", Static).update("" if self.error else self._table_note())
        self.query_one("#start", Button).disabled = bool(self.error)
        self.refresh_bindings()
        return not self.error

    def _table_note(self) -> str:
        """Whether these people at these rules are a table that has played before (it goes on)."""
        rules, seats = self.build()
        names = [s.name for s in seats]
        board = self.store.scoreboard(table_key(names, rules))
        return table_note(names, max((row["games"] for row in board), default=0))

    # ------------------------------------------------------------ reacting

    def _show_players(self) -> None:
        n = self.player_count()
        for i in range(MAX_SEATS):
            self.query_one(f"#seat-{i}", SeatEditor).display = i < n

    @on(Select.Changed, "#players")
    def _players_changed(self) -> None:
        self._show_players()
        self.validate()

    @on(RulesPicker.Picked)
    def _rules_picked(self, picked: RulesPicker.Picked) -> None:
        self._set_options(picked.rules.as_dict())
        self.validate()

    @on(Select.Changed, "OptionRow Select")
    def _option_changed(self) -> None:
        self.query_one(RulesPicker).show_match(self.current_rules())
        self.query_one(OptionSections).show_values(self.option_values())
        self.validate()

    @on(Input.Changed, ".seat-name, #seed")
    @on(Select.Changed, ".seat-kind")
    def _seat_changed(self) -> None:
        self.validate()

    @on(Input.Submitted, ".seat-name, #seed")
    @on(Button.Pressed, "#start")
    def _submit(self) -> None:
        self.action_start()

    def _list_opened(self, select: Select[Any], expanded: bool) -> None:
        """A list opens inside the form (DEFAULT_CSS): all of it brought into view, the field with
        it. On a touch screen each option is a fingertip tall where the form has the room; where
        it has not (a small phone), the list takes the keys' rows while it is open (a tap on its
        field or an option closes it and brings them back), and its options are as tall as fit."""
        device = device_of(self.app)
        if device.touch:
            self.set_class(False, "-list-fills")
            if expanded:
                options = select.query_one(OptionList)
                count = max(1, options.option_count)
                finger = min(device.finger_rows, 3)
                room = self.query_one("#form").size.height - finger  # under the field's own rows
                if count * finger + 2 > room:
                    self.add_class("-list-fills")
                    room += self.query_one(KeysFooter).outer_size.height
                fingertip_options(options, max(1, min(finger, (room - 2) // count)))
        self._open_list = select if expanded else None
        self._list_placed = None
        if expanded:
            # After the refresh that lays the open list out (and its options' new height): the
            # form laid out again, as on a busy machine the field's row kept its closed height
            # and cut the open list to its top edge. Each layout then brings it into view.
            form = self.query_one("#form")
            self.call_after_refresh(self.call_after_refresh, form.refresh, layout=True)

    def _laid_out(self, _screen: Screen[Any]) -> None:
        """After every layout, an open list that has moved, grown, or had the form shrink round it
        since it was last in view is brought into view again, whole. Its options can take their
        height a refresh after it opened, and the keys under the form (which change with the
        focus) can take rows from the form later still: on a busy machine either cut the list at
        the Start row. Nothing changed, nothing is done, so a player's own scroll is left alone."""
        select = self._open_list
        if select is None or not select.expanded:
            return
        form = self.query_one("#form")
        placed = (select.virtual_region, form.size, form.virtual_size)
        if placed != self._list_placed:
            self._list_placed = placed
            if not form.region.contains_region(select.region):
                select.scroll_visible(animate=False)

    @on(Button.Pressed, "#learn")
    def _learn_pressed(self) -> None:
        self.action_learn()

    def _set_options(self, values: dict[str, Any]) -> None:
        with self.prevent(Select.Changed):
            self.query_one(OptionSections).set_values(values)

    # ------------------------------------------------------------ actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start":
            return None if self.error else True
        return True

    def action_learn(self) -> None:
        """Open the lessons; Escape comes back to this form as it was."""
        self.post_message(LessonsAsked())

    def action_reset(self) -> None:
        """Every option back to the chosen preset (palace when a saved set or custom is chosen)."""
        picker = self.query_one(RulesPicker)
        rules = Rules.preset(picker.reset_value())
        self._set_options(rules.as_dict())
        picker.show_match(rules)
        self.validate()

    def action_start(self) -> None:
        """Deal the first game, if the table can play."""
        if self._dealt:
            return
        if not self.validate():
            self.notify(self.error, severity="error", markup=False)
            return
        rules, seats = self.build()
        seed = self.seed()
        picker = self.query_one(RulesPicker)
        preset = picker.preset()
        self.post_message(
            TableChosen(
                {
                    "players": len(seats),
                    "seats": [asdict(self.query_one(f"#seat-{i}", SeatEditor).value()) for i in range(MAX_SEATS)],
                    "preset": preset or CUSTOM,
                    **({"rules_name": name} if (name := picker.saved_name()) else {}),
                    "options": rules.as_dict(),
                    "seed": "",  # a seed is for one table, never the next
                }
            )
        )
        self._dealt = True
        self.dismiss(Session.new(seats, rules, seed=seed, preset=preset, rules_name=picker.saved_name() or ""))
