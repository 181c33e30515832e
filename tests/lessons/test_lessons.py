"""Every lesson: the right move passes, a wrong one is explained (played through the runner)."""

from __future__ import annotations

from collections import Counter

import pytest

from palace_tui.lessons import BY_ID, CORE, LESSONS, OPTION_LESSONS, LessonRunner, lesson_for_option
from palace_tui.rules import Move
from palace_tui.rules.saving import to_dict

#: For each lesson: a right move, an illegal move (engine refuses), and a legal move that misses the point.
CASES = {
    "palace": ("play AS", "play 4D", "take"),
    "deal-swap": ("swap TD 4C", "swap 4C TD", "swap 5C 8D"),
    "starts": ("play 3H", "play AC", "play JD"),
    "climb": ("play 9D", "play 6H", "take"),
    "pairs": ("play QH QS", "play 5C", "play QH"),
    "two": ("play 2C", "play 9H", "take"),
    "ten": ("play TD", "play 5C", "take"),
    "four": ("play 7D 7S", "play 7D KC", "play 7D"),
    "take": ("take", "play 9S", None),
    "face-up": ("play KH", "play 3D", "take +3D"),
    "stuck": ("take +4C", "play 4C", None),
    "blind": ("flip 0", "take", None),
    "out": ("flip 0", "play 2S", None),
    "seven-low": ("play 5C", "play 9D", "take"),
    "eight-reverse": ("play 8C", "play 4D", "take"),
    "eight-invisible": ("play JC", "play 6H", "take"),
    "jokers": ("play KC", "play 9S", "take"),
    "ten-not-on-picture": ("play AC", "play TD", "take"),
    "builder": ("take", "play 9S", None),
    "keep-row": ("take", "play 4C", None),
    "eight-skip": ("play 8C", "play 4D", "play KS"),
    "three-see-through": ("play QC", "play 9H", "take"),
    "nine-low": ("play 6H", "play JS", "take"),
    "must-play": ("play 9S", "take", None),
    "chance": ("chance", "play 4D", "take"),
    "play-drawn": ("play 9D", "play 4D", "done"),
}


#: Pages are only read: Enter finishes them.
PAGES = {"pass", "burn-in"}
MOVES = [lesson for lesson in LESSONS if not lesson.is_page]


def test_every_lesson_has_a_case_and_ids_are_unique():
    assert set(CASES) | PAGES == {lesson.id for lesson in LESSONS}
    assert {lesson.id for lesson in LESSONS if lesson.is_page} == PAGES
    assert len(BY_ID) == len(LESSONS)


def test_a_page_is_done_once_read():
    runner = LessonRunner(BY_ID["pass"])
    assert runner.game is None and not runner.done
    assert runner.read().kind == "right" and runner.done
    with pytest.raises(ValueError, match="page to read"):
        BY_ID["pass"].position()


@pytest.mark.parametrize("lesson_id", list(CASES))
def test_right_move_passes(lesson_id):
    runner = LessonRunner(BY_ID[lesson_id])
    feedback = runner.attempt(Move.from_code(CASES[lesson_id][0]))
    assert feedback.kind == "right", feedback.full_text()
    assert runner.done
    assert feedback.text == BY_ID[lesson_id].praise
    assert feedback.happened.startswith("You ")
    # A finished lesson says so instead of taking more moves.
    assert runner.attempt(Move.take()).kind == "done"


@pytest.mark.parametrize("lesson_id", list(CASES))
def test_illegal_move_is_refused_with_the_engine_sentence_and_a_hint(lesson_id):
    lesson = BY_ID[lesson_id]
    runner = LessonRunner(lesson)
    before = to_dict(runner.game)
    move = Move.from_code(CASES[lesson_id][1])
    trial = lesson.position()
    with pytest.raises(Exception) as engine:
        trial.play(move)
    feedback = runner.attempt(move)
    assert feedback.kind == "illegal"
    assert feedback.text.startswith(str(engine.value))
    assert "Hint: " + lesson.hint in feedback.text
    assert to_dict(runner.game) == before and not runner.done


