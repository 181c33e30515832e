"""Where the seat at the screen points among its own cards: the row, a cursor in each row, the marks.

One :class:`CardCursor` serves the table (:class:`~.game.TableScreen`) and a lesson
(:class:`~.lesson.LessonScreen`), so the same keys do the same there: ← → and
Home/End move along the row, a rank's key jumps to it, Space marks cards of one rank
(or, laying cards face up, as many as go face up), a click points or presses, and
Enter, t or r mean the :meth:`~CardCursor.move` made from the cards pointed at. It
decides no rule: the screen hands the move to the engine, which judges it.

>>> from palace_tui.rules import Game, Rules
>>> game = Game.from_position(Rules(), seats=[{"hand": "5C QH QS"}, {"hand": "4D"}], pile="3H")
>>> view, cursor = game.view(0), CardCursor()
>>> cursor.mark(view, Mode.HAND, game.rules)
>>> cursor.jump(view, "q")
>>> cursor.mark(view, Mode.HAND, game.rules)  # another rank: a new set
>>> cursor.move("play", view, Mode.HAND, game.rules)
Move.from_code('play QH')
>>> cursor.jump(view, "k")
'You have no king in your hand.'
"""

from __future__ import annotations

from enum import StrEnum

from palace_tui.rules import Card, Move, Rules, SeatView
from palace_tui.rules.cards import rank_name
from palace_tui.tui.table.card_keys import RANK_KEYS
from palace_tui.tui.table.key_modes import Mode
from palace_tui.tui.widgets.card_art import Slot


class Row(StrEnum):
    """One of a seat's rows of cards."""

    HAND = "hand"
    FACE_UP = "face_up"
    FACE_DOWN = "face_down"


#: The modes in which the seat plays from one row: the cursor's row is that one.
PLAYING = (Mode.HAND, Mode.FACE_UP, Mode.FACE_DOWN)
#: The modes in which the seat's cards take keys (the cursor shows in its row).
POINTING = (*PLAYING, Mode.SWAP, Mode.CHOOSE)
#: The modes in which a click on a card does nothing (no cards of the seat's are in play).
IDLE = (Mode.WAIT, Mode.OVER, Mode.PAGE, Mode.DONE)
#: Which of the seat's rows each card-row widget draws.
ROW_OF = {"hand-row": Row.HAND, "up-row": Row.FACE_UP, "down-row": Row.FACE_DOWN}


def row_cards(view: SeatView, row: Row | str) -> list[Card | None]:
    """The cards of one of the seat's rows in ``view`` (face-down ones as None: the seat does not know them)."""
    if row == Row.HAND:
        return list(view.hand)
    if row == Row.FACE_UP:
        return list(view.face_up)
    return [None] * view.face_down_count


