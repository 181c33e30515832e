"""Which lessons are done, kept in a small JSON file in the data folder.

The file is ``lessons.json`` in ``platformdirs.user_data_dir("palace-tui")``, or in
``$PALACE_DATA_DIR``, or in a folder the caller names. It is written atomically
(the store's atomic write); a damaged file is moved aside (the store's naming) and the
progress starts fresh, with a warning the screen can show.
"""

from __future__ import annotations

import json
from pathlib import Path

from palace_tui.store.files import NotAFile, atomic_write, move_aside, read_file
from palace_tui.store.store import resolve_data_dir

FORMAT = "palace-tui-lessons"
VERSION = 1
FILE_NAME = "lessons.json"
DATA_DIR_ENV = "PALACE_DATA_DIR"
#: A progress file larger than this is damaged (a real one lists a few dozen lesson ids).
MAX_BYTES = 1_000_000


def data_dir(path: str | Path | None = None) -> Path:
    """The data folder: ``path`` if given, else ``$PALACE_DATA_DIR``, else the user data folder."""
    return resolve_data_dir(path)


class Progress:
    """The set of finished lesson ids, loaded from and saved to ``lessons.json``.

    Saving never raises: a folder that can't be written leaves the progress in
    memory for this run, and ``warning`` says so.
    """

    def __init__(self, folder: str | Path | None = None) -> None:
        self.folder = data_dir(folder)
        self.path = self.folder / FILE_NAME
        self.done: set[str] = set()
        #: A sentence for the learner when the file could not be read or written.
        self.warning = ""
        self._load()

    def _load(self) -> None:
        try:
            raw = read_file(self.path, MAX_BYTES)  # never waits: a named pipe here must not hang the lessons
        except FileNotFoundError:
            return
        except NotAFile as odd:
            aside = self._move_aside()
            where = f" (moved to {aside.name})" if aside else ""
            self.warning = f"The lesson progress file was {odd.kind}, not a file{where}. Starting fresh."
            return
        except OSError as exc:
            self.warning = f"Lesson progress could not be read ({exc.strerror}); starting fresh."
            return
        try:
            if len(raw) > MAX_BYTES:
                raise ValueError("it is far too large")
            data = json.loads(raw.decode("utf-8"))
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise ValueError("not a lessons file")
            if not isinstance(data.get("version"), int) or data["version"] > VERSION:
                raise ValueError("written by a newer palace-tui")
            done = data.get("done")
            if not isinstance(done, list) or not all(isinstance(x, str) for x in done):
                raise ValueError("the list of lessons is damaged")
        except (ValueError, UnicodeDecodeError, RecursionError) as exc:
            aside = self._move_aside()
            where = f" (kept as {aside.name})" if aside else ""
            self.warning = f"The lesson progress file was damaged{where}: {exc}. Starting fresh."
            return
        self.done = set(done)

    def _move_aside(self) -> Path | None:
        try:
            return move_aside(self.path)
        except OSError:
            return None

    def is_done(self, lesson_id: str) -> bool:
        return lesson_id in self.done

    def mark_done(self, lesson_id: str) -> None:
        """Record a finished lesson and save at once."""
        if lesson_id not in self.done:
            self.done.add(lesson_id)
            self.save()

    def reset(self) -> None:
        """Forget every finished lesson."""
        self.done.clear()
        self.save()

    def save(self) -> bool:
        """Write the file atomically; False (and a warning) if the folder can't be written."""
        payload = json.dumps({"format": FORMAT, "version": VERSION, "done": sorted(self.done)}, indent=1).encode(
            "utf-8"
        )
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            atomic_write(self.path, payload)
        except OSError as exc:
            self.warning = f"Lesson progress could not be saved ({exc.strerror or exc}); it lasts until you quit."
            return False
        return True
