"""These tests run the app: its fixtures (make_app, the kept notifications)."""

from tests.helpers.app_fixtures import _keep_notifications, make_app

__all__ = ["_keep_notifications", "make_app"]
