"""Every notification an app has shown, kept after its toast has gone.

A toast leaves ``App._notifications`` when its time is up; on a busy machine the app can
take longer than that to reach a test's assertion. The ``conftest`` fixture records each
message here as it is raised, so a test reads what the player was told, not what is
still on screen.
"""

from __future__ import annotations

from typing import Any

from textual.app import App


def record_notifications(monkeypatch: Any) -> None:
    """From now on every app keeps each message it notifies in its ``told`` list."""
    notify = App.notify

    def keeping(self: App[Any], message: str, *args: Any, **kwargs: Any) -> None:
        self.__dict__.setdefault("told", []).append(message)
        notify(self, message, *args, **kwargs)

    monkeypatch.setattr(App, "notify", keeping)


def told(app: App[Any]) -> list[str]:
    """Every message ``app`` has notified so far, oldest first."""
    return list(app.__dict__.get("told", []))
