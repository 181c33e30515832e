"""Words for the rules: what may be played, why a play is refused, the rules card.

Everything a player reads about the rules is generated here from the options in
force, so the text can never disagree with what the engine enforces.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import (ACE, JACK, JOKER, KING, ORDINARY_RANKS, PICTURES, QUEEN, TEN, TWO, RANK_LABELS, cards_text,
                    rank_name)
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
        return "an ace"  # nothing ordinary is higher: "A or higher" would promise more
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
    """What may be played now and why, in a few short sentences, for the seat to act.

    It looks through invisible eights and jokers, counts a run toward four of a kind,
    names the house rules that matter to this pile (sevens low, tens not on pictures,
    powered eights, jokers), and says what a stuck player does under the options.

    >>> from palace_tui.rules import Game, Rules
    >>> g = Game.from_position(Rules().replace(seven="low"), seats=[{"hand": "5C"}, {"hand": "9D"}], pile="7H")
    >>> explain_pile(g)
    'A 7 is on top and sevens are low: play a 7 or lower, a 2 or a 10.'
    """
    rules = game.rules
    if game.phase != "play":
        return "The game is over." if game.phase == "over" else "Nothing is played until everyone is ready."
    parts: list[str] = []
    pile = game.pile
    eff = game.requirement()
    stage = game.stage()
    play = "the card you turn must be" if stage == "face_down" else "play"
    words = {2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens", 8: "eights",
             9: "nines", JACK: "jacks", QUEEN: "queens", KING: "kings", ACE: "aces"}
    if not pile:
        parts.append("The pile is empty: play anything.")
    else:
        top = pile[-1]
        run_rank, run_len = top_run(pile)
        if run_rank != JOKER and 1 < run_len < 4:
            more = {1: "one more clears", 2: "two more clear"}[4 - run_len]
            plural = words[run_rank]
            held = f"{run_len} of the 4 {plural}" if rules.packs == 1 else f"{run_len} {plural} in a row"
            parts.append(f"{held} are on top: {more} the pile.")
        options = _join(allowed_phrases(rules, eff))
        if top.rank != eff:  # an invisible eight or a joker on top
            thing = "The 8" if top.rank == 8 else "The joker"
            what = "invisible" if top.rank == 8 else "see-through"
            if run_len > 1 and top.rank == 8:
                thing, what = "The 8s", "invisible"
            verb = "are" if thing == "The 8s" else "is"
            under = "them" if thing == "The 8s" else "it"
            if not eff:
                parts.append(f"{thing} {verb} {what} and there is nothing under {under}: anything goes.")
            elif eff == TWO:
                parts.append(f"{thing} {verb} {what}, and under {under} is a 2: anything goes.")
            elif eff == 7 and rules.seven == "low":
                parts.append(f"{thing} {verb} {what}: answer the 7 under {under}. "
                             f"Sevens are low: {play} {options}.")
            else:
                parts.append(f"{thing} {verb} {what}: beat the {rank_name(eff)} under {under}. "
                             f"{play[0].upper()}{play[1:]} {options}.")
        elif eff == TWO:
            parts.append("A 2 is on top: anything goes.")
        elif eff == 7 and rules.seven == "low":
            parts.append(f"A 7 is on top and sevens are low: {play} {options}.")
        else:
            parts.append(f"{rank_name(eff, True).capitalize()} is on top: {play} {options}.")
        if rules.ten == "not-on-picture" and eff in PICTURES:
            parts.append("Tens may not go on a jack, queen, king or ace.")
        powers = []
        if rules.eight == "reverse" and eff not in (0, TWO):
            powers.append("an 8 goes on anything and reverses play")
        elif rules.eight == "invisible" and eff not in (0, TWO) and top.rank != 8:
            powers.append("an 8 goes on anything and the next card must beat what is under it")
        if rules.jokers and eff not in (0, TWO) and top.rank != JOKER:
            powers.append("a joker goes on anything, reverses play and is see-through")
        if powers:
            text = "; ".join(powers)
            parts.append(text[0].upper() + text[1:] + ".")
    playable = game.playable_ranks()
    if stage == "face_down":
        parts.append("You are at the face-down stage: turn one card. If it can't go on the pile, "
                     "you take it with the pile." if pile else
                     "You are at the face-down stage: turn one card; on an empty pile it always stays.")
    elif pile and not playable:
        if stage == "face_up":
            parts.append("None of your face-up cards can go: add one to the pile and take it all."
                         if rules.stuck_face_up == "add-one" else
                         "None of your face-up cards can go: take the pile and keep your face-up row.")
        else:
            parts.append("Nothing in your hand can go: take the pile.")
    elif pile and stage == "face_up" and rules.stuck_face_up == "keep-row":
        parts.append("If you take the pile instead, you keep your face-up row.")
    owner = game._owner
    if (pile and stage != "face_down" and rules.after_pickup == "builder" and owner is not None
            and owner != game.turn and game.seats[owner].place is None):
        parts.append(f"If you take the pile, {game.seats[owner].name} (who played the card on top) leads next.")
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
