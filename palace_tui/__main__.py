"""``python -m palace_tui``: the same as the ``palace`` command."""

from palace_tui.cli import main

raise SystemExit(main())
