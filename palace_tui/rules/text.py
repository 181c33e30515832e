"""Words for the rules: what may be played, why a play is refused, the rules card.

Everything a player reads about the rules is generated here from the options in
force, so the text can never disagree with what the engine enforces.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import ACE, JOKER, ORDINARY_RANKS, PICTURES, TEN, TWO, RANK_LABELS, rank_name, cards_text
from .options import OPTION_HELP, OPTIONS, Rules
from .tables import tables_for

if TYPE_CHECKING:
    from .game import Game


def _join(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " or " + parts[-1]


def requirement_short(rules: Rules, eff: int) -> str:
    """What may go on the pile, in a few words: ``9 or higher``, ``7 or lower``, ``anything``."""
    if eff in (0, TWO):
        return "anything"
    if eff == 7 and rules.seven == "low":
        return "7 or lower"
    if eff == ACE:
        return "A"
    return f"{RANK_LABELS[eff]} or higher"


def allowed_phrases(rules: Rules, eff: int) -> list[str]:
    """The legal answers to a requirement, as phrases: ['a 9 or higher', 'a 2', 'a 10']."""
    if eff in (0, TWO):
        return ["anything"]
    t = tables_for(rules)
    mask = t.allowed[eff]
    if eff == 7 and rules.seven == "low":
        parts = ["a 7 or lower"]
    elif eff == ACE:
        parts = ["an ace"]
    else:
        parts = [f"{rank_name(eff, True)} or higher"]
    parts.append("a 2")
    if mask >> TEN & 1:
        parts.append("a 10")
    low_seven = eff == 7 and rules.seven == "low"
    if t.powered_eight and (eff > 8 or low_seven):  # else the ordinary phrase covers 8s
        parts.append("an 8")
    if rules.jokers:
        parts.append("a joker")
    return parts


def _top_words(game: "Game") -> str:
    """The card being answered, in words, looking through transparent cards."""
    eff = game.requirement()
    top = game.pile[-1]
    if top.rank == eff:
        return rank_name(eff, True)
    under = "invisible 8" if top.rank == 8 else "joker"
    return f"the {rank_name(eff)} under the {under}"


def illegal_play_sentence(game: "Game", rank: int) -> str:
    """A beginner's sentence for a refused play, saying what would be legal."""
    rules = game.rules
    eff = game.requirement()
    why = ""
    if rank == TEN and eff in PICTURES:
        why = " (tens may not go on a jack, queen, king or ace)"
    elif eff == 7 and rules.seven == "low":
        why = " while sevens are low"
    what = rank_name(rank, True)
    options = allowed_phrases(rules, eff)
    stage = game.stage()
    tail = ""
    if stage == "hand":
        tail = ", or take the pile"
    elif stage == "face_up":
        tail = (", or take the pile, adding one of your face-up cards" if rules.stuck_face_up == "add-one"
                else ", or take the pile")
    return f"{what[0].upper()}{what[1:]} can't go on {_top_words(game)}{why}: play {_join(options)}{tail}."


def explain_pile(game: "Game") -> str:
    """What may be played now and why, in one or two sentences."""
    rules = game.rules
    if not game.pile:
        return "The pile is empty: play anything."
    eff = game.requirement()
    top = game.pile[-1]
    parts = []
    run_rank, run_len = top_run(game.pile)
    if run_rank and run_rank != JOKER and 1 < run_len < 4:
        need = 4 - run_len
        parts.append(f"{run_len} {rank_name(run_rank)}s are on top: {need} more clear{'s' if need == 1 else ''} the pile.")
    if top.rank != eff and top.rank in (8, JOKER) and eff:
        thing = "The 8 is invisible" if top.rank == 8 else "The joker is see-through"
        parts.append(f"{thing}: beat the {rank_name(eff)} under it.")
    elif top.rank != eff and not eff:
        parts.append(f"The {'8' if top.rank == 8 else 'joker'} has nothing under it: play anything.")
        return " ".join(parts)
    if eff == TWO:
        parts.append("A 2 is on top: anything may follow.")
    elif eff == 7 and rules.seven == "low":
        parts.append(f"A 7 is on top and sevens are low: play {_join(allowed_phrases(rules, eff))}.")
    elif eff:
        parts.append(f"{rank_name(eff, True).capitalize()} is the card to beat: play {_join(allowed_phrases(rules, eff))}.")
    return " ".join(parts)


def top_run(pile: list) -> tuple[int, int]:
    """Rank and length of the same-rank run on top of the pile (jokers never count)."""
    if not pile:
        return 0, 0
    rank = pile[-1].rank
    n = 0
    for c in reversed(pile):
        if c.rank != rank:
            break
        n += 1
    return rank, n


