"""A table at a built position, Ann to play: shared by the Pilot tests of the table and of its
results screen.
"""

from __future__ import annotations

from palace_tui.rules import Game, Rules
from palace_tui.table.session import SeatConfig, Session

ANN_BEN = [
    {"name": "Ann", "hand": "4C 9D 10H", "face_up": "KS", "face_down": "3D"},
    {"name": "Ben", "hand": "5S 6S 7S", "face_up": "QH", "face_down": "8D"},
]


def table(
    position=ANN_BEN,
    pile: str = "5H 6D",
    stock: str = "",
    humans: int = 1,
    rules: Rules | None = None,
    preset: str = "palace",
) -> Session:
    """A session at a built position, Ann (seat 0) to play; the seats after ``humans`` are computers."""
    game = Game.from_position(rules or Rules.preset(preset), seats=position, pile=pile, stock=stock)
    seats = [SeatConfig(s["name"], human=i < humans, level="easy") for i, s in enumerate(position)]
    return Session("t1", seats, game.rules, preset, 1, game, game_id="t1-1", shown=0)
