"""The review's sentences: why a longer look prefers another move, in the game's terms,
and what it cost, spoken to the player who made it.

>>> from palace_tui.rules import Game, Move, Rules
>>> game = Game.from_position(Rules.preset("palace"), seats=[
...     {"name": "Ann", "hand": "10H 4C", "face_up": "KS", "face_down": "3D"},
...     {"name": "Ben", "hand": "5S", "face_up": "QH", "face_down": "8D"}],
...     pile="5H 6D 9C 9S JD QC AD AC KH")
>>> why_better(game, Move.take(), Move.from_code("play TH"))
'you took 9 cards when your 10♥ would have cleared them'
>>> preferred(game, Move.take(), Move.from_code("play TH"))
'playing your 10♥'
>>> cost("win", 0.2, 0.35)
'It cost you about 15 games in 100: from here you win about 20, where the better move won 35.'

Pure: the rules are read, nothing is decided here.
"""

from __future__ import annotations

from collections.abc import Sequence

from palace_tui.rules import Card, Game, Move
from palace_tui.rules.cards import JOKER, TEN, TWO, order_key
from palace_tui.words.vocab import capitalized, count, join_and, number_word, rank_name, rank_plural

_SPECIAL = (TWO, TEN, JOKER)


def _your(cards: Sequence[Card], have: int) -> str:
    """``your 10♥``, ``both your 7s``, ``all three of your 7s``, ``one of your 2s``."""
    rank = cards[0].rank
    if len(cards) == 1 and have == 1:
        return f"your {cards[0]}"
    n = len(cards)
    if n == have:
        return f"both your {rank_plural(rank)}" if n == 2 else f"all {number_word(n)} of your {rank_plural(rank)}"
    return f"{number_word(n)} of your {rank_plural(rank)}"


def _held(game: Game, rank: int) -> int:
    """How many cards of ``rank`` the seat to act plays from (its hand, else its face-up row)."""
    s = game.seats[game.turn]
    source = s.hand if s.hand_count else s.face_up
    return sum(1 for c in source if c.rank == rank)


def _laid(game: Game, move: Move) -> str:
    return _your(list(move.cards), _held(game, move.cards[0].rank))


def preferred(game: Game, made: Move, better: Move) -> str:
    """The better move as a player says it: ``taking the pile``, ``playing your 10♥``,
    ``keeping your 2♠`` (taking the pile instead of spending it)."""
    if better.kind == "take":
        if made.kind == "play" and made.cards[0].rank in _SPECIAL:
            return f"keeping {_laid(game, made)} and taking the pile"
        if better.adding is not None:
            return f"taking the pile with your {better.adding}"
        return "taking the pile"
    if better.kind == "flip":
        return "turning a face-down card"
    return f"playing {_laid(game, better)}"


def _on_what(game: Game) -> str:
    need = game.requirement()
    return f"could go on the {rank_name(need)}" if need else "could start the pile"


def why_better(game: Game, made: Move, better: Move) -> str:
    """What the move made gave away or missed against ``better``, in the game's terms:
    ``you took 9 cards when your 10♥ would have cleared them``."""
    pile = len(game.pile)
    if made.kind == "take" and better.kind == "play":
        rank = better.cards[0].rank
        mine = _laid(game, better)
        if rank == TEN:
            return f"you took {count(pile, 'card')} when {mine} would have cleared them"
        if rank == TWO:
            return f"you took {count(pile, 'card')} when {mine} would have started the pile again"
        if rank == JOKER:
            return f"you took {count(pile, 'card')} when {mine} could go on anything"
        return f"you took {count(pile, 'card')} when {mine} {_on_what(game)}"
    if made.kind == "take" and better.kind == "take":
        gave, cheaper = made.adding, better.adding
        return f"you gave up your {gave} with the pile when your {cheaper} was cheaper to lose"
    if made.kind == "play" and better.kind == "take":
        mine = _laid(game, made)
        rank = made.cards[0].rank
        cards = count(pile, "card")
        if rank in _SPECIAL:
            return f"you spent {mine} on a pile of only {cards}: taking them keeps it for when nothing else goes"
        them = "it" if len(made.cards) == 1 else "them"
        return f"you played {mine} where taking the pile's {cards} would have kept {them} for later"
    if made.kind == "play" and better.kind == "play":
        return _play_against_play(game, made, better)
    return f"you chose to {made} where {preferred(game, made, better)} was better"


