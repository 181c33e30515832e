"""The lines the table writes about the turn: the hint under the seat's cards (what its
keys do now) and the titles (whose turn it is, whose cards are up).

Pure functions of the game, the seat's view and the screen's mode, so the table
screen only decides *when* to show them.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from palace_tui.rules import Card, Game, SeatView
from palace_tui.tui.screens.key_modes import Mode
from palace_tui.tui.widgets.card_art import cards_inline
from palace_tui.words import rank_name, requirement_text

DIM = Style(dim=True)
KEY = Style(bold=True)


def table_titles(game: Game, names: list[str], viewer: int | None, mode: Mode) -> tuple[str, str]:
    """The screen's subtitle (whose turn it is) and the title over the cards (whose they are;
    a name, to be shown as text, never markup)."""
    if game.phase == "over":
        sub_title = "game over"
    elif game.phase == "setup":
        sub_title = f"setup: {names[game.turn]}"
    elif mode == Mode.RESULT and viewer is not None:
        # The mover's cards are still up: the title must not call the next player over yet.
        sub_title = f"{names[viewer]}'s turn"
    else:
        sub_title = f"{names[game.turn]} to play"
    return sub_title, "Nobody's cards are shown" if viewer is None else names[viewer]


def turn_hint(
    game: Game,
    view: SeatView,
    mode: Mode,
    names: list[str],
    marked: int,
    under: tuple[Card | None, Card | None],
    take_back: bool = False,
) -> Text:
    """What to do now, for the seat at the screen. ``mode`` is the screen's, ``marked`` how many cards are marked,
    ``under`` the hand and face-up cards under the two cursors (for a swap) and
    ``take_back`` whether u can take the move back now."""
    if mode == Mode.OVER:
        return Text("The game is over.")
    if mode == Mode.RESULT:
        text = Text.assemble("Your move is made. ", ("Enter", KEY), " ends your turn and hides your cards")
        if take_back:
            text.append_text(Text.assemble("; ", ("u", KEY), " undoes it"))
        text.append(".")
        return text
    if mode == Mode.WAIT:
        who = names[game.turn]
        doing = "is setting up" if game.phase == "setup" else "is playing"
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
            f"Mark {game.rules.face_up} cards to lay face up ({marked} marked): ",
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
    text = Text.assemble("Your turn: play ", (requirement_text(view.need), KEY))
    takeable = "take" in kinds
    if not view.playable_ranks:
        text.append_text(Text.assemble(". Nothing you hold can go: ", ("t", KEY), " takes the pile."))
    elif takeable:
        text.append_text(Text.assemble(", or ", ("t", KEY), " to take the pile."))
    if "chance" in kinds:
        text.append_text(Text.assemble(" ", ("c", KEY), " turns the stock's top card instead: played if it goes."))
    if mode == Mode.FACE_UP and takeable and game.rules.adds_face_up:
        text.append(" (Taking adds the face-up card under the cursor.)", DIM)
    return text