@pytest.mark.parametrize("lesson_id", [k for k, v in CASES.items() if v[2]])
def test_legal_but_not_the_point_is_explained_and_put_back(lesson_id):
    runner = LessonRunner(BY_ID[lesson_id])
    before = to_dict(runner.game)
    feedback = runner.attempt(Move.from_code(CASES[lesson_id][2]))
    assert feedback.kind == "not-quite", feedback.full_text()
    assert "back where they were" in feedback.text
    assert len(feedback.text) > 40
    assert to_dict(runner.game) == before and not runner.done


def test_legal_moves_split_into_right_and_not_right():
    """No lesson accepts everything: with a choice, at least one legal move is not right."""
    for lesson in MOVES:
        runner = LessonRunner(lesson)
        kinds = {LessonRunner(lesson).attempt(m).kind for m in runner.game.legal_moves()}
        assert "right" in kinds, lesson.id
        if len(runner.game.legal_moves()) > 1 and lesson.id not in ("blind", "out", "stuck"):
            assert "not-quite" in kinds, lesson.id


def test_positions_are_real():
    """Each card at most once, the learner to act, no lesson starts over."""
    for lesson in MOVES:
        game = lesson.position()
        counts = Counter(c.code for c in game.all_cards())
        assert max(counts.values()) == 1, (lesson.id, [k for k, v in counts.items() if v > 1])
        # A dealt lesson is at the swap, unless everyone said ready before it (then play has begun).
        ready = lesson.before.count("ready") == len(lesson.seats)
        assert game.turn == lesson.learner and game.phase == ("setup" if lesson.dealt and not ready else "play")
        assert game.names[lesson.learner] == "You"
        assert 1 <= len(lesson.rule.split(". ")) <= 3, lesson.id


def test_course_order_and_seed_examples():
    assert [lesson.id for lesson in CORE] == [
        "palace",
        "deal-swap",
        "starts",
        "pass",
        "climb",
        "pairs",
        "two",
        "ten",
        "four",
        "take",
        "face-up",
        "stuck",
        "blind",
        "out",
    ]
    assert all(lesson.part == "option" and lesson.options for lesson in OPTION_LESSONS)
    four = BY_ID["four"].position()
    assert [c.code for c in four.pile[-2:]] == ["7H", "7C"]
    assert [c.code for c in four.seats[0].hand if c.rank == 7] == ["7D", "7S"]
    blind = BY_ID["blind"].position()
    assert [c.code for c in blind.seats[0].face_down] == ["4C", "6S", "5H"] and blind.pile[-1].code == "QH"


def test_each_option_has_its_lesson():
    for name, value in [
        ("seven", "low"),
        ("eight", "reverse"),
        ("eight", "see-through"),
        ("jokers", True),
        ("ten", "not-on-picture"),
        ("after_pickup", "builder"),
        ("stuck_face_up", "keep-row"),
    ]:
        lesson = lesson_for_option(name, value)
        assert lesson is not None and getattr(lesson.rules, name) == value


def test_blind_four_is_picked_up_not_out():
    runner = LessonRunner(BY_ID["blind"])
    feedback = runner.attempt(Move.flip(0))
    seat = runner.game.seats[0]
    assert seat.place is None and sorted(c.code for c in seat.hand) == ["4C", "8D", "QH"]
    assert "4♣" in feedback.happened and "took it with the pile" in feedback.happened


def test_the_builder_leads_and_keep_row_keeps_the_row():
    runner = LessonRunner(BY_ID["builder"])
    runner.attempt(Move.take())
    assert runner.game.turn == 2
    runner = LessonRunner(BY_ID["keep-row"])
    runner.attempt(Move.take())
    assert [c.code for c in runner.game.seats[0].face_up] == ["4C", "5D", "6H"]


