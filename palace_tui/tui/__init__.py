"""The terminal app: the only package that imports Textual.

``app.py`` is the screen flow and privacy (:class:`~palace_tui.tui.app.PalaceApp`),
``learn_app.py`` and ``review_app.py`` the standalone lessons and review;
``messages.py`` what the screens tell the app. ``table/`` is the table screen
(:class:`~.table.screen.TableScreen`, which talks to its table through the door of
:mod:`palace_tui.table.door` only) and its parts (its
:class:`~.table.card_cursor.CardCursor` is shared with the lessons); ``screens/`` holds
the other screens, one per file; ``widgets/`` one widget per file.
"""
