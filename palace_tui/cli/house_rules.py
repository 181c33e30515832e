"""``palace rules``: the house-rule sets saved on the new-table screen, each with the line that shares it.

``palace rules`` lists them; ``palace rules NAME`` prints one set's line alone (to copy or
send); ``--save NAME LINE`` keeps a line someone sent under a name; ``--delete NAME`` forgets
one. It never loads Textual, and looking never creates a data folder.
"""

from __future__ import annotations

import os
import shlex

from palace_tui.cli.usage import Parser, UsageError, refuse, say
from palace_tui.rules.powers import current_line
from palace_tui.store.store import RULE_SETS_FILE, Store, resolve_data_dir
from palace_tui.table import rule_sets

PROG = "palace rules"


def _parser() -> Parser:
    parser = Parser(
        prog=PROG,
        description="The house-rule sets saved on the new-table screen, and the line that shares each.",
        epilog="Start a game with a set: palace --rules NAME (or palace --rules 'LINE' with a line someone sent).",
    )
    parser.add_argument("name", nargs="?", help="print only this set's line (to copy or send)")
    parser.add_argument(
        "--save",
        nargs=2,
        metavar=("NAME", "RULES"),
        help="keep rules under a name: a rules line (optionally after a preset's name), or a preset's or set's name",
    )
    parser.add_argument("--delete", metavar="NAME", help="forget a saved set")
    parser.add_argument(
        "--data-dir", metavar="PATH", help="the data folder (default: $PALACE_DATA_DIR or the user data folder)"
    )
    return parser


def main(argv: list[str]) -> int:
    """List, print, save or delete rule sets; 0 on success, 1 when the disk did not keep a change,
    2 for a bad command line or a name that is not saved."""
    try:
        args = _parser().parse_args(argv)
        if args.data_dir is not None and not args.data_dir.strip():
            raise UsageError("--data-dir needs a value: leave the flag out to use the default")
        if sum(x is not None for x in (args.name, args.save, args.delete)) > 1:
            raise UsageError("give a NAME, --save or --delete, one at a time")
        if args.save:
            name, text = rule_sets.set_name(args.save[0]), args.save[1]
            if rule_sets.preset_named(text) or rule_sets.is_line(text):
                rule_sets.resolve(text, {})  # refused here, before anything is written
    except (UsageError, ValueError) as err:
        return refuse(PROG, err)
    except SystemExit as done:  # --help
        return int(done.code or 0)
    data_dir = resolve_data_dir(args.data_dir)
    if not args.save and not os.path.lexists(data_dir / RULE_SETS_FILE):
        # Looking must not create a data folder as a side effect.
        if args.name or args.delete:
            return _not_saved(args.name or args.delete, f"none are saved in {data_dir}")
        say(f"No rules saved yet (none in {data_dir}).")
        say("Save a set on the new-table screen (palace, then Save under Rules), or: palace rules --save NAME LINE")
        return 0
    with Store(data_dir, claim_saves=False) as store:
        sets = store.rule_sets()
        for warning in store.warnings:
            say(warning, err=True)
        if args.save:
            return _save(store, sets, name, text)
        wanted = args.name or args.delete
        if wanted:
            kept = rule_sets.find(rule_sets.playable_names(sets), wanted)
            if kept is None:
                saved = ", ".join(repr(n) for n in rule_sets.playable_names(sets)) or "none"
                return _not_saved(wanted, f"saved: {saved}")
            if args.delete:
                why = store.save_rule_sets({n: line for n, line in sets.items() if n != kept})
                if why:
                    return _not_kept(f"{kept!r} could not be forgotten in {data_dir}: {why} (it is still saved)")
                say(f"{kept!r} is forgotten.")
            else:
                say(current_line(sets[kept]))
            return 0
        _list(sets)
    return 0


def _save(store: Store, sets: dict[str, str], name: str, text: str) -> int:
    """``--save NAME TEXT``: TEXT is a rules line, a preset's name or a saved set's, as ``--rules`` takes."""
    try:
        rules, _from = rule_sets.resolve(text, sets)
    except ValueError as err:
        return refuse(PROG, err)
    kept = rule_sets.find(sets, name)
    sets = {(name if n == kept else n): line for n, line in sets.items()} if kept else dict(sets)
    sets[name] = rule_sets.rules_line(rules)
    why = store.save_rule_sets(sets)
    if why:
        return _not_kept(f"{name!r} could not be saved in {store.data_dir}: {why} (nothing was written)")
    say(f"Saved as {name!r}: start with palace --rules {shlex.quote(name)}")
    return 0


def _not_saved(name: str, where: str) -> int:
    return refuse(PROG, f"No rules are saved under {name!r} ({where})")


def _not_kept(sentence: str) -> int:
    say(f"{PROG}: {sentence}.", err=True)
    return 1


def _list(sets: dict[str, str]) -> None:
    if not sets:
        say("No rules saved yet. Save a set on the new-table screen, or: palace rules --save NAME LINE")
        return
    usable = rule_sets.usable(sets)
    sets = {name: current_line(line) for name, line in sets.items()}  # a set saved as "invisible" says see-through
    width = max(len(name) for name in sets) + 2
    say("Saved rules (name, then the line that shares them):")
    for name, line in sets.items():
        note = _note(name, name in usable)
        say(f"  {name:<{width}}{line}{note}")
    playable = rule_sets.playable_names(sets)
    if not playable:
        return
    first = next(iter(playable))
    say("")
    say(f"Start a game with one:   palace --rules {shlex.quote(first)}")
    say(f"Share one: send its line; the other table plays it with   palace --rules {shlex.quote(sets[first])}")
    say(f"or keeps it under a name with   palace rules --save {shlex.quote(first)} {shlex.quote(sets[first])}")


def _note(name: str, playable: bool) -> str:
    """What ``palace rules`` says after a set that is not offered: why not."""
    if rule_sets.preset_named(name):
        return f"   (not offered: {name!r} is a preset's name; palace --rules {shlex.quote(name)} plays the preset)"
    problem = rule_sets.name_problem(name)
    if problem:
        return f"   (not offered: {problem})"
    return "" if playable else "   (not playable in this version)"
