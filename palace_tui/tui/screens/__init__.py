"""The app's screens, one per file, and the parts they own or share.

The table is :mod:`.game` (:class:`~.game.GameScreen`), one class that owns its
parts: :mod:`.card_cursor` (the cursor and the marks, the same object a lesson
uses, :mod:`.lesson`), :mod:`.computer_turns` (the computer seats' pauses and
workers) and :mod:`.coach_note` (asking the coach). Which keys a screen has and
when each works is data: :mod:`.card_keys` and :mod:`.table_bindings` (the
bindings), :mod:`.key_modes` (what each :class:`~.key_modes.Mode` enables),
:mod:`.greyed_keys` (why a greyed key does nothing). :mod:`.turn_hint` words the
table's hint and titles; :mod:`.table_messages` carries the workers' answers.
"""
