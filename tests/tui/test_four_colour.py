"""Suits without colour (issue 37): the four-colour deck, its contrast, and the cues that are
never colour alone (read under NO_COLOR, and under the terminal's own palette)."""

from __future__ import annotations

import time
from itertools import combinations

import pytest
from rich.console import Console

from palace_tui.rules import Card, Move
from palace_tui.table.door import MakeMove
from palace_tui.tui.widgets import card_art
from palace_tui.tui.widgets.suit_colours import DARK_FOUR, LIGHT_FOUR, SUITS, contrast_table
from tests.helpers.app import screen_text
from tests.helpers.built_table import table
from tests.helpers.settle import running, settle

#: A card of each suit.
ONE_OF_EACH = [Card.parse(c) for c in ("7S", "7H", "7D", "7C")]

FOUR_SUITS = [
    {"name": "Ann", "hand": "4C 9D 10H 6S", "face_up": "KS", "face_down": "3D"},
    {"name": "Ben", "hand": "5S 6C 7S", "face_up": "QH", "face_down": "8D"},
]


@pytest.fixture
def colours_back():
    yield
    card_art.set_four_colour(False)
    card_art.set_no_color(False)


@pytest.mark.parametrize(("dark", "ansi"), [(True, False), (False, False), (True, True)])
def test_every_suit_pair_differs_in_colour_under_the_four_colour_deck(colours_back, dark, ansi):
    card_art.set_four_colour(True, dark=dark, ansi=ansi)
    colours = {c.suit: card_art.suit_style(c).color for c in ONE_OF_EACH}
    assert colours["S"] is None  # spades: the theme's own text colour, white on dark, black on light
    assert None not in (colours["H"], colours["D"], colours["C"])
    for a, b in combinations(SUITS, 2):
        assert colours[a] != colours[b], (a, b)
    card_art.set_four_colour(False)
    two = {c.suit: card_art.suit_style(c).color for c in ONE_OF_EACH}
    assert two["H"] == two["D"] and two["S"] == two["C"]  # the usual deck: two colours only


def test_every_four_colour_suit_reads_on_its_background_at_wcag_aa():
    rows = contrast_table()
    assert len(rows) == 8
    for theme, suit, colour, ratio in rows:
        assert ratio >= 4.5, (theme, suit, colour, ratio)
    assert len(set(DARK_FOUR.values())) == len(set(LIGHT_FOUR.values())) == 4


async def test_the_four_colour_flag_colours_the_hand_and_is_remembered(make_app, colours_back, data_dir):
    app = make_app(table(position=FOUR_SUITS), four_colour=True)
    async with running(app, size=(80, 24)):
        text = app.screen.query_one("#hand-row").render()
        console = Console()
        by_suit = {ch: text.get_style_at_offset(console, i).color for i, ch in enumerate(text.plain) if ch in "♠♥♦♣"}
        assert len(set(by_suit.values())) == 4, by_suit
    again = make_app(table(position=FOUR_SUITS))
    assert again.four_colour is True  # remembered on this machine
    assert make_app(table(position=FOUR_SUITS), four_colour=False).four_colour is False
    assert make_app(table(position=FOUR_SUITS)).four_colour is False


@pytest.mark.parametrize("four", [False, True])
async def test_under_no_color_the_screen_text_carries_every_cue(make_app, monkeypatch, colours_back, four):
    """Without colour: suits by shape, whose turn by ▶, cards by rank and suit; nothing coloured."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(table(position=FOUR_SUITS), four_colour=four)
    async with running(app, size=(80, 24)):
        shown = screen_text(app)
        for card in ("4♣", "9♦", "10♥", "6♠", "K♠", "Q♥"):
            assert card in shown, card
        assert "▶ Ann" in shown
        text = app.screen.query_one("#hand-row").render()
        faces = [s.style for s in text.spans if any(suit in text.plain[s.start : s.end] for suit in "♠♥♦♣")]
        assert faces and all(style.color is None for style in faces)
        assert not any(card_art.suit_style(c).color for c in ONE_OF_EACH)  # weight and shape only


async def test_an_ansi_theme_uses_the_terminal_palette(make_app, colours_back):
    app = make_app(table(position=FOUR_SUITS), four_colour=True)
    async with running(app, size=(80, 24)) as pilot:
        app.screen.table.send(MakeMove(Move.play("9D")))  # the log says "Ann played 9♦"
        await settle(pilot, "Ann played 9♦")
        await settle(pilot)  # Ben's answer played and drawn too
        app.theme = "ansi-dark"
        await settle(pilot)  # the theme's change handled: the suits' colours set again
        assert card_art.suit_style(Card.parse("7D")).color.name == "bright_blue"
        app.theme = "textual-light"
        await settle(pilot)  # the log written again in the new theme
        assert card_art.suit_style(Card.parse("7D")).color.triplet.hex.upper() == LIGHT_FOUR["D"]
        log = app.screen.query_one("#log")
        coloured = [seg.style.color for strip in log.lines for seg in strip if seg.style and seg.style.color]
        hexes = {c.triplet.hex.upper() for c in coloured if c.triplet is not None}
        assert LIGHT_FOUR["D"] in hexes, hexes  # the log was written again in the light theme's blue


@pytest.mark.parametrize("level", ["none", "full"])
async def test_with_animations_off_the_last_move_stays_marked(make_app, level):
    """TEXTUAL_ANIMATIONS=none: the last move's highlight is a static marker, lit until the next move
    (with animations on it goes out after its time)."""
    from tests.tui.test_what_changed import at_table, seats_lit

    session = at_table()
    app = make_app(session)
    app.animation_level = level
    async with running(app, size=(80, 24)) as pilot:
        screen = app.screen
        screen.highlight.seconds = 0.01
        screen.table.send(MakeMove(Move.play("9D")))  # Ben and Cy (computers) answer
        await settle(pilot, lambda: session.game.turn == 0, what="Ben and Cy to answer, Ann to play")
        await settle(pilot)
        screen.highlight.show(screen.highlight.changes)
        screen.redraw()
        out_at = time.monotonic() + screen.highlight.seconds
        await settle(
            pilot,
            lambda: time.monotonic() > out_at and screen.highlight._timer is None,
            what="the highlight's time to pass and its timer (with animations on) to fire",
        )
        await settle(pilot)
        screen.redraw()
        lit = seats_lit(screen)
        assert lit == (["Cy"] if level == "none" else []), lit
