"""Collection for the whole repository (the tests' fixtures are in tests/conftest.py).

The web extra (textual-serve, which brings aiohttp) is optional: without it the served
page's module cannot be imported, so its doctests are left out of the collection instead
of failing it. The web tests themselves skip and say why (tests/web, tests/cli/test_serve.py).
"""

import importlib.util

WEB_EXTRA = all(importlib.util.find_spec(name) for name in ("textual_serve", "aiohttp"))

collect_ignore = (
    []
    if WEB_EXTRA
    else [
        "palace_tui/web/server.py",
        # palace host and palace join (aiohttp): their tests skip too (tests/net/conftest.py).
        "palace_tui/net/server.py",
        "palace_tui/net/client.py",
        "palace_tui/net/bots.py",
        "palace_tui/cli/host.py",
    ]
)
