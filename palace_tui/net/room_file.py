"""The room beside the saved game: its code and its seat tokens, so ``palace host --resume`` reopens it.

The game itself is the ordinary autosave (``session.json``, written by the store after every
change); this file (``room.json`` in the same folder, written the same never-half-written way)
adds what devices need to come back: the room code and each seat's token, and the table it
belongs to (a room file of another table is not used).

>>> import tempfile
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp())
>>> save_room(folder, RoomFile("KX4P2M", "t1", {1: "tok"}))
>>> load_room(folder, "t1")
RoomFile(code='KX4P2M', table_id='t1', tokens={1: 'tok'})
>>> load_room(folder, "another table") is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from palace_tui.net.fields import BadMessage
from palace_tui.net.protocol import MAX_TOKEN, room_code
from palace_tui.store.files import BadFile, atomic_write, envelope, read_file, unwrap

ROOM_FILE = "room.json"
ROOM_FORMAT, ROOM_VERSION = "palace-tui/room", 1


@dataclass(frozen=True)
class RoomFile:
    """A room's code, its table and its seats' tokens."""

    code: str
    table_id: str
    tokens: dict[int, str]


def save_room(folder: Path, room: RoomFile) -> None:
    """Write ``room`` to the folder (OSError if the disk refuses)."""
    data = {"code": room.code, "table_id": room.table_id, "tokens": {str(k): v for k, v in room.tokens.items()}}
    atomic_write(folder / ROOM_FILE, envelope(ROOM_FORMAT, ROOM_VERSION, data))


def load_room(folder: Path, table_id: str) -> RoomFile | None:
    """The room saved for table ``table_id``, or None (none saved, another table's, or unreadable)."""
    try:
        data = unwrap(read_file(folder / ROOM_FILE, 100_000), ROOM_FORMAT, ROOM_VERSION)
        code = room_code(data.get("code"))
        tokens = data.get("tokens")
        if data.get("table_id") != table_id or not isinstance(tokens, dict):
            return None
        kept = {
            int(k): v
            for k, v in tokens.items()
            if isinstance(k, str) and k.isdigit() and isinstance(v, str) and 0 < len(v) <= MAX_TOKEN
        }
    except (OSError, BadFile, BadMessage):
        return None
    return RoomFile(code, table_id, kept)


def forget_room(folder: Path) -> None:
    """Remove the room file (the room was closed for good)."""
    try:
        (folder / ROOM_FILE).unlink()
    except OSError:
        pass
