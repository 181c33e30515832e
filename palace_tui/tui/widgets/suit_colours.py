"""The suits' colours: the usual two (red and black) or the poker players' four-colour deck.

In the four-colour deck every suit has its own colour, so no two suits share one: spades in the
text colour (white on a dark theme, black on a light one), hearts red, diamonds blue, clubs
green. Each colour is tuned for the dark and the light theme so that it reads on the card's
background with a WCAG contrast ratio of at least 4.5 (the ratios are worked out by
:func:`contrast` and tested; the README lists them). Under Textual's ``ansi`` themes the
terminal's own palette is used (its named colours), and without colour (``NO_COLOR``) the suits
are told by their shapes (♠ ♥ ♦ ♣), and by weight as before. The shapes are always printed: a
colour is never the only cue.
"""

from __future__ import annotations

#: The suits by their letters (the engine's ``Card.suit``).
SUITS = ("S", "H", "D", "C")

#: The four-colour deck on a dark theme (background #121212, panels #1E1E1E). Spades are drawn in
#: the theme's own text colour (listed here as it is, for the contrast table).
DARK_FOUR = {"S": "#E0E0E0", "H": "#FF6E6E", "D": "#6EA8FF", "C": "#4CC94C"}
#: The four-colour deck on a light theme (background #E0E0E0, panels #D8D8D8).
LIGHT_FOUR = {"S": "#1F1F1F", "H": "#B3001B", "D": "#0041A8", "C": "#136B13"}
#: The four-colour deck in the terminal's own palette (the ``ansi`` themes): its named colours.
ANSI_FOUR = {"S": "default", "H": "bright_red", "D": "bright_blue", "C": "green"}

#: The backgrounds a card is drawn on, per theme (Textual's textual-dark and textual-light:
#: the screen's background and the panels' surface).
DARK_BACKGROUNDS = ("#121212", "#1E1E1E")
LIGHT_BACKGROUNDS = ("#E0E0E0", "#D8D8D8")


def luminance(colour: str) -> float:
    """WCAG 2 relative luminance of ``#RRGGBB``."""

    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two ``#RRGGBB`` colours (1 to 21).

    >>> round(contrast("#000000", "#FFFFFF"), 1)
    21.0
    """
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def four_colours(dark: bool, ansi: bool = False) -> dict[str, str]:
    """The four-colour deck's colour for each suit letter on this theme."""
    if ansi:
        return ANSI_FOUR
    return DARK_FOUR if dark else LIGHT_FOUR


def contrast_table() -> list[tuple[str, str, str, float]]:
    """Every four-colour suit against every card background: (theme, suit, colour, worst ratio)."""
    rows = []
    for theme, colours, backs in (("dark", DARK_FOUR, DARK_BACKGROUNDS), ("light", LIGHT_FOUR, LIGHT_BACKGROUNDS)):
        for suit in SUITS:
            rows.append((theme, suit, colours[suit], min(contrast(colours[suit], b) for b in backs)))
    return rows
