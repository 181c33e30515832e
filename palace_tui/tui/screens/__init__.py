"""The app's screens, one per file, but the table's.

The table screen and its parts live in :mod:`palace_tui.tui.table`; a lesson
(:mod:`.lesson`) shares its card cursor and keys. A screen that opens another asks
the app by a message (:mod:`palace_tui.tui.messages`) or pushes it with a late import.
"""
