"""The keys that move about a seat's cards, the same at the table and in a lesson.

Each screen gives its own prefix to the binding ids and adds the keys only it has;
what the keys do is :class:`~.card_cursor.CardCursor`'s, the same object on both screens. Every key
that makes a move is one action, ``make(KEY)``: the cursor says which move KEY means, and each
screen's ``action_make`` hands it on (the table plays it, a lesson judges it); :mod:`.key_modes`
answers it as KEY.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from textual.binding import Binding

from palace_tui.rules.cards import ACE, JACK, KING, QUEEN, TEN

#: The key that jumps to each rank: 2-9 as printed, 0 for ten, then j q k a.
RANK_KEYS = {**{str(r): r for r in range(2, 10)}, "0": TEN, "j": JACK, "q": QUEEN, "k": KING, "a": ACE}


def _key(prefix: str, keys: str, action: str, description: str = "", *, id: str, **options: Any) -> Binding:
    return Binding(keys, action, description, id=prefix + id, **options)


def card_bindings(prefix: str = "") -> list[Binding]:
    """Cursor, row, mark, Enter's first three meanings (play, turn a card, swap), and for a long
    hand Home/End and a rank's key (jumps to it)."""

    key = partial(_key, prefix)
    return [
        key("left", "cursor(-1)", "Card", key_display="←→", tooltip="Previous or next card", id="left"),
        key("right", "cursor(1)", "Card", show=False, id="right"),
        key("up", "row", "Row", key_display="↑↓", tooltip="Between hand and face-up row", id="row"),
        key("down", "row", "Row", show=False, id="row-down"),
        key("space", "mark", "Mark", key_display="␣", tooltip="Mark cards of one rank to play together", id="mark"),
        key(
            "enter", "make('play')", "Play", tooltip="Play the marked cards, else the card under the cursor", id="play"
        ),
        key("enter", "make('flip')", "Turn card", tooltip="Turn the face-down card under the cursor", id="flip"),
        key(
            "enter",
            "make('swap')",
            "Swap",
            tooltip="Swap the hand card and the face-up card under the cursors",
            id="swap",
        ),
        key("home", "cursor_end(False)", "First card", show=False, id="home"),
        key("end", "cursor_end(True)", "Last card", show=False, id="end"),
        *[key(k, f"jump('{k}')", "Jump to rank", show=False, id=f"jump-{k}") for k in RANK_KEYS],
    ]


def pile_bindings(prefix: str = "") -> list[Binding]:
    """Take the pile, Ready (the end of swapping), and the moves of two house rules, shown only
    when the engine offers them: the chance card (c) and ending the turn on a drawn match (d)."""
    key = partial(_key, prefix)
    return [
        key("t", "make('take')", "Take", tooltip="Take the whole pile into your hand", id="take"),
        key(
            "c",
            "make('chance')",
            "Chance",
            tooltip="Turn the stock's top card instead of taking the pile: it is played if it goes",
            id="chance",
        ),
        key("d", "make('done')", "Done", tooltip="End your turn without playing the card you drew", id="done"),
        key("r", "make('ready')", "Ready", tooltip="Finish swapping and start", id="ready"),
    ]
