"""The table's own rule sets in the data folder: kept whole, bad files moved aside with a sentence,
hand-edited entries read with care, and the same answers from the store in memory."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from palace_tui.store import MemoryStore, Store
from palace_tui.store.files import envelope
from tests.store.test_store_session import BAD_FILES

SETS = {"Our rules": "seven=low eight=invisible", "Friday": "ten=not-on-picture"}


@pytest.mark.parametrize("make", [Store, MemoryStore], ids=["folder", "memory"])
def test_rule_sets_are_kept_in_order_and_replaced_whole(data_dir: Path, make) -> None:
    store = make(data_dir)
    assert store.rule_sets() == {}
    store.save_rule_sets(SETS)
    assert store.rule_sets() == SETS and list(store.rule_sets()) == ["Our rules", "Friday"]
    store.save_rule_sets({"Friday": SETS["Friday"]})
    assert store.rule_sets() == {"Friday": SETS["Friday"]}
    assert store.warnings == []


def test_rule_sets_outlive_the_store_and_are_written_atomically(data_dir: Path) -> None:
    with Store(data_dir) as store:
        store.save_rule_sets(SETS)
    assert Store(data_dir).rule_sets() == SETS
    assert not [p for p in data_dir.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("case", ["corrupt", "truncated", "empty", "foreign", "newer"])
def test_a_bad_rule_sets_file_is_moved_aside_with_one_sentence(data_dir: Path, case: str) -> None:
    content, says = BAD_FILES[case]
    content = content.replace(b"palace-tui/session", b"palace-tui/rule-sets")
    data_dir.mkdir()
    (data_dir / "rule-sets.json").write_bytes(content)
    store = Store(data_dir)
    assert store.rule_sets() == {}
    [warning] = store.warnings
    assert says in warning and "saved rule sets" in warning and "presets are offered" in warning
    [moved] = [p for p in data_dir.iterdir() if p.name.startswith("rule-sets.bad-")]
    assert str(moved) in warning and moved.read_bytes() == content, "kept byte for byte"
    store.save_rule_sets(SETS)
    assert Store(data_dir).rule_sets() == SETS


def test_a_rule_sets_file_with_no_list_of_sets_is_moved_aside(data_dir: Path) -> None:
    data_dir.mkdir()
    (data_dir / "rule-sets.json").write_bytes(envelope("palace-tui/rule-sets", 1, {"sets": "Our rules"}))
    store = Store(data_dir)
    assert store.rule_sets() == {}
    [warning] = store.warnings
    assert "no list of sets" in warning and "moved to" in warning


def test_hand_edited_entries_are_read_with_care(data_dir: Path) -> None:
    """Escapes in a name or a line never reach a screen; an entry of the wrong shape, a second entry
    under the same name (any case) and an overlong line are skipped, and the rest still offered."""
    entries = [
        {"name": "\x1b]0;owned\x07Our\trules", "rules": "seven=low\x1b[31m"},
        {"name": "our RULES", "rules": "seven=normal"},
        {"name": 7, "rules": "seven=low"},
        {"name": "No line"},
        {"name": "Long", "rules": "seven=low " * 1000},
        "not a set",
        {"name": "Friday", "rules": "ten=not-on-picture"},
    ]
    data_dir.mkdir()
    (data_dir / "rule-sets.json").write_bytes(envelope("palace-tui/rule-sets", 1, {"sets": entries}))
    store = Store(data_dir)
    assert store.rule_sets() == {"Our rules": "seven=low", "Friday": "ten=not-on-picture"}
    assert store.warnings == []


def test_the_rule_sets_file_is_a_versioned_envelope(data_dir: Path) -> None:
    """Format and version in the file, so a newer release's file is never misread by this one."""
    with Store(data_dir) as store:
        store.save_rule_sets(SETS)
    doc = json.loads((data_dir / "rule-sets.json").read_text())
    assert doc["format"] == "palace-tui/rule-sets" and doc["version"] == 1
    assert doc["data"]["sets"][0] == {"name": "Our rules", "rules": SETS["Our rules"]}


def test_rule_sets_in_a_folder_that_cannot_be_written_last_the_run(unwritable_dir: Path) -> None:
    store = Store(unwritable_dir)
    store.save_rule_sets(SETS)
    assert store.rule_sets() == SETS
    assert len(store.warnings) == 1 and "cannot be written" in store.warnings[0]
