"""The course: fourteen core lessons (about five minutes), then one lesson per house option
(those of issue 22's house rules are in :mod:`.house_powers`).

The core opens with what a first game needs before its first card
(:mod:`.first_game`: the goal, the deal and swap, who leads, the pass screen).

Every position is built with ``Game.from_position`` and uses the seeds' own examples
(a 9 takes a 9 or a picture; the four sevens; the blind 4 on a queen; Alice's last
two on a queen). The learner always sits in seat 0 and is called "You".
"""

from __future__ import annotations

from palace_tui.lessons.first_game import FIRST_GAME
from palace_tui.lessons.house_powers import HOUSE_POWER_LESSONS
from palace_tui.lessons.lesson import Lesson, Result, any_play, both, clears, flips, plays_rank, takes
from palace_tui.rules import Rules

ACE, KING, QUEEN, JACK = 14, 13, 12, 11


def _ben(hand: str = "5S 6C 8H") -> dict[str, str]:
    return {"name": "Ben", "hand": hand, "face_up": "KD 2H AS", "face_down": "3S 4H 6D"}


def _cy(hand: str = "3D 4S 9H") -> dict[str, str]:
    return {"name": "Cy", "hand": hand, "face_up": "QC 10C 5H", "face_down": "6S 3H JC"}


def _single_queen(r: Result) -> str | None:
    if r.move.kind == "play" and len(r.played()) == 1:
        return (
            "That's legal, but both queens could go down together: two cards of one rank "
            "leave the pile where one would, and you get rid of more."
        )
    return None


def _one_seven(r: Result) -> str | None:
    if r.move.kind == "play" and len(r.played()) == 1 and r.played()[0].rank == 7:
        return (
            "Legal, and now three sevens are on top: but the fourth is in your hand, and "
            "Ben gets the chance to play on first. Play both sevens at once."
        )
    return None


def _not_taking(r: Result) -> str | None:
    if r.move.kind == "take":
        return (
            "Taking the pile is always allowed, but here you had a card that goes on it. "
            "Take only when you can't (or really don't want to) play."
        )
    return None


