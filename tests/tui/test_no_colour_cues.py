"""No cue is colour alone (issue 37), read from what the terminal is sent under ``NO_COLOR``:
the screen after Textual's own no-colour filter, for both decks and for the ``ansi`` themes.

What a cue must still say with no colour: whose turn (``▶``), which cards can be played (bold)
and which not (plain weight; dim, which NO_COLOR's filter greys), the card the cursor is on (a
heavy frame ``┏``), a marked card (``✓``), what the last move changed (reversed); every suit by
its shape, and a pair of suits by shape where the four-colour deck would colour them apart.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from rich.segment import Segment
from rich.style import Style

from palace_tui.rules import Move
from palace_tui.table.door import MakeMove
from palace_tui.tui.widgets import card_art
from tests.helpers.app import screen_text
from tests.helpers.built_table import table
from tests.helpers.settle import running, settle

#: Ann's hand: a 9 and a 10 go on the 8, the 4 and the 6 don't; a card of each suit.
HAND = [
    {"name": "Ann", "hand": "4C 9D 10H 6S", "face_up": "KS QD 2C", "face_down": "3D 5H 7C"},
    {"name": "Ben", "hand": "5S 6C 7S", "face_up": "QH JC 8D", "face_down": "8C 9H 9S"},
    {"name": "Cy", "hand": "3S 4H JD", "face_up": "KH AC 2S", "face_down": "7H 7D 3C"},
]
SUIT_SHAPES = "♠♥♦♣"


@pytest.fixture
def colours_back():
    yield
    card_art.set_four_colour(False)
    card_art.set_no_color(False)


def sent(app) -> list[list[Segment]]:
    """Every row of the screen as the terminal gets it: through the app's own filters (NO_COLOR's)."""
    rows = []
    background = app.screen.styles.background
    for strip in app.screen._compositor.render_strips():
        segments = list(strip)
        for line_filter in app._filters:
            segments = line_filter.apply(segments, background)
        rows.append(segments)
    return rows


def styles_of(rows: list[list[Segment]], needle: str) -> list[Style]:
    """The style of every segment holding ``needle``."""
    return [seg.style or Style() for row in rows for seg in row if needle in seg.text]


def colourless(style: Style) -> bool:
    """No hue: no colour, the terminal's default, or a grey (Monochrome's)."""
    for colour in (style.color, style.bgcolor):
        if colour is None or colour.is_default:
            continue
        triplet = colour.get_truecolor()
        if not triplet.red == triplet.green == triplet.blue:
            return False
    return True


@pytest.mark.parametrize("four", [False, True])
@pytest.mark.parametrize("theme", ["textual-dark", "textual-light", "ansi-dark", "ansi-light"])
async def test_under_no_color_every_cue_is_still_on_the_screen(make_app, monkeypatch, colours_back, four, theme):
    monkeypatch.setenv("NO_COLOR", "1")
    session = table(position=HAND, pile="4D 8S", humans=1)
    app = make_app(session, four_colour=four)
    async with running(app, size=(100, 30)) as pilot:
        app.theme = theme
        await settle(pilot, "▶ Ann")
        rows = sent(app)
        assert all(colourless(seg.style or Style()) for row in rows for seg in row)  # nothing told by hue
        text = screen_text(app)
        assert "▶ Ann" in text  # whose turn: a marker
        for card in ("4♣", "9♦", "10♥", "6♠", "Q♦", "K♠"):
            assert card in text, card  # each suit by its shape
        # Playable cards bold, the others not: weight, not colour.
        assert all(s.bold and not s.dim for s in styles_of(rows, "9♦") + styles_of(rows, "10♥")), theme
        # (NO_COLOR's filter turns dim into a grey: the weight is the cue that stays.)
        assert all(not s.bold for s in styles_of(rows, "4♣") + styles_of(rows, "6♠"))
        assert "┏" in text  # the card under the cursor: a heavy frame
        await pilot.press("space")  # mark it
        await settle(pilot, lambda: "✓" in screen_text(app))

        app.screen.table.send(MakeMove(Move.play("9D")))  # Ben and Cy (computers) answer
        await settle(pilot, lambda: session.game.turn == 0 and "▶ Ann" in screen_text(app))
        lit = [seg.text for row in sent(app) for seg in row if seg.style and seg.style.reverse and seg.text.strip()]
        assert lit, "what the last move changed is not drawn reversed"


def test_suits_that_the_four_colour_deck_colours_apart_differ_in_shape_too(colours_back):
    """Every pair of suits differs in colour under the four-colour deck and in shape under any."""
    from palace_tui.rules import Card

    card_art.set_four_colour(True, dark=True)
    cards = [Card.parse(f"7{suit}") for suit in "SHDC"]
    for a, b in combinations(cards, 2):
        assert card_art.suit_style(a).color != card_art.suit_style(b).color
        assert str(a)[-1] != str(b)[-1] and {str(a)[-1], str(b)[-1]} <= set(SUIT_SHAPES)
