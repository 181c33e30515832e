"""A table's games judged for their reviews while they are played.

The app hands each session it shows to one :class:`TableJudge`: after every move the
game so far goes to the judging process (:class:`palace_tui.ai.ahead.JudgeAhead`, at the
lowest priority), and what it has judged comes back into :attr:`Session.judged`, saved
with the game, so a crash or a quit loses nothing and a resumed game is not judged
again. When a game ends the rest is judged at once and the analysis kept in the records
(so ``palace review`` opens it at once); a review opened sooner takes what is judged
(:meth:`TableJudge.take`) and judges only the rest. Nothing here is shown during a game.
"""

from __future__ import annotations

from collections.abc import Callable

from palace_tui.ai.ahead import JudgeAhead, Settings, settings_of
from palace_tui.ai.analysis import Analysis, settings_key
from palace_tui.ai.judge import Judged
from palace_tui.rules.gamefile import ReplayError, replay
from palace_tui.table.session import Session

#: The review's settings as the app will ask for them: (least worlds behind a chance, the
#: coach's work or None for hard's own).
ReviewSettings = Callable[[], tuple[int, int | None]]
#: Keeps a finished analysis: ``keep(game_key, settings_key, analysis_json)`` (the store's ``save_analysis``).
Keep = Callable[[str, str, str], None]


def _from_data(data: dict[str, object]) -> dict[str, Judged | None]:
    """A save's judgements, the damaged ones left out (they are judged again)."""
    out: dict[str, Judged | None] = {}
    for key, value in data.items():
        try:
            out[key] = None if value is None else Judged.from_data(value)
        except ValueError:
            continue
    return out


class TableJudge:
    """Judges the games of the sessions it is given (:meth:`attach`) while they are played."""

    def __init__(self, review_settings: ReviewSettings, nice: int = 19) -> None:
        self.review_settings = review_settings
        self.ahead = JudgeAhead(nice)

    def settings(self, session: Session) -> Settings:
        iterations, work = self.review_settings()
        return settings_of(session.humans, iterations, work)

    def attach(self, session: Session) -> None:
        """Judge ``session``'s games from now on; what its save kept is not judged again."""
        session.watcher = self.moved
        if session.judged:
            self.ahead.add(session.game_id, _from_data(session.judged))
        self.moved(session)

    def moved(self, session: Session) -> None:
        """A move was made: keep what is judged with the session, and hand over the game so far."""
        if session.deck is None or session.history is None or not session.history:
            return
        game_id = session.game_id
        for key, judged in self.ahead.known(game_id).items():
            if key not in session.judged:
                session.judged[key] = None if judged is None else judged.to_data()
        self.ahead.follow(game_id, session.game_record(), self.settings(session))

    def finish(self, session: Session, keep: Keep) -> None:
        """``session``'s game is over: keep its analysis once the last moves are judged."""
        if session.deck is None or session.history is None or not session.history:
            return
        self.moved(session)  # an abandoned game's last state too
        try:
            played = replay(session.game_record())
        except ReplayError:
            return
        settings = self.settings(session)
        key = settings_key(settings.iterations, settings.humans, settings.work)
        game_id = session.game_id

        def kept(analysis: Analysis) -> None:
            keep(game_id, key, analysis.to_json())

        self.ahead.when_done(game_id, played, settings, kept)

    def take(self, game_id: str) -> dict[str, Judged | None]:
        """What is judged of ``game_id``, for a review that judges the rest itself."""
        return self.ahead.take(game_id)

    def close(self) -> None:
        """End the judging process (the app is closing)."""
        self.ahead.close()
