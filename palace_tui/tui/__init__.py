"""The terminal app: the only package that imports Textual (app, screens, widgets)."""
