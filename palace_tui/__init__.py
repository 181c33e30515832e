"""palace-tui: the card game Palace (Shithead, Shed, Karma) for the terminal."""

__version__ = "0.1.0"
