"""Game results kept aside while the records database cannot take them.

A locked database or a full disk is a passing condition: the finished game's
record goes to ``pending-results.json`` (written atomically like every save) and
is added to the records at the next start. Recording is idempotent per game, so
a result merged twice still counts once.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from palace_tui.store.files import BadFile, atomic_write, envelope, unwrap

PENDING_FILE = "pending-results.json"
PENDING_FORMAT, PENDING_VERSION = "palace-tui/pending-results", 1


def read_pending(path: Path) -> list[dict[str, Any]]:
    """The results kept aside in ``path`` (none when it is missing); BadFile when it is damaged."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return []
    results = unwrap(raw, PENDING_FORMAT, PENDING_VERSION).get("results")
    if not isinstance(results, list) or not all(isinstance(r, dict) for r in results):
        raise BadFile("was damaged (corrupt: no list of results in it)")
    return results


def keep_pending(path: Path, record: dict[str, Any]) -> None:
    """Add one finished game's record to ``path`` (OSError when even that cannot be written).

    A damaged pending file is not overwritten: the caller moves it aside first.
    """
    try:
        results = read_pending(path)
    except BadFile:
        raise
    key = str(record.get("game_id"))
    results = [r for r in results if str(r.get("game_id")) != key] + [json.loads(json.dumps(record))]
    atomic_write(path, envelope(PENDING_FORMAT, PENDING_VERSION, {"results": results}))
