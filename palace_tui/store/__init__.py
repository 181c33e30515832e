"""Persistence: the autosaved game, remembered settings and table records, safe against crashes and bad files.

The app uses :class:`Store` only (or :class:`MemoryStore` when the data folder won't open:
:func:`open_store`), and holds either as a :class:`~palace_tui.store.protocol.GameStore`;
``palace records`` prints what it holds.
"""

from palace_tui.store.memory import MemoryStore, open_store
from palace_tui.store.store import Store

__all__ = ["MemoryStore", "Store", "open_store"]
