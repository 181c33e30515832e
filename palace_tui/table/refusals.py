"""Why a greyed-out key does nothing now, in the engine's own words.

A key the footer shows greyed out still says something when pressed: the table
screen's hidden ``why_not(key)`` bindings, listed after each key's real ones, run only
when those are off (and, :mod:`.key_modes` says, while the seat at the screen is to
act); they ask :func:`refusal` and put the sentence in the note line. The sentence is
the engine's refusal of the move the key would make (tried on a copy of the game),
so the screen never words, or decides, a rule itself.
"""

from __future__ import annotations

from palace_tui.rules import Card, Game, IllegalMove, Move
from palace_tui.words import explain_pile

#: The note's label for each key that can explain itself.
LABELS = {"take": "Take", "enter": "Enter", "explain": "Pile"}


def refusal(game: Game, key: str, marked: list[Card]) -> str | None:
    """The engine's sentence for why ``key`` does nothing now (None: no reason to give).

    ``key`` is ``take`` (t), ``enter`` or ``explain`` (e); ``marked`` are the marked hand
    cards (for laying up with deal=choose).
    """
    if key == "explain":
        return None if game.phase == "play" else explain_pile(game)
    if key == "take":
        move = Move.take()
    elif key == "enter" and game.phase == "setup" and not game.rules.swap_deal:
        move = Move.choose(list(marked))
    else:
        return None
    try:
        game.copy().play(move)
    except IllegalMove as exc:
        return str(exc)
    return None