class CardCursor:
    """The row the keys act on, the cursor's index in each row (``cursor[row]``) and the marked cards."""

    def __init__(self) -> None:
        #: The row the cursor is in.
        self.row = Row.HAND
        #: Indices of the marked cards in :attr:`row`.
        self.marked: set[int] = set()
        self._at: dict[Row, int] = dict.fromkeys(Row, 0)

    def __getitem__(self, row: Row | str) -> int:
        """The cursor's index in ``row``."""
        return self._at[Row(row)]

    def __setitem__(self, row: Row | str, index: int) -> None:
        self._at[Row(row)] = index

    def reset(self) -> None:
        """Back to the first card of the hand, nothing marked (another seat, or a new position)."""
        self.row = Row.HAND
        self._at = dict.fromkeys(Row, 0)
        self.marked.clear()

    # ------------------------------------------------------------ reading

    def cards(self, view: SeatView, row: Row | None = None) -> list[Card | None]:
        """The cards of ``row`` (the cursor's row by default)."""
        return row_cards(view, row or self.row)

    def known(self, view: SeatView) -> list[Card]:
        """The cards of the cursor's row when the seat can see them (hand or face up), the only
        rows cards are marked or played from."""
        if self.row == Row.FACE_DOWN:
            raise ValueError("face-down cards are turned, not marked or played")
        return list(view.hand) if self.row == Row.HAND else list(view.face_up)

    def chosen(self, view: SeatView) -> list[Card]:
        """The cards Enter plays: the marked ones, else the one under the cursor (none in an empty row)."""
        cards = self.known(view)
        if not cards:
            return []
        return [cards[i] for i in sorted(self.marked) or [self[self.row]]]

    def marked_cards(self, view: SeatView) -> list[Card]:
        """The marked cards of the hand (laying cards face up)."""
        hand = list(view.hand)
        return [hand[i] for i in sorted(self.marked)]

    def under(self, view: SeatView) -> tuple[Card | None, Card | None]:
        """The hand card and the face-up card under their cursors (a swap trades them)."""
        hand, up = list(view.hand), list(view.face_up)
        return (hand[self[Row.HAND]] if hand else None, up[self[Row.FACE_UP]] if up else None)

    def face_up_to_add(self, view: SeatView) -> Card:
        """The face-up card a take adds to the pile, when the rules want one: the first marked, else
        the one under the cursor."""
        up = list(view.face_up)
        return up[min(self.marked) if self.marked else self[Row.FACE_UP]]

    def slots(self, view: SeatView, mode: Mode, row: Row) -> list[Slot]:
        """``row`` as the screen draws it: the cursor and marks in the active row; the cards that
        can't go now dimmed, and, while one row is played from, the other rows."""
        here = mode in POINTING and row == self.row
        playing_here = mode in (Mode.HAND, Mode.FACE_UP) and row == self.row
        # Swapping, the other row's cursor shows too: Enter trades the two cards pointed at.
        other = mode == Mode.SWAP and row in (Row.HAND, Row.FACE_UP) and row != self.row
        out = []
        for i, card in enumerate(self.cards(view, row)):
            dim = (mode in PLAYING and row != self.row) or (
                playing_here and card is not None and card.rank not in view.playable_ranks
            )
            marked, cursor = here and i in self.marked, here and i == self[row]
            out.append(Slot.in_row(card, i, dim=dim, marked=marked, cursor=cursor, pointed=other and i == self[row]))
        return out

    # ------------------------------------------------------------ following the position

    def follow(self, view: SeatView, mode: Mode) -> None:
        """Keep to the position: the row played from is the cursor's (the hand while setting up),
        each cursor on a card, marks only on cards that are there."""
        if mode in PLAYING:
            self.row = Row(mode.value)
        elif mode == Mode.CHOOSE or (mode == Mode.SWAP and self.row not in (Row.HAND, Row.FACE_UP)):
            self.row = Row.HAND
        for row in Row:
            self[row] = max(0, min(self[row], len(self.cards(view, row)) - 1))
        size = len(self.cards(view))
        self.marked = {i for i in self.marked if i < size}
        if mode == Mode.HAND and any(m.kind == "done" for m in view.legal):
            # A drawn match (house rule play_drawn): the cursor on it, so that Enter plays it.
            ranks = {m.cards[0].rank for m in view.legal if m.kind == "play"}
            hand = list(view.hand)
            if hand and hand[self[Row.HAND]].rank not in ranks:
                self[Row.HAND] = next(i for i, c in enumerate(hand) if c.rank in ranks)

    # ------------------------------------------------------------ keys

    def step(self, view: SeatView, step: int) -> None:
        """← →: the previous or next card of the row, round the end."""
        n = len(self.cards(view))
        if n:
            self[self.row] = (self[self.row] + step) % n

    def to_end(self, view: SeatView, last: bool) -> None:
        """Home: the first card of the row; End (``last``): the last."""
        n = len(self.cards(view))
        if n:
            self[self.row] = n - 1 if last else 0

    def jump(self, view: SeatView, key: str) -> str | None:
        """A rank's key: the cursor to the next card of that rank (round the row), or the sentence
        saying there is none (None in the face-down row: those cards are unknown)."""
        rank = RANK_KEYS[key]
        cards = self.cards(view)
        n, at = len(cards), self[self.row]
        hits = [i for k in range(1, n + 1) if (c := cards[(i := (at + k) % n)]) is not None and c.rank == rank]
        if hits:
            self[self.row] = hits[0]
            return None
        if self.row == Row.FACE_DOWN:
            return None
        where = "in your hand" if self.row == Row.HAND else "face up"
        return f"You have no {rank_name(rank)} {where}."

    def switch_row(self) -> None:
        """↑↓ while swapping: between the hand and the face-up row."""
        self.row = Row.FACE_UP if self.row == Row.HAND else Row.HAND

    def mark(self, view: SeatView, mode: Mode, rules: Rules) -> str | None:
        """Space: mark or unmark the card under the cursor. Marks hold one rank (marking another
        starts a new set); laying cards face up (``mode`` choose) they hold as many cards as go
        face up, and the sentence says so when one more would not go."""
        cards = self.known(view)
        if not cards:
            return None
        i = self[self.row]
        if i in self.marked:
            self.marked.discard(i)
        elif mode == Mode.CHOOSE:
            if len(self.marked) >= rules.face_up:
                return f"Only {rules.face_up} cards go face up: unmark one first."
            self.marked.add(i)
        else:
            rank = cards[i].rank
            self.marked = {j for j in self.marked if cards[j].rank == rank} | {i}
        return None

    def move(self, key: str, view: SeatView, mode: Mode, rules: Rules) -> Move | None:
        """The move the card key ``key`` (``play``, ``flip``, ``swap``, ``choose``, ``take``, ``ready``,
        ``chance`` or ``done``) means from here; None when it means none (nothing in the row, nothing
        to swap)."""
        if key == "play":
            cards = self.chosen(view)
            return Move.play(cards) if cards else None
        if key == "flip":
            return Move.flip(self[Row.FACE_DOWN])
        if key == "swap":
            hand, up = self.under(view)
            return Move.swap(hand, up) if hand and up else None
        if key == "choose":
            return Move.choose(self.marked_cards(view))
        if key == "take":
            # Taking with the face-up cards stuck adds the one pointed at, when the rules want one.
            adding = mode == Mode.FACE_UP and rules.adds_face_up
            return Move.take(self.face_up_to_add(view) if adding else None)
        if key == "ready":
            self.row = Row.HAND
            return Move.ready()
        if key == "chance":
            return Move.chance()
        if key == "done":
            return Move.done()
        raise ValueError(f"no card key makes a move called {key!r}")

    def pick(self, widget_id: str | None, index: int, mode: Mode) -> str | None:
        """A click on card ``index`` of a card-row widget: the cursor goes there (``cursor``), or, on the
        card already under it, the key pressed is Space (``mark``) or, face down, Enter (``flip``).
        None: that row is not in play now (dimmed, or no cards of the seat's take keys)."""
        row = ROW_OF.get(widget_id or "")
        if row is None or mode in IDLE:
            return None
        if row != self.row:
            if mode != Mode.SWAP or row == Row.FACE_DOWN:
                return None  # the other rows are dimmed: not in play now
            self.row = row
        elif self[row] == index:
            return "make('flip')" if row == Row.FACE_DOWN else "mark"
        self[row] = index
        return "cursor"

    def point_at(self, view: SeatView, cards: list[Card]) -> bool:
        """Put the cursor on (and mark) ``cards`` in the active row, so Enter plays them; False
        when the row does not hold them all."""
        row = self.cards(view)
        chosen: list[int] = []
        for card in cards:
            i = next((k for k, c in enumerate(row) if c == card and k not in chosen), None)
            if i is None:
                return False
            chosen.append(i)
        self[self.row] = chosen[0]
        self.marked = set(chosen) if len(chosen) > 1 else set()
        return True

    def point_at_face_up(self, view: SeatView, card: Card) -> bool:
        """Put the cursor on the face-up ``card`` (the one a take would add), nothing marked."""
        up = list(view.face_up)
        if card not in up:
            return False
        self[Row.FACE_UP] = up.index(card)
        self.marked = set()
        return True

    def point_at_swap(self, view: SeatView, hand_card: Card, face_up: Card) -> bool:
        """Put the hand's cursor on ``hand_card`` and the face-up row's on ``face_up``, so Enter
        swaps exactly them; False when either is not there."""
        hand, up = list(view.hand), list(view.face_up)
        if hand_card not in hand or face_up not in up:
            return False
        self[Row.HAND], self[Row.FACE_UP] = hand.index(hand_card), up.index(face_up)
        self.marked = set()
        return True

    def point_at_choice(self, view: SeatView, cards: list[Card]) -> bool:
        """Mark exactly ``cards`` in the hand (laying cards face up), so Enter lays them down;
        False when the hand does not hold them all."""
        self.row = Row.HAND
        if not self.point_at(view, cards):
            return False
        self.marked = self.marked or {self[Row.HAND]}  # a single card is marked too: Enter lays the marked
        return True
