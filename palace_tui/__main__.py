"""``python -m palace_tui``: the same as the ``palace`` command."""

from .cli import main

raise SystemExit(main())
