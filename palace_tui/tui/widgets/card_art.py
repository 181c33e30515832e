"""Drawing cards as small framed boxes of rich ``Text``.

A card is three lines, five cells wide::

    ╭───╮
    │10♦│
    ╰───╯

Rank and suit symbol are always printed, so cards read the same without colour
(NO_COLOR, monochrome terminals); colour only adds red to hearts and diamonds, or with the
four-colour deck (:mod:`.suit_colours`) a colour of its own to each suit.
When a row is too long for its width the cards overlap, four cells each, and the
last one keeps its right edge; if even that does not fit, the row wraps. A card can
be drawn in three sizes (:class:`CardSize`): small as above, tall (five lines, a roomy
terminal) and large (seven cells by five lines, a tablet); on a touch screen each
overlapped card keeps five cells (``overlap``), a fingertip's width.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from rich.style import Style
from rich.text import Text

from palace_tui.rules import Card
from palace_tui.tui.widgets.suit_colours import four_colours

CARD_WIDTH = 5
GAP = 1
OVERLAP_WIDTH = 4
#: What an overlapped card keeps on a touch screen: a fingertip's width (palace_tui/device.py).
TOUCH_OVERLAP = 5

RED = Style(color="bright_red")
BLACK = Style()
JOKER_STYLE = Style(color="magenta")
DIM = Style(dim=True)
CURSOR = Style(color="yellow", bold=True)
POINTED = Style(color="yellow")
MARK = Style(color="green", bold=True)
BACK = Style(color="blue")

_LIGHT = ("╭", "─", "╮", "│", "╰", "╯")
_HEAVY = ("┏", "━", "┓", "┃", "┗", "┛")
_DOUBLE = ("╔", "═", "╗", "║", "╚", "╝")


@dataclass(frozen=True)
class CardSize:
    """How big a card is drawn: ``width`` cells across, ``height`` lines, ``overlap`` cells
    of it showing where a long row overlaps its cards."""

    width: int = CARD_WIDTH
    height: int = 3
    overlap: int = OVERLAP_WIDTH

    def for_touch(self) -> CardSize:
        """The same size with overlapped cards a fingertip wide."""
        return replace(self, overlap=max(self.overlap, TOUCH_OVERLAP))


#: Three lines, five cells: any terminal.
SMALL = CardSize()
#: Five lines (the suit in the middle, the index at both ends): a roomy terminal.
TALL = CardSize(height=5)
#: Seven cells by five lines: a tablet's cards, the room given to them rather than to the log.
LARGE = CardSize(width=7, height=5, overlap=5)


@dataclass(frozen=True)
class Slot:
    """One drawn card in a row: a face (``card``) or a back with a position ``label``."""

    card: Card | None = None
    label: str = ""
    dim: bool = False
    marked: bool = False
    cursor: bool = False
    #: Under the cursor of the row the keys are not in (a swap trades it): framed, lighter than the cursor.
    pointed: bool = False

    @classmethod
    def in_row(
        cls, card: Card | None, index: int, *, dim: bool, marked: bool, cursor: bool, pointed: bool = False
    ) -> Slot:
        """Card ``index`` of a seat's row: a face-down card shows its position (1, 2, 3) for the keys."""
        label = str(index + 1) if card is None else ""
        return cls(card, label=label, dim=dim, marked=marked, cursor=cursor, pointed=pointed)


#: Without colour (NO_COLOR) the red suits are told apart by weight: bold red, plain black.
MONO_RED = Style(bold=True)
MONO_BLACK = Style(bold=False)
MONO_JOKER = Style(bold=True, italic=True)

_no_color = False
#: The four-colour deck's colour for each suit letter (None: the usual red and black).
_four: dict[str, Style] | None = None


def set_no_color(no_color: bool) -> None:
    """Draw suits for a terminal without colour (the app calls this with its ``no_color``)."""
    global _no_color
    _no_color = no_color


