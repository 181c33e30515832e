"""The play phase's moves as the rules see them: every legal move of the seat to act,
and each kind of move checked before :class:`~palace_tui.rules.game.Game` applies it.

A move the rules refuse raises :class:`IllegalMove` with a sentence that says why and
what the seat may do instead (the sentences are made in :mod:`.text`); nothing is
changed. A move that passes goes on to :mod:`.turn`, the same code the quiet paths of
computer players run.

An insider (ruff SLF001 allows it, pyproject.toml says why): it reads the rule tables
(``_t``), the requirement (``_eff``) and a seat's hand by rank, and writes the drawn offer
(``_pending``, cleared by a play of it), the events (``_events``: a take) and the hand (the
named cards it takes out).

>>> from palace_tui.rules import Game, Move, Rules
>>> g = Game.from_position(Rules.preset("palace"), seats=[{"hand": "4C 9D"}, {"hand": "5D"}], pile="7H")
>>> [m.code() for m in play_moves(g)]
['play 9D', 'take']
>>> g.play(Move.play("4C"))
Traceback (most recent call last):
...
palace_tui.rules.moves.IllegalMove: A 4 can't go on a 7: play a 9 from your hand, or take the pile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from palace_tui.rules.cards import Card, cards_words, order_key, rank_name
from palace_tui.rules.events import Event
from palace_tui.rules.kinds import EventKind, MoveKind, Stage
from palace_tui.rules.moves import IllegalMove, Move
from palace_tui.rules.seat import _HAND_ORDER, _pick, not_among
from palace_tui.rules.text import (
    drawn_sentence,
    illegal_play_sentence,
    join_or,
    legal_summary,
    not_held_sentence,
    not_holding_sentence,
)
from palace_tui.rules.turn import end_drawn, lay, pick_up, take_chance, turn_up

if TYPE_CHECKING:
    from palace_tui.rules.game import Game


def play_moves(game: Game) -> list[Move]:
    """The legal moves of the seat to act in the play phase, plays listed once per rank and count."""
    s = game.seats[game.turn]
    moves: list[Move] = []
    t = game._t
    allowed = t.allowed[game._eff]
    pending = game._pending
    if pending is not None:  # play_drawn: the drawn match, or end the turn
        rank, count, _skips = pending
        b = s._hb[rank]
        moves = [Move(MoveKind.PLAY, tuple(b[:k])) for k in range(1, count + 1)]
        return moves + [Move(MoveKind.DONE)]
    if s._hn:
        for r in _HAND_ORDER:
            b = s._hb[r]
            if b and allowed >> r & 1:
                for k in range(1, len(b) + 1):
                    moves.append(Move(MoveKind.PLAY, tuple(b[:k])))
        if game.pile and not (moves and t.must_play):
            moves.append(Move(MoveKind.TAKE))
            if game.rules.chance and game.stock:
                moves.append(Move(MoveKind.CHANCE))
    elif s.face_up:
        by_rank: dict[int, list[Card]] = {}
        for c in s.face_up:
            by_rank.setdefault(c.rank, []).append(c)
        for r, cs in sorted(by_rank.items(), key=lambda kv: order_key(kv[0])):
            if allowed >> r & 1:
                for k in range(1, len(cs) + 1):
                    moves.append(Move(MoveKind.PLAY, tuple(cs[:k])))
        if game.pile and not (moves and t.must_play):
            if game.rules.adds_face_up:
                for _rank, cs in sorted(by_rank.items(), key=lambda kv: order_key(kv[0])):
                    moves.append(Move(MoveKind.TAKE, (), cs[0]))
            else:
                moves.append(Move(MoveKind.TAKE))
    else:
        moves = [Move(MoveKind.FLIP, (), None, i) for i in range(len(s.face_down))]
    return moves


def play_cards(game: Game, cards: tuple[Card, ...]) -> None:
    """Lay ``cards`` (all one rank) from the seat's current stage, or refuse."""
    if not cards:
        raise IllegalMove(f"Choose at least one card to play: you can {legal_summary(game)}.")
    rank = cards[0].rank
    for c in cards:
        if c.rank != rank:
            raise IllegalMove(
                "Cards played together must all be the same rank, so "
                f"{' and '.join(sorted({rank_name(c.rank, True) for c in cards}))} can't go "
                f"together: play one rank at a time (you can {legal_summary(game)})."
            )
    s_i = game.turn
    s = game.seats[s_i]
    n = len(cards)
    pending = game._pending
    if pending is not None:
        drawn, count, skips = pending
        if rank != drawn or n > count or len(s._hb[rank]) < n:
            raise IllegalMove(drawn_sentence(drawn, count))
        missing = not_among(cards, s._hb[rank])
        if missing:
            raise IllegalMove(not_held_sentence(game, missing, s._hb[rank], "in your hand"))
        game._pending = None
        lay(game, s_i, s, s._take_rank(rank, cards), True, skips)
        return
    if s._hn:
        bucket = s._hb[rank]
        if len(bucket) < n:
            raise IllegalMove(not_holding_sentence(game, rank, n, len(bucket), "in your hand"))
        missing = not_among(cards, bucket)
        if missing:
            raise IllegalMove(not_held_sentence(game, missing, bucket, "in your hand"))
        if not game._t.allowed[game._eff] >> rank & 1:
            raise IllegalMove(illegal_play_sentence(game, rank))
        lay(game, s_i, s, s._take_rank(rank, cards), True)
    elif s.face_up:
        have = [c for c in s.face_up if c.rank == rank]
        if len(have) < n:
            raise IllegalMove(not_holding_sentence(game, rank, n, len(have), "face up"))
        missing = not_among(cards, have)
        if missing:
            raise IllegalMove(not_held_sentence(game, missing, have, "face up"))
        if not game._t.allowed[game._eff] >> rank & 1:
            raise IllegalMove(illegal_play_sentence(game, rank))
        laid = _pick(have, cards)
        for c in laid:
            s.face_up.remove(c)
        lay(game, s_i, s, laid, False)
    else:
        raise IllegalMove("Your hand and face-up cards are gone: turn one of your face-down cards.")


