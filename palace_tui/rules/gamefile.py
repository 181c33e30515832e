"""A whole game as plain text a person can read and share, and its exact replay.

The file has header lines (``key: value``) for the table, the rules, the seats and
the deal, then one move a line in :meth:`Move.code` notation after the name of the
seat that made it, with the events it caused as a ``#`` comment when the writer is
given a way to word them (the engine has no words of its own: the table passes
:func:`palace_tui.words.log_sentence`):

>>> record = GameRecord(Rules.preset("palace"), [SeatInfo("Ann"), SeatInfo("Ben", False, "easy")],
...                     seed=3, dealer=0, deck=shuffled_deck(1, False, 3)[::-1])
>>> game = replay(record).game
>>> while game.phase == "setup":
...     record.moves.append(game.legal_moves()[-1]); _ = game.play(record.moves[-1])
>>> record.abandoned = True  # stopped after the swap: a finished game must reach its end
>>> text = format_game(record)
>>> parse_game(text) == record
True
>>> parse_game(text.replace("seed: 3", "seed: three"))
Traceback (most recent call last):
...
palace_tui.rules.gamefile.GameFileError: line 6: the seed 'three' is not a whole number

The engine decides everything: :func:`replay` plays the moves through
:meth:`Game.play`, so a hand-edited move that the rules refuse is reported with
its line and the engine's reason. Nothing here imports Textual.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from palace_tui.names import clean_text, printable
from palace_tui.rules import Card, Event, Game, IllegalMove, Move, Rules
from palace_tui.rules.cards import cards_code, parse_cards, shuffled_deck
from palace_tui.rules.kinds import MoveKind
from palace_tui.rules.options import HOUSE_OPTIONS, OPTIONS

#: The first line of every game file, with the format's version.
MAGIC = "palace-game"
VERSION = 1

__all__ = [
    "MAGIC",
    "VERSION",
    "GameFileError",
    "GameRecord",
    "Replay",
    "ReplayError",
    "SeatInfo",
    "Step",
    "format_game",
    "parse_game",
    "replay",
    "shuffled_deck",
]


@dataclass(frozen=True)
class SeatInfo:
    """Who sat in a seat: a name, a person or a computer, and the computer's level."""

    name: str
    human: bool = True
    level: str = ""


@dataclass
class GameRecord:
    """Everything needed to play one game again exactly: rules, seats, the deal and the moves."""

    rules: Rules
    seats: list[SeatInfo]
    seed: int | None
    dealer: int
    #: The whole deck in dealing order: the first card is dealt first (``Game.deal(deck=...)``).
    deck: list[Card]
    moves: list[Move] = field(default_factory=list)
    #: The game was stopped with no result after the last move.
    abandoned: bool = False
    #: The table's name and this game's number at it, and when it ended (ISO 8601).
    table: str = ""
    number: int = 0
    ended: str = ""
    #: The game whose deal this one played again ("duplicate"), by its records key.
    same_deal_as: str = ""

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def deal(self) -> Game:
        """The game as dealt, before any move."""
        return Game.deal(self.rules, self.names, seed=self.seed, dealer=self.dealer, deck=self.deck)


@dataclass(frozen=True)
class Step:
    """One move of a replay: who made it, what it did, and the game after it."""

    seat: int
    move: Move
    events: tuple[Event, ...]
    after: Game


@dataclass
class Replay:
    """A replayed game: the deal, every step, and the game at the end."""

    start: Game
    steps: list[Step]

    @property
    def game(self) -> Game:
        return self.steps[-1].after if self.steps else self.start

    def position(self, index: int) -> Game:
        """The game after ``index`` moves (0: as dealt)."""
        return self.start if index == 0 else self.steps[index - 1].after


class GameFileError(ValueError):
    """A game file that cannot be read: ``line`` (1-based) and ``why``."""

    def __init__(self, line: int, why: str) -> None:
        super().__init__(f"line {line}: {why}")
        self.line = line
        self.why = why


class ReplayError(ValueError):
    """A recorded game the engine does not replay: move ``index`` (0-based, or -1 for the deal) and why."""

    def __init__(self, index: int, why: str) -> None:
        where = "the deal" if index < 0 else f"move {index + 1}"
        super().__init__(f"{where}: {why}")
        self.index = index
        self.why = why


def replay(record: GameRecord, *, complete: bool = False) -> Replay:
    """Play ``record``'s moves through the engine from its deal.

    ReplayError says which move the rules refuse and why; with ``complete`` also
    when the moves stop before the game ended (a finished game must reach the end).
    """
    try:
        game = record.deal()
    except ValueError as exc:
        raise ReplayError(-1, str(exc)) from None
    start = game.copy()
    steps: list[Step] = []
    for i, move in enumerate(record.moves):
        if game.phase == "over":
            raise ReplayError(i, "the game was already over")
        seat = move.index if move.kind == MoveKind.BURN_IN and move.index is not None else game.turn
        if not 0 <= seat < len(record.seats):
            raise ReplayError(i, f"{move} names no seat of this game")
        try:
            events = game.play(move)
        except IllegalMove as exc:
            raise ReplayError(i, refused(record.seats[seat].name, move, exc)) from None
        steps.append(Step(seat, move, tuple(events), game.copy()))
    if record.abandoned and game.phase != "over":
        events = game.abandon()
        if steps:
            last = steps[-1]
            steps[-1] = Step(last.seat, last.move, last.events + tuple(events), game.copy())
        else:
            start = game.copy()
    elif complete and game.phase != "over":
        raise ReplayError(len(record.moves), "the moves stop before the game is over")
    return Replay(start, steps)


