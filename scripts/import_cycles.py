#!/usr/bin/env python
"""List the import circles among palace_tui's modules, read from the source with ``ast``.

Every ``import`` and ``from ... import`` in a module counts, wherever it stands (at the top,
under ``TYPE_CHECKING``, or inside a function: a late import is still an arrow between two
files). A circle is a strongly connected group of two or more modules. ``--under`` keeps the
circles whose modules all lie under the given packages.

    python scripts/import_cycles.py --under palace_tui.rules palace_tui.tui
    python scripts/import_cycles.py --root /tmp/old/palace_tui   # an older tree
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path


def module_name(path: Path, root: Path) -> str:
    """``palace_tui/tui/app.py`` -> ``palace_tui.tui.app`` (a package's ``__init__`` is the package)."""
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path, name: str, known: set[str]) -> set[str]:
    """The modules of ``known`` that ``path`` (the module ``name``) imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*up, base] if base else up)
            # ``from pkg import mod`` imports the module pkg.mod when there is one.
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        else:
            continue
        found.update(t for t in targets if t in known and t != name)
    return found


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of two or more modules (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    sys.setrecursionlimit(10_000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent / "palace_tui")
    parser.add_argument("--under", nargs="*", default=[], help="packages the circles must lie in")
    args = parser.parse_args(argv)
    root: Path = args.root.resolve()
    files = {module_name(p, root): p for p in sorted(root.rglob("*.py"))}
    known = set(files)
    graph = {name: imports(path, name, known) for name, path in files.items()}
    found = circles(graph)
    if args.under:
        found = [c for c in found if all(any(m == u or m.startswith(u + ".") for u in args.under) for m in c)]
    for group in found:
        print(f"{len(group)} modules: {', '.join(group)}")
    print(f"{len(found)} circle(s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
