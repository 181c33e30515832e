"""A table across devices: the wire protocol, the host that owns the game, and its clients.

:mod:`~palace_tui.net.protocol` and :mod:`~palace_tui.net.wire_view` are pure (no aiohttp): the
messages and the seat's view as JSON. :mod:`~palace_tui.net.room` is one table's logic (who sits
where, which requests are allowed), with no network in it either; :mod:`~palace_tui.net.server`
puts rooms on aiohttp websockets and :mod:`~palace_tui.net.client` is the device's end. Nothing
here imports Textual or rich; no device ever receives the ``Game``, only its seat's view.
"""