def set_four_colour(four: bool, dark: bool = True, ansi: bool = False) -> None:
    """Draw the four-colour deck (each suit its own colour, tuned for a ``dark`` or light theme,
    or the terminal's own palette under an ``ansi`` theme), or the usual red and black."""
    global _four
    # Spades keep the text colour itself (Style()): it follows every theme, as black suits always have.
    _four = {s: Style() if s == "S" else Style(color=c) for s, c in four_colours(dark, ansi).items()} if four else None


def four_colour() -> bool:
    """Whether the four-colour deck is drawn."""
    return _four is not None


def suit_style(card: Card) -> Style:
    """The look of a card's face: red suits red, jokers magenta, the rest plain; without
    colour, red suits and jokers bold, black suits plain (a grey shade would be unreadable)."""
    if _no_color:
        return MONO_JOKER if card.rank == 15 else (MONO_RED if card.is_red else MONO_BLACK)
    if card.rank == 15:
        return JOKER_STYLE
    if _four is not None:
        return _four[card.suit]
    return RED if card.is_red else BLACK


#: How a joker is printed on a card and in a row (the engine's ``JK`` is a code, not a word).
JOKER_LABEL = "Jkr"


def card_label(card: Card) -> str:
    """A card as printed on its face: ``7♥``, ``10♦``, ``Jkr``."""
    return JOKER_LABEL if card.rank == 15 else str(card)


def card_text(card: Card) -> Text:
    """One card inline (``7♥``) in its suit colour, for logs and sentences."""
    return Text(card_label(card), style=suit_style(card))


def cards_inline(cards: Iterable[Card], sep: str = " ") -> Text:
    """Several cards inline, coloured, separated by ``sep``."""
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(card_text(c))
    return out


def _lines(slot: Slot, width: int, closed: bool, size: CardSize = SMALL) -> list[Text]:
    """The lines of one card (``size.height``), drawn ``width`` cells wide: the whole card
    (``size.width``), or less when overlapped (``closed`` is False: no right edge)."""
    tl, h, tr, v, bl, br = _HEAVY if slot.cursor else (_DOUBLE if slot.pointed else _LIGHT)
    frame = CURSOR if slot.cursor else (MARK if slot.marked else (POINTED if slot.pointed else Style()))
    if slot.dim and not slot.cursor:
        frame = frame + DIM
    room = size.width - 2  # the cells inside a whole card's frame
    inner = width - 2 if closed else width - 1
    # An overlapped card wider than the frame's inside (a touch screen's) runs on to its neighbour.
    extra = h * max(0, inner - room)
    top_fill = (f"{'✓':{h}^{room}}" if slot.marked else h * room) + extra
    bottom_fill = (f"{slot.label:{h}^{room}}" if slot.card is None and slot.label else h * room) + extra
    top, bottom = Text(), Text()
    top.append(tl + top_fill[:inner], frame)
    bottom.append(bl + bottom_fill[:inner], frame)
    if closed:
        top.append(tr, frame)
        bottom.append(br, frame)
    if slot.card is None:
        face_style = BACK + (DIM if slot.dim else Style())
    else:
        face_style = Style(bold=not slot.dim) + suit_style(slot.card)
        if slot.dim:
            face_style += DIM
        if slot.marked:
            face_style += Style(reverse=True)

    def middle(face: str, style: Style) -> Text:
        line = Text()
        line.append(v, frame)
        line.append(f"{face:<{inner}}"[:inner], style)
        if closed:
            line.append(v, frame)
        return line

    if slot.card is None:
        return [top, *(middle("░" * max(room, inner), face_style) for _ in range(size.height - 2)), bottom]
    label = card_label(slot.card)
    face = middle(f"{label:<{room}}", face_style)
    if size.height < 5:
        return [top, face, bottom]
    # Tall: the index top left, the suit in the middle, the index again bottom right.
    suit = label[-1] if slot.card.rank != 15 else "★"
    plain = face_style + Style(reverse=False) if slot.marked else face_style
    return [top, face, middle(f"{suit:^{room}}", plain), middle(f"{label:>{room}}", plain), bottom]


