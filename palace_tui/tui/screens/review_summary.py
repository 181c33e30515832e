"""The one-screen end of a review: how the game ended and each person's turning points."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Header, Static

from palace_tui.ai.analysis import Analysis
from palace_tui.rules.gamefile import Replay
from palace_tui.tui.screens.review import decision_words, percent
from palace_tui.tui.widgets.keys_footer import KeysFooter


def summary_text(played: Replay, analysis: Analysis, humans: list[int]) -> tuple[Text, list[int]]:
    """The summary, and the move indices of the turning points in the order they are numbered."""
    game = played.game
    names = game.names
    text = Text()
    out = game.outcome()
    if out is None or out.abandoned:
        text.append("The game was abandoned: no result.\n\n", "bold")
    else:
        text.append("Order out: " + ", ".join(names[s] for s in out.order) + "\n\n", "bold")
    numbered: list[int] = []
    what = "not being last" if analysis.measure == "not_last" else "winning"
    for seat in humans:
        mine = [v for v in analysis.verdicts.values() if v.seat == seat]
        agreed = sum(v.agrees for v in mine)
        points = [i for i in analysis.turning if analysis.verdicts[i].seat == seat]
        text.append(f"{names[seat]}: ", "bold")
        text.append(f"made the coach's choice in {agreed} of {len(mine)} decisions.\n")
        if not points:
            text.append("  No turning points: no move gave up much chance.\n\n", "green")
            continue
        count = {1: "one turning point", 2: "two turning points", 3: "three turning points"}[len(points)]
        text.append(f"  Your {count}:\n")
        for i in points:
            numbered.append(i)
            v = analysis.verdicts[i]
            key = len(numbered)
            text.append(f"  {key}. Move {i + 1}{' (setup)' if v.kind == 'setup' else ''}: ", "bold red")
            made, best = decision_words(names, v, you=True)
            text.append(f"{made}; {best}.\n")
            text.append(
                f"     Chance of {what}: {percent(getattr(v.made_chances, analysis.measure))} "
                f"instead of {percent(getattr(v.best_chances, analysis.measure))}.\n"
            )
        text.append("\n")
    return text, numbered


class ReviewSummaryScreen(Screen[int | None]):
    """Dismisses with the move index of a turning point to look at (1-9), or None."""

    DEFAULT_CSS = """
    ReviewSummaryScreen #summary { border: round $accent; padding: 0 1; height: auto; max-height: 100%; }
    """

    AUTO_FOCUS = None

    BINDINGS = [
        Binding("escape", "dismiss_none", "Back to the moves", id="back"),
        Binding("1", "goto(1)", "Go to a turning point", key_display="1-9", id="goto"),
        *(Binding(str(k), f"goto({k})", f"Turning point {k}", show=False, id=f"goto-{k}") for k in range(2, 10)),
    ]

    def __init__(self, played: Replay, analysis: Analysis, humans: list[int]) -> None:
        super().__init__()
        self.text, self.numbered = summary_text(played, analysis, humans)

    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
        yield Static(self.text, id="summary")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = "review summary"
        self.query_one("#summary").border_title = "Summary"

    def action_goto(self, k: int) -> None:
        """Back to the moves, at turning point ``k``."""
        if k <= len(self.numbered):
            self.dismiss(self.numbered[k - 1])

    def action_dismiss_none(self) -> None:
        self.dismiss(None)
