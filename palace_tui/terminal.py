"""Output that any terminal can show, even a pure ASCII one (``LC_ALL=C``, ``PYTHONIOENCODING=ascii``).

Python would raise ``UnicodeEncodeError`` on stdout, or print ``\\u2500`` escapes on
stderr (where Textual draws the screen). :func:`printable_anywhere` makes both streams
replace what their encoding lacks with the nearest ASCII, one terminal cell for one:
box drawing becomes ``+ - |``, a dash ``-``, an arrow ``< > ^ v``, a suit its letter,
a letter its base letter (``Zoë`` is ``Zoe``) and anything else ``?``. Keeping the
width means Textual's layout, which measured the real characters, still lines up.
"""

from __future__ import annotations

import codecs
import sys
import unicodedata
from typing import TextIO

#: The name of the codec error handler registered here.
HANDLER = "palace-ascii"

#: Characters with a better ASCII stand-in than their Unicode name gives.
_NEAREST: dict[str, str] = {
    "\u2660": "S",
    "\u2665": "H",
    "\u2666": "D",
    "\u2663": "C",  # the suits, as the cards' letters
    "\u2664": "S",
    "\u2661": "H",
    "\u2662": "D",
    "\u2667": "C",
    "\u2014": "-",
    "\u2013": "-",
    "\u2012": "-",
    "\u2010": "-",
    "\u2011": "-",
    "\u2212": "-",
    "\u2018": "'",
    "\u2019": "'",
    "\u201a": ",",
    "\u201c": '"',
    "\u201d": '"',
    "\u201e": '"',
    "\u2026": ".",
    "\u00b7": ".",
    "\u2022": "*",
    "\u2219": ".",
    "\u2190": "<",
    "\u2192": ">",
    "\u2191": "^",
    "\u2193": "v",
    "\u2194": "-",
    "\u2195": "|",
    "\u25b6": ">",
    "\u25b8": ">",
    "\u25ba": ">",
    "\u25c0": "<",
    "\u25c2": "<",
    "\u25c4": "<",
    "\u25b2": "^",
    "\u25b4": "^",
    "\u25bc": "v",
    "\u25be": "v",
    "\u2713": "+",
    "\u2714": "+",
    "\u2717": "x",
    "\u2718": "x",
    "\u00d7": "x",
    "\u2605": "*",
    "\u2606": "*",
    "\u25cf": "o",
    "\u25cb": "o",
    "\u2b58": "o",
    "\u25c6": "*",
    "\u25c7": "*",
    "\u2260": "#",
    "\u2264": "<",
    "\u2265": ">",
    "\u00b1": "+",
    "\u00b0": "o",
    "\u2423": "_",
    "\u00a0": " ",
    "\u2009": " ",
    "\u202f": " ",
    "\u00ab": "<",
    "\u00bb": ">",
    "\u2591": ".",
    "\u2592": ":",
    "\u2593": "#",
    "\u2588": "#",
    "\u00df": "s",
    "\u00e6": "e",
    "\u00c6": "E",
    "\u00f8": "o",
    "\u00d8": "O",
    "\u0142": "l",
    "\u0141": "L",
    "\u0111": "d",
    "\u0110": "D",
    "\u00f0": "d",
    "\u00d0": "D",
    "\u00fe": "p",
    "\u00de": "P",
    "\u0131": "i",
}


def cells(char: str) -> int:
    """How many terminal cells ``char`` takes: 0 for a combining mark, 2 for a wide character."""
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def nearest_ascii(char: str) -> str:
    """The ASCII text shown in place of ``char``: as many characters as it takes cells."""
    width = cells(char)
    if char in _NEAREST:
        return _NEAREST[char] * width if width else ""
    name = unicodedata.name(char, "")
    if name.startswith("BOX DRAWINGS"):
        return _box(name)
    if name.endswith(" BLOCK") or name.startswith("QUADRANT"):
        return _block(name)
    base = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode("ascii")
    if len(base) == width:
        return base
    return "?" * width


def _box(name: str) -> str:
    if "DIAGONAL" in name:
        return {"UPPER RIGHT TO LOWER LEFT": "/", "UPPER LEFT TO LOWER RIGHT": "\\"}.get(
            name.split("DIAGONAL ")[-1], "X"
        )
    across = "HORIZONTAL" in name or "LEFT" in name or "RIGHT" in name
    down = "VERTICAL" in name or " UP" in name or " DOWN" in name
    if across and not down:
        return "-"
    if down and not across:
        return "|"
    return "+"


def _block(name: str) -> str:
    if name.startswith("QUADRANT"):
        return "#"
    if "LEFT" in name or "RIGHT" in name:
        return "|"
    return "-" if "ONE EIGHTH" in name else "#"


def _replace(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start : error.end]
    return "".join(nearest_ascii(char) for char in text), error.end


codecs.register_error(HANDLER, _replace)


#: Keys whose symbol would be a lone ``?`` in ASCII: shown as words instead.
_KEY_WORDS = {"\u23ce": "enter", "\u2423": "space", "\u232b": "bksp", "\u21e5": "tab", "\u238b": "esc"}

#: Whether :func:`printable_anywhere` found a terminal that shows only ASCII (the footer's keys follow it).
ascii_only = False


def key_text(display: str) -> str:
    """A key as the footer shows it (``⏎``, ``←→``): words or ASCII when the terminal shows only ASCII."""
    if not ascii_only or display.isascii():
        return display
    if display in _KEY_WORDS:
        return _KEY_WORDS[display]
    return "".join(_KEY_WORDS.get(char) or nearest_ascii(char) for char in display)


def printable_anywhere(streams: tuple[TextIO, ...] | None = None) -> bool:
    """Make each stream that cannot show every character show the nearest ASCII; True if one needed it."""
    global ascii_only
    changed = False
    for stream in streams if streams is not None else (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None) or "ascii"
        try:
            "\u2660\u2500\u2014\u00eb".encode(encoding)
            continue
        except (UnicodeEncodeError, LookupError):
            pass
        try:
            stream.reconfigure(errors=HANDLER)  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            continue
        changed = ascii_only = True
    return changed
