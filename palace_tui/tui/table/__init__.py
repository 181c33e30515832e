"""The table screen and its parts.

:class:`~.screen.TableScreen` draws one table and asks it for moves; it reads and asks the
table only through the door of :mod:`palace_tui.table.door` (the hot seat's
:class:`~palace_tui.table.hot_seat.HotSeatTable`, or a remote table), never a game or a session:
an import contract (pyproject.toml) keeps this package from ``palace_tui.table.session`` and
``palace_tui.rules.game``. Its parts: :mod:`.card_cursor` (the cursor and the marks, the same
object a lesson uses), :mod:`.computer_turns` (the computer seats' pauses and workers),
:mod:`.coach_note` (asking the coach), :mod:`.burn_in_offer` (the public burn-in question),
:mod:`.pile_click` (a click on the pile asks first), :mod:`.move_highlight` (what the last move
changed). Which keys work when is data: :mod:`.card_keys` and :mod:`.table_bindings` (the
bindings), :mod:`.key_modes` (what each :class:`~.key_modes.Mode` enables). :mod:`.turn_hint`
and :mod:`.turn_notes` word the hint, the titles and the note line; :mod:`.table_messages`
carries the workers' answers.
"""
