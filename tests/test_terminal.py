"""palace_tui.terminal: the nearest ASCII for what a pure ASCII terminal cannot show, one cell for one."""

from __future__ import annotations

import io

import pytest

from palace_tui import terminal
from palace_tui.terminal import cells, key_text, nearest_ascii, printable_anywhere


@pytest.mark.parametrize(
    "char, shown",
    [
        ("─", "-"),
        ("━", "-"),
        ("│", "|"),
        ("┃", "|"),
        ("╭", "+"),
        ("┼", "+"),
        ("╴", "-"),
        ("╵", "|"),
        ("▔", "-"),
        ("▁", "-"),
        ("▎", "|"),
        ("█", "#"),
        ("░", "."),
        ("♠", "S"),
        ("♥", "H"),
        ("♦", "D"),
        ("♣", "C"),
        ("—", "-"),
        ("…", "."),
        ("→", ">"),
        ("▶", ">"),
        ("✓", "+"),
        ("★", "*"),
        ("é", "e"),
        ("Å", "A"),
        ("ß", "s"),
        ("中", "??"),
        ("🃏", "??"),
        ("\u0301", ""),
        ("ﬁ", "?"),
    ],
)
def test_nearest_ascii_keeps_the_width(char: str, shown: str) -> None:
    assert nearest_ascii(char) == shown
    assert len(shown) == cells(char), "Textual measured the real character: the stand-in takes as many cells"


def test_every_box_and_block_character_has_a_stand_in() -> None:
    for code in range(0x2500, 0x25A0):
        shown = nearest_ascii(chr(code))
        assert shown.isascii() and len(shown) == 1 and shown != "?", hex(code)


def test_an_ascii_stream_prints_the_nearest_ascii(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(terminal, "ascii_only", False)
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii")
    utf8 = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    assert printable_anywhere((utf8, stream)) is True
    assert utf8.errors == "strict", "a stream that shows everything is left alone"
    stream.write("╭─ Zoë ─╮ 10♠ — ok\n")
    stream.flush()
    assert raw.getvalue() == b"+- Zoe -+ 10S - ok\n"
    assert terminal.ascii_only


def test_keys_are_words_only_in_an_ascii_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(terminal, "ascii_only", False)
    assert key_text("⏎") == "⏎" and key_text("←→") == "←→"
    monkeypatch.setattr(terminal, "ascii_only", True)
    assert [key_text(k) for k in ("⏎", "␣", "←→", "↑↓", "^q", "?")] == ["enter", "space", "<>", "^v", "^q", "?"]
