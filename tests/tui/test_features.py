"""Pilot tests of the table's helpers: coach (h), pile explainer (e), recap, take-back (u),
Learn from the new-table screen, the rules screen's preset comparison, and computers
thinking in a worker. Positions are built with ``Game.from_position`` so each test is short.
"""

from __future__ import annotations

from palace_tui.rules import Game, Move, Rules
from palace_tui.rules.cards import parse_cards
from palace_tui.rules.saving import from_dict
from palace_tui.table.session import SeatConfig, Session
from palace_tui.tui.screens.compare import CompareScreen
from palace_tui.tui.screens.learn_list import LearnScreen
from palace_tui.tui.screens.new_table import NewTableScreen
from palace_tui.tui.screens.pass_device import PassScreen
from palace_tui.tui.screens.rules import RulesScreen
from palace_tui.tui.table.screen import TableScreen
from palace_tui.words import explain_pile
from palace_tui.words.events import recap_for
from tests.helpers.app import hand_text, keys_for, press, screen_text
from tests.helpers.settle import running, settle

ANN_BEN = [
    {"name": "Ann", "hand": "4C 9D 10H", "face_up": "KS", "face_down": "3D"},
    {"name": "Ben", "hand": "5S 6S 7S", "face_up": "QH", "face_down": "8D"},
]


def table(seats: list[SeatConfig], stock: str = "", pile: str = "5H 6D", position=ANN_BEN) -> Session:
    """A session at a built position, Ann (seat 0) to play."""
    game = Game.from_position(Rules.preset("palace"), seats=position, pile=pile, stock=stock)
    return Session("t1", seats, game.rules, "palace", 1, game, game_id="t1-1", shown=0)


def vs_computer(**kw) -> Session:
    return table([SeatConfig("Ann"), SeatConfig("Ben", human=False, level="easy")], **kw)


def two_humans(**kw) -> Session:
    return table([SeatConfig("Ann"), SeatConfig("Ben")], **kw)


async def workers_done(app, pilot) -> None:
    """Let thread workers (coach, computer) finish and their answers land: the app idle and
    no note still "thinking" (the worker's answer is posted back to the screen as a message)."""
    await settle(pilot)

    def answered() -> bool:
        note = getattr(app.screen, "note", None)
        return note is None or "thinking" not in note.body

    await settle(pilot, answered, what="the coach's note to stop thinking")


async def play(pilot, screen: TableScreen, move: Move) -> None:
    await press(pilot, *keys_for(move, screen.view(), screen.cursor, screen.cursor.row))


def secrets(game: Game, viewer: int) -> list[str]:
    """Card texts the viewer must not see: other hands, every face-down card, the stock."""
    out = []
    for i, s in enumerate(game.seats):
        if i != viewer:
            out += [str(c) for c in s.hand]
        out += [str(c) for c in s.face_down]
    return out + [str(c) for c in game.stock]


# ---------------------------------------------------------------------- coach


async def test_h_shows_advice_that_names_no_secret_card(make_app):
    """h: the coach's move and one sentence, in the note line; nothing of Ben's hand or any face-down card."""
    session = vs_computer(stock="2C 3S 4H 7C")
    app = make_app(session, coach_work=5_000)
    async with running(app) as pilot:
        screen = app.screen
        assert screen.check_action("coach", ()) is True
        await press(pilot, "h")
        await workers_done(app, pilot)
        note = screen.note
        assert note.label == "Coach" and len(note.body) > 20, note.body
        text = screen_text(app)
        assert "Coach:" in text
        for card in secrets(session.game, 0):
            assert card not in note.body, f"{card} named by the coach"
            assert card not in text, f"{card} on screen"
        # A suggested play is under the cursor, so Enter plays it.
        if "Enter plays" in note.body:
            await press(pilot, "enter")
            # Ann's move was made (Ben, a computer with no pause, may have answered already).
            assert session.game.moves >= 1 and screen.message is None
            assert any(e.kind == "played" and e.seat == 0 for _, e in session.events)


STUCK = [
    {"name": "Ann", "hand": "4C 5D", "face_up": "6S 7S", "face_down": "3D 8C"},
    {"name": "Ben", "hand": "5S 6H 7H", "face_up": "QH", "face_down": "8D"},
]


