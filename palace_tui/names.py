"""Player names made safe to show: no terminal control codes, whatever was typed or saved.

A name reaches the terminal on the table, in the log and in ``palace records``; a
name holding ``ESC ] 0 ; ... BEL`` would retitle the terminal and ``ESC [ 31 m``
recolour it. Every boundary where a name enters (the command line, the new-table
screen, a loaded save, a database row) passes it through :func:`clean_name`.

>>> clean_name("Ann\\x1b]0;owned\\x07")
'Ann'
>>> clean_name("\\x1b[31mBen\\x1b[0m")
'Ben'
>>> clean_name("Cy\\tD\\u202ee")
'Cy De'
>>> clean_name("[/]")
'[/]'
>>> clean_name("Zo\\udcc3\\udcab")  # "Zoë" read from a command line in an ASCII locale
'Zoë'
>>> printable("line 1\\x1b]0;title\\x07\\nline \\x9b31m2")
'line 1\\nline 2'
"""

from __future__ import annotations

import re
import unicodedata

#: Escape sequences as a terminal reads them: CSI (``ESC [``... final byte), OSC/DCS/PM/APC/SOS
#: strings (up to BEL or ``ESC \\``), and two-byte escapes. C1 forms (0x9B, 0x9D...) too.
_ESCAPES = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?"  # CSI ... final
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"  # OSC, DCS, SOS, PM, APC
    r"|\x1b[ -/]*[0-~]?"  # other escapes (ESC c, ESC ( B ...)
)
_SPACES = re.compile(r"\s+")
#: Skin-tone modifiers: rich (and so Textual) counts them as joining the emoji before them, many
#: terminals draw them as two more cells, and the table's columns would no longer line up.
_TONES = re.compile("[\U0001f3fb-\U0001f3ff]")
#: Lone surrogates: bytes that were not UTF-8 (``surrogateescape``), or a JSON ``"\\ud800"``.
_SURROGATES = re.compile("[\ud800-\udfff]")


def _whole_characters(text: str) -> str:
    """``text`` with no lone surrogate: bytes a command line or file name held that were not
    decoded (``Zo\\udcc3\\udcab`` in an ASCII locale) read as UTF-8 again, the rest as U+FFFD.
    A surrogate cannot be saved, stored or printed: it would crash the first save."""
    if not _SURROGATES.search(text):
        return text
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    except UnicodeEncodeError:  # a surrogate that no undecodable byte made
        return _SURROGATES.sub("\ufffd", text)


def clean_text(text: object) -> str:
    """``text`` as a plain one-line string: escape sequences and format characters (bidi
    overrides) and skin-tone modifiers removed, other controls (tabs, newlines) turned into
    spaces, runs of space collapsed, ends trimmed."""
    if (
        type(text) is str
        and text.isprintable()
        and "  " not in text
        and text == text.strip()
        and (text.isascii() or not _TONES.search(text))
    ):
        # Already plain (no control, format or separator character but single inner spaces):
        # what the rest would return, without its per-character work (games are dealt by the thousand).
        return text
    text = _TONES.sub("", _ESCAPES.sub("", _whole_characters(str(text))))
    # Format characters (bidi overrides, zero-width marks) vanish; controls become spaces.
    kept = [
        "" if unicodedata.category(ch) == "Cf" else " " if unicodedata.category(ch) in ("Cc", "Zl", "Zp") else ch
        for ch in text
    ]
    return _SPACES.sub(" ", "".join(kept)).strip()


def clean_name(name: object) -> str:
    """A player's name safe for any screen (see :func:`clean_text`); may come back empty."""
    return clean_text(name)


def printable(text: object) -> str:
    """``text`` safe to print on a terminal, line breaks and spacing kept: every escape
    sequence, control and format character gone (a tab is a space), lone surrogates repaired.

    For messages that quote what a file, a database row or a command line held (a path,
    a bad value): nothing in them may retitle or recolour the terminal.
    """
    text = _whole_characters(str(text))
    if text.isprintable():
        return text
    lines = _ESCAPES.sub("", text).split("\n")
    return "\n".join("".join(_printable_char(ch) for ch in line) for line in lines)


def _printable_char(ch: str) -> str:
    category = unicodedata.category(ch)
    if category == "Cf":
        return ""
    return " " if category in ("Cc", "Zl", "Zp") else ch


def visible(text: object) -> str:
    """``text`` with every control, escape and format character written out as its code
    (``\\x1b``, ``\\u202e``), so that what a terminal would hide or obey is seen instead.

    >>> visible("Ann\\x1b]0;owned\\x07")
    'Ann\\\\x1b]0;owned\\\\x07'
    """
    return "".join(_visible_char(ch) for ch in _whole_characters(str(text)))


def _visible_char(ch: str) -> str:
    if unicodedata.category(ch) not in ("Cc", "Cf", "Zl", "Zp"):
        return ch
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def refuse_hidden(text: str, what: str, *, spaces: bool = False) -> None:
    """ValueError with one sentence when ``text`` holds a control or escape character: a name
    that holds one would be written as typed and shown as another (the terminal hides them).
    With ``spaces``, a tab or a line break passes (a name is kept with a space there, as shown).

    >>> refuse_hidden("Ours", "a rules name")
    >>> refuse_hidden("Ours\\x1b[31m", "a rules name")
    Traceback (most recent call last):
    ValueError: a rules name cannot hold control characters, and 'Ours\\x1b[31m' holds one: write it without them
    """
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") and not (spaces and ch.isspace()) for ch in text):
        raise ValueError(
            f"{what} cannot hold control characters, and '{visible(text)}' holds one: write it without them"
        )
