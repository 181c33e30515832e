"""The one-screen end of a review: how the game ended and, to each person, their turning
points, numbered per person as on the moves ("Ann's turning point 2 of 3"). Up and down
choose a turning point and Enter goes to it."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from palace_tui.ai.analysis import Analysis
from palace_tui.rules.gamefile import Replay
from palace_tui.tui.screens.verdict_words import decision_words, verdict_reason
from palace_tui.tui.widgets.keys_footer import KeysFooter
from palace_tui.words.review import person_summary, turning_label


def outcome_text(played: Replay) -> Text:
    """How the game ended, in one line, and how to go to a turning point."""
    game = played.game
    out = game.outcome()
    if out is None or out.abandoned:
        text = Text("The game was abandoned: no result.", "bold")
    else:
        text = Text("Order out: " + ", ".join(game.names[s] for s in out.order), "bold")
    text.append("   ↑↓ choose a turning point, Enter shows its move.", "dim")
    return text


def person_text(played: Replay, analysis: Analysis, seat: int) -> Text:
    """What the review says to one person before their turning points."""
    names = played.game.names
    mine = [v for v in analysis.verdicts.values() if v.seat == seat]
    followed = sum(v.agrees for v in mine)
    mistakes = sum(v.mistake for v in mine)
    points = analysis.turning_of(seat)
    text = Text()
    text.append(f"{names[seat]}, ", "bold")
    text.append(person_summary(followed, len(mine), mistakes, len(points)), "" if mistakes else "green")
    return text


def point_text(played: Replay, analysis: Analysis, index: int) -> Text:
    """One turning point in the list: its label and move, what was done, and why it cost."""
    game = played.game
    names = game.names
    v = analysis.verdicts[index]
    numbered = analysis.turning_number(index)
    assert numbered is not None
    text = Text()
    text.append(f"{turning_label(names[v.seat], *numbered)}, move {index + 1}", "bold red")
    text.append(" (setup)" if v.kind == "setup" else "")
    made, _ = decision_words(names, v, you=True)
    text.append(f": {made}.\n")
    text.append(verdict_reason(played.position(index), v, analysis.measure) + "\n")
    return text


class ReviewSummaryScreen(Screen[int | None]):
    """Dismisses with the move index of the turning point chosen, or None."""

    DEFAULT_CSS = """
    ReviewSummaryScreen #outcome { padding: 0 1; height: auto; }
    ReviewSummaryScreen OptionList { height: 1fr; border: round $accent; }
    /* A person's heading is not a turning point to choose, but it is read as much as one. */
    ReviewSummaryScreen OptionList > .option-list--option-disabled { color: $foreground; }
    """

    AUTO_FOCUS = "OptionList"

    BINDINGS = [
        Binding("escape", "dismiss_none", "Back to the moves", id="back"),
        Binding("enter", "choose", "Go to a turning point", key_display="↑↓ Enter", id="goto"),
    ]

    def __init__(self, played: Replay, analysis: Analysis, humans: list[int]) -> None:
        super().__init__()
        self.played = played
        self.analysis = analysis
        self.humans = humans

    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
        yield Static(outcome_text(self.played), id="outcome")
        options: list[Option | None] = []
        for seat in self.humans:
            options.append(Option(person_text(self.played, self.analysis, seat), disabled=True))
            for index in self.analysis.turning_of(seat):
                options.append(Option(Group(point_text(self.played, self.analysis, index)), id=str(index)))
            options.append(None)
        yield OptionList(*options[:-1])
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = "summary"
        self.query_one(OptionList).border_title = "Summary"

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.dismiss(int(event.option.id))

    def action_choose(self) -> None:
        option_list = self.query_one(OptionList)
        if option_list.highlighted is not None:
            option = option_list.get_option_at_index(option_list.highlighted)
            if option.id is not None:
                self.dismiss(int(option.id))

    def action_dismiss_none(self) -> None:
        self.dismiss(None)
