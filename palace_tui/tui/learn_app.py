"""``palace learn``: a small app that runs the lessons on their own.

>>> app = LearnApp(data_dir="/tmp/palace-learn-doctest")
>>> app.title
'Learn Palace'
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from textual.app import App

from palace_tui.tui.screens.learn_list import LearnScreen


class LearnApp(App[None]):
    """The lessons as a standalone app: it pushes :class:`LearnScreen`; Escape on the list quits."""

    TITLE = "Learn Palace"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, data_dir: str | Path | None = None) -> None:
        super().__init__()
        #: Where ``lessons.json`` lives (None: ``$PALACE_DATA_DIR`` or the user data folder).
        self.data_dir = data_dir

    def on_mount(self) -> None:
        self.push_screen(LearnScreen(data_dir=self.data_dir), lambda _: self.exit())


def main(argv: list[str] | None = None) -> int:
    """Run the lessons: ``palace learn [--data-dir PATH]``; returns the exit status."""
    parser = argparse.ArgumentParser(prog="palace learn", description="Learn Palace in five minutes.")
    parser.add_argument("--data-dir", default=None, help="where lesson progress is kept")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    from palace_tui.rules.cards import use_letter_suits_if_needed

    use_letter_suits_if_needed(sys.stdout)
    app = LearnApp(data_dir=args.data_dir)
    app.run()
    return app.return_code or 0  # a crash must not exit 0


if __name__ == "__main__":
    raise SystemExit(main())
