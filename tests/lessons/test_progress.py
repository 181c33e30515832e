"""Lesson progress: a small JSON file, written atomically; a damaged one is moved aside."""

from __future__ import annotations

import json

from palace_tui.lessons import Progress
from palace_tui.lessons.progress import FILE_NAME


def test_round_trip(tmp_path):
    p = Progress(tmp_path)
    assert p.done == set() and not p.warning
    p.mark_done("ten")
    p.mark_done("climb")
    data = json.loads((tmp_path / FILE_NAME).read_text())
    assert data == {"format": "palace-tui-lessons", "version": 1, "done": ["climb", "ten"]}
    assert Progress(tmp_path).done == {"climb", "ten"}
    assert not [f for f in tmp_path.iterdir() if f.name.endswith(".tmp")]


def test_env_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("PALACE_DATA_DIR", str(tmp_path / "env"))
    p = Progress()
    p.mark_done("two")
    assert (tmp_path / "env" / FILE_NAME).exists()


def test_damaged_file_is_moved_aside(tmp_path):
    (tmp_path / FILE_NAME).write_text("{not json")
    p = Progress(tmp_path)
    assert p.done == set()
    assert "damaged" in p.warning
    aside = [f for f in tmp_path.iterdir() if f.name.startswith("lessons.bad-")]
    assert len(aside) == 1 and aside[0].read_text() == "{not json"
    assert aside[0].name in p.warning
    p.mark_done("two")
    assert Progress(tmp_path).done == {"two"}


def test_wrong_shape_is_damaged_too(tmp_path):
    (tmp_path / FILE_NAME).write_text(json.dumps({"format": "palace-tui-lessons", "version": 1, "done": [3]}))
    assert "damaged" in Progress(tmp_path).warning


def test_unwritable_folder_keeps_progress_in_memory(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    p = Progress(blocker / "sub")
    p.mark_done("ten")
    assert p.is_done("ten") and "could not be saved" in p.warning


def test_compare_is_generated_from_the_options():
    from palace_tui.lessons.compare import compare, differences_text
    from palace_tui.rules import OPTIONS, Rules

    rows = compare(Rules.preset("palace"), Rules.preset("first-out"))
    assert [r.option for r in rows] == list(OPTIONS)
    assert {r.option for r in rows if r.differs} == {"deal", "starter", "finish", "scoring", "next_dealer"}
    assert differences_text("palace", "palace") == "The two presets are the same."


#: Every lesson id of the release before the first-game lessons (17 lessons).
EARLIER_IDS = [
    "climb",
    "pairs",
    "two",
    "ten",
    "four",
    "take",
    "face-up",
    "stuck",
    "blind",
    "out",
    "seven-low",
    "eight-reverse",
    "eight-invisible",
    "jokers",
    "ten-not-on-picture",
    "builder",
    "keep-row",
]


def test_ids_of_the_earlier_release_still_name_their_lessons(tmp_path):
    """Progress is keyed by id: adding lessons must not rename or drop an old one."""
    from palace_tui.lessons import BY_ID, LESSONS

    assert all(i in BY_ID for i in EARLIER_IDS)
    # Their order among themselves is unchanged; the new ones only come before.
    assert [lesson.id for lesson in LESSONS if lesson.id in EARLIER_IDS] == EARLIER_IDS
    (tmp_path / FILE_NAME).write_text(json.dumps({"format": "palace-tui-lessons", "version": 1, "done": EARLIER_IDS}))
    p = Progress(tmp_path)
    assert not p.warning and all(p.is_done(i) for i in EARLIER_IDS)
    assert not p.is_done("palace")
