"""Helpers for the app tests: read the screen as text, and play a human turn by keys."""

from __future__ import annotations

import io

from rich.console import Console

from palace_tui.rules import Move, Rules
from palace_tui.table.session import SeatConfig, Session


def screen_text(app) -> str:
    """Everything visible on the terminal now, as plain text (what a screenshot shows)."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    render = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    console.print(render)
    return console.export_text()


def reads(text: str, sentence: str) -> bool:
    """``sentence`` is on screen, whole, however its lines wrap."""
    return sentence in " ".join(" ".join(line.split()) for line in text.splitlines())


def hand_text(screen) -> str:
    """The hand row of the seat at the screen, as plain text."""
    from palace_tui.tui.widgets.card_row import CardRow

    return screen.query_one("#hand-row", CardRow).text


def keys_for(move: Move, view, cursor: dict[str, int], row: str) -> list[str]:
    """The key presses that make ``move`` from the cursor positions of the game screen."""
    keys: list[str] = []

    def go(to: int, at: int, n: int) -> list[str]:
        step = (to - at) % n
        return ["right"] * step if step <= n // 2 else ["left"] * (n - step)

    if move.kind in ("chance", "done"):  # house rules: the moves of their own keys
        return ["c" if move.kind == "chance" else "d"]
    if move.kind in ("take", "ready"):
        if move.kind == "take" and move.adding is not None:
            up = list(view.face_up)
            keys += go(up.index(move.adding), cursor["face_up"], len(up))
        return keys + ["t" if move.kind == "take" else "r"]
    if move.kind == "flip":
        return keys + go(move.index, cursor["face_down"], view.face_down_count) + ["enter"]
    if move.kind == "swap":
        hand, up = list(view.hand), list(view.face_up)
        if row != "hand":
            keys.append("up")
        keys += go(hand.index(move.cards[0]), cursor["hand"], len(hand))
        keys.append("down")
        keys += go(up.index(move.cards[1]), cursor["face_up"], len(up))
        return keys + ["enter"]
    source = list(view.hand) if move.kind == "choose" or view.stage == "hand" else list(view.face_up)
    at = cursor["hand" if source is not None and (move.kind == "choose" or view.stage == "hand") else "face_up"]
    used: set[int] = set()
    for card in move.cards:
        i = next(k for k, c in enumerate(source) if c == card and k not in used)
        used.add(i)
        keys += go(i, at, len(source))
        at = i
        if move.kind == "choose" or len(move.cards) > 1:
            keys.append("space")
    return keys + ["enter"]


def make_session(
    preset: str = "palace",
    humans=("Ann", "Ben"),
    computers=("Cy",),
    seed: int = 7,
    options: list[str] | None = None,
    level: str = "random",
) -> Session:
    """A table of humans then computers, dealt from ``seed``."""
    rules = Rules.preset(preset).with_text_options(options or [])
    seats = [SeatConfig(n) for n in humans] + [SeatConfig(n, human=False, level=level) for n in computers]
    return Session.new(seats, rules, seed=seed)


_CHARS = {"space": " ", "enter": "\r", "question_mark": "?", "tab": "\t", "escape": "\x1b"}


def send_key_events(app, keys) -> None:
    """Queue ``keys`` through the app's driver, as a terminal would send them (no waiting)."""
    from textual import events

    for key in keys:
        char = _CHARS.get(key, key if len(key) == 1 else None)
        event = events.Key(key, char)
        event.set_sender(app)
        app._driver.send_message(event)


async def press(pilot, *keys: str) -> None:
    """Press keys as a terminal would send them, then wait once for the app to be idle
    (tests.helpers.settle: every message handled, workers done, the screen up it leads to).

    ``pilot.press`` waits for the app to go idle after every key (~60 ms each);
    a whole move's keys in one go keeps the game tests fast.
    """
    from tests.helpers.settle import settle

    send_key_events(pilot.app, keys)
    await settle(pilot)


async def choose_option(pilot, name: str, value) -> None:
    """Set rule option ``name`` on the new-table form as a player does: its section opened (its
    rows are made then), then its list set to ``value``."""
    from palace_tui.tui.widgets.option_sections import OptionSections
    from tests.helpers.settle import settle

    screen = pilot.app.screen
    screen.query_one(OptionSections).open_section_of(name)
    await settle(pilot, lambda: screen.query(f"#opt-{name}"), what=f"the row of {name}")
    await settle(pilot)  # its list mounted and showing its value before it is set
    screen.query_one(f"#opt-{name}").value = value


def bar_keys(screen) -> list:
    """The keys on the screen's key bar now (not a key the bar keeps hidden for another step)."""
    return [key for key in screen.query("FooterKey") if key.display]


def bar_lines(app) -> list[str]:
    """The terminal's lines the key bar takes, top to bottom, as drawn."""
    from palace_tui.tui.widgets.keys_footer import KeysFooter

    bar = app.screen.query_one(KeysFooter)
    return screen_text(app).splitlines()[bar.region.y : bar.region.bottom]


def bar_text(app) -> str:
    """The key bar's lines as one (its keys may wrap onto more lines)."""
    return " ".join(bar_lines(app))