def test_reset_puts_the_position_back():
    runner = LessonRunner(BY_ID["ten"])
    runner.attempt(Move.play("TD"))
    runner.reset()
    assert not runner.done and to_dict(runner.game) == to_dict(BY_ID["ten"].position())


def test_explain_is_the_engine_explainer():
    assert (
        LessonRunner(BY_ID["seven-low"]).explain()
        == "A 7 is on top and sevens are low: play a 7 or lower, a 2 or a 10."
    )


def test_dealt_lessons_are_dealt_as_written():
    """A dealt lesson's seats hold exactly the cards its data lists, in the setup phase."""
    for lesson in (m for m in MOVES if m.dealt):
        game = lesson.position()
        for seat, spec in zip(game.seats, lesson.seats):
            for zone in ("hand", "face_up", "face_down"):
                assert sorted(c.code for c in getattr(seat, zone)) == sorted(spec[zone].split()), (
                    lesson.id,
                    seat.name,
                    zone,
                )
        assert [c.code for c in game.stock] == lesson.stock.split(), lesson.id


def test_the_palace_is_the_last_with_cards():
    runner = LessonRunner(BY_ID["palace"])
    runner.attempt(Move.play("AS"))
    outcome = runner.game.outcome()
    assert outcome is not None and outcome.loser == 1 and outcome.order == (2, 0, 1)
    assert "Ben is the Palace" in runner.last.text


def test_the_lowest_three_leads_once_all_are_ready():
    """Everyone is ready and the learner holds the lowest card, a 3 in hand: the learner leads,
    and the decision is what to lead (a low lead is right; a higher one is legal and explained)."""
    runner = LessonRunner(BY_ID["starts"])
    assert runner.game.phase == "play" and runner.game.turn == 0
    high = LessonRunner(BY_ID["starts"]).attempt(Move.play("JD"))
    assert high.kind == "not-quite" and "the leader may lead any card" in high.text
    feedback = runner.attempt(Move.play("3H"))
    assert feedback.kind == "right" and "You played 3♥" in feedback.happened


def test_who_leads_and_the_blind_card_ask_for_a_decision():
    """They asked for a key press (r; Enter on the only face-down card): now there is a choice."""
    for lesson_id in ("starts", "blind"):
        assert len(BY_ID[lesson_id].position().legal_moves()) > 1, lesson_id


def test_each_house_power_of_issue_22_has_a_lesson_and_its_right_move_is_right():
    """A skip, see-through and lower-than on other ranks, must play, the chance card and a drawn
    match: the move each lesson asks for is judged right by the engine; burn-in is a page."""
    from palace_tui.lessons import lessons_for
    from palace_tui.rules import Rules

    right = {
        "eight-skip": Move.play("8C"),
        "three-see-through": Move.play("QC"),
        "nine-low": Move.play("6H"),
        "must-play": Move.play("9S"),
        "chance": Move.chance(),
        "play-drawn": Move.play("9D"),
    }
    for lesson_id, move in right.items():
        feedback = LessonRunner(BY_ID[lesson_id]).attempt(move)
        assert feedback.kind == "right", (lesson_id, feedback)
    assert BY_ID["burn-in"].is_page
    assert LessonRunner(BY_ID["must-play"]).attempt(Move.take()).kind == "illegal"
    assert LessonRunner(BY_ID["play-drawn"]).attempt(Move.done()).kind == "not-quite"
    assert LessonRunner(BY_ID["chance"]).attempt(Move.take()).kind == "not-quite"
    # A table that gives a power to another rank is sent to the same lesson.
    table = Rules.preset("palace").replace(five="skip", jack="invisible", six="low", burn_in=True)
    assert [lesson.id for lesson in lessons_for(table)] == ["seven-low", "eight-invisible", "eight-skip", "burn-in"]
