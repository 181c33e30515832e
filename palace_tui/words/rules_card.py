"""The rules card: the rules of the game in force, as Markdown, made from the options.

Generated from the options, so it can never disagree with what the engine enforces.
"""

from __future__ import annotations

from palace_tui.rules.cards import TEN, TWO
from palace_tui.rules.options import Rules
from palace_tui.rules.powers import RANK_OPTIONS
from palace_tui.words.options import option_name, value_sentence, value_words
from palace_tui.words.powers import burn_words, label, power_card_line, ranks_with_power, table_rule_lines
from palace_tui.words.vocab import count


def rules_card(rules: Rules) -> str:
    """The rules of the game in force, as Markdown, generated from the options."""
    r = rules
    per = f"{r.face_down} face down, {r.face_up} face up on them and {r.hand_size} in hand"
    deck = f"{count(r.packs, 'pack')} of 52" + (" with two jokers each" if r.jokers else "")
    lines = ["# Palace: the rules in force", ""]
    lines += [f"**Cards.** {deck}. Up to {r.max_players} players. Suits never matter.", ""]
    if r.swap_deal:
        lines += [
            f"**Deal.** Each player gets {per}. Before play, swap hand and face-up cards as you like "
            "(never the face-down ones), then say you are ready.",
            "",
        ]
    else:
        lines += [
            f"**Deal.** Each player gets {r.face_down} face down and {r.face_up + r.hand_size} private "
            f"cards, and chooses {r.face_up} of them to lay face up. No swapping later.",
            "",
        ]
    if not r.dealer_left_leads:
        lines += [
            "**Who starts.** Whoever has a 3 face up (looking clockwise from the dealer's left), "
            "else a 3 in hand, then 4s, and so on up.",
            "",
        ]
    else:
        lines += ["**Who starts.** The player on the dealer's left.", ""]
    climb = " ".join(label(rank) for rank in RANK_OPTIONS if not (r.power(rank).resets or r.power(rank).clears))
    take = (
        "Or, only when nothing you may play goes on it, take the whole pile"
        if r.must_play
        else "Or take the whole pile"
    )
    lines += [
        "**Your turn.** Play one card, or several of one rank, equal to or higher than the top of "
        f"the pile: {climb}. An empty pile takes anything. {take} "
        "into your hand (never an empty pile); that ends your turn.",
        "",
    ]
    lines += [f"**Drawing.** After playing from hand, draw back up to {r.hand_size} while the stock lasts.", ""]
    burn = burn_words(r)
    lines += [
        "## Special cards",
        "",
        power_card_line(r, TWO),
        power_card_line(r, TEN),
        f"- **{burn[0].upper()}{burn[1:]}** on top of the pile, played at once or over several turns, clears it: "
        "whoever completed it plays again.",
    ]
    lines += [power_card_line(r, rank) for rank in ranks_with_power(r) if rank not in (TWO, TEN)]
    if r.jokers:
        lines.append(
            "- **Joker** goes on anything, alone or several together; it reverses the direction and "
            "is see-through: the next player must beat the card under it."
        )
    lines.append("")
    table = table_rule_lines(r)
    if table:
        lines += ["## House rules", "", *table, ""]
    lines += [
        "## Table cards",
        "",
        "- Hand first. Once your hand is empty and the stock is gone, play from your face-up cards.",
        (
            "- Stuck at the face-up stage: add one face-up card to the pile, then take it all."
            if r.adds_face_up
            else "- Stuck at the face-up stage: take the pile and keep your face-up row."
        ),
        "- Face-up cards gone too: turn one face-down card a turn, unseen. If it can't go on the pile, "
        "you take it with the pile.",
        "",
    ]
    lines += [
        "## After a pickup",
        "",
        (
            "Play passes back to whoever played the card that was not beaten."
            if r.builder_leads
            else "The next player starts a fresh pile."
        ),
        "",
    ]
    lines += ["## The end", ""]
    if r.has_loser:
        lines.append("Players leave as they run out of cards; the last player holding cards loses.")
    else:
        lines.append("The first player to get rid of every card wins and the game stops.")
    if r.scores_podium:
        lines.append(" Scoring: 3, 2 and 1 points to the first three out.")
    elif r.scores_losses:
        lines.append(" Scoring: one loss to the last player; fewest losses lead.")
    else:
        lines.append(" Scoring: one win to the first out.")
    lines.append(" The loser deals the next game." if r.loser_deals else " The deal passes to the left.")
    lines += ["", "## Options in force", "", "| option | set to | what it does |", "| --- | --- | --- |"]
    for name, value in r.saved_dict().items():  # the house options only when one is not at its default
        lines.append(f"| {option_name(name)} | {value_words(name, value)} | {value_sentence(name, value)} |")
    return "\n".join(lines) + "\n"
