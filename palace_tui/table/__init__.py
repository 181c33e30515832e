"""The hot-seat model, pure: seats, one history of public events, the computer players, take-back,
the turn flow, the session that ties them and saves itself, and its saved shape (codec)."""
