"""Persistence: the autosaved game, remembered settings and table records, safe against crashes and bad files.

The app uses :class:`Store` only; ``palace records`` prints what it holds.
"""

from palace_tui.store.store import Store

__all__ = ["Store"]
