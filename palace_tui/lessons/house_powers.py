"""One short lesson per house rule of issue 22: a skip, see-through and lower-than on a rank
that does not have them by default, must play, the chance card, playing a drawn match, and
burn-in (a page: it happens between turns, on the public table).

Each is built with ``Game.from_position`` on the palace preset with the one option on, and
judged by the engine's events, as every lesson is. The ranks chosen are the ones tables
use most (the 8 skips, the 3 is see-through, the 9 is low); a table that gives the power to
another rank is sent to the same lesson (:meth:`Lesson.teaches`).
"""

from __future__ import annotations

from palace_tui.lessons.lesson import Lesson, Result, any_play, both, plays_rank
from palace_tui.rules import Move
from palace_tui.words import burn_in as burn_in_words

ACE, KING, QUEEN, JACK = 14, 13, 12, 11


def _ben(hand: str = "5S 6C 8H") -> dict[str, str]:
    return {"name": "Ben", "hand": hand, "face_up": "KD 2H AS", "face_down": "3S 4H 6D"}


def _cy(hand: str = "3D 4S 9H") -> dict[str, str]:
    return {"name": "Cy", "hand": hand, "face_up": "QC 10C 5H", "face_down": "6S 3H JC"}


def _skipped(r: Result) -> bool:
    return any(e.kind == "skipped" for e in r.events)


def _king_not_skip(r: Result) -> str | None:
    if r.move.kind == "play" and r.played() and r.played()[0].rank == KING:
        return "Legal, but after a king Ben simply plays. Your 8 makes Ben miss his turn: try it."
    return None


def _took_instead(r: Result) -> str | None:
    if r.move.kind == "take":
        return "With this house rule you could have turned the stock's top card first (Chance): try it."
    return None


def _kept_drawn(r: Result) -> str | None:
    if r.move.kind == "done":
        return "Legal: Done ends your turn and keeps the 9♦ in your hand. This time play it at once."
    return None


def _burn_in_picture(touch: bool) -> str:
    """The offer as the table puts it up (its title, then its words) after Ben's third 9."""
    keys = burn_in_words.burn_in_keys([(0, "Ann"), (2, "Cy")], touch)
    return f"{burn_in_words.TITLE}\n{burn_in_words.burn_in_question(9, 4)}\n{keys}"