def take_pile(game: Game, adding: Card | None) -> None:
    """Take the pile, first adding face-up card ``adding`` where stuck_face_up=add-one, or refuse."""
    s_i = game.turn
    s = game.seats[s_i]
    stage = game.stage()
    _not_while_drawn(game)
    if not game.pile:
        # Name only what is legal: anything goes on an empty pile, but not from face down.
        rest = "play any card" if stage != Stage.FACE_DOWN else legal_summary(game)
        raise IllegalMove(f"The pile is empty, so there is nothing to take: {rest}.")
    if stage == Stage.FACE_DOWN:
        raise IllegalMove("At the face-down stage the only move is to turn a face-down card.")
    if game.rules.must_play and game.playable_mask():
        raise IllegalMove(f"You must play if you can, and you can: {legal_summary(game)}.")
    added: tuple[Card, ...] = ()
    if stage == Stage.FACE_UP and game.rules.adds_face_up:
        if adding is None:
            raise IllegalMove(
                "With no hand, taking the pile means adding one of your face-up cards to "
                "it first: choose which face-up card to add."
            )
        match = [c for c in s.face_up if c.rank == adding.rank]
        if not match:
            raise IllegalMove(
                f"You have no {rank_name(adding.rank)} face up to add: add "
                f"{join_or([cards_words([c]) for c in s.face_up])}."
            )
        if adding not in match:
            raise IllegalMove(
                f"You have no {adding} face up to add: add {join_or([cards_words([c]) for c in s.face_up])}."
            )
        s.face_up.remove(adding)
        game.pile.append(adding)
        added = (adding,)
    elif adding is not None:
        why = (
            "You are playing from your hand, so no face-up card is added"
            if stage == Stage.HAND
            else "Under keep-row your face-up cards stay where they are"
        )
        raise IllegalMove(f"{why}: take the pile without adding one.")
    if game._events is not None:
        game._events.append(Event(EventKind.TOOK, s_i, added, len(game.pile)))
    pick_up(game, s_i, s)


def flip_card(game: Game, index: int | None) -> None:
    """Turn face-down card ``index`` at the face-down stage, or refuse."""
    s_i = game.turn
    s = game.seats[s_i]
    stage = game.stage()
    _not_while_drawn(game)
    if stage != Stage.FACE_DOWN:
        where = "hand" if stage == Stage.HAND else "face-up row"
        if game.playable_mask():
            raise IllegalMove(f"Face-down cards come last: play from your {where} first.")
        raise IllegalMove(
            f"Face-down cards come last, and nothing in your {where} can go on the pile: you can {legal_summary(game)}."
        )
    if index is None or not 0 <= index < len(s.face_down):
        raise IllegalMove(f"Choose a face-down card from 1 to {len(s.face_down)}.")
    turn_up(game, s_i, s, index)


def end_turn(game: Game) -> None:
    """End the turn instead of playing the drawn match (play_drawn), or refuse."""
    if game._pending is None:
        raise IllegalMove(f"There is no drawn card waiting to be played: you can {legal_summary(game)}.")
    end_drawn(game, game.turn)


def chance(game: Game) -> None:
    """Turn the stock's top card instead of taking the pile (the chance card), or refuse."""
    _not_while_drawn(game)
    if not game.rules.chance:
        raise IllegalMove(f"These rules have no chance card: you can {legal_summary(game)}.")
    if game.stage() != Stage.HAND or not game.stock:
        raise IllegalMove(f"The chance card comes from the stock, and it is empty: you can {legal_summary(game)}.")
    if not game.pile:
        raise IllegalMove("The pile is empty, so there is nothing to risk: play any card.")
    if game.rules.must_play and game.playable_mask():
        raise IllegalMove(f"You must play if you can, and you can: {legal_summary(game)}.")
    s_i = game.turn
    take_chance(game, s_i, game.seats[s_i])


def _not_while_drawn(game: Game) -> None:
    if game._pending is not None:
        rank, count, _skips = game._pending
        raise IllegalMove(drawn_sentence(rank, count))


__all__ = ["chance", "end_turn", "flip_card", "play_cards", "play_moves", "take_pile"]
