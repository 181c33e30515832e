"""The host's sentences to a device: why a join or a request was refused, why a connection closes.

A move the rules refuse is answered with the engine's own sentence (``IllegalMove``); these
are the table's, for what is not a rule: whose turn it is, which seat is whose, a room code.

>>> not_your_turn("Ben")
'It is not your turn: Ben is to play.'
>>> seat_taken("Ann")
"Ann's seat is taken: rejoin from that device, or ask the host to free it."
"""

from __future__ import annotations

from palace_tui.rules import Rules
from palace_tui.words import ordinal
from palace_tui.words.results import loser_sentence

#: A join with a token no seat of the room holds.
UNKNOWN_TOKEN = "That seat token is not one of this room's: join without it to take a free seat."
#: A join when every seat played by a person is taken.
NO_FREE_SEAT = "Every seat at this table is taken: you can watch instead (palace join --watch)."
#: A room code that no open room has.
WRONG_CODE = "There is no room with that code here: check the code the host shows."
#: Too many wrong room codes from one place, or from everywhere.
TOO_MANY_CODES = "Too many wrong room codes: wait a minute before trying again."
#: The first message on a connection must be a join.
JOIN_FIRST = "Join a room first: the first message is a join."
#: A second join on a connection that already sits.
JOINED_ALREADY = "This connection already sits at the table."
#: A watcher asked to act.
WATCHERS_WATCH = "You are watching this table: a watcher cannot play."
#: The seat was opened again on another device (a rejoin with its token).
OPENED_ELSEWHERE = "Your seat was opened on another device: this one has let it go."
#: The host closed the room.
ROOM_CLOSED = "The host closed the room."
#: The host freed this device's seat.
SEAT_FREED = "The host gave your seat back to the table."
#: The device sends faster than a person plays.
TOO_FAST = "Too many messages too fast: the connection is closed."
#: The device does not read its messages (its queue at the host filled up).
TOO_SLOW = "This device stopped reading the table's messages: the connection is closed."
#: A join that did not come in time.
JOIN_LATE = "No join came in time: the connection is closed."
#: A burn-in is claimed through its own request, so a seat claims only for itself.
BURN_IN_OWN = "A burn-in is claimed with the burn-in request, for your own seat."
#: The game is not over, so no next game yet.
NOT_OVER = "The game is not over yet."
#: A review asked for while the game is on (its file would show every card).
NOT_OVER_REVIEW = "The game is not over yet: its review opens once it ends."
#: A game whose moves were not kept (started by an older palace-tui).
NOTHING_TO_REVIEW = "This game's moves were not kept (an older palace-tui started it): there is nothing to review."
#: The coach helps only the seat to act.
COACH_ON_TURN = "The coach helps on your own turn."
#: The coach is still thinking about the last question.
COACH_BUSY = "The coach is still thinking."
#: A take-back asked by a seat whose move is not the one that may be taken back.
NOT_YOURS_TO_TAKE_BACK = "You have no move to take back now."
#: No burn to claim now.
NO_BURN_IN = "There is no burn to claim now."


def not_your_turn(name: str) -> str:
    """A move sent when another seat is to act."""
    return f"It is not your turn: {name} is to play."


def seat_taken(name: str) -> str:
    """A join by the name of a seat that a device already holds (or held: its token is out)."""
    return f"{name}'s seat is taken: rejoin from that device, or ask the host to free it."


def computer_seat(name: str) -> str:
    """A join by the name of a seat the computer plays."""
    return f"{name} is played by the computer here: choose another seat."


def no_such_seat(name: str) -> str:
    """A join by a name nobody at the table has."""
    return f"Nobody at this table is called {name}."


def bad_message(reason: str) -> str:
    """Why a message was refused (the connection then closes)."""
    return f"That message was refused ({reason}): the connection is closed."


def host_status(
    names: list[str],
    computers: list[bool],
    present: tuple[bool, ...],
    watchers: int,
    stand_in: tuple[bool, ...] = (),
) -> str:
    """The host terminal's line on who is at the table.

    >>> host_status(["Ann", "Ben", "Cy"], [False, False, True], (True, False, True), 1)
    'At the table: Ann, Cy (computer); waiting for Ben; 1 watching.'
    >>> host_status(["Ann", "Ben", "Cy"], [False, False, True], (True, False, True), 0, (False, True, False))
    'At the table: Ann, Cy (computer); a computer plays for Ben until Ben is back.'
    """
    standing = stand_in or (False,) * len(names)
    here = [f"{n} (computer)" if c else n for n, c, p in zip(names, computers, present) if p]
    away = [n for n, p, s in zip(names, present, standing) if not p and not s]
    played = [n for n, p, s in zip(names, present, standing) if not p and s]
    parts = ["At the table: " + (", ".join(here) if here else "nobody yet")]
    if away:
        parts.append("waiting for " + ", ".join(away))
    if played:
        who = ", ".join(played)
        parts.append(f"a computer plays for {who} until {'they are' if len(played) > 1 else who + ' is'} back")
    if watchers:
        parts.append(f"{watchers} watching")
    return "; ".join(parts) + "."