async def test_coach_advice_to_take_names_the_key_and_t_takes(make_app):
    """When the coach would take the pile, its note says t takes it, and t does."""
    session = table([SeatConfig("Ann"), SeatConfig("Ben")], pile="9H KH", position=STUCK)
    app = make_app(session, coach_work=5_000)
    async with running(app) as pilot:
        await press(pilot, "h")
        await workers_done(app, pilot)
        note = app.screen.note
        assert note.body.startswith("Take the pile") and note.body.endswith("t takes the pile."), note.body
        await press(pilot, "t")
        assert sorted(session.game.seats[0].hand) == sorted(parse_cards("4C 5D 9H KH"))


async def test_coach_points_at_the_face_up_card_to_add(make_app):
    """stuck_face_up=add-one: the coach's take puts the cursor on the card it would add, so t adds that one."""
    game = Game.from_position(
        Rules.preset("palace").replace(stuck_face_up="add-one"),
        seats=[
            {"name": "Ann", "hand": "", "face_up": "4C 6S 5D", "face_down": "3D 8C 9C"},
            {"name": "Ben", "hand": "5S 6H 7H", "face_up": "QH", "face_down": "8D"},
        ],
        pile="9H KH",
    )
    session = Session(
        "t1", [SeatConfig("Ann"), SeatConfig("Ben")], game.rules, "palace", 1, game, game_id="t1-1", shown=0
    )
    app = make_app(session, coach_work=5_000)
    async with running(app) as pilot:
        screen = app.screen
        await press(pilot, "h")
        await workers_done(app, pilot)
        note = screen.note
        assert note.body.startswith("Take the pile and add your 4♣") and note.body.endswith("t takes the pile."), (
            note.body
        )
        assert screen.cursor["face_up"] == 0
        screen.cursor["face_up"] = 2  # the player moves off it, then asks again
        await press(pilot, "h")
        await workers_done(app, pilot)
        assert screen.cursor["face_up"] == 0
        await press(pilot, "t")
        assert sorted(session.game.seats[0].hand) == sorted(parse_cards("4C 9H KH"))
        assert sorted(session.game.seats[0].face_up) == sorted(parse_cards("6S 5D"))


async def test_coach_off_greys_out_h(make_app):
    """A seat whose coach is off sees h greyed out, and pressing it shows nothing."""
    session = table([SeatConfig("Ann", coach=False), SeatConfig("Ben", human=False)])
    app = make_app(session, coach_work=5_000)
    async with running(app) as pilot:
        screen = app.screen
        assert screen.check_action("coach", ()) is None
        assert screen.active_bindings["h"].enabled is False
        assert "h Coach" in screen_text(app)
        await press(pilot, "h")
        await workers_done(app, pilot)
        assert screen.note.label == ""


async def test_coach_switch_is_saved_with_the_table(make_app, data_dir):
    """The seat editor's coach switch goes into the session and the remembered table."""
    app = make_app()
    async with running(app, size=(80, 30)) as pilot:
        assert isinstance(app.screen, NewTableScreen)
        app.screen.query_one("#seat-coach-0").value = False
        await settle(pilot)
        await press(pilot, "ctrl+s")
        await settle(pilot, lambda: app.session is not None and app.session.seats[0].coach is False)
        assert app.session is not None and app.session.seats[0].coach is False
        assert app.store.last_table()["seats"][0]["coach"] is False
        assert Session.from_dict(app.session.to_dict()).seats[0].coach is False


# ---------------------------------------------------------------------- pile


async def test_e_explains_the_pile(make_app):
    """e: the engine's explanation of the pile for the seat to act, on the table screen."""
    session = vs_computer()
    app = make_app(session)
    async with running(app) as pilot:
        await press(pilot, "e")
        expected = explain_pile(session.game)
        assert app.screen.note.label == "Pile" and app.screen.note.body == expected
        assert expected.split(":")[0] in screen_text(app)


# ---------------------------------------------------------------------- recap


