"""The terminal app: the only package that imports Textual.

``app.py`` is the screen flow and privacy (:class:`~palace_tui.tui.app.PalaceApp`),
``learn_app.py`` and ``review_app.py`` the standalone lessons and review;
``messages.py`` what the screens tell the app. ``screens/`` holds one screen per
file and the parts a screen owns (the table's :class:`~.screens.game.GameScreen`
owns a :class:`~.screens.card_cursor.CardCursor`, shared with the lessons, and a
:class:`~.screens.computer_turns.ComputerTurns`); ``widgets/`` one widget per file.
"""
