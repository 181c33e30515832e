"""``--rules NAME|LINE``, the same on every command: ``palace``, ``palace rules --save`` and
``palace simulate`` all read it with :func:`palace_tui.table.rule_sets.resolve` (a preset's name,
a rules line with or without a preset's name in front, or a saved set's name)."""

from __future__ import annotations

from palace_tui.cli.usage import UsageError
from palace_tui.rules import Rules
from palace_tui.table import rule_sets


def chosen_rules(text: str, data_dir: str | None) -> tuple[Rules, str | None]:
    """The rules ``--rules TEXT`` names, and the saved set's name when it named one; UsageError if none.

    Only a name opens the data folder: a preset or a line never does.
    """
    sets: dict[str, str] = {}
    problems: list[str] = []
    if not (rule_sets.preset_named(text) or rule_sets.is_line(text)):
        sets, problems = saved_rule_sets(data_dir)
    try:
        return rule_sets.resolve(text, sets)
    except ValueError as exc:
        raise UsageError(" ".join([f"--rules: {exc}", *problems])) from None


def saved_rule_sets(data_dir: str | None) -> tuple[dict[str, str], list[str]]:
    """The rule sets saved in the data folder, and the store's sentences on what went wrong reading them."""
    from palace_tui.store import Store

    try:
        store = Store(data_dir, claim_saves=False)  # the saved game is the app's, not this look-up's
    except Exception as exc:  # the look-up must end in a sentence, whatever the disk does
        return {}, [f"The data folder could not be opened ({exc})."]
    try:
        return store.rule_sets(), list(store.warnings)
    finally:
        store.close()