CORE: tuple[Lesson, ...] = FIRST_GAME + (
    Lesson(
        id="climb",
        title="Play equal or higher",
        rule="On your turn, play a card that equals or beats the top card of the pile. "
        "Ranks climb 3 4 5 6 7 8 9 J Q K A; suits never matter.",
        prompt="A 9 is on top. It takes another 9 or anything higher (J Q K A). "
        "Pick a card that can go on it (← → choose, Enter plays).",
        seats=({"name": "You", "hand": "6H 8S 9D KC", "face_up": "JD QH 2S", "face_down": "4C 5D 7S"}, _ben()),
        pile="3D 9C",
        right=any_play,
        praise="Right: it equals or beats the 9. Now it's Ben's turn, and Ben must beat your card.",
        not_quite="Taking the pile is allowed, but you had a card that goes on the 9. Try again.",
        hint="Choose the 9 or the king.",
        touch={
            "prompt": "A 9 is on top. It takes another 9 or anything higher (J Q K A). "
            "Tap a card that can go on it, then Play."
        },
    ),
    Lesson(
        id="pairs",
        title="Several of one rank",
        rule="You may play several cards together if they are all the same rank. "
        "After playing from your hand, draw back up to three while the stock lasts.",
        prompt="A jack is on top and you hold two queens. Mark both queens with Space, then press Enter.",
        seats=({"name": "You", "hand": "5C QH QS", "face_up": "9D KH 2C", "face_down": "4D 7C 3C"}, _ben("6S 6H 8D")),
        pile="8C JS",
        stock="4S 7H 9S",
        right=plays_rank(QUEEN, count=2),
        praise="Right: a pair of queens follows a jack. You drew two cards from the stock, so you "
        "hold three again. (The 5♣ could never have gone with them: it is another rank.)",
        not_quite="That's legal, but the lesson is to play both queens at once. Try again.",
        not_quite_for=_single_queen,
        hint="Mark both queens with Space, then press Enter.",
        touch={
            "prompt": "A jack is on top and you hold two queens. Tap each queen twice to mark it, then tap Play.",
            "hint": "Tap each queen twice to mark it, then tap Play.",
        },
    ),
    Lesson(
        id="two",
        title="A two resets the pile",
        rule="A 2 goes on anything, and anything may be played on a 2. It does not give you another turn.",
        prompt="An ace is on top: nothing in your hand beats it except the 2. Play the 2.",
        seats=({"name": "You", "hand": "5D 9H 2C", "face_up": "KS JH 8D", "face_down": "3C 6H 7D"}, _ben()),
        pile="7C AH",
        right=plays_rank(2),
        praise="Right: the 2 went on the ace. Now Ben may play any card at all on your 2.",
        not_quite="Taking the pile works, but your 2 can go on the ace. Try again.",
        hint="Only the 2 can go on an ace here.",
    ),
    Lesson(
        id="ten",
        title="A ten clears, and you go again",
        rule="A 10 goes on anything. It clears the whole pile out of the game for good, "
        "and you play again on the empty pile.",
        prompt="A big pile with an ace on top. Clear it with your 10.",
        seats=({"name": "You", "hand": "5C 6S 10D", "face_up": "QS JD 9C", "face_down": "3H 7C 8S"}, _ben()),
        pile="4D 9S KH AC",
        right=clears("ten"),
        praise="Right: the 10 cleared five cards out of the game, and it is still your turn: "
        "lead anything on the empty pile, a low card is best.",
        not_quite="Taking works, but the 10 gets rid of the pile instead. Try again.",
        hint="The 10 goes on anything, even an ace.",
    ),
    Lesson(
        id="four",
        title="Four of a kind clears",
        rule="When the top four cards of the pile are one rank, played at once or over several "
        "turns by several players, the pile is cleared and whoever completed it plays again.",
        prompt="Ben and Cy each played a seven: 7♥ 7♣ are on top. You hold 7♦ 7♠. "
        "Mark both sevens with Space and press Enter.",
        seats=({"name": "You", "hand": "7D 7S KC", "face_up": "AD 2D 9D", "face_down": "4C 3C 8C"}, _ben(), _cy()),
        pile="5D 7H 7C",
        right=clears("four"),
        praise="Right: four sevens in a row on top burn the whole pile, even the 5 underneath, "
        "and you lead again on an empty pile.",
        not_quite="Legal, but it doesn't make four sevens. Try again.",
        not_quite_for=_one_seven,
        hint="Mark 7♦ and 7♠ together.",
        touch={
            "prompt": "Ben and Cy each played a seven: 7♥ 7♣ are on top. You hold 7♦ 7♠. "
            "Tap each seven twice to mark it, then tap Play."
        },
    ),
    Lesson(
        id="take",
        title="Taking the pile",
        rule="If you can't play (or don't want to), take the whole pile into your hand. "
        "That ends your turn, and the next player starts a new pile.",
        prompt="An ace is on top and you have no ace, 2 or 10. Press t to take the pile.",
        seats=(
            {"name": "You", "hand": "4C 6D 9S", "face_up": "KD JH 10S", "face_down": "3C 5H 8D"},
            {"name": "Ben", "hand": "5S 6C 8H", "face_up": "KS 2H 7C", "face_down": "3S 4H 6H"},
        ),
        pile="8C QD AH",
        right=takes,
        praise="Right: the three cards are in your hand and your turn is over. Ben starts a new "
        "pile with anything. A big pile is the whole game: keep it small.",
        not_quite="",
        hint="Nothing in your hand beats an ace: press t.",
        touch={
            "prompt": "An ace is on top and you have no ace, 2 or 10. Tap the pile to take it.",
            "hint": "Nothing in your hand beats an ace: tap the pile, or Take.",
        },
    ),
    Lesson(
        id="face-up",
        title="Your face-up cards",
        rule="When your hand is empty and the stock is gone, you play from your face-up cards, "
        "by the same rules: one, or several of one rank.",
        prompt="Your hand is empty and the stock is gone. A 9 is on top: play a face-up card that beats it.",
        seats=({"name": "You", "face_up": "3D JS KH", "face_down": "4C 5C 8C"}, _ben()),
        pile="6H 9C",
        right=any_play,
        praise="Right: face-up cards play like a hand. Your face-down cards are next, once this row is gone.",
        not_quite="",
        not_quite_for=_not_taking,
        hint="The jack or the king beats a 9; the 3 doesn't.",
    ),
    Lesson(
        id="stuck",
        title="Stuck at the face-up stage",
        rule="If none of your face-up cards can go on the pile, add one of them to the pile, "
        "then take the whole pile into your hand. Play that hand out before you use your "
        "table cards again.",
        prompt="A queen is on top and your face-up cards are 4, 5 and 6. Choose one with "
        "← → and press t to add it and take the pile.",
        seats=({"name": "You", "face_up": "4C 5D 6H", "face_down": "3C 7S 8C"}, _ben()),
        pile="9S QH",
        right=takes,
        praise="Right: your face-up card went on the pile and you took it all. Now you play from "
        "your hand again until it is empty.",
        not_quite="",
        hint="Choose a face-up card, then press t to add it and take the pile.",
        touch={
            "prompt": "A queen is on top and your face-up cards are 4, 5 and 6. Tap one, then "
            "tap the pile (or Take) to add it and take the pile.",
            "hint": "Tap a face-up card, then the pile (or Take), to add it and take the pile.",
        },
    ),
    Lesson(
        id="blind",
        title="Face-down cards: turned blind",
        rule="When your hand and face-up cards are gone, turn one face-down card a turn, unseen. "
        "If it can't go on the pile, you take it and the whole pile, even if it was your "
        "last card.",
        prompt="Hand and face-up cards gone, a queen on top: choose one of your three unseen "
        "face-down cards (←→) and turn it over (Enter).",
        seats=({"name": "You", "face_down": "4C 6S 5H"}, _ben()),
        pile="8D QH",
        right=flips,
        praise="Your blind card can't go on the Q♥, so it went into your hand with the whole pile: "
        "now you play from your hand again, and the face-down cards left wait until it is empty.",
        not_quite="",
        hint="Choose a face-down card with ←→ and press Enter to turn it over.",
        touch={
            "prompt": "Hand and face-up cards gone, a queen on top: tap one of your three unseen "
            "face-down cards, then tap it again to turn it over.",
            "hint": "Tap a face-down card, then tap it again to turn it over.",
        },
    ),
    Lesson(
        id="out",
        title="Going out",
        rule="A card that lands legally stays on the pile. When your last card stays, you are out: "
        "the last player still holding cards loses.",
        prompt="One face-down card left, a queen on top. Turn it over with Enter and hope.",
        seats=({"name": "You", "face_down": "2S"}, _ben(), _cy()),
        pile="7D QH",
        right=both(flips, lambda r: r.after.seats[r.learner].place is not None),
        praise="Your last blind card was a 2, which goes on anything: it stayed, and you are out "
        "and safe. Ben and Cy play on until one of them is left holding cards.",
        not_quite="",
        hint="Press Enter to turn your last face-down card.",
        touch={
            "prompt": "One face-down card left, a queen on top. Tap it twice to turn it over, and hope.",
            "hint": "Tap your last face-down card twice to turn it over.",
        },
    ),
)


