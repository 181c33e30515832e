"""The words of the phone's pages at a ``palace host`` table (:mod:`palace_tui.net.phone`): the seat
picker, its refusals, and the page that opens a seat's table.

>>> pick_intro("KX4P2M")
'Room KX4P2M. Tap your name to sit down and play on this phone or tablet.'
>>> seat_line("Ann", "free"), seat_line("Cy", "computer")
('Ann', 'Cy: the computer plays')
"""

from __future__ import annotations

from typing import Literal

#: What a seat is to the browser looking at the picker.
SeatState = Literal["free", "yours", "taken", "computer"]

#: The picker's title.
PICK_TITLE = "Palace: choose your seat"
#: Said when no seat can be taken from this browser.
NO_FREE_SEAT = "Every person's seat is taken: ask the host to free one (free NAME at the host's terminal)."
#: Said when the browser keeps no cookie (the picker came back without it).
COOKIES_OFF = (
    "This browser did not keep this page's cookie, which is how the table knows your seat when you "
    "come back: allow cookies for this address, then open it again."
)
#: Said while the cookie is being set (the page reloads itself at once).
OPENING = "Opening the table…"
#: A seat chosen from a page that is not this host's own.
NOT_FROM_HERE = "Seats are chosen on this host's own page: open the room's address again."
#: A page asked for at an address that is not this machine's own (another site's name pointed here).
NOT_OUR_ADDRESS = "This page is only served at this computer's own addresses."
#: A seat already played in as many pages as it may be.
TOO_MANY_PAGES = "This seat is open in other pages already: close them, then reload this one."
#: The link back to the picker.
BACK = "Back to the seats"
#: The host cannot serve the touch page (no textual-serve installed).
NO_PHONE_PAGE = (
    "This host cannot serve the table to a browser (it needs pip install 'palace-tui[web]' on the host): "
    "on a computer, run palace join {url}"
)


def pick_intro(code: str) -> str:
    """The picker's first sentence."""
    return f"Room {code}. Tap your name to sit down and play on this phone or tablet."


def seat_line(name: str, state: SeatState) -> str:
    """One seat on the picker: a button's words (free, yours) or a line saying why it cannot be chosen."""
    if state == "yours":
        return f"{name}: back to your seat"
    if state == "taken":
        return f"{name}: taken (another device holds this seat)"
    if state == "computer":
        return f"{name}: the computer plays"
    return name


def terminal_title(name: str) -> str:
    """The title of the page that plays a seat."""
    return f"Palace: {name}"