def stood_in(name: str) -> str:
    """Every device is told: ``name``'s device has been gone past the grace time, and a computer plays.

    >>> stood_in("Cy")
    'Cy left; a computer plays for Cy until Cy is back.'
    """
    return f"{name} left; a computer plays for {name} until {name} is back."


def back_again(name: str) -> str:
    """Every device is told: ``name`` rejoined and plays their own seat again.

    >>> back_again("Cy")
    'Cy is back and plays again.'
    """
    return f"{name} is back and plays again."


def how_to_join(code: str, url: str, local_only: bool) -> list[str]:
    """What the host prints when its room opens: the code, the address, the join line, and who can reach it."""
    reach = (
        "Only this computer can join (--host 0.0.0.0 opens it to the local network)."
        if local_only
        else "Any device on this computer's networks can join with the code: host on a network you trust."
    )
    return [
        f"Room {code} is open.",
        f"Its address: {url}",
        f"To join from a terminal: palace join {url}",
        reach,
        # Two people sharing one terminal pass it between them (the pass screen): one line holds both seats.
        "Sharing a terminal? Add --seat NAME for each player at it.",
        "Type q and Enter (or press Ctrl+C) to close the room; the game stays saved (palace host --resume).",
    ]


# ------------------------------------------------------------------ the host's own screen (--screen)

#: Under the join lines on the host's screen: its keys.
SCREEN_ROOM_KEYS = (
    "Enter: the table (it comes up by itself once everyone is here). i: back to this. Ctrl+Q: close the room."
)
#: On the host's screen, beside the QR code.
ON_A_PHONE = "On a phone: point its camera at the code, or open the address."
#: Under a game's results on the host's screen.
SCREEN_NEXT_DEAL = "The next deal starts when a player asks for it on their device (a)."


def screen_title(code: str, url: str) -> str:
    """The host's screen's title line: the room and where to join it.

    >>> screen_title("KX4P2M", "http://10.0.0.5:8765/r/KX4P2M")
    'Room KX4P2M · join at http://10.0.0.5:8765/r/KX4P2M'
    """
    return f"Room {code} · join at {url}"


# ------------------------------------------------------------------ a joined device's own words

#: The label of the note when a joined device asks for what only the host does.
HOST_ENDS_LABEL = "Table"
#: A joined device asked to abandon the game: the host's terminal closes the room.
#: A joined device's key that leaves the table (ctrl+q; tapped on a phone).
LEAVE = "Leave"
#: Its tooltip.
LEAVE_TOOLTIP = "Leave the table: the host keeps the game, and your seat waits for you to come back"
#: ctrl+q on the host's own screen (--screen), and its tooltip.
CLOSE_ROOM = "Close room"
CLOSE_ROOM_TOOLTIP = "Close the room: the game stays saved (palace host --resume)"
#: The results' keys at a joined terminal, and the same for a finger.
RESULTS_KEYS = "a: play again   r: review the game   q: leave"
RESULTS_TAPS = "Tap Play again, Review or Leave below."
#: The results' key that reviews the game on this device, and its tooltip.
REVIEW = "Review"
REVIEW_TOOLTIP = "Replay the game just over with the coach's verdicts, on this device"
#: The review's title at a joined device.
REVIEW_TITLE = "The game just played"
#: Said while the host sends the game to review.
REVIEW_ASKED = "Asking the host for the game…"

ONLY_HOST_ABANDONS = "Only the host can stop this game: leave with ctrl+q, and palace join again to come back."
#: A burn-in question that came too late: someone moved first.
BURN_GONE = "Too late: the pile has moved on."


def undone_by(name: str, what: str) -> str:
    """Another seat took its move back (``what``: the move's own sentence, may be empty).

    >>> undone_by("Ben", "Undid playing 9♠. Play again.")
    'Ben undid playing 9♠.'
    >>> undone_by("Ben", "")
    'Ben took a move back.'
    """
    if what.startswith("Undid "):
        return f"{name} undid {what[len('Undid ') :].split('. ')[0].rstrip('.')}."
    return f"{name} took a move back."


def results_lines(
    names: list[str], order: list[int], loser: int | None, points: list[int], abandoned: bool, rules: Rules
) -> list[str]:
    """The host's results on a joined device, in sentences.

    >>> for line in results_lines(["Ann", "Ben", "Cy"], [2, 0], 1, [2, 1, 3], False, Rules.preset("palace")):
    ...     print(line)
    1st out: Cy
    2nd out: Ann
    Ben is the Palace: last with cards.
    Points this game: Ann 2, Ben 1, Cy 3.
    """
    if abandoned:
        return ["The game was stopped: it counts in no score."]
    lines = [f"{ordinal(place)} out: {names[seat]}" for place, seat in enumerate(order, 1)]
    if loser is not None:
        lines.append(loser_sentence(names[loser], rules))
    if any(points):
        lines.append("Points this game: " + ", ".join(f"{n} {p}" for n, p in zip(names, points)) + ".")
    return lines