def row_layout(count: int, width: int, size: CardSize = SMALL) -> tuple[str, int]:
    """How a row of ``count`` cards fits ``width`` cells: ('spaced'|'overlap', cards per line)."""
    if count == 0:
        return "spaced", 1
    if count * (size.width + GAP) - GAP <= width:
        return "spaced", count
    # Room for the last card and a closed cursor card, both whole.
    per_line = max(1, (width - 2 * (size.width - size.overlap)) // size.overlap)
    return "overlap", per_line


def render_row(
    slots: list[Slot],
    width: int,
    cursor_line: bool = False,
    empty: str = "",
    size: CardSize = SMALL,
) -> Text:
    """A row of cards as Text; with ``cursor_line`` a line under the cards points ▲ at the cursor."""
    if not slots:
        pad = "\n" * (size.height // 2)
        return Text(f"{pad}{empty}{pad}", style=DIM)
    mode, per_line = row_layout(len(slots), width, size)
    out = Text()
    for start in range(0, len(slots), per_line):
        chunk = slots[start : start + per_line]
        lines = [Text() for _ in range(size.height)]
        pointer = Text()
        for k, slot in enumerate(chunk):
            last = k == len(chunk) - 1
            if mode == "spaced":
                parts, w = _lines(slot, size.width, True, size), size.width
            else:
                w = size.width if last or slot.cursor else size.overlap
                parts = _lines(slot, w, last or slot.cursor, size)
            for line, part in zip(lines, parts):
                line.append_text(part)
                if mode == "spaced" and not last:
                    line.append(" " * GAP)
            mark = "▲" if slot.cursor else " "
            cell = f"{mark:^{w}}" if mode == "spaced" else mark + " " * (w - 1)
            pointer.append(cell, CURSOR)
            if mode == "spaced" and not last:
                pointer.append(" " * GAP)
        if start:
            out.append("\n")
        out.append_text(Text("\n").join(lines))
        if cursor_line:
            out.append("\n")
            out.append_text(pointer)
    return out


def render_flat(slots: list[Slot], empty: str = "") -> Text:
    """A row on one line, for a row that is only looked at (a short, narrow screen):
    face-up cards as ``7♥``, face-down ones as ``░1`` by position."""
    if not slots:
        return Text(empty, style=DIM)
    out = Text()
    for k, slot in enumerate(slots):
        if k:
            out.append(" ")
        if slot.card is None:
            out.append(f"░{slot.label}", BACK + (DIM if slot.dim else Style()))
        else:
            out.append_text(card_text(slot.card))
    return out


def slot_at(
    slots: list[Slot],
    width: int,
    x: int,
    y: int,
    cursor_line: bool = False,
    size: CardSize = SMALL,
) -> int | None:
    """The index of the card drawn at cell (``x``, ``y``) of :func:`render_row`, or None."""
    if not slots or x < 0 or y < 0:
        return None
    mode, per_line = row_layout(len(slots), width, size)
    start = (y // (size.height + cursor_line)) * per_line
    chunk = slots[start : start + per_line]
    left = 0
    for k, slot in enumerate(chunk):
        last = k == len(chunk) - 1
        w = size.width if mode == "spaced" or last or slot.cursor else size.overlap
        if left <= x < left + w:
            return start + k
        left += w + (GAP if mode == "spaced" else 0)
    return None


def row_height(count: int, width: int, cursor_line: bool = False, size: CardSize = SMALL) -> int:
    """Lines :func:`render_row` needs for ``count`` cards in ``width`` cells."""
    if count == 0:
        return size.height + cursor_line
    _, per_line = row_layout(count, width, size)
    chunks = -(-count // per_line)
    return chunks * (size.height + cursor_line)
