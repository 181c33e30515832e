"""Computer players. Each decides from what its seat may see."""

from .random_player import RandomPlayer

__all__ = ["RandomPlayer", "make_player"]


def make_player(name: str, seed: int | None = None):
    """A computer player by level name."""
    if name == "random":
        return RandomPlayer(seed)
    raise ValueError(f"no computer player {name!r}: choose random")
