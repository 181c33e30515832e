"""A table at a built position, Ann to play: shared by the Pilot tests of the table and of its
results screen.
"""

from __future__ import annotations

from palace_tui.rules import Game, Move, Rules
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


#: Five seats, Ann and Benedict at the keyboard, eights skip one seat each: the others' moves below make
#: a recap of six long clauses (pickups, three skips, two clears) for Ann's next turn.
FIVE_SEATS = [
    {"name": "Ann", "hand": "9D 5C KC", "face_up": "KS QS JS", "face_down": "3D 5S 7D"},
    {"name": "Benedict", "hand": "6S 3S 6C", "face_up": "QH JH 2H", "face_down": "8D 9H 7H"},
    {"name": "Cyrille", "hand": "8C 8S 8H 5D", "face_up": "QD JD 2D", "face_down": "KH 9S JC"},
    {"name": "Delphine", "hand": "10H 4S 6H", "face_up": "KD 9C 2C", "face_down": "10S 7S 7C"},
    {"name": "Evangeline", "hand": "4H 4C 4D 3C", "face_up": "AH AC AD", "face_down": "AS 3H 2S"},
]

#: Ann plays, then the others, in turn: a pickup, three eights that skip everyone up to
#: Benedict again, a play, a pickup, a ten that clears, four fours that clear.
LAP = "9D, take, 8C 8S 8H, 9D, take, 10H, 4S, 4H 4C 4D, 3C"


def long_recap() -> Session:
    """Ann to play (Benedict shares the keyboard, three computers) after a lap of moves that
    makes a long "Since your last turn" (330 characters: five lines at 80 columns, nine at 40)."""
    rules = Rules.preset("palace").replace(eight="skip", skips="each")
    session = table(FIVE_SEATS, rules=rules, humans=2)
    for move in LAP.split(", "):
        session.apply(Move.take() if move == "take" else Move.play(move))
    assert session.game.turn == 0
    return session