async def test_recap_after_the_privacy_screen(make_app):
    """Ben, after the privacy screen, reads what Ann and the computer did since his last turn."""
    position = [
        {"name": "Ann", "hand": "4C 9D", "face_up": "KS", "face_down": "3D"},
        {"name": "Cy", "hand": "JC QC", "face_up": "KH", "face_down": "8C"},
        {"name": "Ben", "hand": "5S 6S 7S", "face_up": "QH", "face_down": "8D"},
    ]
    session = table(
        [SeatConfig("Ann"), SeatConfig("Cy", human=False, level="easy"), SeatConfig("Ben")], position=position
    )
    app = make_app(session)
    async with running(app) as pilot:
        screen = app.screen
        await play(pilot, screen, Move.play("9D"))
        assert screen.mode() == "result"
        await press(pilot, "enter")  # Ann ends her turn; Cy plays on the public table
        assert isinstance(app.screen, PassScreen)
        assert "Since your last turn" not in screen_text(app)
        await press(pilot, "enter")
        assert app.screen is screen and screen.viewer == 2
        expected = recap_for(session.events, session.names, 2)
        assert "Ann played 9♦" in expected and "Cy played J♣" in expected
        assert screen.note.label == "Since your last turn" and screen.note.body == expected
        assert "Ann played 9♦" in screen_text(app)


def test_session_keeps_indexed_events_and_reads_old_saves():
    """Events are saved with their indices; a save without them (or without coach) still loads."""
    session = vs_computer()
    session.play_human(Move.play("9D"))
    data = session.to_dict()
    again = Session.from_dict(data)
    assert again.events == session.events and again.events[0][0] == 0
    old = {k: v for k, v in data.items() if k != "events"}
    old["seats"] = [{k: v for k, v in s.items() if k != "coach"} for s in data["seats"]]
    restored = Session.from_dict(old)
    assert restored.events == [] and restored.seats[0].coach is True


# ---------------------------------------------------------------------- take-back


async def test_take_back_a_plain_play_on_the_result_step(make_app):
    """No draw (empty stock): Ann sees her move, u takes her 9 back there; the save follows."""
    session = two_humans()
    app = make_app(session)
    async with running(app) as pilot:
        screen = app.screen
        before = session.game.to_json()
        await play(pilot, screen, Move.play("9D"))
        assert app.screen is screen and screen.mode() == "result" and screen.viewer == 0
        assert screen.check_action("take_back", ()) is True
        text = screen_text(app)
        assert "u Undo" in text and "⏎ End turn" in text and "You played 9♦." in text
        await press(pilot, "u")
        assert app.screen is screen and screen.viewer == 0 and screen.mode() == "hand"
        assert session.game.to_json() == before
        assert session.log == [] and session.events == []
        assert "9♦" in hand_text(screen)
        assert screen.note.label == "Undo" and screen.note.body == "Undid playing 9♦. Play again."
        assert from_dict(app.store.load_session()["game"]).to_json() == before


async def test_the_pass_screen_has_no_take_back(make_app):
    """After Enter ends Ann's turn, u on Ben's pass screen does nothing and says nothing of Ann."""
    session = two_humans()
    app = make_app(session)
    async with running(app) as pilot:
        await play(pilot, app.screen, Move.play("9D"))
        await press(pilot, "enter")
        assert isinstance(app.screen, PassScreen) and app.screen.seat == 1
        text = screen_text(app)
        assert "Ann" not in text and "take back" not in text.lower() and "u " not in text.split("\n")[-1]
        await press(pilot, "u", "t", "x", "h", "left", "space", "tab", "escape")
        assert isinstance(app.screen, PassScreen) and session.game.moves == 1
        await press(pilot, "enter")
        assert app.screen.viewer == 1 and app.screen.check_action("take_back", ()) is False


async def test_take_back_refused_after_a_draw_keeps_the_result_and_says_why(make_app):
    """Ann drew from the stock: the result step names the card drawn; u is not offered, and pressed
    it says why in the hint line while the note still names the card drawn (nowhere else does)."""
    session = two_humans(stock="2C 3S")
    app = make_app(session)
    async with running(app) as pilot:
        screen = app.screen
        await play(pilot, screen, Move.play("9D"))
        result = "You played 9♦. You drew 3♠."
        assert screen.mode() == "result" and screen.note.body == result
        assert screen.check_action("take_back", ()) is False and "u Undo" not in screen_text(app)
        await press(pilot, "u")
        assert screen.note.label == "Your move" and screen.note.body == result
        refusal = "Cards were drawn from the stock and seen, so this move can't be undone."
        assert screen.message is not None and screen.message.plain == refusal
        text = " ".join(screen_text(app).split())
        assert result in text and refusal in text
        assert screen.mode() == "result" and session.game.moves == 1