def refused(name: str, move: Move, why: IllegalMove) -> str:
    """Why a recorded move does not replay, told of the player in the third person, the engine's
    words to them quoted: ``Cy can't play 3♣ here; the game would have told Cy: "You have no 3 ..."``.
    No closing period, so a sentence that quotes it (a refusal, a note) ends it once."""
    return f'{name} can\'t {move} here; the game would have told {name}: "{str(why).rstrip(".")}"'


# ---------------------------------------------------------------------- writing


def format_game(record: GameRecord, result: str = "", say: Callable[[Event, Sequence[str]], str] | None = None) -> str:
    """The game file text for ``record``; ``result`` may add a one-line ``# result:`` comment.

    ``say(event, names)`` words each move's events for its ``#`` comment (none without it).
    """
    rules = record.rules
    lines = [
        f"{MAGIC} {VERSION}",
        "# A game of Palace: the header, then one move a line after the name of who made it,",
        "# with what it did after the #. `palace review FILE` replays it.",
        *([f"table: {record.table}"] if record.table else []),  # a table with no name has no line
        f"game: {record.number}",
        *([f"ended: {record.ended}"] if record.ended else []),
        "rules: " + rules.line(),
        f"seed: {'' if record.seed is None else record.seed}",
    ]
    for i, seat in enumerate(record.seats, 1):
        who = "person" if seat.human else f"computer {seat.level}".rstrip()
        lines.append(f"seat {i}: {seat.name} ({who})")
    lines.append(f"dealer: {record.names[record.dealer]}")
    lines.append(f"deal: {cards_code(record.deck)}")
    if record.same_deal_as:
        lines.append(f"same deal as: {record.same_deal_as}")
    if record.abandoned:
        lines.append("abandoned: yes")
    try:
        played = replay(record)
    except ReplayError:
        played = None
    if played is not None:
        for dealt in played.start.seats:
            lines.append(
                f"# {dealt.name} was dealt: face down {cards_code(dealt.face_down)}; "
                f"face up {cards_code(dealt.face_up) or '-'}; hand {cards_code(dealt.hand)}"
            )
    if result:
        lines.append(f"# result: {result}")
    lines.append("")
    names = record.names
    for i, move in enumerate(record.moves):
        if played is not None:
            step = played.steps[i]
            said = "; ".join(say(e, names) for e in step.events if e.kind != "abandoned") if say else ""
            lines.append(f"{names[step.seat]}: {move.code()}" + (f"  # {said}" if said else ""))
        else:
            lines.append(f"?: {move.code()}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------- reading

_HEADERS = ("table", "game", "ended", "rules", "seed", "dealer", "deal", "same deal as", "abandoned")


def parse_game(text: str) -> GameRecord:
    """Read a game file and check it replays; GameFileError names the first bad line and why.

    Every line is read as :func:`~palace_tui.names.clean_text` leaves it: a file is anyone's
    text, and no escape sequence in it (a seat's name, a move) may reach a screen or a
    refusal; two seats whose names differ only by escape codes are two seats of one name.
    """
    lines = [clean_text(line) for line in printable(text).splitlines()]
    if not lines or lines[0].strip() != f"{MAGIC} {VERSION}":
        first = lines[0].strip() if lines else ""
        if first.startswith(MAGIC + " "):
            raise GameFileError(
                1, f"this game file is version {first[len(MAGIC) + 1 :]!r}; this palace-tui reads version {VERSION}"
            )
        raise GameFileError(1, f"a game file starts with the line {MAGIC} {VERSION!s}")
    header: dict[str, tuple[int, str]] = {}
    seats: list[tuple[int, SeatInfo]] = []
    at = 1
    for at in range(2, len(lines) + 1):
        line = lines[at - 1].strip()
        if not line:
            break
        if line.startswith("#"):
            continue
        key, sep, value = line.partition(":")
        key, value = key.strip(), value.strip()
        if not sep:
            raise GameFileError(at, f"a header line is 'name: value', not {line!r}")
        if key.startswith("seat "):
            seats.append((at, _seat(at, key, value, len(seats) + 1)))
        elif key in _HEADERS:
            if key in header:
                raise GameFileError(at, f"{key!r} is given twice (first on line {header[key][0]})")
            header[key] = (at, value)
        else:
            raise GameFileError(at, f"unknown header {key!r}: the headers are {', '.join(_HEADERS)} and seat N")
    else:
        at = len(lines) + 1
    for key in ("rules", "seed", "dealer", "deal"):
        if key not in header:
            raise GameFileError(at, f"the header has no {key!r} line")
    if len(seats) < 2:
        raise GameFileError(at, "a game needs at least two 'seat N:' lines")
    rules = _rules(*header["rules"])
    infos = [s for _, s in seats]
    names = [s.name for s in infos]
    if len(set(names)) != len(names):
        raise GameFileError(seats[-1][0], "two seats have the same name")
    seed_line, seed_text = header["seed"]
    seed = _int(seed_line, seed_text, "the seed") if seed_text else None
    dealer_line, dealer_name = header["dealer"]
    if dealer_name not in names:
        raise GameFileError(dealer_line, f"the dealer {dealer_name!r} is not one of the seats")
    deal_line, deal_text = header["deal"]
    try:
        deck = parse_cards(deal_text)
    except ValueError as exc:
        raise GameFileError(deal_line, f"the deal has a card that is not a card ({exc})") from None
    number_line, number_text = header.get("game", (0, "0"))
    record = GameRecord(
        rules,
        infos,
        seed,
        names.index(dealer_name),
        deck,
        table=header.get("table", (0, ""))[1],
        number=_int(number_line, number_text or "0", "the game number"),
        ended=header.get("ended", (0, ""))[1],
        same_deal_as=header.get("same deal as", (0, ""))[1],
        abandoned=_yes(*header["abandoned"]) if "abandoned" in header else False,
    )
    if len(deck) != rules.cards_in_play:
        raise GameFileError(
            deal_line,
            f"the deal lists {len(deck)} cards, but these rules deal each of the {rules.cards_in_play} cards once",
        )
    try:
        game = record.deal()
    except ValueError as exc:
        raise GameFileError(deal_line, str(exc)) from None
    body = at + 1  # the first line after the header's blank line
    for at in range(body, len(lines) + 1):
        line = lines[at - 1].strip()
        if not line or line.startswith("#"):
            continue
        if game.phase == "over":
            raise GameFileError(at, "the game was already over before this move")
        seat = game.turn
        name = names[seat]
        who, _, rest = line.partition(":")
        code = rest.partition("#")[0].strip()
        if code.startswith(MoveKind.BURN_IN) and who in names:  # out of turn: the line names the claimer
            name = who
        elif not line.startswith(name + ":"):
            raise GameFileError(at, f"it is {name}'s move here, but the line names {who!r}")
        else:
            code = line[len(name) + 1 :].partition("#")[0].strip()
        try:
            move = Move.from_code(code)
        except ValueError as exc:
            raise GameFileError(at, str(exc)) from None
        if move.kind == MoveKind.BURN_IN and move.index != names.index(name):
            raise GameFileError(at, f"{name}'s line burns in for seat {move.index}, not for {name}")
        try:
            game.play(move)
        except IllegalMove as exc:
            raise GameFileError(at, refused(name, move, exc)) from None
        record.moves.append(move)
    if not record.abandoned and game.phase != "over":
        raise GameFileError(
            len(lines), "the moves stop before the game is over (add 'abandoned: yes' to the header if it was stopped)"
        )
    return record


def _seat(line: int, key: str, value: str, expected: int) -> SeatInfo:
    number = key[len("seat ") :].strip()
    if number != str(expected):
        raise GameFileError(line, f"expected 'seat {expected}:' here, not {key + ':'!r}")
    name, sep, who = value.rpartition(" (")
    if not sep or not who.endswith(")") or not name.strip():
        raise GameFileError(line, "a seat line is 'seat N: NAME (person)' or 'seat N: NAME (computer LEVEL)'")
    words = who[:-1].split()
    if words == ["person"]:
        return SeatInfo(name.strip(), True, "")
    if words and words[0] == "computer" and len(words) <= 2:
        return SeatInfo(name.strip(), False, words[1] if len(words) == 2 else "")
    raise GameFileError(line, f"a seat is a 'person' or a 'computer LEVEL', not {' '.join(words)!r}")


def _rules(line: int, text: str) -> Rules:
    pairs = text.split()
    for pair in pairs:
        if "=" not in pair:
            raise GameFileError(line, f"the rules are name=value pairs, and {pair!r} is not one")
    # The house rules' options may be left out (files written before them, and their defaults).
    said = {p.partition("=")[0] for p in pairs}
    missing = [name for name in OPTIONS if name not in HOUSE_OPTIONS and name not in said]
    if missing:
        raise GameFileError(line, f"the rules do not say {', '.join(missing)}")
    try:
        return Rules().with_text_options(pairs)
    except ValueError as exc:
        raise GameFileError(line, f"the rules are not valid ({exc})") from None


def _int(line: int, text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise GameFileError(line, f"{what} {text!r} is not a whole number") from None


def _yes(line: int, text: str) -> bool:
    if text in ("yes", "no"):
        return text == "yes"
    raise GameFileError(line, f"'abandoned' is yes or no, not {text!r}")
