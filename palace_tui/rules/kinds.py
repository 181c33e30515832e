"""The engine's vocabulary: phases, stages, move kinds and event kinds.

Each is a :class:`enum.StrEnum`, so a member equals the string it replaced and
saves, databases and callers that compare with strings keep working; a member
also prints and reprs as that string, so logs and doctests read as before.

>>> Phase.PLAY == "play", repr(EventKind.CLEARED), f"{Stage.FACE_UP}"
(True, "'cleared'", 'face_up')
"""

from __future__ import annotations

from enum import StrEnum


class Kind(StrEnum):
    """A word of the engine's vocabulary: equal to, and shown as, its string."""

    def __repr__(self) -> str:
        return repr(self.value)


class Phase(Kind):
    """Where a game is: seats setting up, playing, or over (abandoned games too)."""

    SETUP = "setup"
    PLAY = "play"
    OVER = "over"


class Stage(Kind):
    """Where the seat to act plays from (:meth:`Game.stage`)."""

    HAND = "hand"
    FACE_UP = "face_up"
    FACE_DOWN = "face_down"
    OUT = "out"


class MoveKind(Kind):
    """What a :class:`~palace_tui.rules.moves.Move` does."""

    PLAY = "play"
    TAKE = "take"
    FLIP = "flip"
    SWAP = "swap"
    CHOOSE = "choose"
    READY = "ready"
    DONE = "done"  # end the turn instead of playing the drawn match (play_drawn)
    CHANCE = "chance"  # turn the stock's top card instead of taking the pile (chance)
    BURN_IN = "burn-in"  # complete a burn out of turn (burn_in): ``index`` is the claiming seat


class EventKind(Kind):
    """What an :class:`~palace_tui.rules.events.Event` records, in the order a move can cause them."""

    SWAPPED = "swapped"
    READY = "ready"
    CHOSE = "chose"
    STARTS = "starts"
    PLAYED = "played"
    FLIPPED = "flipped"
    FAILED = "failed"
    CHANCE = "chance"  # the stock's top card turned; reason "went" or "failed"
    BURNED_IN = "burned_in"  # a seat completed the burn out of turn (cards: the ones it played)
    SEE_THROUGH = "see_through"  # a see-through play: cards are the ones laid, then the card now answered
    REVERSED = "reversed"
    SKIPPED = "skipped"  # the seat missed its turn
    CLEARED = "cleared"
    DREW = "drew"
    TOOK = "took"
    OUT = "out"
    OVER = "over"
    ABANDONED = "abandoned"


__all__ = ["EventKind", "Kind", "MoveKind", "Phase", "Stage"]