async def test_take_back_after_taking_the_pile(make_app):
    """Ann took the pile: every card of it was public, so u puts it back and her turn goes on."""
    session = two_humans()
    app = make_app(session)
    async with running(app) as pilot:
        screen = app.screen
        before = session.game.to_json()
        await press(pilot, "t")
        assert screen.mode() == "result" and screen.note.body == "You took the pile (2 cards)."
        assert screen.check_action("take_back", ()) is True and "u Undo" in screen_text(app)
        await press(pilot, "u")
        assert session.game.to_json() == before and screen.mode() == "hand" and screen.viewer == 0
        assert screen.note.body == "Undid taking the pile (2 cards). Play again."


async def test_take_back_refused_after_a_face_down_card_failed(make_app):
    """Ann turned a face-down card that could not go and took it with the pile: the card was
    never seen before, so this take can't go back."""
    position = [{"name": "Ann", "face_down": "4C 9C"}, {"name": "Ben", "hand": "5S", "face_down": "8D"}]
    session = two_humans(position=position, pile="QH")
    app = make_app(session)
    async with running(app) as pilot:
        screen = app.screen
        await press(pilot, "enter")
        assert screen.mode() == "result" and "turned over 4♣ from face down" in screen.note.body
        assert screen.check_action("take_back", ()) is False
        await press(pilot, "u")
        assert screen.message is not None and "face-down card was turned" in screen.message.plain
        assert session.game.moves == 1


async def test_take_back_on_the_table_after_a_clear(make_app):
    """A 10 clears and Ann plays again: u on the table takes the 10 back; after Ben moves it is gone."""
    session = vs_computer()
    app = make_app(session)
    async with running(app) as pilot:
        screen = app.screen
        await play(pilot, screen, Move.play("10H"))
        assert session.game.turn == 0 and not session.game.pile
        assert screen.check_action("take_back", ()) is True and "u Undo" in screen_text(app)
        await press(pilot, "u")
        assert [str(c) for c in session.game.pile] == ["5♥", "6♦"]
        assert screen.note.body == "Undid playing 10♥. Play again."
        await play(pilot, screen, Move.play("9D"))  # Ben (easy, no delay) answers at once
        assert screen.check_action("take_back", ()) is False
        await press(pilot, "u")
        assert screen.message is not None and "moved since" in screen.message.plain


# ---------------------------------------------------------------------- learn, rules, compare


async def test_learn_from_the_new_table_screen(make_app):
    """^l on the new-table screen opens the lessons; Escape comes back to the form."""
    app = make_app()
    async with running(app) as pilot:
        form = app.screen
        assert isinstance(form, NewTableScreen) and "^l Learn" in screen_text(app)
        await press(pilot, "ctrl+l")
        assert isinstance(app.screen, LearnScreen)
        await press(pilot, "escape")
        assert app.screen is form


async def test_rules_screen_compares_presets(make_app):
    """? shows the rules card of the options in force; c compares two presets; Escape goes back."""
    session = vs_computer()
    app = make_app(session)
    async with running(app) as pilot:
        await press(pilot, "question_mark", "question_mark")  # how to play, then the full rules
        rules = app.screen
        assert isinstance(rules, RulesScreen) and rules.rules == session.game.rules
        assert "c Compare presets" in screen_text(app)
        await press(pilot, "c")
        assert isinstance(app.screen, CompareScreen) and app.screen.pair == ["palace", "shithead"]
        assert "Compare presets" in screen_text(app) and "differs" in screen_text(app)
        await press(pilot, "escape")
        assert app.screen is rules
        await press(pilot, "escape")
        assert isinstance(app.screen, TableScreen)


# ---------------------------------------------------------------------- computers in a worker


