"""The lessons a first game needs before its first card: the goal, the deal and swap,
who leads, and the pass screen.

They come first in the course. Where a move teaches it (the swap, saying ready, going
out) the engine plays and judges the move; the pass screen is a page to read. Every
position is the palace preset's: the last with cards is the Palace, the lowest 3 leads.
"""

from __future__ import annotations

from palace_tui.lessons.lesson import TEN, Lesson, Result, out_and_palace, plays_rank, swaps_face_up


def _other_swap(r: Result) -> str | None:
    if r.move.kind == "ready":
        return (
            "You may start without swapping, but then the 4♣ waits face up for the end of the "
            "game, when a weak card is the last thing you want."
        )
    if r.move.kind == "swap":
        return (
            "Legal: you may swap as often as you like before play. This time put the 10♦ face up, "
            "in the place of the 4♣."
        )
    return None


def _high_lead(r: Result) -> str | None:
    if r.move.kind == "play" and r.played()[0].rank != 3:
        return (
            f"Legal: the leader may lead any card. But a low lead is better: the {r.played()[0]} is "
            "worth more later, when the pile is high, and the 3♥ only gets harder to get rid of."
        )
    return None


FIRST_GAME: tuple[Lesson, ...] = (
    Lesson(
        id="palace",
        title="Don't be the Palace",
        rule="Everyone tries to get rid of every card: the hand first, then the face-up cards, "
        "then the face-down ones. Players go out one by one; the last one still holding cards "
        "is the Palace.",
        prompt="Cy is already out. Your last card is the A♠ and a 9 is on top: play the ace and go out.",
        seats=(
            {"name": "You", "hand": "AS"},
            {"name": "Ben", "hand": "4D 8C JH", "face_up": "KD 5S", "face_down": "3S 6D"},
            {"name": "Cy", "place": 1},
        ),
        pile="5H 9C",
        right=out_and_palace(1),
        praise="Right: your last card stayed on the pile, so you are out, 2nd. Ben is the last with "
        "cards: Ben is the Palace, loses this game, and deals the next one.",
        not_quite="Taking the pile is allowed, but your ace beats the 9 and gets you out. Try again.",
        hint="Play the A♠: an ace beats a 9.",
    ),
    Lesson(
        id="deal-swap",
        title="The deal and the swap",
        dealt=True,
        dealer=1,
        rule="Each player is dealt 3 cards face down (nobody looks), 3 face up and 3 in hand. "
        "Before play you may swap hand cards with your face-up cards, as often as you like.",
        prompt="Your face-up cards are played late, when a strong card helps most. Swap the 10♦ "
        "from your hand with the 4♣ face up: ←→ choose a card, ↑↓ change row, Enter swaps.",
        seats=(
            {"name": "You", "face_down": "3C 7S 9H", "face_up": "4C 8D JS", "hand": "5C KH TD"},
            {"name": "Ben", "face_down": "3S 6C 8S", "face_up": "QD 2H 9C", "hand": "5S 6H 7D"},
        ),
        stock="3D 4D 5D 6D",
        right=swaps_face_up(TEN),
        praise="Right: the 10♦ waits face up for later, and a weaker card is in your hand to play "
        "early. Tens, twos and aces make a good face-up row. At the table, when your row suits "
        "you, r says you are ready.",
        not_quite="",
        not_quite_for=_other_swap,
        hint="In the hand row put the cursor on the 10♦, press ↓, put it on the 4♣, then Enter.",
        touch={
            "prompt": "Your face-up cards are played late, when a strong card helps most. Swap the 10♦ "
            "from your hand with the 4♣ face up: tap the 10♦, tap the 4♣, then tap Swap.",
            "hint": "Tap the 10♦ in your hand, the 4♣ face up, then Swap.",
            "praise": "Right: the 10♦ waits face up for later, and a weaker card is in your hand to play "
            "early. Tens, twos and aces make a good face-up row. At the table, when your row suits "
            "you, Ready says you are ready.",
        },
    ),
    Lesson(
        id="starts",
        title="Who leads: the lowest 3",
        dealt=True,
        dealer=0,
        before=("ready", "ready", "ready"),
        rule="Once everyone is ready, the lowest card leads: a 3 face up first (clockwise from the "
        "dealer's left), then a 3 in hand, then 4s, and so on.",
        prompt="Everyone is ready. Nobody shows a 3 face up, so the lowest card is a 3 in a hand: "
        "your 3♥. You lead, and may lead any card, or several of one rank, from your hand. "
        "Which do you lead?",
        seats=(
            {"name": "You", "face_down": "4C 7S 9H", "face_up": "AC 2D TS", "hand": "3H 6D JD"},
            {"name": "Ben", "face_down": "3S 6C 8S", "face_up": "KD 2H AH", "hand": "5S 6H 7D"},
            {"name": "Cy", "face_down": "3D 5C 8D", "face_up": "QC TC 9S", "hand": "4S 8H KS"},
        ),
        stock="4H 5D 7C",
        right=plays_rank(3),
        praise="Right: the 3 in your hand was the lowest card, so you led, and a low lead is the best "
        "one: a 3 is the hardest card to get rid of later, and your J♦ stays for when the pile is high.",
        not_quite="",
        not_quite_for=_high_lead,
        hint="Lead from your hand: your face-up cards wait until the hand is gone.",
    ),
    Lesson(
        id="pass",
        title="Passing the keyboard",
        rule="Everyone plays at one keyboard. After your move you see what it did; then the screen "
        "hides every card and names the next player.",
        prompt='When the screen says "Pass to Ben", hand the keyboard to Ben. Everyone else looks '
        "away; only Ben presses Enter, and then sees his own cards and what happened since "
        "his last turn. Computer players play on their own, in the open: nobody's hand is "
        "shown while they do.",
        seats=(),
        right=None,
        pass_to="Ben",
        touch={
            "rule": "Everyone plays on one screen, passed round. After your move you see what it did; "
            "then the screen hides every card and names the next player.",
            "prompt": 'When the screen says "Pass to Ben", hand the phone or tablet to Ben. Everyone '
            "else looks away; only Ben taps the box, and then sees his own cards and what happened "
            "since his last turn. Computer players play on their own, in the open: nobody's hand "
            "is shown while they do.",
        },
        praise="Nobody sees a hand that is not theirs: that is the whole point of the pass screen.",
        not_quite="",
        hint="",
    ),
)
