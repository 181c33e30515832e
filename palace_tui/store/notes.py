"""What the store has to tell the player: one sentence per problem, each once.

A bad file moved aside, a folder that cannot be written, results kept aside: the
store never raises on such things, it leaves a sentence here and goes on. Every
sentence is made printable first, since a path or a file's contents may hold escape
sequences that must never reach the terminal.
"""

from __future__ import annotations

from pathlib import Path

from palace_tui.names import printable
from palace_tui.store.files import move_aside


class Notes:
    """The sentences for the player, oldest first (:attr:`messages`), and the bad files moved aside."""

    def __init__(self) -> None:
        #: One-sentence messages, oldest first; the app shows each once and may clear the list.
        self.messages: list[str] = []
        self._said: set[str] = set()

    def once(self, key: str, message: str) -> None:
        """Say ``message`` unless something keyed ``key`` was said already (a problem that repeats
        on every move is reported once, even after the app cleared the list)."""
        if key not in self._said:
            self._said.add(key)
            self.add(message)

    def add(self, message: str) -> None:
        """Say ``message`` (every time: each is news)."""
        self.messages.append(printable(message))

    def set_aside(self, path: Path, what: str, consequence: str) -> bool:
        """Move a bad file aside and say where; False (and say so) when it cannot be moved.

        ``what`` begins the sentence ("The saved game was damaged"), ``consequence`` ends it
        ("a new game starts").
        """
        try:
            dest = move_aside(path)
        except OSError as err:
            why = err.strerror or err
            self.once(f"stuck-{path.name}", f"{what} and could not be moved aside ({why}); {consequence}.")
            return False
        self.add(f"{what}; it was moved to {dest} and {consequence}.")
        return True
