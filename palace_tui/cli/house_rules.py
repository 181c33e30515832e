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
    parser.add_argument("--save", nargs=2, metavar=("NAME", "LINE"), help="keep a rules line under a name")
    parser.add_argument("--delete", metavar="NAME", help="forget a saved set")
    parser.add_argument(
        "--data-dir", metavar="PATH", help="the data folder (default: $PALACE_DATA_DIR or the user data folder)"
    )
    return parser


def main(argv: list[str]) -> int:
    """List, print, save or delete rule sets; 0 on success, 1 for a name that is not saved, 2 for a bad line."""
    try:
        args = _parser().parse_args(argv)
        if args.data_dir is not None and not args.data_dir.strip():
            raise UsageError("--data-dir needs a value: leave the flag out to use the default")
        if sum(x is not None for x in (args.name, args.save, args.delete)) > 1:
            raise UsageError("give a NAME, --save or --delete, one at a time")
        if args.save:
            name, line = rule_sets.set_name(args.save[0]), args.save[1]
            rule_sets.parse_rules_line(line)  # refused here, before anything is written
    except (UsageError, ValueError) as err:
        return refuse(PROG, err)
    except SystemExit as done:  # --help
        return int(done.code or 0)
    data_dir = resolve_data_dir(args.data_dir)
    if not args.save and not os.path.lexists(data_dir / RULE_SETS_FILE):
        # Looking must not create a data folder as a side effect.
        if args.name or args.delete:
            return refuse(PROG, f"No rules are saved under {args.name or args.delete!r} (none are saved in {data_dir})")
        say(f"No rules saved yet (none in {data_dir}).")
        say("Save a set on the new-table screen (palace, then Save under Rules), or: palace rules --save NAME LINE")
        return 0
    with Store(data_dir, claim_saves=False) as store:
        sets = store.rule_sets()
        for warning in store.warnings:
            say(warning, err=True)
        if args.save:
            kept = rule_sets.find(sets, name)
            sets = {(name if n == kept else n): line for n, line in sets.items()} if kept else sets
            sets[name] = rule_sets.rules_line(rule_sets.parse_rules_line(line))
            store.save_rule_sets(sets)
            say(f"Saved as {name!r}: start with palace --rules {shlex.quote(name)}")
            return 0
        wanted = args.name or args.delete
        if wanted:
            kept = rule_sets.find(sets, wanted)
            if kept is None:
                saved = ", ".join(repr(n) for n in sets) or "none"
                return refuse(PROG, f"No rules are saved under {wanted!r} (saved: {saved})")
            if args.delete:
                store.save_rule_sets({n: line for n, line in sets.items() if n != kept})
                say(f"{kept!r} is forgotten.")
            else:
                say(current_line(sets[kept]))
            return 0
        _list(sets)
    return 0


def _list(sets: dict[str, str]) -> None:
    if not sets:
        say("No rules saved yet. Save a set on the new-table screen, or: palace rules --save NAME LINE")
        return
    usable = rule_sets.usable(sets)
    sets = {name: current_line(line) for name, line in sets.items()}  # a set saved as "invisible" says see-through
    width = max(len(name) for name in sets) + 2
    say("Saved rules (name, then the line that shares them):")
    for name, line in sets.items():
        note = "" if name in usable else "   (not playable in this version)"
        say(f"  {name:<{width}}{line}{note}")
    first = next(iter(sets))
    say("")
    say(f"Start a game with one:   palace --rules {shlex.quote(first)}")
    say(f"Share one: send its line; the other table plays it with   palace --rules {shlex.quote(sets[first])}")
    say(f"or keeps it under a name with   palace rules --save {shlex.quote(first)} {shlex.quote(sets[first])}")
