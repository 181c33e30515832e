"""The table's keys for the house rules of issue 22, pressed as a player would: the chance card
(c), ending the turn on a drawn match (d), must play (t greyed, and why), and the public
burn-in offer between turns (a good claim, a wrong one, Enter, a computer's claim)."""

from __future__ import annotations

from palace_tui.rules import Rules
from palace_tui.store import MemoryStore
from palace_tui.tui.screens.pass_device import PassScreen
from palace_tui.tui.table.burn_in_offer import BurnInScreen
from palace_tui.tui.table.screen import TableScreen
from tests.helpers.app import bar_text, press, screen_text
from tests.helpers.built_table import table
from tests.helpers.settle import running, settle

HOUSE = Rules.preset("palace")


async def test_c_turns_the_stocks_top_card_instead_of_taking(make_app):
    position = [
        {"name": "Ann", "hand": "4D 5H 6C", "face_up": "AD", "face_down": "3C"},
        {"name": "Ben", "hand": "5S 6S 7S", "face_up": "QH", "face_down": "8D"},
    ]
    session = table(position, pile="9S KH", stock="4S AC", rules=HOUSE.replace(chance=True))
    app = make_app(session)
    async with running(app) as pilot:
        screen = app.screen
        assert "c Chance" in bar_text(app)
        assert "turns the stock's top card instead: played if it goes" in screen_text(app)
        await press(pilot, "c")
        [chance] = [e for _, e in session.events if e.kind == "chance" and e.seat == 0]
        assert chance.seat == 0 and [c.code for c in chance.cards] == ["AC"] and chance.reason == "went"
        assert not [e for _, e in session.events if e.kind == "took" and e.seat == 0], "Ann took no pile"
        assert len(session.game.seats[0].hand) == 3, "no card drawn: the hand did not shrink"
        assert isinstance(screen, TableScreen) and "c Chance" not in bar_text(app)


async def test_the_chance_key_is_hidden_where_the_rules_have_no_chance_card(make_app):
    app = make_app(table(pile="9S KH", stock="4S AC"))
    async with running(app) as pilot:
        assert "Chance" not in bar_text(app)
        await press(pilot, "c")
        assert app.session.game.pile[-1].code == "KH", "c does nothing without the house rule"


async def test_a_drawn_match_is_played_with_enter_or_kept_with_d(make_app):
    position = [
        {"name": "Ann", "hand": "9C 4D 5H", "face_up": "AD", "face_down": "3C"},
        {"name": "Ben", "hand": "5S 6S 7S", "face_up": "QH", "face_down": "8D"},
    ]
    for key, on_pile in (("enter", 2), ("d", 1)):
        session = table(position, pile="7H", stock="4S 9D", rules=HOUSE.replace(play_drawn=True))
        app = make_app(session, store=MemoryStore())
        async with running(app) as pilot:
            await press(pilot, "9", "enter")  # the 9♣; the 9♦ is drawn
            assert "d Done" in bar_text(app)
            assert "You drew another 9: Enter plays it now on your own, d ends your turn." in screen_text(app)
            assert app.screen.cursor.chosen(app.screen.view())[0].code == "9D", "the cursor on the drawn 9"
            await press(pilot, key)
            nines = [c for _, e in session.events if e.kind == "played" and e.seat == 0 for c in e.cards]
            assert [c.code for c in nines] == ["9C", "9D"][:on_pile], "Enter played the drawn 9, d kept it"
            assert "d Done" not in bar_text(app)


async def test_must_play_greys_take_and_says_why(make_app):
    session = table(pile="5C 8C", rules=HOUSE.replace(must_play=True))
    app = make_app(session)
    async with running(app) as pilot:
        assert app.screen.check_action("take", ()) is None, "greyed: a 9 goes on the 8"
        await press(pilot, "t")
        assert session.game.pile[-1].code == "8C" and "must play" in str(app.screen.note.body).lower()


THREE_SEVENS = [
    {"name": "Ann", "hand": "7D 4C 5C", "face_up": "KS", "face_down": "3D"},
    {"name": "Ben", "hand": "7S 6S 8S", "face_up": "QH", "face_down": "8D"},
    {"name": "Cy", "hand": "4D 9H JH", "face_up": "AH", "face_down": "2C"},
]


async def test_the_burn_in_offer_comes_on_the_dark_table_and_a_wrong_claim_says_only_that(make_app):
    """Ann leaves three 7s; Enter hides her cards; the table asks everyone; Cy's claim is wrong
    (Cy has no 7), Ben's is good: the pile clears and the keyboard goes to Ben."""
    session = table(THREE_SEVENS, pile="5D 7C 7H", stock="2D 3H", humans=3, rules=HOUSE.replace(burn_in=True))
    app = make_app(session)
    async with running(app) as pilot:
        await press(pilot, "7", "enter")
        assert app.screen.mode() == "result", "Ann sees what her move did first"
        await press(pilot, "enter")
        offer = app.screen
        assert isinstance(offer, BurnInScreen)
        text = screen_text(app)
        assert "Anyone with the fourth 7?" in text and "2 Ben, 3 Cy" in text and "1 Ann" not in text
        assert "Nobody's cards are shown" in text and "4♣" not in text and "7♠" not in text
        await press(pilot, "3")
        said = "Cy holds no 7 to burn in with. The others may still claim."
        assert said in screen_text(app) and app.screen is offer, "the offer stays open for Ben, and says so"
        assert "play goes on" not in screen_text(app)
        assert "7♠" not in screen_text(app) and "9♥" not in screen_text(app), "nobody's hand shown"
        await press(pilot, "2")
        assert session.game.pile == [] and session.game.turn == 1
        assert isinstance(app.screen, PassScreen) and app.screen.seat == 1