def _play_against_play(game: Game, made: Move, better: Move) -> str:
    mine, theirs = made.cards[0].rank, better.cards[0].rank
    was, would = _laid(game, made), _laid(game, better)
    pile = len(game.pile)
    if mine == theirs:
        if len(made.cards) > len(better.cards):
            return f"you played {was} when {would} would do, keeping the rest for later"
        return f"you played {was} when {would} together were stronger"
    if theirs == TEN and pile:
        return f"you played {was} when {would} would have cleared the pile of {count(pile, 'card')}"
    if theirs == TWO:
        return f"you played {was} when {would} would have started the pile again"
    if mine in _SPECIAL and theirs not in _SPECIAL:
        return f"you spent {was} when {would} {_on_what(game)}"
    if order_key(theirs) < order_key(mine):
        lower = would.replace("your ", "your lower ", 1)
        kept = "it" if len(made.cards) == 1 else "them"
        return f"you played {was} when {lower} would do, keeping {kept} for later"
    return f"you played {was} when {would} would have been harder to beat"


def _row_change(made_row: Sequence[Card], better_row: Sequence[Card]) -> tuple[list[Card], list[Card]]:
    """The cards the coach lays face up that the player did not, highest first, and the player's
    face-up cards the coach would keep in hand, lowest first."""
    up = sorted((c for c in better_row if c not in made_row), key=lambda c: -order_key(c.rank))
    down = sorted((c for c in made_row if c not in better_row), key=lambda c: order_key(c.rank))
    return up, down


def setup_preferred(made_row: Sequence[Card], better_row: Sequence[Card]) -> str:
    """The coach's setup, named by what it lays face up that the player did not (``laying 10♣ and
    K♠ face up``), as :func:`preferred` names a move."""
    up, _ = _row_change(made_row, better_row)
    return f"laying {join_and([str(c) for c in up])} face up" if up else "the coach's setup"


def setup_why(made_row: Sequence[Card], better_row: Sequence[Card]) -> str:
    """Why the coach's face-up row is better than the one laid (said after :func:`setup_preferred`)."""
    up, down = _row_change(made_row, better_row)
    if not up:
        return "your face-up row was weaker than the coach's"
    them = "it" if len(up) == 1 else "them"
    return (
        f"you kept {them} in your hand and left {join_and([str(c) for c in down])} face up; twos, tens and "
        "high cards are safest face up, and low cards are easiest to play from the hand"
    )


def games_in_100(p: float) -> str:
    """A chance as games a player can picture: ``about 18 games in 100``, ``hardly any game``."""
    n = round(p * 100)
    if n <= 0:
        return "hardly any game"
    if n >= 100:
        return "nearly every game"
    return f"about {n} game{'s' if n > 1 else ''} in 100"


def chances_words(who: str, not_last: float, win: float, has_loser: bool) -> str:
    """A seat's chances from here as a player says them, ``who`` the subject (``you``, ``Ben``):

    >>> chances_words("Ben", 0.86, 0.25, True)
    'Ben stays out of last place in about 86 games in 100 and wins about 25 games in 100'
    >>> chances_words("you", 0.3, 0.0, False)
    'you win hardly any game'
    """
    s = "" if who == "you" else "s"
    won = f"win{s} {games_in_100(win)}"
    return f"{who} stay{s} out of last place in {games_in_100(not_last)} and {won}" if has_loser else f"{who} {won}"


