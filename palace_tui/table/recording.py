"""A table's game for the records: its result for the store, and its deal and moves as a game file.

The store keeps each finished (or abandoned) game's result and, when its deck and
moves were kept, the game file that replays it (:mod:`palace_tui.rules.gamefile`).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from palace_tui.rules.gamefile import GameRecord, SeatInfo, format_game
from palace_tui.words import log_sentence

if TYPE_CHECKING:
    from palace_tui.table.session import Session


def now_iso() -> str:
    """The current time as an ISO 8601 string in UTC, to the second."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def game_record(session: Session) -> GameRecord:
    """The session's game so far as a game file's record (needs its deck and history)."""
    assert session.deck is not None and session.history is not None, "this game's moves were not kept"
    seats = [SeatInfo(s.name, s.human, "" if s.human else s.level) for s in session.seats]
    game = session.game
    return GameRecord(
        session.rules,
        seats,
        game.seed,
        game.dealer or 0,
        list(session.deck),
        list(session.history),
        abandoned=game.abandoned,
        number=session.game_number + 1,
        same_deal_as=session.same_deal_as,
    )


def result_record(session: Session) -> dict[str, Any]:
    """The finished (or abandoned) game as the store's ``record_game`` wants it.

    ``history`` is the game file text that replays it, or None when this game's moves
    were not kept (a save from an older version).
    """
    out = session.game.outcome()
    assert out is not None, "the game is not over"
    ended = now_iso()
    history = None
    if session.history is not None and session.deck is not None:
        record = game_record(session)
        record.ended = ended
        history = format_game(record, say=log_sentence)
    return {
        "table_id": session.table_id,
        "game_id": session.game_id,
        "players": session.names,
        "preset": session.preset,
        "rules": session.rules.saved_dict(),
        "seed": session.game.seed,
        "started": session.started,
        "ended": ended,
        "order": list(out.order),
        "points": list(out.points),
        "scoring": session.rules.scoring,
        "winner": out.winner,
        "loser": out.loser,
        "abandoned": out.abandoned,
        "history": history,
        "same_deal_as": session.same_deal_as or None,
    }