async def test_when_every_claim_is_wrong_the_offer_says_enter_is_left(make_app):
    nobody = [THREE_SEVENS[0], {**THREE_SEVENS[1], "hand": "6S 8S 9S"}, THREE_SEVENS[2]]
    session = table(nobody, pile="5D 7C 7H", stock="2D 3H 7S", humans=3, rules=HOUSE.replace(burn_in=True))
    app = make_app(session)
    async with running(app) as pilot:
        await press(pilot, "7", "enter", "enter")
        offer = app.screen
        assert isinstance(offer, BurnInScreen)
        await press(pilot, "3")
        assert "Cy holds no 7 to burn in with. The others may still claim." in screen_text(app)
        await press(pilot, "2")
        text = screen_text(app)
        assert "Ben holds no 7 to burn in with." in text and "Nobody else may claim: Enter goes on." in text
        assert "may still claim" not in text and app.screen is offer
        await press(pilot, "enter")
        assert isinstance(app.screen, PassScreen) and app.screen.seat == 1, "on to Ben"


async def test_enter_lets_play_go_on_and_the_offer_is_made_once(make_app):
    session = table(THREE_SEVENS, pile="5D 7C 7H", stock="2D 3H", humans=3, rules=HOUSE.replace(burn_in=True))
    app = make_app(session)
    async with running(app) as pilot:
        await press(pilot, "7", "enter", "enter")
        assert isinstance(app.screen, BurnInScreen)
        await press(pilot, "enter")
        assert isinstance(app.screen, PassScreen) and app.screen.seat == 1, "on to Ben, as if nothing was asked"
        assert [c.code for c in session.game.pile[-3:]] == ["7C", "7H", "7D"]


async def test_a_computer_holding_the_card_burns_in_at_once_in_public(make_app):
    session = table(THREE_SEVENS, pile="5D 7C 7H", stock="2D 3H", humans=1, rules=HOUSE.replace(burn_in=True))
    app = make_app(session)
    async with running(app) as pilot:
        await press(pilot, "7", "enter")
        await settle(pilot)
        assert not isinstance(app.screen, BurnInScreen), "nobody but computers could claim: no offer"
        burned = [e for _, e in session.events if e.kind == "burned_in"]
        assert burned and burned[0].seat == 1, "Ben (a computer) burned in with the 7♠"


async def test_on_a_touch_screen_each_seat_that_may_claim_has_a_button(make_app):
    """A phone has no number keys to spare: the offer shows a button per seat that may claim;
    a wrong claim's button goes, and a good one burns in."""

    from palace_tui.device import Device

    session = table(THREE_SEVENS, pile="5D 7C 7H", stock="2D 3H", humans=3, rules=HOUSE.replace(burn_in=True))
    app = make_app(session, device=Device("touch", 3, 2))
    async with running(app, size=(80, 30)) as pilot:
        await press(pilot, "7", "enter", "enter")
        offer = app.screen
        assert isinstance(offer, BurnInScreen)
        text = screen_text(app)
        assert "tap your name" in text and "Press your seat number" not in text
        assert [str(b.label) for b in offer.query("#burn-seats Button")] == ["Ben", "Cy"]
        await pilot.click("#burn-seat-2")
        await settle(pilot, lambda: offer.said, what="the button's press at the screen")
        assert "Cy holds no 7 to burn in with. The others may still claim." in screen_text(app)
        assert [str(b.label) for b in offer.query("#burn-seats Button")] == ["Ben"] and app.screen is offer
        await pilot.click("#burn-seat-1")
        await settle(pilot, lambda: app.screen is not offer, what="the burn offer closed")
        assert session.game.pile == [] and session.game.turn == 1
        assert isinstance(app.screen, PassScreen) and app.screen.seat == 1


async def test_on_a_touch_screen_go_on_is_there_while_names_are_left(make_app):
    """Nobody need claim falsely to get past the question: a phone's Go on button is there from
    the first, with every name button still up, and tapping it lets play go on."""
    from palace_tui.device import Device

    session = table(THREE_SEVENS, pile="5D 7C 7H", stock="2D 3H", humans=3, rules=HOUSE.replace(burn_in=True))
    app = make_app(session, device=Device("touch", 5, 3))
    async with running(app, size=(40, 44)) as pilot:
        await press(pilot, "7", "enter", "enter")
        offer = app.screen
        assert isinstance(offer, BurnInScreen)
        assert [str(b.label) for b in offer.query("#burn-seats Button")] == ["Ben", "Cy"]
        text = screen_text(app)
        assert "Go on" in text.split("tap Go on.")[1], f"no Go on button under the names:\n{text}"
        # No name button has focus: a keyboard's Enter is Go on here too, as the bar says, never Ben's claim.
        assert offer.focused is None and "⏎ Go on" in bar_text(app), bar_text(app)
        # The table's own keys do nothing under the offer: its bar (taller than the offer's on a
        # phone) is not shown above the offer's, as if a tap would end the turn.
        assert "End turn" not in text and "Pile" not in text, f"the table's keys show under the offer:\n{text}"
        await pilot.click("#burn-go-on")
        # The press travels from the button to the screen.
        await settle(pilot, lambda: app.screen is not offer, what="the burn offer closed")
        assert isinstance(app.screen, PassScreen) and app.screen.seat == 1, "on to Ben, as if nothing was asked"
        assert [c.code for c in session.game.pile[-3:]] == ["7C", "7H", "7D"]
        await press(pilot, "enter")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen), what="Ben's table")
        await settle(pilot, lambda: "Pile" in screen_text(app), what="the table's keys back on its bar")