def pile_run_text(pile: list) -> str:
    """The run on top of the pile: ``7♥ 7♣: 2 of a kind``, or the top card alone."""
    rank, n = top_run(pile)
    if not n:
        return "empty"
    cards = cards_text(pile[-n:])
    if n == 1 or rank == JOKER:
        return cards
    return f"{cards}: {n} of a kind"


def option_value_text(value) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def rules_card(rules: Rules) -> str:
    """The rules of the game in force, as Markdown, generated from the options."""
    r = rules
    per = f"{r.face_down} face down, {r.face_up} face up on them and {r.hand_size} in hand"
    deck = f"{r.packs} pack{'s' if r.packs > 1 else ''} of 52" + (" with two jokers each" if r.jokers else "")
    lines = ["# Palace: the rules in force", ""]
    lines += [f"**Cards.** {deck}. Up to {r.max_players} players. Suits never matter.", ""]
    if r.deal == "swap":
        lines += [f"**Deal.** Each player gets {per}. Before play, swap hand and face-up cards as you like "
                  "(never the face-down ones), then say you are ready.", ""]
    else:
        lines += [f"**Deal.** Each player gets {r.face_down} face down and {r.face_up + r.hand_size} private "
                  f"cards, and chooses {r.face_up} of them to lay face up. No swapping later.", ""]
    if r.starter == "lowest":
        lines += ["**Who starts.** Whoever has a 3 face up (looking clockwise from the dealer's left), "
                  "else a 3 in hand, then 4s, and so on up.", ""]
    else:
        lines += ["**Who starts.** The player on the dealer's left.", ""]
    lines += ["**Your turn.** Play one card, or several of one rank, equal to or higher than the top of "
              "the pile: 3 4 5 6 7 8 9 J Q K A. An empty pile takes anything. Or take the whole pile "
              "into your hand (never an empty pile); that ends your turn.", ""]
    lines += [f"**Drawing.** After playing from hand, draw back up to {r.hand_size} while the stock lasts.", ""]
    lines += ["## Special cards", "",
              "- **2** goes on anything; anything may follow it.",
              ("- **10** goes on anything" if r.ten == "anything" else
               "- **10** goes on anything except a jack, queen, king or ace")
              + " and clears the pile for good: you play again.",
              "- **Four of a kind** on top of the pile, played at once or over several turns, clears it: "
              "whoever completed it plays again."]
    if r.seven == "low":
        lines.append("- **7 is low:** after a 7 the next play must be 7 or lower (or a 2 or 10).")
    if r.eight == "reverse":
        lines.append("- **8 reverses:** it goes on anything and play changes direction.")
    elif r.eight == "invisible":
        lines.append("- **8 is invisible:** it goes on anything, and the next card must beat the card under it.")
    if r.jokers:
        lines.append("- **Joker** goes on anything, alone or several together; it reverses the direction and "
                     "is see-through: the next player must beat the card under it.")
    lines.append("")
    lines += ["## Table cards", "",
              "- Hand first. Once your hand is empty and the stock is gone, play from your face-up cards.",
              ("- Stuck at the face-up stage: add one face-up card to the pile, then take it all."
               if r.stuck_face_up == "add-one" else
               "- Stuck at the face-up stage: take the pile and keep your face-up row."),
              "- Face-up cards gone too: turn one face-down card a turn, unseen. If it can't go on the pile, "
              "you take it with the pile.", ""]
    lines += ["## After a pickup", "",
              ("The next player starts a fresh pile." if r.after_pickup == "next" else
               "Play passes back to whoever played the card that was not beaten."), ""]
    lines += ["## The end", ""]
    if r.finish == "first-out":
        lines.append("The first player to get rid of every card wins and the game stops.")
    else:
        lines.append("Players leave as they run out of cards; the last player holding cards loses.")
    lines.append({"podium": " Scoring: 3, 2 and 1 points to the first three out.",
                  "losses": " Scoring: one loss to the last player; fewest losses lead.",
                  "wins": " Scoring: one win to the first out."}[r.scoring])
    lines.append({"clockwise": " The deal passes to the left.",
                  "loser": " The loser deals the next game."}[r.next_dealer])
    lines += ["", "## Options in force", "", "| option | value | meaning |", "| --- | --- | --- |"]
    for name in OPTIONS:
        lines.append(f"| {name} | {option_value_text(getattr(r, name))} | {OPTION_HELP[name]} |")
    return "\n".join(lines) + "\n"
