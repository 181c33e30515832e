"""Every sentence a player reads, made in one place.

``palace_tui.words`` turns the engine's facts (events, views, options, outcomes)
into words: the events in each voice (the public log, the recap "since your last
turn", a lesson's account, the mover's own result), the pile (what may be played,
the run on top, the explainer), the rules card, and the small words all of them
share (counts, plurals, ordinals, lists, card and rank names). It is pure: no
Textual or rich import. A :class:`Sentence` is a ``str`` that keeps its cards as
``Card`` objects, so a widget colours cards without reading text back.

Where the engine's own strings belong. The arrow points one way: ``words``
imports ``palace_tui.rules``; the engine never imports ``words``. Two kinds of
strings stay below, in the engine, because its public API hands them out alone:

- the refusal an :class:`~palace_tui.rules.IllegalMove` carries, made in
  :mod:`palace_tui.rules.text` (it names only moves that are legal there);
- the vocabulary those refusals are made of, rank and card names and plurals
  (:mod:`palace_tui.rules.cards`) and ``join_or``; :mod:`.vocab` names them again
  rather than writing them twice.

The engine hands out facts for these sentences (an :class:`~palace_tui.rules.Event`,
a view's ``Requirement`` and ``PileRun``, the options' predicates on ``Rules``) and
holds no reference back up: an import-linter contract keeps ``palace_tui.rules``
from importing ``words``, and a test plays a whole game without loading it.
"""

from palace_tui.words.events import (
    ACTION_KINDS,
    describe,
    last_acted,
    log_sentence,
    move_result,
    phrase,
    recap,
    recap_for,
)
from palace_tui.words.pile import (
    allowed_phrases,
    explain_pile,
    pile_run,
    requirement_text,
    requirement_words,
)
from palace_tui.words.rules_card import rules_card
from palace_tui.words.sentence import Cards, Sentence
from palace_tui.words.vocab import (
    capitalized,
    card_chunks,
    cards_words,
    count,
    join_and,
    join_or,
    ordinal,
    ordinal_word,
    plural,
    rank_name,
    rank_plural,
)

__all__ = [
    "ACTION_KINDS",
    "Cards",
    "Sentence",
    "allowed_phrases",
    "capitalized",
    "card_chunks",
    "cards_words",
    "count",
    "describe",
    "explain_pile",
    "join_and",
    "join_or",
    "last_acted",
    "log_sentence",
    "move_result",
    "ordinal",
    "ordinal_word",
    "phrase",
    "pile_run",
    "plural",
    "rank_name",
    "rank_plural",
    "recap",
    "recap_for",
    "requirement_text",
    "requirement_words",
    "rules_card",
]
