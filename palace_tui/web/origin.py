"""Which browser pages may drive the served game: only the page ``palace serve`` served itself.

textual-serve starts a game for any websocket that connects, and a browser lets any web
page open a websocket to any address, loopback included. So a page from anywhere, open
in the same browser, could play on this machine's data folder. A browser always says
which page opens a websocket (the ``Origin`` header): the game's own page has the very
address the browser asked for (the ``Host`` header). And that address must be one this
machine answers to by itself (an address, ``localhost``, its own name), never a name
someone else's DNS controls: a page can point its own name at 127.0.0.1 ("DNS
rebinding"), and would then be its own origin.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit


def own_names(host: str) -> frozenset[str]:
    """The names (besides addresses and ``localhost``) this machine is reached by: the ``--host``
    given and the machine's own names, lower case."""
    names = {host, socket.gethostname()}
    try:
        names.add(socket.getfqdn())
    except OSError:
        pass
    names |= {f"{name}.local" for name in names if name and "." not in name}
    return frozenset(name.lower().strip("[]") for name in names if name)


def trusted_host(host_header: str | None, names: frozenset[str]) -> bool:
    """Whether the address the browser asked for (``Host``, maybe with a port) is this machine's own."""
    if not host_header:
        return False
    try:
        name = urlsplit(f"//{host_header}").hostname  # takes off the port, and an IPv6 address's brackets
    except ValueError:
        return False
    if not name:
        return False
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        pass
    return name == "localhost" or name.endswith(".localhost") or name in names


def own_origin(origin: str | None, host_header: str | None, names: frozenset[str]) -> bool:
    """Whether a websocket opened by the page at ``origin`` comes from the page served at
    ``host_header``, an address of this machine's own. No Origin (not a browser) is refused too.

    >>> names = frozenset({"tabletop"})
    >>> own_origin("http://127.0.0.1:8000", "127.0.0.1:8000", names)
    True
    >>> own_origin("https://evil.example", "127.0.0.1:8000", names)
    False
    >>> own_origin("http://evil.example:8000", "evil.example:8000", names)  # DNS rebinding
    False
    >>> own_origin(None, "127.0.0.1:8000", names)
    False
    """
    if not origin or not host_header:
        return False
    try:
        page = urlsplit(origin)
    except ValueError:
        return False
    if page.scheme not in ("http", "https") or page.netloc.lower() != host_header.lower():
        return False
    return trusted_host(host_header, names)
