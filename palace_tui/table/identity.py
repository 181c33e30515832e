"""Which table a game is played at: the same people at the same rules are the same table.

A table's key is made from its people's names (case aside, in any seats) and its rules, so
the same four friends with the same rules make the same table tonight and next week, whether
the table was set on the new-table screen or on the command line: its scoreboard and its
story go on. Other people, or other rules, make another table. Tables recorded before keys
were made this way keep their own keys, and their records mean what they meant.

>>> from palace_tui.rules import Rules
>>> table_key(["Ann", "Ben"], Rules.preset("palace")) == table_key(["ben", "ANN"], Rules.preset("palace"))
True
>>> table_key(["Ann", "Ben"], Rules.preset("palace")) == table_key(["Ann", "Ben"], Rules.preset("shithead"))
False
>>> table_words(["Ann", "Ben", "Cy"])
'Ann, Ben and Cy'
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence

from palace_tui.names import clean_name
from palace_tui.rules import Rules
from palace_tui.words.vocab import join_and

#: Keys made from the people and the rules begin with this, so they are told from the random
#: keys of tables recorded before.
PREFIX = "p"


def table_key(names: Sequence[str], rules: Rules) -> str:
    """The key of the table these people play at under these rules."""
    people = sorted(clean_name(n).casefold() for n in names)
    text = json.dumps({"people": people, "rules": rules.saved_dict()}, sort_keys=True, ensure_ascii=True)
    return PREFIX + hashlib.sha256(text.encode("ascii")).hexdigest()[:15]


def table_words(names: Sequence[str]) -> str:
    """A table as the records name it: its people, in seat order."""
    return join_and([clean_name(n) for n in names])
