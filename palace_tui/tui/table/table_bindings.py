"""The table screen's keys: its bindings, its mode, and whether each key works now.

The bindings are in the order the footer shows them: the card keys first, shared with
a lesson (:mod:`.card_keys`) and held by the seat's :class:`TableHand` (the focused widget:
its keys come first), then the screen's own. Several keys have more than one
binding (Enter plays, turns a card, swaps, lays cards up or ends the turn):
:func:`key_state` (the screen's ``check_action``, from the data of :mod:`.key_modes`)
leaves exactly one of them on at a time, and the hidden ``why_not`` ones, listed
last, speak only while the real one is greyed out.
"""

from __future__ import annotations

from textual.binding import Binding, BindingType

from palace_tui.rules import SeatView
from palace_tui.table.door import Now, Step, TableInfo
from palace_tui.tui.table.card_keys import card_bindings, pile_bindings
from palace_tui.tui.table.hand import Hand
from palace_tui.tui.table.key_modes import PUBLIC_TABLE_KEYS, TABLE_KEYS, Ask, Mode
from palace_tui.words import take_back as take_back_words


class TableHand(Hand):
    """The seat's cards at the table, with the table's card keys (Enter also ends the turn: the
    screen's, listed here so that the footer and the keys keep one order)."""

    BINDINGS = [
        *card_bindings(),
        Binding("enter", "make('choose')", "Lay up", tooltip="Lay the marked cards face up", id="choose"),
        Binding(
            "enter", "screen.end_turn", "End turn", tooltip="Hide your cards and hand the keyboard on", id="end-turn"
        ),
        *pile_bindings(),
    ]


TABLE_BINDINGS: list[BindingType] = [
    Binding(
        "u", "take_back", take_back_words.NAME, tooltip="Undo your last move (nothing new was seen)", id="take-back"
    ),
    # Pressed while take-back is hidden: say why not.
    Binding("u", "why_no_take_back", "Why no take-back", show=False, id="take-back-why"),
    Binding("h", "coach", "Coach", tooltip="The move the coach would make, and why", id="coach"),
    Binding("e", "explain", "Pile", tooltip="What may go on the pile now, and why", id="explain"),
    Binding("question_mark", "rules", "Help", key_display="?", tooltip="How to play, then the full rules", id="rules"),
    Binding("x", "abandon", "Abandon", tooltip="Stop this game with no result", id="abandon"),
    Binding("b", "app.toggle_bell", "Bell", show=False, tooltip="Switch the bell on or off", id="bell"),
    Binding("escape", "clear_marks", "Unmark", show=False, id="unmark"),
    Binding("pageup", "log_page(-1)", "Log back", show=False, id="log-up"),
    Binding("pagedown", "log_page(1)", "Log on", show=False, id="log-down"),
    # Pressed while greyed out: the engine's reason in the note line (palace_tui.table.refusals).
    Binding("t", "why_not('take')", show=False, id="take-why"),
    Binding("enter", "why_not('enter')", show=False, id="enter-why"),
    Binding("e", "why_not('explain')", show=False, id="explain-why"),
    Binding(
        "ctrl+q",
        "app.save_quit",
        "Save+quit",
        key_display="^q",
        tooltip="Save the game and quit",
        priority=True,
        id="quit",
    ),
]


def table_mode(now: Now, table: TableInfo, view: SeatView) -> Mode:
    """What the table's keys do now: over, the mover's result, waiting (another seat acts, or
    nobody's cards are up), setting up (swap or choose), or the stage the seat plays from."""
    viewer = now.shown
    if now.phase == "over":
        return Mode.OVER
    if now.turn.step == Step.RESULT:
        return Mode.RESULT
    if viewer is None or view.turn != viewer or not table.seats[viewer].human:
        return Mode.WAIT
    if now.phase == "setup":
        return Mode.SWAP if table.rules.swap_deal else Mode.CHOOSE
    return Mode(view.stage)


def key_state(
    action: str, parameters: tuple[object, ...], now: Now, table: TableInfo, mode: Mode, view: SeatView, marked: int
) -> bool | None:
    """Textual's answer for ``action`` (with its ``parameters``) at the table (True: on; None: greyed
    out; False: hidden), from the mode's data and, where it asks, the position: ``view`` is the
    seat's at the screen and ``marked`` how many of its cards are marked."""
    viewer = now.shown
    answer = (TABLE_KEYS if viewer is not None else PUBLIC_TABLE_KEYS)[mode].answer(action, parameters)
    if not isinstance(answer, Ask):
        return answer
    if answer is Ask.TAKE:
        return True if any(m.kind == "take" for m in view.legal) else None
    if answer in (Ask.CHANCE, Ask.DONE):
        return any(m.kind == answer.value for m in view.legal)
    if answer is Ask.CHOOSE:
        return True if marked == table.rules.face_up else None
    if answer is Ask.COACH:
        return True if viewer is not None and table.seats[viewer].coach else None
    if answer is Ask.TAKE_BACK:
        return now.take_back.offered
    if answer is Ask.WHY_NO_TAKE_BACK:
        return not now.take_back.offered and viewer is not None
    raise ValueError(f"the table has no answer to {answer}")
