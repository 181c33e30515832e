"""An open list's options a fingertip tall: each option's words with blank lines round them.

A Textual ``OptionList`` counts an option's lines without its top and bottom padding, and so
draws only the first lines of a padded option: padded to a fingertip, every option showed
blank. Lines in the option itself are counted, drawn and tapped as the option's own.

>>> from textual.widgets.option_list import Option
>>> str(fingertip(Option("ordinary"), 3).prompt).split("\\n")
['', 'ordinary', '']
>>> str(fingertip(Option("ordinary"), 2).prompt).split("\\n")
['', 'ordinary']
>>> str(fingertip(fingertip(Option("ordinary"), 3), 1).prompt)
'ordinary'
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option


def fingertip(option: Option, rows: int) -> Option:
    """``option`` ``rows`` lines tall, its words on the middle line (the second of two)."""
    prompt = option.prompt
    words = Text(str(prompt).strip("\n")) if not isinstance(prompt, Text) else prompt.copy()
    if isinstance(prompt, Text):
        words.plain = words.plain.strip("\n")
    top = (rows - 1) - (rows - 1) // 2
    return Option(Text("\n" * top).append_text(words).append("\n" * ((rows - 1) // 2)), option.id, option.disabled)


def fingertip_options(options: OptionList, rows: int) -> None:
    """Every option of ``options`` ``rows`` lines tall (the highlighted one kept)."""
    if not options.option_count or str(options.get_option_at_index(0).prompt).count("\n") == rows - 1:
        return  # as tall already
    highlighted = options.highlighted
    taller = [fingertip(options.get_option_at_index(k), rows) for k in range(options.option_count)]
    options.clear_options()
    options.add_options(taller)
    options.highlighted = highlighted