OPTION_LESSONS: tuple[Lesson, ...] = (
    Lesson(
        id="seven-low",
        title="House rule: sevens are low",
        part="option",
        options={"seven": "low"},
        power="low",
        rule="After a 7, the next play must be 7 or lower (a 3, 4, 5, 6 or 7). Twos and tens still go on anything.",
        prompt="A 7 is on top and sevens are low. Play a card that may follow it.",
        seats=({"name": "You", "hand": "5C 9D KS", "face_up": "AD JH 8D", "face_down": "3C 6H 4D"}, _ben()),
        pile="4C 7H",
        right=plays_rank(3, 4, 5, 6, 7),
        praise="Right: a 5 goes under the low 7. From here, play climbs again from the 5.",
        not_quite="",
        not_quite_for=_not_taking,
        hint="Only the 5 is 7 or lower.",
    ),
    Lesson(
        id="eight-reverse",
        title="House rule: eights reverse",
        part="option",
        options={"eight": "reverse"},
        power="reverse",
        rule="An 8 goes on anything and reverses the direction of play.",
        prompt="Cy played a king, and Ben is next after you. Play your 8 to send the turn back to Cy.",
        seats=({"name": "You", "hand": "4D 5D 8C", "face_up": "AD JH 9D", "face_down": "3C 6H 7D"}, _ben(), _cy()),
        pile="7C KS",
        right=both(plays_rank(8), lambda r: "reversed" in r.kinds()),
        praise="Right: the 8 went on the king and play now goes the other way: Cy plays next, "
        "not Ben, and must beat your 8.",
        not_quite="",
        hint="An 8 goes on anything, even a king: play the 8♣.",
    ),
    Lesson(
        id="eight-invisible",
        title="House rule: see-through eights",
        part="option",
        options={"eight": "see-through"},
        power="see-through",
        rule="An 8 goes on anything and is see-through: the next card must beat the card under it.",
        prompt="Ben put an 8 on a 9. Play a card that beats what is under the 8.",
        seats=({"name": "You", "hand": "4S 6H JC", "face_up": "AD KH 9D", "face_down": "3C 5H 7D"}, _ben("5S 6C 3H")),
        pile="9C 8D",
        right=plays_rank(JACK),
        praise="Right: the 8 is see-through, so you had to beat the 9 under it. The jack does.",
        not_quite="",
        not_quite_for=_not_taking,
        hint="Look under the 8: it's a 9.",
    ),
    Lesson(
        id="jokers",
        title="House rule: jokers",
        part="option",
        options={"jokers": True},
        rule="A joker goes on anything, alone or with other jokers, and reverses the direction. "
        "It is see-through: the next player must beat the card under it.",
        prompt="You played the Q♥. Ben, next after you, put a joker on it, so the turn comes back to "
        "you: beat your own queen under the joker.",
        seats=({"name": "You", "hand": "5D 9S KC", "face_up": "AD JH 8D", "face_down": "3C 6H 4D"}, _ben(), _cy()),
        pile="7C QH JK",
        pile_owner=1,
        direction=-1,
        right=plays_rank(KING),
        praise="Right: the joker is see-through, so you had to beat the queen under it, your own card. "
        "The king does. Jokers never count toward four of a kind.",
        not_quite="",
        not_quite_for=_not_taking,
        hint="Look under the joker: it's a queen.",
    ),
    Lesson(
        id="ten-not-on-picture",
        title="House rule: no ten on pictures",
        part="option",
        options={"ten": "not-on-picture"},
        rule="Tens may not go on a jack, queen, king or ace. On anything else a 10 still clears.",
        prompt="A king is on top. Your 10 is not allowed on it: play something that is.",
        seats=({"name": "You", "hand": "4C AC 10D", "face_up": "QD JH 8D", "face_down": "3C 6H 5D"}, _ben()),
        pile="5C KC",
        right=plays_rank(ACE, 2),
        praise="Right: the ace beats the king. Keep the 10 for a pile topped by a 9 or lower.",
        not_quite="",
        not_quite_for=_not_taking,
        hint="The ace beats a king.",
    ),
    Lesson(
        id="builder",
        title="House rule: the builder leads",
        part="option",
        options={"after_pickup": "builder"},
        rule="After someone takes the pile, play passes to whoever played the card that was not "
        "beaten, not to the next player round the table.",
        prompt="Cy played the ace on top and you can't beat it. Take the pile, and see who leads.",
        seats=({"name": "You", "hand": "4C 7D 9S", "face_up": "KH JH 10S", "face_down": "3C 5C 8D"}, _ben(), _cy()),
        pile="5D JS AC",
        pile_owner=2,
        right=both(takes, lambda r: r.after.turn == 2),
        praise="Right: Cy built the pile with the unbeaten ace, so Cy leads the new pile, not Ben.",
        not_quite="",
        hint="Nothing in your hand beats an ace: press t.",
        touch={"hint": "Nothing in your hand beats an ace: tap the pile, or Take."},
    ),
    Lesson(
        id="keep-row",
        title="House rule: keep your row",
        part="option",
        options={"stuck_face_up": "keep-row"},
        rule="Stuck at the face-up stage, just take the pile: you don't add a face-up card, and "
        "your row stays as it is.",
        prompt="A queen is on top and your face-up cards are 4, 5 and 6. Press t to take the pile.",
        seats=({"name": "You", "face_up": "4C 5D 6H", "face_down": "3C 7S 8C"}, _ben()),
        pile="9S QH",
        right=both(takes, lambda r: len(r.after.seats[r.learner].face_up) == 3),
        praise="Right: you took the two cards and kept all three face-up cards for later.",
        not_quite="",
        hint="None of 4, 5 or 6 beats a queen: press t.",
        touch={
            "prompt": "A queen is on top and your face-up cards are 4, 5 and 6. Tap the pile to take it.",
            "hint": "None of 4, 5 or 6 beats a queen: tap the pile, or Take.",
        },
    ),
)

