"""What the app and its screens need of a store: the one type they hold a store by.

Both :class:`~palace_tui.store.Store` (a data folder) and
:class:`~palace_tui.store.MemoryStore` (nothing on disk) satisfy :class:`GameStore`;
:func:`~palace_tui.store.open_store` returns one or the other as this type, so mypy
checks that each has every method with the right signature. The screens call these
methods directly, never probing a store for what it has.
"""

from __future__ import annotations

from typing import Any, Protocol

from palace_tui.store.payloads import GameResult


class GameStore(Protocol):
    """The unfinished game, the remembered table, the rule sets, the records and their reviews, and what went wrong."""

    #: One-sentence messages for the player (a bad file moved aside, nothing being saved), oldest first.
    warnings: list[str]
    #: Which of them says that another copy of the app owns the saved game (None: none does).
    another_copy_warning: str | None

    # -- the unfinished game

    def save_session(self, data: dict[str, Any]) -> None:
        """Keep the unfinished game (the session's dict), replacing the last one."""
        ...

    def load_session(self) -> dict[str, Any] | None:
        """The unfinished game kept, or None."""
        ...

    def clear_session(self) -> None:
        """Forget the unfinished game (it ended, or the player chose a new table)."""
        ...

    def set_aside_session(self, problem: str) -> None:
        """The kept game cannot be used (``problem``): put it where the next game won't overwrite it, and warn."""
        ...

    @property
    def session_saved(self) -> bool:
        """Whether the last game kept will still be there for the next run."""
        ...

    def release_saves(self) -> None:
        """This copy of the app is closing: another copy may keep the unfinished game now."""
        ...

    # -- the remembered table

    def save_last_table(self, data: dict[str, Any]) -> None:
        """Remember the new-table settings."""
        ...

    def last_table(self) -> dict[str, Any] | None:
        """The remembered new-table settings, or None."""
        ...

    # -- the table's own rule sets

    def rule_sets(self) -> dict[str, str]:
        """The saved rule sets: name to rules line, in the order they are offered."""
        ...

    def save_rule_sets(self, sets: dict[str, str]) -> str:
        """Keep these rule sets (name to rules line), replacing the ones kept; "" when they will be
        there next time, else why not in a player's words (they last this run only)."""
        ...

    # -- the records

    def record_game(self, record: dict[str, Any]) -> bool:
        """Keep a finished game's result (once per game); False when it counts in no score or was kept."""
        ...

    def scoreboard(self, table_id: str) -> list[dict[str, Any]]:
        """One table's rows ``{name, games, wins, losses, points, place}``, best first."""
        ...

    def table_games(self, table_id: str | None = None) -> list[GameResult]:
        """Every finished game of one table (of every table when None), oldest first, shaped as
        ``record_game`` takes them: what :mod:`~palace_tui.store.story` tells the table's story from."""
        ...

    def game_list(self, limit: int) -> list[dict[str, Any]]:
        """The games kept for review, newest first, numbered."""
        ...

    def game_text(self, number: int) -> dict[str, Any] | None:
        """Kept game ``number`` with its game file ``text``, or None."""
        ...

    @property
    def unreadable(self) -> int:
        """How many games the last read of the records skipped (rows edited by hand)."""
        ...

    def same_deals(self) -> list[list[dict[str, Any]]]:
        """Finished games grouped by the deal they share (duplicates)."""
        ...

    def analysis(self, game_key: str, settings: str) -> str | None:
        """A review's analysis kept earlier, or None."""
        ...

    def save_analysis(self, game_key: str, settings: str, data: str) -> None:
        """Keep a review's analysis, so the next review of the game is instant."""
        ...

    def close(self) -> None:
        """Write what is still held and let go of the files (the app is ending)."""
        ...
