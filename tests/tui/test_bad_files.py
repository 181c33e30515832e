"""Bad files through the app: the player is told in one sentence, and play starts clean."""

from __future__ import annotations

import os
from pathlib import Path

from palace_tui.tui.screens.new_table import NewTableScreen
from tests.helpers.settle import running
from tests.helpers.told import told


async def test_a_damaged_save_is_moved_aside_and_the_player_told_where(make_app, data_dir):
    folder = Path(data_dir)
    folder.mkdir(parents=True)
    (folder / "session.json").write_text('{"format": "palace-tui-sess', encoding="utf-8")
    app = make_app()
    async with running(app):
        assert isinstance(app.screen, NewTableScreen)
        messages = told(app)
        moved = [m for m in messages if "moved" in m]
        assert moved, messages
        aside = [p for p in os.listdir(folder) if p.startswith("session") and p != "session.json"]
        assert aside and aside[0] in moved[0], (aside, moved)
    assert not (folder / "session.json").exists()


async def test_an_unwritable_data_folder_still_plays_and_warns_once(make_app, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    app = make_app(data_dir=str(blocker / "data"))
    async with running(app):
        assert isinstance(app.screen, NewTableScreen)
        warnings = [m for m in told(app) if "sav" in m.lower()]
        assert len(warnings) == 1, warnings
