"""The public burn-in offer: after a play that leaves one card short of a burn, the table
asks everyone at once ("Anyone with the fourth 9?") and waits for a seat's number or Enter.

It shows no card of anyone's: it is put up only while nobody's cards are up (or a lone
person's, with computers), and it is put up after every such play whether or not anyone
can burn in. A claim is checked by the engine; a wrong one says only that the player has
no such card, and the offer stays open for the others. :class:`BurnInOffers` is the table
screen's part that decides when to offer; the table (behind its door) lets the computers
decide first and plays the claim that wins.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from palace_tui.device import TERMINAL, Device
from palace_tui.table.door import Now, Step, Turn
from palace_tui.tui.widgets.keys_footer import KeysFooter
from palace_tui.tui.widgets.too_small import TooSmall
from palace_tui.words import burn_in as words

#: The most seats a table has (a key for each).
SEAT_KEYS = 6


class BurnInScreen(ModalScreen[int | None]):
    """The question, the seats that may claim by number (on a touch screen, a button with
    each name: a phone has no number keys to spare), and Enter to go on (on a touch screen,
    a Go on button, there as long as the question is).

    ``claim(seat)`` sends the claim to the table; the table screen then calls :meth:`refused`
    (the engine's sentence) or dismisses this screen with the seat whose claim was good. Enter
    dismisses it with None.
    """

    DEFAULT_CSS = """
    BurnInScreen { align: center middle; background: $background 60%; }
    BurnInScreen #burn-box { width: 64; max-width: 100%; height: auto; padding: 1 2; border: thick $warning; }
    BurnInScreen #burn-question { text-style: bold; }
    BurnInScreen #burn-said { color: $error; text-style: bold; }
    BurnInScreen #burn-note { color: $text-muted; }
    BurnInScreen #burn-seats { height: auto; }
    BurnInScreen #burn-seats Button { margin: 0 1 0 0; }
    BurnInScreen #burn-go-on { margin: 1 0 0 0; }
    """

    #: No button takes focus: Enter is Go on, on a touch screen too (a focused name button would
    #: take Enter as a claim, and the footer's Go on would vanish a frame after it came up).
    AUTO_FOCUS = ""

    BINDINGS = [
        Binding("enter", "go_on", "Go on", tooltip="Nobody burns in: play goes on", id="burn-go-on"),
        *[
            Binding(str(n), f"claim({n - 1})", "Burn in", key_display="1-6", show=n == 1, id=f"burn-{n}")
            for n in range(1, SEAT_KEYS + 1)
        ],
    ]

    def __init__(
        self,
        question: str,
        seats: list[tuple[int, str]],
        claim: Callable[[int], None],
        names: list[str],
        device: Device = TERMINAL,
    ) -> None:
        super().__init__()
        self.question = question
        self.touch = device.touch
        #: The seats that may claim (index, name), in turn order.
        self.seats = seats
        self.claim = claim
        self.names = names
        #: What the last claim was told (a refusal), shown under the keys.
        self.said = ""

    def compose(self) -> ComposeResult:
        with Vertical(id="burn-box"):
            yield Static(self.question, id="burn-question", markup=False)
            yield Static(words.burn_in_keys(self.seats, self.touch), id="burn-keys", markup=False)
            if self.touch:
                with Horizontal(id="burn-seats"):
                    for seat, name in self.seats:
                        yield Button(name, id=f"burn-seat-{seat}", variant="warning")
                # Always there, whoever is left to claim: a table where nobody holds the card
                # must not have to make every player claim falsely to get past the question.
                yield Button(words.GO_ON, id="burn-go-on", variant="primary")
            yield Static("", id="burn-said", markup=False)
            yield Static(words.PRIVATE_NOTE, id="burn-note", markup=False)
        yield KeysFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        self.query_one("#burn-box").border_title = words.TITLE
        self.sub_title = "burn in?"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # On a touch screen the names are the buttons: no "1-6" key in the footer.
        return not (self.touch and action == "claim")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """A name tapped: that seat claims."""
        event.stop()
        if event.button.id == "burn-go-on":
            self.action_go_on()
        elif event.button.id and event.button.id.startswith("burn-seat-"):
            self.action_claim(int(event.button.id.removeprefix("burn-seat-")))

    def action_go_on(self) -> None:
        """Nobody (more) claims: play goes on."""
        self.dismiss(None)

    def action_claim(self, seat: int) -> None:
        """``seat`` claims the burn: good, the offer closes; wrong, it says so and stays open."""
        if seat not in dict(self.seats):
            name = self.names[seat] if seat < len(self.names) else f"Seat {seat + 1}"
            self._say(words.not_yours_sentence(name))
            return
        self.claim(seat)

    def refused(self, seat: int, why: str) -> None:
        """``seat``'s claim was refused (``why``: the engine's sentence): the offer stays open for the others."""
        self.seats = [(i, n) for i, n in self.seats if i != seat]
        if self.touch:
            self.query_one(f"#burn-seat-{seat}", Button).remove()
        keys = words.burn_in_keys(self.seats, self.touch) if self.seats else words.nobody_else(self.touch)
        self.query_one("#burn-keys", Static).update(keys)
        self._say(words.wrong_claim_sentence(why, others=bool(self.seats)))

    def _say(self, sentence: str) -> None:
        self.said = sentence
        self.query_one("#burn-said", Static).update(Text(sentence))
        self.app.bell()


class BurnInOffers:
    """When the table screen offers a burn-in: only once a move, only with nobody's cards up (or a
    lone person's among computers). It holds the offer's state; the screen sends the offer
    through the table's door and puts up the :class:`BurnInScreen` the table answers with."""

    def __init__(self) -> None:
        #: The move count at which the window was offered (it closes at the next move).
        self._offered_at = -1
        #: The step the table was to follow when the offer was made (followed once it is settled).
        self.turn: Turn | None = None
        #: The question on screen, while it is up.
        self.screen: BurnInScreen | None = None

    def due(self, turn: Turn, now: Now, alone: int | None) -> bool:
        """Whether to offer a burn-in before the table shows ``turn`` (then it is offered: the
        table follows ``turn`` once it is settled). ``alone``: the one person among computers."""
        if turn.step in (Step.RESULT, Step.OVER, Step.START) or self._offered_at == now.moves:
            return False
        if turn.shown is not None and turn.shown != alone:
            return False  # a person's cards are up at a shared keyboard: the offer waits for the dark
        if now.burn_in is None:
            return False
        self._offered_at = now.moves
        self.turn = turn
        return True
