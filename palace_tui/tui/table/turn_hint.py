"""The lines the table writes about the turn: the hint under the seat's cards (what its
keys do now) and the titles (whose turn it is, whose cards are up).

Pure functions of the rules, the seat's view and the screen's mode, so the table
screen only decides *when* to show them.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from palace_tui.rules import Card, Rules, SeatView
from palace_tui.tui.table.key_modes import Mode
from palace_tui.tui.widgets.card_art import cards_inline
from palace_tui.words import rank_name, requirement_text, requirement_words

DIM = Style(dim=True)
KEY = Style(bold=True)


def table_titles(view: SeatView, names: list[str], viewer: int | None, mode: Mode) -> tuple[str, str]:
    """The screen's subtitle (whose turn it is) and the title over the cards (whose they are;
    a name, to be shown as text, never markup)."""
    if view.phase == "over":
        sub_title = "game over"
    elif view.phase == "setup":
        sub_title = f"setup: {names[view.turn]}"
    elif mode == Mode.RESULT and viewer is not None:
        # The mover's cards are still up: the title must not call the next player over yet.
        sub_title = f"{names[viewer]}'s turn"
    else:
        sub_title = f"{names[view.turn]} to play"
    return sub_title, "Nobody's cards are shown" if viewer is None else names[viewer]


def turn_hint(
    rules: Rules,
    view: SeatView,
    mode: Mode,
    names: list[str],
    marked: int,
    under: tuple[Card | None, Card | None],
    take_back: bool = False,
    touch: bool = False,
) -> Text:
    """What to do now, for the seat at the screen. ``mode`` is the screen's, ``marked`` how many cards are marked,
    ``under`` the hand and face-up cards under the two cursors (for a swap),
    ``take_back`` whether u can take the move back now and ``touch`` whether it is played by
    finger (there may be no keyboard: the words name what to tap, the footer's buttons and the cards)."""
    if mode == Mode.OVER:
        return Text("The game is over.")
    if touch and mode != Mode.WAIT:
        return _touch_hint(view, mode, marked, under, take_back, rules)
    if mode == Mode.RESULT:
        text = Text.assemble("Your move is made. ", ("Enter", KEY), " ends your turn and hides your cards")
        if take_back:
            text.append_text(Text.assemble("; ", ("u", KEY), " undoes it"))
        text.append(".")
        return text
    if mode == Mode.WAIT:
        who = names[view.turn]
        doing = "is setting up" if view.phase == "setup" else "is playing"
        return Text(f"{who} {doing}…", DIM)
    if mode == Mode.SWAP:
        h, u = under
        swap = (
            Text.assemble("Swap ", cards_inline([h]), " (hand) for ", cards_inline([u]), " (face up): ")
            if h and u
            else "Swap "
        )
        return Text.assemble(swap, ("Enter", KEY), " swaps, ↑↓ changes row, ", ("r", KEY), " when ready.")
    if mode == Mode.CHOOSE:
        return Text.assemble(
            f"Mark {rules.face_up} cards to lay face up ({marked} marked): ",
            ("Space", KEY),
            " marks, ",
            ("Enter", KEY),
            " lays them down.",
        )
    if mode == Mode.FACE_DOWN:
        need = (
            "Any card stays on this pile."
            if requirement_text(view.need) == "anything"
            else f"It stays if it is {requirement_text(view.need)}."
        )
        return Text(f"Turn a face-down card: ← → to choose, Enter to turn it. {need}")
    kinds = {m.kind for m in view.legal}
    if "done" in kinds:  # play_drawn: the card just drawn matches the rank just played
        rank = next(m.cards[0].rank for m in view.legal if m.kind == "play")
        return Text.assemble(
            "You drew another ",
            (rank_name(rank), KEY),
            ": ",
            ("Enter", KEY),
            " plays it now on your own, ",
            ("d", KEY),
            " ends your turn.",
        )
    text = Text.assemble("Your turn: play ", (requirement_words(rules, view.need), KEY))
    takeable = "take" in kinds
    if not view.playable_ranks:
        text.append_text(Text.assemble(". Nothing you hold can go: ", ("t", KEY), " takes the pile."))
    elif takeable:
        text.append_text(Text.assemble(", or ", ("t", KEY), " to take the pile."))
    if "chance" in kinds:
        text.append_text(Text.assemble(" ", ("c", KEY), " turns the stock's top card instead: played if it goes."))
    if mode == Mode.FACE_UP and takeable and rules.adds_face_up:
        text.append(" (Taking adds the face-up card under the cursor.)", DIM)
    return text


def _swap_cards(under: tuple[Card | None, Card | None]) -> Text:
    h, u = under
    if h and u:
        return Text.assemble("Swap ", cards_inline([h]), " (hand) for ", cards_inline([u]), " (face up): ")
    return Text("Swap: ")


def _touch_hint(
    view: SeatView,
    mode: Mode,
    marked: int,
    under: tuple[Card | None, Card | None],
    take_back: bool,
    rules: Rules,
) -> Text:
    """:func:`turn_hint`'s words for a finger: a tap on a card points at it, a second marks
    (or turns) it, a tap on the pile asks to take it, and the buttons are named as the footer names them."""
    if mode == Mode.RESULT:
        text = Text.assemble("Your move is made. Tap ", ("End turn", KEY), " to hide your cards")
        if take_back:
            text.append_text(Text.assemble("; ", ("Undo", KEY), " takes it back"))
        return text + "."
    if mode == Mode.SWAP:
        return Text.assemble(
            _swap_cards(under), "tap ", ("Swap", KEY), ", or tap other cards first; ", ("Ready", KEY), " when done."
        )
    if mode == Mode.CHOOSE:
        return Text.assemble(
            f"Lay {rules.face_up} cards face up ({marked} marked): tap a card twice to mark it, then ",
            ("Lay up", KEY),
            ".",
        )
    if mode == Mode.FACE_DOWN:
        need = requirement_text(view.need)
        stays = "Any card stays on this pile." if need == "anything" else f"It stays if it is {need}."
        return Text(f"Turn a face-down card: tap one to frame it, tap the framed one to turn it. {stays}")
    text = Text.assemble("Your turn: play ", (requirement_words(rules, view.need), KEY))
    takeable = any(m.kind == "take" for m in view.legal)
    if not view.playable_ranks:
        text.append(". Nothing you hold can go: tap the pile to take it.")
    elif takeable:
        text.append(" (tap a card, then Play), or tap the pile to take it.")
    else:
        text.append(": tap a card, then Play.")
    if mode == Mode.FACE_UP and takeable and rules.adds_face_up:
        text.append(" (Taking adds the face-up card you tapped last.)", DIM)
    return text