async def test_computer_thinks_in_a_worker_with_a_pause(make_app):
    """With a pause set, the computer's move is worked out in a thread and lands after it."""
    session = vs_computer()
    app = make_app(session, ai_delay=0.01)
    async with running(app) as pilot:
        screen = app.screen
        await play(pilot, screen, Move.play("9D"))
        await settle(pilot, lambda: session.game.turn == 0, what="Ben's move to land, back to Ann")
        await workers_done(app, pilot)
        assert session.game.turn == 0 and len(session.events) >= 2
        assert session.events[1][1].seat == 1
        assert screen.note.label == "Since your last turn" and "Ben" in screen.note.body


async def test_take_back_while_the_computer_waits(make_app):
    """During the computer's pause u is offered; taking back drops the move it worked out."""
    session = vs_computer()
    app = make_app(session, ai_delay=30)
    async with running(app) as pilot:
        screen = app.screen
        await play(pilot, screen, Move.play("9D"))
        await workers_done(app, pilot)  # Ben has chosen; his move waits for the pause
        assert session.game.turn == 1 and screen.mode() == "wait"
        assert screen.check_action("take_back", ()) is True
        await press(pilot, "u")
        assert session.game.turn == 0 and session.game.moves == 0 and screen.computers._timer is None
        assert screen.mode() == "hand" and "9♦" in hand_text(screen)


async def test_take_back_hidden_with_the_reason_while_the_computer_waits(make_app):
    """Alone with a computer, Ann drew a card: u is not in the footer during the pause, and says why."""
    session = vs_computer(stock="2C 3S")
    app = make_app(session, ai_delay=30)
    async with running(app) as pilot:
        screen = app.screen
        await play(pilot, screen, Move.play("9D"))
        assert screen.mode() == "wait" and screen.viewer == 0
        assert screen.check_action("take_back", ()) is False and "u Undo" not in screen_text(app)
        await press(pilot, "u")
        assert screen.message is not None and "drawn from the stock" in screen.message.plain
        assert "Cards were drawn from the stock" in screen_text(app)


async def test_coach_setup_swap_is_under_the_cursor_and_enter_makes_it(make_app):
    """h in the setup (deal=swap): the cursors go to the two cards the coach names, so Enter
    makes exactly the advised swap, wherever the cursors were (issue 35)."""
    from palace_tui.ai.policy import setup_move

    rules = Rules.preset("palace")
    session = Session.new([SeatConfig("Ann", human=False, level="easy"), SeatConfig("Ben")], rules, seed=3)
    app = make_app(session, coach_work=5_000)
    async with running(app, size=(80, 24)) as pilot:
        screen = app.screen
        for _ in range(100):
            if isinstance(app.screen, TableScreen) and app.screen.viewer == 1 and session.game.turn == 1:
                break
            await press(pilot, "enter")  # past a pass screen, if any
        screen = app.screen
        assert session.game.phase == "setup" and screen.viewer == 1
        advised = setup_move(session.game)
        assert advised.kind == "swap" and screen.cursor.move("swap", screen.view(), screen.mode(), rules) != advised
        await press(pilot, "h")
        await settle(pilot)
        hand_card, up_card = advised.cards
        assert f"Put your {hand_card} face up" in screen.note.body and screen.note.body.endswith("Enter swaps them.")
        await press(pilot, "enter")
        assert up_card in session.game.seats[1].hand and hand_card in session.game.seats[1].face_up
        assert session.history[-1] == advised


async def test_coach_setup_choice_is_marked_and_enter_lays_it(make_app):
    """h in the setup (deal=choose): the coach's cards are marked, so Enter lays exactly them face up."""
    from palace_tui.ai.policy import setup_move

    rules = Rules.preset("palace").replace(deal="choose")
    session = Session.new([SeatConfig("Ann", human=False, level="easy"), SeatConfig("Ben")], rules, seed=3)
    app = make_app(session, coach_work=5_000)
    async with running(app, size=(80, 24)) as pilot:
        for _ in range(100):
            if isinstance(app.screen, TableScreen) and app.screen.viewer == 1 and session.game.turn == 1:
                break
            await press(pilot, "enter")
        screen = app.screen
        advised = setup_move(session.game)
        assert advised.kind == "choose"
        await press(pilot, "space")  # a mark of Ben's own, which the advice replaces
        await press(pilot, "h")
        await settle(pilot)
        assert screen.note.body.endswith("Enter lays them face up."), screen.note.body
        await press(pilot, "enter")
        assert sorted(session.game.seats[1].face_up) == sorted(advised.cards)