HOUSE_POWER_LESSONS: tuple[Lesson, ...] = (
    Lesson(
        id="eight-skip",
        title="House rule: eights skip",
        part="option",
        options={"eight": "skip"},
        power="skip",
        rule="An 8 is played by rank like any card, and the next player misses a turn: play passes "
        "to the one after them. Several 8s together skip one player (or one each, if the table "
        "says so). With two players, you play again.",
        prompt="Ben is next after you, then Cy. A 6 is on top: play your 8 so that Ben misses his turn.",
        seats=({"name": "You", "hand": "4D 8C KS", "face_up": "AD JH 9D", "face_down": "3C 2S 7D"}, _ben(), _cy()),
        pile="5C 6H",
        right=both(plays_rank(8), _skipped, lambda r: r.after.turn == 2),
        praise="Right: the 8 beat the 6 and Ben misses his turn. Cy plays next and must beat your 8.",
        not_quite="",
        not_quite_for=_king_not_skip,
        hint="Choose the 8.",
    ),
    Lesson(
        id="three-see-through",
        title="House rule: see-through threes",
        part="option",
        options={"three": "see-through"},
        power="see-through",
        rule="A 3 goes on anything and is see-through: the next card must beat the card under it, "
        "as if the 3 were not there.",
        prompt="Ben put a 3 on a jack. Play a card that beats what is under the 3.",
        seats=({"name": "You", "hand": "5S 9H QC", "face_up": "AD KH 8D", "face_down": "4C 5H 7D"}, _ben("5D 6C 9S")),
        pile="7C JD 3C",
        pile_owner=1,
        right=plays_rank(QUEEN),
        praise="Right: the 3 is see-through, so you had to beat the jack under it. The queen does.",
        not_quite="",
        hint="Look under the 3: it's a jack.",
    ),
    Lesson(
        id="nine-low",
        title="House rule: nines are low",
        part="option",
        options={"nine": "low"},
        power="low",
        rule="After a 9 the next ordinary play must be 9 or lower. Cards that go on anything, "
        "like the 2 and the 10, still may.",
        prompt="A 9 is on top and nines are low. Play a card that may follow it.",
        seats=({"name": "You", "hand": "6H JS KC", "face_up": "AD QH 8D", "face_down": "3C 5H 4D"}, _ben()),
        pile="4C 9H",
        right=plays_rank(3, 4, 5, 6, 7, 8, 9),
        praise="Right: the 6 goes under the low 9. From here play climbs again from the 6.",
        not_quite="",
        hint="Only the 6 is 9 or lower.",
    ),
    Lesson(
        id="must-play",
        title="House rule: must play",
        part="option",
        options={"must_play": True},
        rule="You may take the pile only when nothing you could play goes on it.",
        prompt="An 8 is on top and your 9 beats it, so taking is not allowed (press t to see why). Play the 9.",
        seats=({"name": "You", "hand": "4D 9S 3C", "face_up": "AD JH KC", "face_down": "3H 6H 7D"}, _ben()),
        pile="5C 8C",
        right=any_play,
        praise="Right: with must play you play whenever you can; the pile is only for when you can't.",
        not_quite="",
        hint="The 9 goes on the 8.",
        touch={"prompt": "An 8 is on top and your 9 beats it, so you may not take the pile. Play the 9."},
    ),
    Lesson(
        id="chance",
        title="House rule: the chance card",
        part="option",
        options={"chance": True},
        # Two lines at 80 columns: a third pushed the hint of a wrong move out of view (N-10).
        rule="Instead of taking the pile, you may turn the stock's top card: played if it goes on "
        "the pile; if not, it joins the pile and you take it all.",
        prompt="Nothing in your hand beats the king. Before you take the pile, try your luck: "
        "press c to turn the stock's top card.",
        seats=({"name": "You", "hand": "4D 5H 6H", "face_up": "AD JH 9D", "face_down": "3C 8S 7D"}, _ben()),
        pile="9S KH",
        stock="4S AC",
        right=lambda r: r.move.kind == "chance",
        praise="It was the A♣, and an ace beats the king: it went on the pile and you took nothing. "
        "Had it been lower, it would have joined the pile and you would have taken it all.",
        not_quite="",
        not_quite_for=_took_instead,
        hint="Press c.",
        touch={
            "prompt": "Nothing in your hand beats the king. Before you take the pile, try your luck: "
            "tap Chance to turn the stock's top card.",
            "hint": "Tap Chance.",
        },
    ),
    Lesson(
        id="play-drawn",
        title="House rule: play the card you draw",
        part="option",
        options={"play_drawn": True},
        rule="When the card you draw after playing matches the rank you just played, you may play "
        "it at once, on your own card, or end your turn.",
        prompt="You played the 9♣ and drew the 9♦ from the stock: it matches. Play it now "
        "(Enter), or d would end your turn.",
        seats=({"name": "You", "hand": "9C 4D 5H", "face_up": "AD JH KC", "face_down": "3C 6H 7D"}, _ben()),
        pile="7S",
        stock="9D",
        before=(Move.play("9C").code(),),
        right=plays_rank(9),
        not_quite_for=_kept_drawn,
        praise="Right: the drawn 9 went straight on your own, one card fewer to get rid of.",
        not_quite="",
        hint="The 9♦ is under the cursor: press Enter.",
        touch={
            "prompt": "You played the 9♣ and drew the 9♦ from the stock: it matches. Play it now "
            "(tap it, then Play), or Done would end your turn.",
            "hint": "Tap the 9♦, then Play.",
        },
    ),
    Lesson(
        id="burn-in",
        title="House rule: burn in out of turn",
        part="option",
        options={"burn_in": True},
        rule="When a play leaves one card short of a burn (three of a kind on top), whoever holds "
        "the missing card may play it at once, out of turn: the pile is cleared and they lead.",
        prompt="At a shared keyboard the table asks everyone in public after every such play, "
        "whether or not anyone can, so the question gives nothing away. Press your seat's number "
        "to burn in; a wrong claim only says you have no such card. Computers decide at once.",
        seats=(),
        right=None,
        picture=_burn_in_picture(touch=False),
        touch={
            "prompt": "On a shared phone or tablet the table asks everyone in public after every such "
            "play, whether or not anyone can, so the question gives nothing away. Tap your name to "
            "burn in; a wrong claim only says you have no such card. Computers decide at once.",
            "picture": _burn_in_picture(touch=True),
        },
        praise="Burning in clears the pile and gives you the lead, even when it was not your turn.",
        not_quite="",
        hint="",
    ),
)