def cost(measure: str, made: float, better: float) -> str:
    """What a mistake cost, in games a player can picture, by the chance the review ranks by: the
    difference of the two chances it quotes (so the three numbers always add up), never more
    than the better move's own chance."""
    now, best = (round(min(1.0, max(0.0, p)) * 100) for p in (made, better))
    points = best - now
    if measure == "not_last":
        if points < 1:
            return "It leaves you lower on average, though you stay out of last place about as often."
        return (
            f"It cost you about {points} games in 100: from here you stay out of last place in about "
            f"{now}, where the better move kept you out in {best}."
        )
    if points < 1:
        return "It leaves you lower on average, though you win about as often."
    return f"It cost you about {points} games in 100: from here you win about {now}, where the better move won {best}."


def turning_label(name: str, k: int, of: int) -> str:
    """``Ann's turning point 2 of 3``."""
    return f"{name}'s turning point {k} of {of}"


def plan_words(moves: list[Move], whose: str = "your") -> str:
    """A seat's whole setup in players' words, naming the cards: ``put your 2♥ face up and
    take the 8♦ into your hand, then your 10♣ face up and the 4♠ into your hand``."""
    if moves and moves[0].kind == "choose":
        names = [str(c) for c in moves[0].cards]
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        return f"lay {listed} face up"
    swaps = [m for m in moves if m.kind == "swap"]
    if not swaps:
        return "keep the face-up cards as dealt"
    parts = []
    for k, m in enumerate(swaps):
        hand_card, up_card = m.cards
        if k == 0:
            parts.append(f"put {whose} {hand_card} face up and take the {up_card} into {whose} hand")
        else:
            parts.append(f"{whose} {hand_card} face up and the {up_card} into {whose} hand")
    return ", then ".join(parts)


def decision_clauses(who: str, kind: str, made: list[Move], advised: list[Move]) -> tuple[str, str]:
    """What ``who`` did and what the coach advised, as two clauses: (``Ann chose to play 7♦``,
    ``the coach advised: play 9♦``); for a setup (``kind``) the cards swapped are named."""
    if kind == "setup":
        whose = "your" if who == "you" else "the"
        return f"{who} chose to {plan_words(made, whose)}", f"the coach advised: {plan_words(advised)}"
    return f"{who} chose to {made[0]}", f"the coach advised: {advised[0]}"


def play_mistake(game: Game, made: Move, better: Move, measure: str, made_p: float, better_p: float) -> str:
    """Why a longer look prefers ``better`` to the move made, and what it cost: two sentences."""
    said = f"a longer look prefers {preferred(game, made, better)}: {why_better(game, made, better)}"
    return capitalized(said) + ". " + cost(measure, made_p, better_p)


def setup_mistake(
    made_row: Sequence[Card], better_row: Sequence[Card], measure: str, made_p: float, better_p: float
) -> str:
    """Why a longer look prefers the coach's face-up row to the one laid, and what it cost."""
    said = f"a longer look prefers {setup_preferred(made_row, better_row)}: {setup_why(made_row, better_row)}"
    return capitalized(said) + ". " + cost(measure, made_p, better_p)


def person_summary(followed: int, decisions: int, mistakes: int, turning: int) -> str:
    """What the review's summary says to one person (after their name) before their turning points:

    >>> person_summary(22, 26, 3, 2)
    "you made the coach's choice in 22 of 26 decisions. Your two turning points:"
    >>> person_summary(5, 5, 0, 0)
    "you made the coach's choice in 5 of 5 decisions; a longer look found no clearly better move anywhere."
    """
    said = f"you made the coach's choice in {followed} of {decisions} decisions"
    if not mistakes:
        return said + "; a longer look found no clearly better move anywhere."
    if not turning:
        times = f"{mistakes} time{'s' if mistakes > 1 else ''}"
        return said + f"; a longer look found a better move {times}, none of them costing much."
    return said + f". Your {number_word(turning)} turning point{'s' if turning > 1 else ''}:"
