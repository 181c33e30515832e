"""A yes/no question, used before abandoning a game or leaving a table."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from palace_tui.tui.widgets.keys_footer import KeysFooter
from palace_tui.tui.widgets.too_small import TooSmall


class ConfirmScreen(ModalScreen[bool]):
    """Dismisses with True for y, False for n or Escape."""

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; background: $background; }
    ConfirmScreen #confirm-box { width: 56; height: auto; padding: 1 2; border: thick $warning; }
    """

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="yes"),
        Binding("n", "answer(False)", "No", id="no"),
        Binding("escape", "answer(False)", "Cancel", id="cancel"),
    ]

    #: The line under the question naming the keys.
    HINT = "y: yes   n: no"
    #: The same for a finger: the buttons at the bottom (there may be no keyboard).
    TOUCH_HINT = "Tap Yes or No below."

    def __init__(self, question: str) -> None:
        super().__init__()
        #: The question asked.
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(self.question, markup=False)
            yield Static("\n" + (self.TOUCH_HINT if self.app.has_class("-touch") else self.HINT), markup=False)
        yield KeysFooter()
        yield TooSmall()

    def action_answer(self, yes: bool) -> None:
        """Close with the answer."""
        self.dismiss(yes)


class ResumeScreen(ConfirmScreen):
    """An unfinished game is saved: True continues it, False opens a new table."""

    inherit_bindings = False
    BINDINGS = [
        Binding("enter", "answer(True)", "Continue", tooltip="Go back to the saved game", id="continue"),
        Binding("y", "answer(True)", "Continue", show=False, id="continue-y"),
        Binding("n", "answer(False)", "New table", tooltip="Set up a new table instead", id="new"),
    ]
    HINT = "Enter: continue the game   n: new table"
    TOUCH_HINT = "Tap Continue for the saved game, or New table."


class ReplaceSavedScreen(ConfirmScreen):
    """``palace --players ...`` while an unfinished game is saved: True deals the new table
    (the saved game is dropped), False goes back to the saved game."""

    inherit_bindings = False
    BINDINGS = [
        Binding(
            "y", "answer(True)", "New table", tooltip="Deal the new table; the saved game is dropped", id="replace"
        ),
        Binding("n", "answer(False)", "Saved game", tooltip="Continue the saved game instead", id="keep"),
        Binding("escape", "answer(False)", "Saved game", show=False, id="keep-escape"),
    ]
    HINT = "y: deal the new table (the saved game is dropped)\nn: continue the saved game"
    TOUCH_HINT = "Tap New table to deal it (the saved game is dropped), or Saved game."