OPTION_LESSONS += HOUSE_POWER_LESSONS

#: Every lesson in course order.
LESSONS: tuple[Lesson, ...] = CORE + OPTION_LESSONS
#: Lessons by id.
BY_ID = {lesson.id: lesson for lesson in LESSONS}


def lessons_for(rules: Rules) -> list[Lesson]:
    """The house-rule lessons a table playing ``rules`` needs: those whose options it plays, and
    for a rank power it gives another rank (lower-than on the jack), that power's lesson.

    >>> from palace_tui.rules import Rules
    >>> [lesson.id for lesson in lessons_for(Rules.preset("palace").replace(seven="low", jokers=True))]
    ['seven-low', 'jokers']
    >>> [lesson.id for lesson in lessons_for(Rules.preset("palace").replace(five="skip", jack="low"))]
    ['seven-low', 'eight-skip']
    >>> lessons_for(Rules.preset("shithead"))
    []
    """
    chosen = [lesson for lesson in OPTION_LESSONS if lesson.teaches(rules)]
    taught = {lesson.power for lesson in chosen}
    # A power on another rank than a lesson's (skips on the 5): that power's lesson, once.
    for lesson in OPTION_LESSONS:
        if lesson.power not in taught and lesson.teaches_power(rules):
            chosen.append(lesson)
            taught.add(lesson.power)
    return sorted(chosen, key=OPTION_LESSONS.index)


def lesson_for_option(name: str, value: object) -> Lesson | None:
    """The lesson that teaches an option value, if there is one (``("seven", "low")``)."""
    for lesson in OPTION_LESSONS:
        if lesson.options.get(name) == value:
            return lesson
    return None
