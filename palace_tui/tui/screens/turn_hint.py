"""The line under a seat's cards that says what its keys do now.

A pure function of the seat's view and the screen's mode, so the table screen only
decides *when* to show it.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from palace_tui.rules import Game, SeatView
from palace_tui.tui.widgets.card_art import cards_inline
from palace_tui.words import requirement_text

DIM = Style(dim=True)
KEY = Style(bold=True)


def turn_hint(
    game: Game, view: SeatView, mode: str, names: list[str], marked: int, under: tuple, take_back: bool = False
) -> Text:
    """What to do now, for the seat at the screen. ``mode`` is the screen's (wait, result,
    swap, choose, hand, face_up, face_down or over), ``marked`` how many cards are marked,
    ``under`` the hand and face-up cards under the two cursors (for a swap) and
    ``take_back`` whether u can take the move back now."""
    if mode == "over":
        return Text("The game is over.")
    if mode == "result":
        text = Text.assemble("Your move is made. ", ("Enter", KEY), " ends your turn and hides your cards")
        if take_back:
            text.append_text(Text.assemble("; ", ("u", KEY), " takes the move back"))
        text.append(".")
        return text
    if mode == "wait":
        who = names[game.turn]
        doing = "is setting up" if game.phase == "setup" else "is playing"
        return Text(f"{who} {doing}…", DIM)
    if mode == "swap":
        h, u = under
        swap = (
            Text.assemble("Swap ", cards_inline([h]), " (hand) for ", cards_inline([u]), " (face up): ")
            if h and u
            else "Swap "
        )
        return Text.assemble(swap, ("Enter", KEY), " swaps, ↑↓ changes row, ", ("r", KEY), " when ready.")
    if mode == "choose":
        return Text.assemble(
            f"Mark {game.rules.face_up} cards to lay face up ({marked} marked): ",
            ("Space", KEY),
            " marks, ",
            ("Enter", KEY),
            " lays them down.",
        )
    if mode == "face_down":
        need = (
            "Any card stays on this pile."
            if requirement_text(view.need) == "anything"
            else f"It stays if it is {requirement_text(view.need)}."
        )
        return Text(f"Turn a face-down card: ← → to choose, Enter to turn it. {need}")
    text = Text.assemble("Your turn: play ", (requirement_text(view.need), KEY))
    takeable = any(m.kind == "take" for m in view.legal)
    if not view.playable_ranks:
        text.append_text(Text.assemble(". Nothing you hold can go: ", ("t", KEY), " takes the pile."))
    elif takeable:
        text.append_text(Text.assemble(", or ", ("t", KEY), " to take the pile."))
    if mode == "face_up" and takeable and game.rules.adds_face_up:
        text.append(" (Taking adds the face-up card under the cursor.)", DIM)
    return text
